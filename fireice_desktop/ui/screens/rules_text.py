"""The rules text: the Rules screen's chapters and docs/RULES.md, from one source file.

The source is ``fireice_desktop/translations/rules.en.md`` (``rules.it.md`` in
Italian), Markdown that reads as the rules document itself.
``docs/RULES.md`` is that file without its editors' note and chapter markers
(:func:`document`, written by ``scripts/make_rules_doc.py``); the Rules screen shows
some of its sections, converted to pygame-gui's HTML subset (:func:`parse_chapters`).

A section is a chapter of the Rules screen when the line right after its heading is
``<!-- chapter: NAME -->`` (or ``<!-- chapter -->`` for a chapter without drawings):
NAME is the set of drawings the screen shows beside the text. The chapter's title is
the heading without its section number ("1. The board" is "The board") and its text
runs to the next heading of any level, so a sub-heading starts what only the
document has. A chapter's text may use:

- paragraphs, separated by blank lines; the lines of one paragraph are joined;
- lists, ``- item`` (or ``*``, ``+``) or ``1. item``, whose items start a new line
  (numbered items show their number in bold; bullet items show no bullet, as the keys
  list always has); an item's further lines are joined to it;
- ``**bold**``, ``*italic*`` and `` `code` `` (shown as plain text); ``**Decision:**``
  is the coloured mark of this program's own rulings.

Anything else that Markdown would not show as plain text (code blocks, tables, quotes,
HTML, horizontal rules) is refused with the line it is on, so the screen never shows markup. ``&``,
``<`` and ``>`` are escaped. This module does not import pygame.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ...engine.words import TRANSLATIONS

#: The English source, of which every other language's file is a translation.
SOURCE = TRANSLATIONS / "rules.en.md"
#: The first line of docs/RULES.md, which says where it comes from.
NOTICE = (
    "<!-- Made from fireice_desktop/translations/rules.en.md by scripts/make_rules_doc.py: "
    "edit that file, then run the script. -->"
)
#: The mark of this program's own rulings, in each language's rules, and how it looks.
DECISION_WORDS = ("Decision:", "Decisione:")
DECISION = '<font color="#ffc66e"><b>{}</b></font>'

_HEADING = re.compile(r"#{1,6}\s+(?P<text>.+?)\s*")
_FENCE = re.compile(r"```|~~~")
_MARKER = re.compile(r"<!--\s*chapter(?::\s*(?P<name>[a-z][a-z0-9_-]*))?\s*-->")
_SECTION_NUMBER = re.compile(r"\d+(?:\.\d+)*\.?\s+")
_ORDERED = re.compile(r"(?P<number>\d+)\.\s+(?P<text>.*)")
_BULLET = re.compile(r"[-*+]\s+(?P<text>.*)")
#: Block syntax a chapter cannot show: code blocks, tables, quotes, HTML and rules.
_UNSUPPORTED = re.compile(r"```|~~~|\||>|<|(?:-{3,}|={3,}|_{3,}|\*{3,})\s*$")
_INLINE = re.compile(
    r"`(?P<code>[^`]+)`"
    r"|\*\*(?P<bold>.+?)\*\*"
    r"|\*(?P<italic>[^*\s](?:[^*]*[^*\s])?)\*"
)


class RulesSourceError(ValueError):
    """The rules source has something the Rules screen cannot show."""


@dataclass(frozen=True)
class Chapter:
    """One chapter of the Rules screen."""

    title: str
    text: str  # in pygame-gui's HTML subset
    drawings: str | None = None  # the name of the chapter's set of drawings


def inline_html(text: str) -> str:
    """One line of Markdown text as pygame-gui HTML: escaped, with bold and italic."""
    return _inline(html.escape(text, quote=False))


def _inline(escaped: str) -> str:
    def replace(match: re.Match[str]) -> str:
        if match["code"] is not None:
            return match["code"]
        if match["bold"] is not None:
            if match["bold"] in DECISION_WORDS:
                return DECISION.format(match["bold"])
            return f"<b>{_inline(match['bold'])}</b>"
        return f"<i>{_inline(match['italic'])}</i>"

    return _INLINE.sub(replace, escaped)


def chapter_html(lines: Sequence[str], first_line: int = 1) -> str:
    """A chapter's Markdown ``lines`` as pygame-gui HTML; ``first_line`` numbers errors."""
    blocks: list[list[tuple[str, str]]] = []  # blocks of (prefix, Markdown text) lines
    block: list[tuple[str, str]] = []
    for number, raw in enumerate(lines, first_line):
        line = raw.strip()
        if not line:
            if block:
                blocks.append(block)
            block = []
            continue
        if _UNSUPPORTED.match(line):
            raise RulesSourceError(f"line {number}: the Rules screen cannot show {line!r}")
        if ordered := _ORDERED.fullmatch(line):
            block.append((f"<b>{ordered['number']}.</b> ", ordered["text"]))
        elif bullet := _BULLET.fullmatch(line):
            block.append(("", bullet["text"]))
        elif block:
            prefix, text = block[-1]
            block[-1] = (prefix, f"{text} {line}")
        else:
            block.append(("", line))
    if block:
        blocks.append(block)
    # Inline markup last, once a paragraph's lines are joined: bold may span lines.
    return "<br><br>".join(
        "<br>".join(prefix + inline_html(text) for prefix, text in rows) for rows in blocks
    )


def _body(source: str) -> tuple[list[str], int]:
    """The lines of ``source`` after the note for its editors, and how many lines that was."""
    lines = source.splitlines()
    if not lines or not lines[0].startswith("<!--"):
        return lines, 0
    end = next((index for index, line in enumerate(lines) if "-->" in line), None)
    if end is None:
        raise RulesSourceError("line 1: the note at the top never ends")
    return lines[end + 1 :], end + 1


def _scan(lines: Sequence[str]) -> tuple[list[tuple[int, str]], list[tuple[int, str | None]]]:
    """The headings and the chapter marks in ``lines`` (outside code blocks), as
    (index, heading text) and (index, name of the drawings)."""
    headings: list[tuple[int, str]] = []
    marks: list[tuple[int, str | None]] = []
    fenced = False
    for index, line in enumerate(lines):
        if _FENCE.match(line):
            fenced = not fenced
        elif fenced:
            continue
        elif heading := _HEADING.fullmatch(line):
            headings.append((index, heading["text"]))
        elif mark := _MARKER.fullmatch(line.strip()):
            marks.append((index, mark["name"]))
    return headings, marks


def parse_chapters(source: str) -> tuple[Chapter, ...]:
    """The Rules screen's chapters in the rules source ``source``, in order."""
    lines, skipped = _body(source)
    headings, marks = _scan(lines)
    starts = [index for index, _ in headings] + [len(lines)]
    heading_at = dict(headings)
    chapters: list[Chapter] = []
    for mark, drawings in marks:
        number = mark + skipped + 1  # of the mark's line in the source, for errors
        heading = heading_at.get(mark - 1)
        if heading is None:
            raise RulesSourceError(f"line {number}: a chapter mark not right after a heading")
        end = min(start for start in starts if start > mark)
        title = _SECTION_NUMBER.sub("", heading, count=1)
        text = chapter_html(lines[mark + 1 : end], first_line=number + 1)
        if not text:
            raise RulesSourceError(f"line {number - 1}: the chapter {title!r} has no text")
        if any(chapter.title == title for chapter in chapters):
            raise RulesSourceError(f"line {number - 1}: a second chapter {title!r}")
        chapters.append(Chapter(title, text, drawings))
    if not chapters:
        raise RulesSourceError("the rules source has no chapters")
    return tuple(chapters)


def document(source: str) -> str:
    """docs/RULES.md as made from the rules source ``source``: the source without the note
    for its editors and without its chapter marks, under a notice that says so."""
    parse_chapters(source)  # no document from a source the screen could not show
    lines, _ = _body(source)
    marks = {index for index, _ in _scan(lines)[1]}
    kept = [line for index, line in enumerate(lines) if index not in marks]
    return "\n".join([NOTICE, *kept]) + "\n"


def source_path(language: str) -> Path:
    """The rules source in ``language`` (a code such as ``"it"``)."""
    return TRANSLATIONS / f"rules.{language}.md"


def load_chapters(language: str = "en") -> tuple[Chapter, ...]:
    """The Rules screen's chapters in ``language``, read from its rules source."""
    return parse_chapters(source_path(language).read_text(encoding="utf-8"))
