# The statistics panel (MicroPython, main thread): HTML for the figures that
# ui_stats keeps, by AI level and by game variant.
import ui_stats
from ui_base import S, el, esc
from ui_i18n import N_, tr

VARIANT_SHORT = {"classic": N_("Classic"), "classic-2p": N_("2 players"),
                 "classic-3p": N_("3 players"), "classic-6p": N_("6 players, 2 teams"),
                 "classic-6p-3x2": N_("6 players, 3 teams")}
VARIANT_LABELS = (N_("Games started"), N_("Games finished"), N_("Games won"), N_("Win rate"),
                  N_("Rounds played"), N_("Highest game total"))
BUCKET_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "strong": N_("Strong"),
                "all": N_("All")}


def variants_html(stats):
    """The figures per game variant: a column for each variant played."""
    columns = ui_stats.variant_rows(stats)
    if not columns:
        return ""
    head = "".join(
        '<th data-testid="stat-variant-' + esc(v) + '">'
        + esc(tr(VARIANT_SHORT[v]) if v in VARIANT_SHORT else v) + "</th>"
        for v, _ in columns
    )
    body = ""
    for i, key in enumerate(ui_stats.VARIANT_ROWS):
        body += (
            "<tr><td>" + esc(tr(VARIANT_LABELS[i])) + "</td>"
            + "".join(
                '<td data-testid="stat-' + key + "-" + esc(v) + '">' + esc(values[i]) + "</td>"
                for v, values in columns
            )
            + "</tr>"
        )
    return (
        "<h3>" + esc(tr("By game")) + "</h3>"
        '<table class="sheet stat-table" data-testid="stats-variants">'
        "<tr><th></th>" + head + "</tr>" + body + "</table>"
    )


def stats_html(stats):
    head = "".join("<th>" + esc(tr(BUCKET_NAMES[n]) if n in BUCKET_NAMES else n) + "</th>"
                   for n in ui_stats.BUCKETS)
    rows = ""
    for key, label, values in ui_stats.table_rows(stats):
        rows += (
            "<tr><td>"
            + esc(tr(label))
            + "</td>"
            + "".join(
                '<td data-testid="stat-' + key + "-" + name + '">' + esc(value) + "</td>"
                for name, value in zip(ui_stats.BUCKETS, values)
            )
            + "</tr>"
        )
    if S["stats_confirm"]:
        actions = (
            '<div class="confirm" data-testid="stats-confirm" role="alert">'
            "<p>" + esc(tr("Reset all statistics to zero? This cannot be undone.")) + "</p>"
            '<div class="row"><button type="button" class="danger" data-act="stats-reset-yes"'
            ' data-testid="stats-reset-yes">' + esc(tr("Reset")) + "</button>"
            '<button type="button" data-act="stats-reset-no" data-testid="stats-reset-no">'
            + esc(tr("Cancel")) + "</button></div></div>"
        )
    else:
        actions = (
            '<div class="row"><button type="button" data-act="stats-close"'
            ' data-testid="stats-close">' + esc(tr("Close")) + "</button>"
            '<button type="button" data-act="stats-reset" data-testid="stats-reset">'
            + esc(tr("Reset statistics")) + "</button></div>"
        )
    return (
        '<div class="panel stats" data-testid="stats-panel" role="dialog" aria-modal="true"'
        ' aria-labelledby="stats-title"><h2 id="stats-title">' + esc(tr("Statistics"))
        + '</h2><p class="note">'
        + esc(tr("Kept in this browser, for games dealt from the set-up screen or a deal "
                 "number.")) + "</p>"
        + '<table class="sheet stat-table"><tr><th></th>'
        + head
        + "</tr>"
        + rows
        + "</table>"
        + variants_html(stats)
        + actions
        + "</div>"
    )


def render_stats(stats):
    box = el("stats-dialog")
    if not S["stats"]:
        box.hidden = True
        box.innerHTML = ""
        return
    box.innerHTML = stats_html(stats)
    box.hidden = False
    focus = box.querySelector("[data-testid=stats-reset-no], [data-testid=stats-close]")
    if focus is not None:
        focus.focus()
