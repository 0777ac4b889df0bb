# The page's address (MicroPython, main thread): its parameters, each checked and bounded
# before use (issue 16); a parameter that makes no sense is dropped with a sentence for
# the player in ADDRESS_PROBLEMS, shown once the page starts.
import messages
from pyscript import window
from ui_i18n import N_

# The languages the table speaks (canasta/game/messages.py, issue 18).
LANGUAGE_CODES = tuple(code for code, _ in messages.LANGUAGES)
LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"
SEED_DIGITS = 15  # deal numbers up to 10^15: exact in JavaScript and in the engine
QUERY_MAX = 70000  # characters of the whole query
PARTS_MAX = 40
VALUE_MAX = 100  # characters of a value, but for the position:
POSITION_MAX = 65536  # characters of the decoded position
POSITION_DEPTH = 16  # nesting of its lists and objects (a position needs 5)
ADDRESS_PROBLEMS = []  # sentences for the player, shown once the page starts


def shown(text, limit=24):
    """A piece of the address as quoted in a message: short, on one line."""
    text = "".join(c if c >= " " else " " for c in str(text))
    return text[:limit] + ("…" if len(text) > limit else "")


def json_depth(text, limit):
    """How deeply `text`'s JSON lists and objects nest, counted without parsing it
    (the parser would recurse); stops counting past `limit`."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif c in "]}":
            depth -= 1
    return deepest


def check_position(raw):
    """The decoded ?position= text, or None with a message: bounded before parsing."""
    if len(raw) > POSITION_MAX * 3:
        ADDRESS_PROBLEMS.append((N_("The position in the address is too long: it was ignored."),
                                 {}))
        return None
    try:
        text = str(window.decodeURIComponent(raw))
    except Exception:
        ADDRESS_PROBLEMS.append(
            (N_("The position in the address could not be read: it was ignored."), {}))
        return None
    if len(text) > POSITION_MAX:
        ADDRESS_PROBLEMS.append((N_("The position in the address is too long (over "
                                    "{max} characters): it was ignored."),
                                 {"max": POSITION_MAX}))
        return None
    if json_depth(text, POSITION_DEPTH) > POSITION_DEPTH:
        ADDRESS_PROBLEMS.append((N_("The position in the address is nested too deeply (over "
                                    "{max} levels): it was ignored."),
                                 {"max": POSITION_DEPTH}))
        return None
    return text


def check_params(raw):
    """The address's parameters that make sense; each one that does not is dropped with
    a sentence in ADDRESS_PROBLEMS. A variant's name is checked against the engine's
    games once the engine has started (table_ui.load_variants)."""
    out = {}
    for key, value in raw.items():
        if key == "position":
            text = check_position(value)
            if text is not None:
                out[key] = text
        elif key == "seed" and not (value.isdigit() and len(value) <= SEED_DIGITS):
            ADDRESS_PROBLEMS.append((N_("The deal number in the address (“{value}”, {size} "
                                        "characters) is not a whole number of at most {max} "
                                        "digits: it was ignored."),
                                     {"value": shown(value), "size": len(value),
                                      "max": SEED_DIGITS}))
        elif key == "lang" and value not in LANGUAGE_CODES:
            ADDRESS_PROBLEMS.append((N_("Unknown language “{value}” in the address: "
                                        "the table speaks {codes}."),
                                     {"value": shown(value),
                                      "codes": ", ".join(LANGUAGE_CODES)}))
        elif key == "level" and value not in LEVELS:
            ADDRESS_PROBLEMS.append((N_("Unknown computer level “{value}” in the "
                                        "address: the computer players play at Normal level."),
                                     {"value": shown(value)}))
        elif key == "variant" and (len(value) > VALUE_MAX or not all(
                c.isalpha() or c.isdigit() or c in "-+_" for c in value)):
            ADDRESS_PROBLEMS.append((N_("Unknown game “{value}” in the address: "
                                        "Classic Canasta is offered instead."),
                                     {"value": shown(value)}))
        elif len(value) > VALUE_MAX:
            ADDRESS_PROBLEMS.append((N_("The address's “{key}” is too long ({size} "
                                        "characters): it was ignored."),
                                     {"key": shown(key), "size": len(value)}))
        else:
            out[key] = value
    return out


def query():
    text = str(window.location.search or "")
    if len(text) > QUERY_MAX:
        ADDRESS_PROBLEMS.append((N_("The address is too long ({size} characters): "
                                    "its settings were ignored."), {"size": len(text)}))
        return {}
    out = {}
    if text and text[0] == "?":
        for part in text[1:].split("&")[:PARTS_MAX]:
            if "=" in part:
                k, v = part.split("=", 1)
                out[k] = v
            elif part:
                out[part] = "1"
    return check_params(out)


def known_level(level):
    """A level of the computer players, or the default for anything else."""
    return level if level in LEVELS else DEFAULT_LEVEL


PARAMS = query()
