# The cards of the table as HTML (MicroPython, main thread): a card, a seat's
# backs, a team's melds, the stock and the pile, the hand.
from ui_base import (
    CANASTA_NAMES,
    ME,
    RUN_ORDER,
    SUIT_ORDER,
    SUITS,
    S,
    card_name,
    cite,
    esc,
    is_card,
    is_sequence,
    is_wild,
    minimum_text,
    my_turn,
    packet_word,
    rank_short,
    sequence_span,
    suit_key,
    team_class,
    team_title,
)
from ui_i18n import I18N, N_, rank_word, tr

# A court card or a joker shows its portrait (issue 15's card faces: the French pattern
# of SVG-cards, LGPL-2.1, cut by tools/cards.py into static/cards/): table.css draws it as
# the card's background by its data-card, so no element that loads anything is written
# and the corner index stays the table's own.
_PICTURED = ("K", "Q", "J")


def pictured(card):
    """True for the cards drawn with a picture: kings, queens, jacks and jokers."""
    return card == "JK" or (is_card(card) and card[:1] in _PICTURED)


# card_html's answers by their arguments, in the language they were made in: every
# render draws each card on the table again, and naming a card (three templates filled
# in by messages.render) was the costliest part of a render in MicroPython (Samba's
# renders 28 -> 21 ms mean with this cache).
_FACES = {"lang": None, "catalogue": None, "html": {}}
FACES_MAX = 3000  # (more cards and places than any table shows: then it starts again)


def card_html(card, act="", idx=None, selected=False, extra="", testid=""):
    faces = _FACES["html"]
    if (_FACES["lang"] != I18N["lang"] or _FACES["catalogue"] is not I18N["catalogue"]
            or len(faces) > FACES_MAX):
        faces.clear()
        _FACES["lang"], _FACES["catalogue"] = I18N["lang"], I18N["catalogue"]
    key = (card, act, idx, selected, extra, testid)
    html = faces.get(key)
    if html is None:
        html = faces[key] = _card_html(card, act, idx, selected, extra, testid)
    return html


def _card_html(card, act, idx, selected, extra, testid):
    # Every value from the view is escaped (esc): a tampered save cannot add markup.
    if card == "JK":
        color, label = "joker", "★"
        suit = "JK"
    elif is_card(card):
        suit, _, color = SUITS[card[1]]
        label = rank_short(card[0])
    else:
        color, label, suit = "unknown", "?", ""
    name = card_name(card)
    if act:  # a button's name begins with what it shows (WCAG 2.5.3: "K♦, King of …")
        name = label + (suit if card != "JK" else "") + ", " + name
    attrs = ' data-card="' + esc(card) + '" aria-label="' + esc(name) + '"'
    if testid:
        attrs += ' data-testid="' + testid + '"'
    if act:
        attrs += ' data-act="' + act + '"'
    if idx is not None:
        attrs += (
            ' data-i="' + str(idx) + '" data-testid="hand-card" draggable="true"'
            ' aria-pressed="' + ("true" if selected else "false") + '"'
        )
    wild = is_card(card) and is_wild(card)
    cls = "card " + color + (" selected" if selected else "") + (" wild" if wild else "")
    if is_card(card) and card != "JK":
        cls += " suit-" + card[1]  # the four-colour deck colours by suit (table.css)
    if pictured(card):
        cls += " pictured"
    tag = "button" if act else "span"
    typ = ' type="button"' if act else ' role="img"'  # a card face, named by its label
    return (
        "<"
        + tag
        + typ
        + ' class="'
        + cls
        + extra
        + '"'
        + attrs
        + '><span class="cr' + (" ten" if len(label) > 1 else "") + '">'
        + label
        # the corner index: the suit under the rank, in sight where cards overlap
        + ('<span class="ci">' + suit + "</span>" if card != "JK" and suit else "")
        + '</span><span class="cs">'
        + ("" if pictured(card) else suit)
        + "</span></"
        + tag
        + ">"
    )


SUIT_TITLES = {"S": N_("Spades"), "H": N_("Hearts"), "D": N_("Diamonds"), "C": N_("Clubs")}


def group_name(rank):
    """A meld's or a hand group's name by its rank: 'Kings', '7s', 'Black 3s', 'Wild
    cards' (in the chosen language)."""
    if rank == "3":
        return tr("Black 3s")
    if rank == "W":
        return tr("Wild cards")
    if not isinstance(rank, str) or not rank:
        return ""  # a sequence (S6) has no rank: its label is its run
    word = rank_word(rank)
    return word[:1].upper() + word[1:]


def backs_html(count):
    shown = min(count, 15) if isinstance(count, int) else 0
    return (
        '<div class="backs" role="img" aria-label="'
        + esc(tr("{n, plural, one {# card} other {# cards}}", n=count))
        + '">'
        + '<span class="back"></span>' * shown
        + '</div><div class="count" data-testid="hand-size">'
        + esc(tr("{n, plural, one {# card} other {# cards}}", n=count))
        + "</div>"
    )


def kitty_html(view, seat):
    """A seat's kitty (Railroad, R13; Pennies' packet, PH4, by the rule set's
    `packet_name`): a small face-down stack with its count while the seat has one;
    "open" once its owner may look at it. Yours, once open, is a button that shows its
    cards (kitty_cards_html)."""
    sizes = view.get("packet_sizes") or []
    if not 0 <= seat < len(sizes) or not sizes[seat]:
        return ""
    count = sizes[seat]
    word = packet_word(view)
    rule = cite(view, "R13")
    flags = view.get("packets_open") or []
    opened = seat < len(flags) and flags[seat]
    stack = ('<span class="kstack" aria-hidden="true">' + '<span class="back"></span>' * 3
             + "</span>")
    label = ('<span class="kcount" data-testid="kitty-count-' + str(seat) + '">'
             + esc(packet_word(view, True)) + " " + esc(count) + "</span>")
    if seat == ME and opened:
        looking = bool(S.get("kitty_look"))
        body = (
            '<button type="button" class="kitty-look" data-act="kitty-look"'
            ' data-testid="kitty-look"'
            ' aria-pressed="' + ("true" if looking else "false") + '" aria-controls="kitty-cards"'
            ' title="' + esc(tr("Your {packet:word} is open ({rule}): look at its cards",
                                packet=word, rule=rule))
            + '">' + stack + label
            + '<span class="kopen"> · ' + esc(tr("hide") if looking else tr("look"))
            + "</span></button>"
        )
        what = tr("Your {packet:word}: {n} cards, open to you", packet=word, n=count)
    else:
        body = stack + label + ('<span class="kopen"> · ' + esc(tr("open")) + "</span>"
                                if opened else "")
        if seat == ME:
            what = (tr("Your {packet:word}: {n} cards, open to you", packet=word, n=count)
                    if opened else
                    tr("Your {packet:word}: {n} cards, face down", packet=word, n=count))
        else:
            what = (tr("This player's {packet:word}: {n} cards, open to its owner",
                       packet=word, n=count) if opened else
                    tr("This player's {packet:word}: {n} cards, face down", packet=word,
                       n=count))
    return ('<div class="kitty' + (" open" if opened else "") + '" data-testid="kitty-' + str(seat)
            + '" title="' + esc(what) + '">' + body + "</div>")


def kitty_cards_html(view):
    """Your open kitty's cards, small and face up (R13), or "" when not shown."""
    cards = view.get("packet") or []
    opened = view.get("packets_open") or []
    if not (S.get("kitty_look") and cards and opened and opened[ME]):
        return ""
    return ('<div class="kcards" role="group" aria-label="'
            + esc(tr("Your {packet:word}: {n} cards", packet=packet_word(view), n=len(cards)))
            + '">' + "".join(card_html(c) for c in cards) + "</div>")


def melds_html(view, team, mine):
    melds = view["melds"][team]
    reds = view["red_threes"][team]
    parts = []
    if reds:
        parts.append(
            '<div class="meld reds" data-testid="red-threes-'
            + esc(team)
            + '">'
            + "".join(card_html(c) for c in reds)
            # U5: black 3s are laid down beside the red ones
            + '<div class="mlabel">'
            + esc(tr("3s") if view.get("rules", {}).get("black_threes_laid") else tr("Red 3s"))
            + "</div></div>"
        )
    aside = view.get("black_threes_aside")
    blacks = aside[team] if aside else []
    if blacks:  # K10: black 3s taken with the pile, set aside for the team
        parts.append(
            '<div class="meld reds" data-testid="black-threes-aside-'
            + esc(team)
            + '">'
            + "".join(card_html(c) for c in blacks)
            + '<div class="mlabel">' + esc(tr("Black 3s set aside")) + "</div></div>"
        )
    seen = []
    for m in melds:
        rank = m["rank"]
        cards = m["cards"]
        kind = m["canasta"]
        name = group_name(rank)
        if rank == "W" and view.get("rules", {}).get("twos_melds"):
            name = group_name("2")  # Z5: a meld of 2s, jokers its wild cards
        # The meld is named by its id (the engine's `onto`); data-rank only describes it.
        meld_id = str(m.get("id", ""))
        act = ' data-act="meld-target" data-drop="meld"' if mine else ""
        act += ' data-meld-id="' + esc(meld_id) + '"'
        role = ' role="button" tabindex="0"' if mine else ""
        label = name + " · " + str(len(cards))
        # The meld's test id, unique on the table: meld-{team}-{rank}; a second meld of a
        # rank (S5) meld-{team}-{rank}-{id}; a sequence meld-{team}-seq-{id}.
        key = esc(rank) + ("-" + esc(meld_id) if rank in seen else "")
        seen.append(rank)
        extra = ""
        if is_sequence(m):
            # A run of one suit (S6) has no rank: it is named by its id, and shows its
            # cards in run order as the view lists them.
            act += ' data-kind="sequence" data-suit="' + esc(m.get("suit", "")) + '"'
            key = "seq-" + esc(meld_id)
            extra = " sequence" + (" samba" if kind else "")
        else:
            act += ' data-rank="' + esc(rank) + '"'
        if extra:
            body, label = sequence_html(view, m)
        elif kind:
            top = "canasta-" + esc(kind)
            # A closed canasta shows a red top card when natural, a black one when
            # mixed (as at a real table), a joker when of wild cards (Free Canasta);
            # the border says it too if no such card.
            want = "HD" if kind == "natural" else "SC"
            naturals = [c for c in cards if is_card(c) and not is_wild(c)]
            shown = (next((c for c in naturals if c[1] in want), naturals[0]) if naturals
                     else cards[-1])
            body = card_html(shown, extra=" " + top)
            extra = " squared"  # its label wraps under the one card
            # A canasta the rules name (Bolivia's bolivia of wild cards, B2) is called so.
            called = m.get("name")
            label = (
                (str(called)[:1].upper() + str(called)[1:] if called
                 else tr(CANASTA_NAMES.get(kind, "{kind} canasta"), kind=kind))
                + " · "
                + name
                + " · "
                + str(len(cards))
            )
            if m.get("closed"):  # W2, K5: a canasta of meld_max cards is full (U24: its
                label += " · " + (tr("closed to both sides")  # rank closed for everyone)
                                  if view.get("rules", {}).get("closed_to_both")
                                  and m.get("kind") == "group" else tr("closed"))
            # A canasta that scores other than its kind's usual bonus says so (the
            # engine's `bonus`: M6 a canasta of 7s, U14 of 7s or aces, F3 by wild cards)
            usual = view.get("rules", {}).get(str(kind) + "_canasta_bonus")
            if m.get("bonus") is not None and m["bonus"] != usual:
                label += " · " + str(m["bonus"])
        else:
            body = "".join(card_html(c) for c in cards)
        sel = " target" if mine and meld_id and S.get("target") == meld_id else ""
        parts.append(
            '<div class="meld'
            + extra
            + sel
            + '" data-testid="meld-'
            + esc(team)
            + "-"
            + key
            + '"'
            + act
            + role
            # a target meld (a button) is named by what it shows; another by its label
            + ("" if mine else ' role="group" aria-label="' + esc(label) + '"')
            + ">"
            + '<div class="mcards">'
            + body
            + '</div><div class="mlabel">'
            + esc(label)
            + "</div></div>"
        )
    if mine and S["pending"]:
        parts.append(pending_html(view))
    if mine:
        parts.append(
            '<div class="meld newmeld" data-act="new-meld" data-drop="new" data-testid="new-meld"'
            ' role="button" tabindex="0">' + esc(tr("+ New meld")) + "</div>"
        )
    if not parts:
        parts.append('<div class="nomelds">' + esc(tr("No melds yet")) + "</div>")
    return (
        '<div class="team-melds ' + team_class(view, team) + '" data-testid="melds-team-'
        + esc(team) + '"><div class="mtitle">' + esc(team_title(view, team)) + "</div>"
        + "".join(parts) + "</div>"
    )


def sequence_html(view, m):
    """A sequence's cards and label: "Sequence ♠ 4–8 · 5", fanned in run order; once
    a canasta (Samba's samba, S7) squared up under its highest card and named by the
    engine ("Samba ♠ 4–10 · 1500 · closed")."""
    cards = m["cards"]
    span = sequence_span(m)
    if not m.get("canasta"):
        return ("".join(card_html(c) for c in cards),
                tr("Sequence") + " " + span + " · " + str(len(cards)))
    word = str(m.get("name") or view.get("rules", {}).get("sequence_canasta_name") or "")
    word = word[:1].upper() + word[1:] if word else tr("Sequence canasta")
    # (non-breaking spaces: a narrow samba breaks its label after the run, "Samba ♦ 4–10 ·"
    # over "1500 · closed")
    label = word + "\u00a0" + span.replace(" ", "\u00a0")
    more = []
    if m.get("bonus") is not None:
        more.append(str(m["bonus"]))
    if m.get("closed"):
        more.append(tr("closed"))
    if more:
        label += "\u00a0· " + "\u00a0·\u00a0".join(more)
    top = cards[-1] if cards else "?"
    return card_html(top, extra=" canasta-sequence"), label


def in_run_order(cards):
    """Cards of one suit and several ranks (a sequence set aside, its cards staged in any
    order) in run order; any other cards as they are."""
    wilds = [c for c in cards if is_card(c) and is_wild(c)]
    naturals = [c for c in cards if c not in wilds]
    ranks = [c[0] for c in naturals if is_card(c) and c[0] in RUN_ORDER]
    if (len(ranks) < 2 or len(ranks) != len(naturals) or len(set(ranks)) != len(ranks)
            or len({c[1] for c in naturals}) != 1):
        return cards
    run = sorted(naturals, key=lambda c: RUN_ORDER.index(c[0]))
    for w in wilds:  # N3: a wild card in the first gap, else at the end
        places = [RUN_ORDER.index(c[0]) for c in run if not is_wild(c)]
        gap = next((i for i in range(1, len(places)) if places[i] - places[i - 1] > 1), None)
        if gap is None:
            run.append(w)
        else:
            run.insert(gap + sum(is_wild(c) for c in run[:gap]), w)
    return run


def pending_html(view):
    """The melds set aside for the initial meld (issue 15): nothing is played until
    they reach the minimum together; "Back to hand" returns them."""
    hand = view["hand"]
    assessed = S["assessed"]
    ids = assessed["reply"].get("ids", []) if assessed else []
    # The steps grouped by the meld they make (wild cards put on a meld set aside join
    # it); each group a target for more wild cards, by the id the engine will give it.
    groups = []
    for k, step in enumerate(S["pending"]):
        meld_id = ids[k] if k < len(ids) else None
        same = [g for g in groups if meld_id is not None and g[0] == meld_id]
        if same:
            same[0][1].extend(step["idx"])
        else:
            groups.append([meld_id, list(step["idx"])])
    melds = "".join(
        '<div class="mcards"'
        + (' data-act="meld-target" data-meld-id="' + esc(g[0]) + '" role="button" tabindex="0"'
           if g[0] is not None else "")
        + ">" + "".join(card_html(c) for c in in_run_order(
            [hand[i] for i in g[1] if i < len(hand)])) + "</div>"
        for g in groups)
    points = assessed["reply"].get("points", 0) if assessed else 0
    team = ME % view["teams"]
    if view.get("opening_canasta"):  # BR2: a canasta besides the points
        label = tr("Set aside for your initial meld: {points} points; it needs {need}. Meld "
                   "more to reach it.", points=points, need=minimum_text(view, team))
    else:
        label = tr("Set aside for your initial meld: {points} of {need} points. Meld more to "
                   "reach it.", points=points, need=view["minimum"][team])
    return (
        '<div class="meld pending-melds" data-testid="pending-melds" role="group" aria-label="'
        + esc(label) + '">' + melds + '<div class="mlabel">' + esc(label)
        + ' <button type="button" data-act="pending-clear" data-testid="pending-clear">'
        + esc(tr("Back to hand")) + "</button></div></div>"
    )


def stock_ends_round(view):
    """Railroad's empty stock (R18): play goes on by the pile, and a draw from the empty
    stock (still listed) ends the round."""
    return (not view["stock_size"] and my_turn(view) and view["phase"] == "draw"
            and any(a.get("type") == "draw" for a in view["legal"]))


def center_html(view):
    pile = view["pile"]
    if view["stock_size"]:
        stock = (
            '<button type="button" class="stockbtn" data-act="draw" data-testid="stock">'
            '<span class="back big"></span><div class="count" data-testid="stock-count">'
            + esc(tr("Stock")) + " · "
            + esc(view["stock_size"])
            + '</div><span class="sr-only">: ' + esc(tr("draw")) + "</span></button>"
        )
    else:
        # The stock is empty: no card is drawn from it; where the round goes on (R18),
        # drawing ends the round, and the stock says so.
        ends = stock_ends_round(view)
        stock = (
            '<button type="button" class="stockbtn empty' + (" ends" if ends else "")
            + '" data-act="draw" data-testid="stock" data-empty="true"'
            + ' title="' + esc(tr("The stock is empty: drawing ends the round (R18)") if ends
                            else tr("The stock is empty")) + '">'
            '<span class="card empty big"></span><div class="count" data-testid="stock-count">'
            + (esc(tr("End the round")) + "<br>" + esc(tr("(stock empty)")) if ends
               else esc(tr("Stock empty")))
            + '</div></button>'
        )
    marks = []
    if pile["frozen"]:
        marks.append('<span class="mark frozen" data-testid="pile-frozen">' + esc(tr("Frozen"))
                     + "</span>")
    elif view.get("rules", {}).get("pile_always_frozen"):
        marks.append(
            '<span class="mark frozen-you" data-testid="pile-always-frozen">'
            + esc(tr("Always frozen")) + "</span>"
        )
    elif pile["frozen_for_you"]:
        marks.append(
            '<span class="mark frozen-you" data-testid="pile-frozen-for-you">'
            + esc(tr("Frozen for you")) + "</span>"
        )
    if pile["blocked"]:
        marks.append('<span class="mark blocked" data-testid="pile-blocked">' + esc(tr("Blocked"))
                     + "</span>")
    rules = view.get("rules", {})
    least = rules.get("pile_min_size", 0)
    if least and pile["size"] < least:  # M7: taken only from that many cards
        marks.append('<span class="mark blocked" data-testid="pile-too-small">'
                     + esc(tr("Taken from {n} cards", n=least)) + "</span>")
    most = rules.get("pile_take_most", 0)
    if most and pile["size"] > most:  # HF7: a take gets only the top cards
        marks.append('<span class="mark takes" data-testid="pile-takes-top">'
                     + esc(tr("Takes the top {n}", n=most)) + "</span>")
    if rules.get("empty_pile_bars") and not pile["size"]:  # U13
        pure = ", ".join(rank_word(r) for r in rules.get("pure_ranks", ""))
        marks.append('<span class="mark blocked" data-testid="pile-empty-bars">'
                     + esc(tr("Empty: no {ranks}, wild cards or closed ranks", ranks=pure)
                           if pure else tr("Empty: no wild cards or closed ranks"))
                     + "</span>")
    barred = rules.get("pile_barred_rank", "")
    top_card = pile["top"]
    if barred and top_card and not is_wild(top_card) and top_card[0] == barred:  # M11
        marks.append('<span class="mark blocked" data-testid="pile-barred">'
                     + esc(tr("Never taken with {rank:ranks} on top", rank=barred)) + "</span>")
    under = ""
    if pile["freezer"]:
        under = card_html(pile["freezer"], extra=" sideways")
    top = '<span class="card empty"></span>'
    if pile["top"]:
        # Another player's discard just made stands out (and arrives, where motion is on).
        top = card_html(pile["top"], testid="pile-top",
                        extra=" ai-discard" if S.get("ai_discard") else "")
    # In your draw phase the pile may be dragged onto one of your melds: its top card
    # goes there (a sequence it continues, S3).
    drag = (' draggable="true"' if pile["top"] and my_turn(view) and view["phase"] == "draw"
            else "")
    pilebtn = (
        '<button type="button" class="pilebtn" data-act="pile" data-drop="pile"'
        ' data-testid="pile"' + drag + '>'
        + '<div class="pilecards">'
        + under
        + top
        + "</div>"
        + '<div class="count">' + esc(tr("Discard")) + " · "
        + esc(pile["size"])
        + (" · " + esc(tr("{n} face down", n=pile["face_down"])) if pile.get("face_down")
           else "")
        + '</div><span class="sr-only">'
        + esc(tr("{n, plural, one {card} other {cards}}", n=pile["size"]))
        + "</span></button>"
    )
    pending = ""
    if view.get("pending"):
        pending = (
            '<div class="pending" data-testid="pending">Pile held until the initial meld is made: '
            + esc(len(view["pending"]))
            + " cards</div>"
        )
    return stock + pilebtn + '<div class="marks">' + "".join(marks) + "</div>" + pending


def drawn_places(hand, cards):
    """The places in `hand` of the cards just drawn (each card of `cards` once: of two
    equal cards, the last)."""
    left = list(cards)
    out = set()
    for i in range(len(hand) - 1, -1, -1):
        if hand[i] in left:
            left.remove(hand[i])
            out.add(i)
    return out


def hand_html(view):
    hand = view["hand"]
    sel = S["sel"]
    aside = {i for step in S["pending"] for i in step["idx"]}  # set aside: initial meld
    drawn = drawn_places(hand, S.get("drawn") or [])
    groups = []
    current = None
    by_suit = S.get("suit_sort")
    order = list(range(len(hand)))
    if by_suit:
        # Sorted by suit (the hand's toggle, kept in the settings): the cards of a suit
        # together in run order, ready for a sequence (S6); wild cards last. The cards
        # keep their places in the view (data-i), only the drawing moves them.
        order.sort(key=lambda i: (suit_key(hand[i]), i))
    for i in order:
        c = hand[i]
        if i in aside:
            continue
        key = ("?" if not is_card(c) else "wild" if is_wild(c)
               else c[1] if by_suit else c[0])
        if key != current:
            groups.append([key, []])
            current = key
        groups[-1][1].append((i, c))
    out = []
    for key, items in groups:
        if key == "wild":
            name = tr("Wild cards")
        elif by_suit and key in SUIT_ORDER:
            name = tr(SUIT_TITLES[key])
        else:
            name = group_name(key)
        out.append(
            '<div class="group" role="group" aria-label="'
            + esc(name)
            + '"><div class="gcards">'
            + "".join(card_html(c, "card", i, i in sel,
                                " drawn" if i in drawn else "") for i, c in items)
            + '</div><div class="gcount">'
            + str(len(items))
            + "</div></div>"
        )
    return "".join(out)
