"""Write docs/RULES.md from fireice_desktop/translations/rules.en.md, the English rules
source the game's Rules screen reads.

    python scripts/make_rules_doc.py           # write docs/RULES.md
    python scripts/make_rules_doc.py --check   # only say whether docs/RULES.md is up to date

Run it after every edit of rules.en.md; the tests fail while docs/RULES.md differs from
what this script would write. Needs nothing but the standard library.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The converter from this checkout, even if another version of the game is installed.
sys.path.insert(0, str(ROOT))

from fireice_desktop.ui.screens import rules_text  # noqa: E402

SOURCE = rules_text.SOURCE
DOCUMENT = ROOT / "docs" / "RULES.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Write docs/RULES.md from fireice_desktop/translations/rules.en.md "
        "(the Rules screen's English source)."
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit with status 1 if docs/RULES.md is out of date",
    )
    args = parser.parse_args(argv)
    try:
        text = rules_text.document(SOURCE.read_text(encoding="utf-8"))
    except rules_text.RulesSourceError as error:
        print(f"{SOURCE}: {error}", file=sys.stderr)
        return 1
    current = DOCUMENT.read_text(encoding="utf-8") if DOCUMENT.exists() else None
    if args.check:
        if current != text:
            print(
                f"{DOCUMENT} is out of date: run python scripts/make_rules_doc.py",
                file=sys.stderr,
            )
            return 1
        print(f"{DOCUMENT} is up to date")
        return 0
    if current == text:
        print(f"{DOCUMENT} was already up to date")
        return 0
    # newline="\n": the same bytes on every system, so the check agrees everywhere.
    DOCUMENT.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {DOCUMENT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
