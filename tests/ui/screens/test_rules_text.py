"""The rules text converter (pygame-free): Markdown of the rules source to the Rules screen's
HTML, the chapters it finds, and docs/RULES.md made from the same source."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fireice_desktop.ui.screens.rules_text import (
    DECISION,
    NOTICE,
    Chapter,
    RulesSourceError,
    chapter_html,
    document,
    inline_html,
    parse_chapters,
)

ROOT = Path(__file__).resolve().parents[3]

# --- one line of text ---------------------------------------------------------------------------

INLINE: dict[str, tuple[str, str]] = {
    "plain": ("Fire moves first.", "Fire moves first."),
    "bold": ("a **deal number** here", "a <b>deal number</b> here"),
    "two bolds": ("**a** and **b**", "<b>a</b> and <b>b</b>"),
    "italic": ("see *Notation* below", "see <i>Notation</i> below"),
    "italic in bold": ("**the *whole* line**", "<b>the <i>whole</i> line</b>"),
    "code is plain text": ("type `d4` or `D4`", "type d4 or D4"),
    "decision": ("**Decision:** either colour", f"{DECISION.format('Decision:')} either colour"),
    "decision mid-line": (
        "**Turns.** **Decision:** either",
        f"<b>Turns.</b> {DECISION.format('Decision:')} either",
    ),
    "decision in Italian": (
        "**Decisione:** l'uno o l'altro",
        f"{DECISION.format('Decisione:')} l'uno o l'altro",
    ),
    "other bold colon": ("**Decision** and **Note:**", "<b>Decision</b> and <b>Note:</b>"),
    "ampersand": ("**Fire & Ice**", "<b>Fire &amp; Ice</b>"),
    "angle brackets": ("a <b> tag & 1 > 0", "a &lt;b&gt; tag &amp; 1 &gt; 0"),
    "markup in code escaped": ("`<br>`", "&lt;br&gt;"),
    "quotes kept": ('the player\'s "supply"', 'the player\'s "supply"'),
    "lone star": ("2 * 3 = 6", "2 * 3 = 6"),
    "unclosed bold": ("**open", "**open"),
    "unicode": ("save · open", "save · open"),
}


@pytest.mark.parametrize("case", sorted(INLINE))
def test_inline_markup(case: str) -> None:
    source, expected = INLINE[case]
    assert inline_html(source) == expected


# --- a chapter's text ---------------------------------------------------------------------------

BLOCKS: dict[str, tuple[str, str]] = {
    "one paragraph": ("One.", "One."),
    "lines of a paragraph are joined": ("One\ntwo\n  three.", "One two three."),
    "paragraphs": ("One.\n\nTwo.", "One.<br><br>Two."),
    "many blank lines are one break": ("One.\n\n\n\nTwo.", "One.<br><br>Two."),
    "leading and trailing blank lines": ("\n\nOne.\n\n", "One."),
    "bold across lines": ("a **long\nbold** word", "a <b>long bold</b> word"),
    "numbered list after a paragraph": (
        "Two parts:\n1. Move\n   on.\n2. Put.",
        "Two parts:<br><b>1.</b> Move on.<br><b>2.</b> Put.",
    ),
    "bullet list shows no bullets": (
        "**Keys**\n- Ctrl+Z: undo\n- F11: full\n  screen",
        "<b>Keys</b><br>Ctrl+Z: undo<br>F11: full screen",
    ),
    "star and plus bullets": ("* one\n+ two", "one<br>two"),
    "list then paragraph": ("- a\n- b\n\nAfter.", "a<br>b<br><br>After."),
    "italic is not a bullet": ("*italic* start", "<i>italic</i> start"),
    "decision paragraph": (
        "**Decision:** if your\nsupply is empty.",
        f"{DECISION.format('Decision:')} if your supply is empty.",
    ),
    "numbers inside a line": (
        "E-D-C, 1-2-5 and\n1,000,000 deals",
        "E-D-C, 1-2-5 and 1,000,000 deals",
    ),
    "escaping across lines": ("Fire & Ice\nwins < all", "Fire &amp; Ice wins &lt; all"),
}


@pytest.mark.parametrize("case", sorted(BLOCKS))
def test_chapter_text(case: str) -> None:
    source, expected = BLOCKS[case]
    assert chapter_html(source.splitlines()) == expected


REFUSED: dict[str, str] = {
    "code block": "Text\n\n```\ncode\n```",
    "table": "| a | b |\n|---|---|",
    "quote": "> quoted",
    "html": "<b>raw</b>",
    "comment": "<!-- chapter: other -->",
    "line starting with <": "Fire & Ice\n<3",
    "horizontal rule": "Above\n\n---",
    "underlined heading": "Title\n=====",
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_what_the_screen_cannot_show_is_refused_with_its_line(case: str) -> None:
    lines = ["Fine.", "", *REFUSED[case].splitlines()]
    with pytest.raises(RulesSourceError, match=r"^line 1\d: the Rules screen cannot show"):
        chapter_html(lines, first_line=10)


# --- chapters in a source ------------------------------------------------------------------------

SOURCE = """\
<!--
A note for the editors.
-->
# The rules

Only in the document.

## 1. The board
<!-- chapter: board -->

**Fire & Ice** is a game.

### The key

```
## not a heading
<!-- chapter: nor-a-chapter -->
```

## 2. The two-player game

### A turn
<!-- chapter: turn -->
Two parts:
1. Move.

#### Details

Only in the document.

## 3. Playing here
<!--chapter-->

Keys.
"""


def test_chapters_are_the_marked_sections_in_order() -> None:
    assert parse_chapters(SOURCE) == (
        Chapter("The board", "<b>Fire &amp; Ice</b> is a game.", "board"),
        Chapter("A turn", "Two parts:<br><b>1.</b> Move.", "turn"),
        Chapter("Playing here", "Keys.", None),
    )


def test_the_document_is_the_source_without_note_and_marks() -> None:
    body = SOURCE.split("-->\n", 1)[1]
    expected = (
        body.replace("<!-- chapter: board -->\n", "")
        .replace("<!-- chapter: turn -->\n", "")
        .replace("<!--chapter-->\n", "")
    )
    # The mark inside the code block is text of the document, not a mark.
    assert "<!-- chapter: nor-a-chapter -->" in expected
    assert document(SOURCE) == f"{NOTICE}\n{expected}"


BAD_SOURCES: dict[str, tuple[str, str]] = {
    "no chapters": ("# Rules\n\nText.\n", "no chapters"),
    "empty chapter": ("## A\n<!-- chapter -->\n\n## B\n", r"line 1: the chapter 'A' has no text"),
    "same title twice": (
        "## 1. A\n<!-- chapter -->\nx\n## 2. A\n<!-- chapter -->\ny\n",
        r"line 4: a second chapter 'A'",
    ),
    "mark away from a heading": (
        "## A\n<!-- chapter -->\nx\n\n<!-- chapter: b -->\n",
        r"line 5: the Rules screen cannot show",
    ),
    "mark in the document part": (
        "# Doc\n\nText.\n<!-- chapter: b -->\n## A\n<!-- chapter -->\nx\n",
        r"line 4: a chapter mark not right after a heading",
    ),
    "table in a chapter": ("## A\n<!-- chapter -->\n| a |\n", r"line 3: the Rules screen"),
    "note never ends": ("<!-- note\n## A\nText.\n", r"line 1: the note"),
    "mark after the note": ("<!--\nnote\n-->\n<!-- chapter -->\nx\n", r"line 4: a chapter mark"),
}


@pytest.mark.parametrize("case", sorted(BAD_SOURCES))
def test_a_bad_source_is_refused(case: str) -> None:
    source, message = BAD_SOURCES[case]
    with pytest.raises(RulesSourceError, match=message):
        document(source)


# --- the real source and document ---------------------------------------------------------------


def test_docs_rules_md_is_made_from_the_rules_source() -> None:
    source = (ROOT / "fireice_desktop" / "translations" / "rules.en.md").read_text(encoding="utf-8")
    current = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    assert current == document(source), (
        "docs/RULES.md is out of date: run python scripts/make_rules_doc.py"
    )


def test_the_generator_script_checks_without_pygame() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _NO_PYGAME, str(ROOT / "scripts" / "make_rules_doc.py")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "is up to date" in result.stdout


#: Runs the script named in argv[1] with --check, then fails if pygame was imported.
_NO_PYGAME = """\
import runpy, sys
script = sys.argv[1]
sys.argv = [script, "--check"]
try:
    runpy.run_path(script, run_name="__main__")
except SystemExit as stop:
    if stop.code:
        raise
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui"))
if loaded:
    sys.exit(f"imported {loaded}")
"""


def test_the_converter_does_not_import_pygame() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, fireice_desktop.ui.screens.rules_text as t; t.load_chapters(); "
            "sys.exit(any(m.startswith('pygame') for m in sys.modules))",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
