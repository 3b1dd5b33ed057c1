"""The engine is pure standard-library Python: no pygame, nothing from outside."""

from __future__ import annotations

import ast
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import fireice_desktop.engine

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "fireice_desktop" / "engine"
MODULES = sorted(path for path in ENGINE.glob("*.py"))


def test_the_engine_modules_are_the_expected_ones() -> None:
    names = {module.name for module in pkgutil.iter_modules(fireice_desktop.engine.__path__)}
    assert {
        "board",
        "errors",
        "game",
        "interface",
        "playout",
        "record",
        "solitaire",
        "textboard",
    } <= names
    assert {path.stem for path in MODULES} - {"__init__"} == names


def test_importing_the_whole_engine_does_not_import_pygame() -> None:
    script = (
        "import importlib, pkgutil, sys\n"
        "import fireice_desktop.engine as engine\n"
        "names = [m.name for m in pkgutil.iter_modules(engine.__path__)]\n"
        "for name in names:\n"
        "    importlib.import_module('fireice_desktop.engine.' + name)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui'))\n"
        "print(len(names), loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    count, loaded = result.stdout.split(" ", 1)
    assert int(count) >= 8
    assert loaded.strip() == "[]"


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, top-level module) for every absolute import; relative imports are ''."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name.split(".")[0]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            top = "" if node.level else (node.module or "").split(".")[0]
            found.append((node.lineno, top))
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_engine_modules_import_only_the_standard_library(path: Path) -> None:
    foreign = [
        f"{path.name}:{line}: {module}"
        for line, module in _imported_modules(path)
        if module not in ("", "fireice_desktop") and module not in sys.stdlib_module_names
    ]
    assert not foreign, "non-standard imports in the engine:\n" + "\n".join(foreign)


def test_the_import_check_would_catch_a_foreign_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\nimport pygame\nfrom .board import LINES\nfrom numpy import array\n"
    )
    modules = [module for _, module in _imported_modules(sample)]
    assert modules == ["os", "pygame", "", "numpy"]
