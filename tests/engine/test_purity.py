"""The engine is pure standard-library Python: no pygame, nothing from outside."""

from __future__ import annotations

import ast
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import fireice_desktop.engine

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "fireice_desktop" / "engine"
MODULES = sorted(ENGINE.rglob("*.py"))


def _module_names() -> set[str]:
    return {
        module.name
        for module in pkgutil.walk_packages(
            fireice_desktop.engine.__path__, "fireice_desktop.engine."
        )
    }


def test_the_engine_modules_are_the_expected_ones() -> None:
    names = _module_names()
    assert {
        "fireice_desktop.engine.errors",
        "fireice_desktop.engine.interface",
        "fireice_desktop.engine.registry",
        "fireice_desktop.engine.records.game",
        "fireice_desktop.engine.search",
        "fireice_desktop.engine.games.fireice.board",
        "fireice_desktop.engine.games.fireice.rules",
        "fireice_desktop.engine.games.fireice.solitaire",
        "fireice_desktop.engine.games.fireice.textboard",
        "fireice_desktop.engine.games.icebreaker.rules",
    } <= names
    on_disk = {
        ".".join(
            ("fireice_desktop", *path.relative_to(ENGINE.parent).with_suffix("").parts)
        ).removesuffix(".__init__")
        for path in MODULES
    }
    assert on_disk - {"fireice_desktop.engine"} == names


@pytest.fixture(scope="module")
def whole_engine_imported() -> dict[str, object]:
    """In a fresh interpreter, every engine module imported: how many, and which modules
    of pygame, pygame-gui and multiprocessing that loaded."""
    script = (
        "import importlib, json, pkgutil, sys\n"
        "import fireice_desktop.engine as engine\n"
        "prefix = 'fireice_desktop.engine.'\n"
        "names = [m.name for m in pkgutil.walk_packages(engine.__path__, prefix)]\n"
        "for name in names:\n"
        "    importlib.import_module(name)\n"
        "tops = ('pygame', 'pygame_gui', 'multiprocessing')\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in tops)\n"
        "print(json.dumps({'count': len(names), 'loaded': loaded}))\n"
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
    found: dict[str, object] = json.loads(result.stdout)
    assert isinstance(found["count"], int) and found["count"] >= 8
    return found


def test_importing_the_whole_engine_does_not_import_pygame(
    whole_engine_imported: dict[str, object],
) -> None:
    loaded = whole_engine_imported["loaded"]
    assert isinstance(loaded, list)
    assert [m for m in loaded if m.split(".")[0] in ("pygame", "pygame_gui")] == []


def test_the_engine_loads_multiprocessing_only_for_a_match_on_several_processes(
    whole_engine_imported: dict[str, object],
) -> None:
    # Every command and the desktop game import the whole engine; multiprocessing
    # (a tenth of a command's start) is wanted only by a match played with --jobs.
    loaded = whole_engine_imported["loaded"]
    assert isinstance(loaded, list)
    assert [m for m in loaded if m.split(".")[0] == "multiprocessing"] == []


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


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
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
