# The table in the player's language (issue 18; MicroPython, main thread). Every string
# the table shows is an English template passed to tr(); the chosen language's catalogue
# (static/i18n/<code>.json, precached) maps it to that language, and messages.render
# (canasta/game/messages.py, compiled for the table by the build) fills it in. A sentence
# from the engine comes with its key and parameters (said()). English needs no file.
import json

import messages
from pyscript import document, window

CODES = [code for code, _ in messages.LANGUAGES]
I18N = {"lang": "en", "catalogue": None}


def tr(template, **params):
    """The template in the chosen language, its placeholders filled from params."""
    return messages.render(template, params, I18N["catalogue"], I18N["lang"])


def N_(template):
    """A template named where the language is not known yet (tr() says it later)."""
    return template


def said(data):
    """A sentence of the engine's or the worker's ({"message" or "text", "key",
    "params"}: a refusal, a log line, the coach, a hint) in the chosen language; its
    English text where the catalogue lacks the key. A parameter that is itself such a
    sentence is said first."""
    text = str(data.get("message") or data.get("text") or "")
    catalogue = I18N["catalogue"]
    key = data.get("key")
    if catalogue is None or not isinstance(key, str) or key not in catalogue:
        return text
    params = data.get("params")
    params = params if isinstance(params, dict) else {}
    inner = {}
    for name, value in params.items():
        inner[name] = said(value) if isinstance(value, dict) else value
    try:
        return messages.render(key, inner, catalogue, I18N["lang"])
    except Exception:  # a parameter missing or malformed: the English sentence will do
        return text


def rank_word(rank, plural=True):
    """A rank named in the chosen language ('kings', 'Könige')."""
    return messages.rank_name(rank, I18N["catalogue"], plural)


def card_letter(rank):
    """The rank's index on a card face: '10' for T, else its letter ('7', 'K'), or the
    language's (`card:Q` of the catalogue: 'D' for a German Dame)."""
    default = "10" if rank == "T" else str(rank)
    catalogue = I18N["catalogue"]
    if catalogue is None or not isinstance(rank, str):
        return default
    return catalogue.get("card:" + rank, default)


def browser_language():
    """The first of the browser's languages the table speaks ("fil" is Tagalog), or
    English."""
    try:
        wanted = [str(x) for x in window.navigator.languages]
    except Exception:
        wanted = []
    wanted.append(str(window.navigator.language or ""))
    for tag in wanted:
        code = tag.lower().split("-")[0]
        code = "tl" if code == "fil" else code
        if code in CODES:
            return code
    return "en"


async def use_language(code):
    """Load the language's catalogue and say everything the page itself holds in it;
    the language used (English where a catalogue cannot be loaded)."""
    catalogue = None
    if code != "en":
        try:
            response = await window.fetch("./static/i18n/" + code + ".json")
            catalogue = json.loads(await response.text()) if response.ok else None
        except Exception:
            catalogue = None
        if catalogue is None:
            code = "en"
    I18N["lang"] = code
    I18N["catalogue"] = catalogue
    root = document.documentElement
    root.setAttribute("lang", code)
    root.setAttribute("dir", "ltr")  # (the six languages are all written left to right)
    translate_page()
    return code


def translate_page():
    """The page's own words (index.html): an element's text by data-i18n, its title and
    aria-label by data-i18n-title and data-i18n-label."""
    for node in document.querySelectorAll("[data-i18n]"):
        node.textContent = tr(node.getAttribute("data-i18n"))
    for node in document.querySelectorAll("[data-i18n-title]"):
        node.setAttribute("title", tr(node.getAttribute("data-i18n-title")))
    for node in document.querySelectorAll("[data-i18n-label]"):
        node.setAttribute("aria-label", tr(node.getAttribute("data-i18n-label")))


def picker_html(esc):
    """The language list of the set-up dialog, each language in its own name."""
    options = "".join(
        '<option value="' + code + '"' + (" selected" if code == I18N["lang"] else "")
        + ">" + esc(name) + "</option>"
        for code, name in messages.LANGUAGES)
    return ('<label>' + esc(tr("Language")) + ' <select id="opt-lang" data-testid="opt-lang">'
            + options + "</select></label>")


def rules_page(href):
    """Classic's rules page (rules.html, C1-C50) in the chosen language, an anchor kept:
    rules.de.html#C17. The variants' own pages are in English."""
    href = str(href or "")
    if I18N["lang"] == "en" or not href.startswith("./rules.html"):
        return href
    return "./rules." + I18N["lang"] + ".html" + href[len("./rules.html"):]
