"""Turn the variant rules pages (docs/variants/*.md) into HTML served with the app.

    python tools/pages.py            # writes static/rules/<page>.html and index.html

Only the Markdown these pages use is understood: headings, paragraphs, bullet lists,
tables, **bold**, *italic*, `code` and [links](address). A block (heading, list item,
table row or paragraph) that begins with a rule id such as `H3` or `**H3**` gets that
id as its HTML anchor, so a refusal or a note can link to `<page>.html#H3`.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "docs" / "variants"
TARGET = ROOT / "static" / "rules"

RULE_ID = re.compile(r"^(?:\*\*)?([A-Z]{1,2}\d{1,3})(?:\*\*)?\b")
_INLINE = (
    (re.compile(r"\*\*([^*]+)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![*\w])\*([^*\s][^*]*)\*(?![*\w])"), r"<em>\1</em>"),
    (re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)"), r'<a href="\2">\1</a>'),
)

STYLE = """
  body { font-family: system-ui, sans-serif; max-width: 860px; margin: 0 auto;
         padding: 16px; line-height: 1.45; }
  table { border-collapse: collapse; margin: 8px 0; }
  td, th { border: 1px solid #bbb; padding: 4px 8px; vertical-align: top; text-align: left; }
  [id]:target { background: #fff3cd; }
  code { background: #f2f2f2; padding: 0 3px; }
"""


def inline(text: str) -> str:
    """Escaped text with the inline marks turned into tags (code spans first, so
    that marks inside them stay literal)."""
    out = html.escape(text, quote=False)
    parts = re.split(r"(`[^`]+`)", out)
    done: list[str] = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            done.append("<code>" + part[1:-1] + "</code>")
            continue
        for pattern, repl in _INLINE:
            part = pattern.sub(repl, part)
        done.append(part)
    return "".join(done)


def anchor(text: str) -> str:
    found = RULE_ID.match(text.strip())
    return f' id="{found.group(1)}"' if found else ""


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def to_html(markdown: str) -> tuple[str, str]:
    """(title, body HTML) of a page."""
    lines = markdown.splitlines()
    body: list[str] = []
    title = ""
    para: list[str] = []
    i = 0

    def flush() -> None:
        if para:
            text = " ".join(para)
            body.append(f"<p{anchor(text)}>{inline(text)}</p>")
            para.clear()

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            flush()
            i += 1
            continue
        heading = re.match(r"^(#{1,4})\s+(.*)$", stripped)
        if heading:
            flush()
            level, text = len(heading.group(1)), heading.group(2)
            title = title or re.sub(r"`|\*\*", "", text)
            body.append(f"<h{level}{anchor(text)}>{inline(text)}</h{level}>")
            i += 1
            continue
        if stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(lines[i])
                i += 1
            body.append(_table(rows))
            continue
        if re.match(r"^[-*]\s+", stripped):
            flush()
            items: list[str] = []
            while i < len(lines) and lines[i].strip():
                current = lines[i].strip()
                if re.match(r"^[-*]\s+", current):
                    items.append(re.sub(r"^[-*]\s+", "", current))
                else:
                    items[-1] += " " + current
                i += 1
            body.append("<ul>" + "".join(f"<li{anchor(t)}>{inline(t)}</li>" for t in items)
                        + "</ul>")
            continue
        para.append(stripped)
        i += 1
    flush()
    return title, "\n".join(body)


def _table(rows: list[str]) -> str:
    out = ["<table>"]
    head, *rest = rows
    if rest and re.match(r"^\|?\s*:?-{3,}", rest[0].strip()):
        out.append("<tr>" + "".join(f"<th>{inline(c)}</th>" for c in _cells(head)) + "</tr>")
        rest = rest[1:]
    else:
        rest = rows
    for row in rest:
        cells = _cells(row)
        out.append(f"<tr{anchor(cells[0])}>" + "".join(f"<td>{inline(c)}</td>" for c in cells)
                   + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def page(title: str, body: str) -> str:
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        '<link rel="icon" href="data:,">\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n"
        '<p><a href="../../">Back to the game</a> · <a href="../../rules.html">Classic rules '
        "(C1–C50)</a> · <a href=\"index.html\">Every variant</a></p>\n"
        f"{body}\n</body>\n</html>\n"
    )


def build(source: Path = SOURCE, target: Path = TARGET) -> list[Path]:
    """Write one HTML page per Markdown page and an index of them; the paths written."""
    target.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    links: list[str] = []
    for md in sorted(source.glob("*.md")):
        title, body = to_html(md.read_text(encoding="utf-8"))
        out = target / f"{md.stem}.html"
        out.write_text(page(title, body), encoding="utf-8")
        written.append(out)
        links.append(f'<li><a href="{md.stem}.html">{html.escape(title)}</a></li>')
    index = target / "index.html"
    index.write_text(page("Canasta variants: the rules pages",
                          "<h1>The rules of every variant</h1>\n<ul>" + "".join(links)
                          + "</ul>"), encoding="utf-8")
    written.append(index)
    return written


if __name__ == "__main__":
    for path in build():
        print(path.relative_to(ROOT))
    sys.exit(0)
