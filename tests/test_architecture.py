"""The package's shape, read from its imports and its folders: layers that import only
downward, no cycles, no siblings that import each other, folders of one idea each (no prefix
family, no more than fifteen modules), screens that do not know each other, games that do not
know each other, and no import hidden in a function body."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

from fireice_desktop.engine.games import registered_games

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "fireice_desktop"

#: The imports deliberately made inside a function: the command line loads the desktop game
#: (and pygame) only when it starts it, and Twisted and magic-wormhole only when online play
#: starts, so that every other command stays light.
DEFERRED_ALLOWED = {
    "fireice_desktop.cli.desktop",
    "fireice_desktop.cli.online",
    # The window loads Twisted and magic-wormhole only when a player starts online play.
    "fireice_desktop.ui.frame.connecting",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _resolve(module: str, path: Path, node: ast.ImportFrom) -> list[str]:
    """The package's modules an ``import from`` names: ``from X import m`` depends on the
    module ``X.m`` when there is one (its package ``X`` is a parent, already loading),
    else on ``X``."""
    if node.level:
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{node.module}" if node.module else package
    else:
        base = node.module or ""
    known = modules()
    submodules = [f"{base}.{alias.name}" for alias in node.names]
    if all(name in known for name in submodules):
        return submodules
    return [base, *(name for name in submodules if name in known)]


def imports(module: str, path: Path) -> Iterator[tuple[int, str, bool]]:
    """(line, imported module of the package, whether inside a function) for ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    known = modules()
    in_function = _imports_inside(tree, _is_function)
    for_type_checkers = _imports_inside(tree, _is_type_checking)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = _resolve(module, path, node)
        else:
            continue
        if id(node) in for_type_checkers:
            continue
        for name in names:
            if name in known and name != module:
                yield node.lineno, name, id(node) in in_function


def _imports_inside(tree: ast.Module, block: Callable[[ast.AST], bool]) -> set[int]:
    """The ids of the import statements within any node of ``tree`` that ``block`` picks."""
    return {
        id(inner)
        for node in ast.walk(tree)
        if block(node)
        for inner in ast.walk(node)
        if isinstance(inner, (ast.Import, ast.ImportFrom))
    }


def _is_function(node: ast.AST) -> bool:
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))


def _is_type_checking(node: ast.AST) -> bool:
    """An ``if TYPE_CHECKING:`` block (its imports are for type checkers only)."""
    return (
        isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
    )


@cache
def graph() -> dict[str, set[str]]:
    return {
        module: {name for _, name, _ in imports(module, path)} for module, path in modules().items()
    }


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in edges.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


@pytest.mark.slow
def test_there_is_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


#: The parts of the screens that are not screens: the Open and Save windows (the menu's and
#: the game screen's) and the Rules screen's text.
#: The layers, top to bottom, of the package and of its three big folders (the README's map
#: of the code says the same): an import runs from a part to a part of a later layer, or
#: stays inside its own part. Parts of one layer do not import each other.
LAYERS: dict[str, tuple[tuple[str, ...], ...]] = {
    "fireice_desktop": (("__main__",), ("cli",), ("ui",), ("online",), ("files",), ("engine",)),
    "fireice_desktop.ui": (
        ("app",),
        ("main_loop",),
        ("routes",),
        ("screens",),
        ("games",),
        ("game",),
        ("frame",),
        ("keyboard",),
        ("toolkit",),
    ),
    "fireice_desktop.files": (
        ("statistics", "lock", "errorlog", "code_game"),
        ("storage",),
        ("disk",),
        ("errors",),
    ),
    "fireice_desktop.engine": (
        ("correspondence",),
        ("records",),
        ("games",),
        ("teaching", "match"),
        ("analysis", "search"),
        ("registry",),
        ("command_line", "treesearch"),
        ("errors", "interface"),
        ("levels", "words"),
    ),
}

#: The most modules (``__init__`` left out) a folder may hold: more is a list, not a map.
MOST_MODULES = 15


def folders(known: dict[str, Path]) -> dict[str, list[str]]:
    """Each package of ``known`` and the names of its parts: its modules (``__init__`` left
    out) and its folders."""
    found: dict[str, list[str]] = {
        name: [] for name, path in known.items() if path.name == "__init__.py"
    }
    for name in known:
        parent, _, part = name.rpartition(".")
        if parent in found:
            found[parent].append(part)
    return found


def part_of(module: str, package: str) -> str | None:
    """The part of ``package`` (a module or a folder in it) that ``module`` lies in."""
    if not module.startswith(package + "."):
        return None
    return module[len(package) + 1 :].split(".")[0]


def prefix_families(known: dict[str, Path]) -> list[str]:
    """Three or more parts of one folder whose names share the part before their first
    underscore, the bare name included (``match``, ``match_game``, ``match_pool``)."""
    found = []
    for package, parts in sorted(folders(known).items()):
        by_prefix: dict[str, list[str]] = {}
        for part in parts:
            by_prefix.setdefault(part.split("_")[0], []).append(part)
        found += [
            f"{package}: {sorted(members)}" for members in by_prefix.values() if len(members) >= 3
        ]
    return found


def crowded_folders(known: dict[str, Path]) -> list[str]:
    """The folders of more than :data:`MOST_MODULES` modules."""
    packages = folders(known)
    counts = {
        package: sum(1 for part in parts if f"{package}.{part}" not in packages)
        for package, parts in packages.items()
    }
    return [
        f"{package}: {count} modules"
        for package, count in sorted(counts.items())
        if count > MOST_MODULES
    ]


def sibling_loops(edges: dict[str, set[str]], packages: list[str]) -> list[list[str]]:
    """The parts of one folder that import each other, directly or round a loop."""
    found = []
    for package in packages:
        between: dict[str, set[str]] = {}
        for module, names in edges.items():
            start = part_of(module, package)
            if start is None:
                continue
            for name in names:
                end = part_of(name, package)
                if end is not None and end != start:
                    between.setdefault(start, set()).add(end)
        found += [[f"{package}.{part}" for part in loop] for loop in cycles(between)]
    return found


def imports_up(
    edges: dict[str, set[str]], layers: dict[str, tuple[tuple[str, ...], ...]]
) -> list[str]:
    """The imports that run from a layer to one above it, or across one layer."""
    found = []
    for package, order in layers.items():
        rank = {part: index for index, layer in enumerate(order) for part in layer}
        for module, names in sorted(edges.items()):
            start = part_of(module, package)
            for name in sorted(names):
                end = part_of(name, package)
                if start is None or end is None or start == end:
                    continue
                if start not in rank or end not in rank:
                    found.append(f"{module} imports {name}, from or to a part in no layer")
                elif rank[start] >= rank[end]:
                    found.append(f"{module} imports {name}")
    return found


def test_the_layers_name_every_part_once() -> None:
    for package, order in LAYERS.items():
        named = [part for layer in order for part in layer]
        assert sorted(named) == sorted(folders(modules())[package]), package


@pytest.mark.slow
def test_every_import_runs_down_the_layers() -> None:
    assert imports_up(graph(), LAYERS) == []


@pytest.mark.slow
def test_no_two_parts_of_a_folder_import_each_other() -> None:
    assert sibling_loops(graph(), sorted(folders(modules()))) == []


def test_no_folder_holds_a_prefix_family() -> None:
    assert prefix_families(modules()) == []


def test_no_folder_holds_more_than_fifteen_modules() -> None:
    assert crowded_folders(modules()) == []


def test_the_layout_checks_find_what_they_look_for() -> None:
    known = {
        name: Path(name.replace(".", "/") + ("/__init__.py" if name in ("p", "p.q") else ".py"))
        for name in ["p", "p.match", "p.match_game", "p.match_pool", "p.q", "p.q.a", "p.q.b"]
    }
    assert prefix_families(known) == ["p: ['match', 'match_game', 'match_pool']"]
    assert crowded_folders({**known, **{f"p.m{i}": Path(f"p/m{i}.py") for i in range(14)}}) == [
        "p: 17 modules"
    ]
    edges = {"p.match": {"p.q.a"}, "p.q.b": {"p.match_game"}, "p.match_game": set()}
    assert sibling_loops(edges, ["p", "p.q"]) == []
    edges["p.match_game"] = {"p.match"}
    assert sibling_loops(edges, ["p"]) == [["p.match", "p.match_game", "p.q"]]
    edges["p.match_pool"] = {"p.match_game"}
    layers = {"p": (("match",), ("q",), ("match_game", "match_pool"))}
    assert imports_up(edges, layers) == [
        "p.match_game imports p.match",
        "p.match_pool imports p.match_game",
    ]


SCREEN_PARTS = ("fireice_desktop.ui.screens.saving", "fireice_desktop.ui.screens.rules_text")
SCREENS = sorted(
    name
    for name in modules()
    if name.startswith("fireice_desktop.ui.screens.") and name not in SCREEN_PARTS
)


@pytest.mark.slow
@pytest.mark.parametrize("screen", SCREENS)
def test_a_screen_imports_no_other_screen(screen: str) -> None:
    others = sorted(name for name in graph()[screen] if name in SCREENS)
    assert others == [], f"{screen} imports {others}: open a screen by its route instead"


def test_only_the_app_knows_the_route_table() -> None:
    users = sorted(m for m, names in graph().items() if "fireice_desktop.ui.routes" in names)
    assert users == ["fireice_desktop.ui.app"]


@pytest.mark.slow
def test_no_import_is_hidden_in_a_function() -> None:
    hidden = [
        f"{module}:{line}: {name}"
        for module, path in modules().items()
        for line, name, deferred in imports(module, path)
        if deferred and module not in DEFERRED_ALLOWED
    ]
    assert hidden == []


GAMES = ("fireice", "icebreaker")


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_other_game(game: str) -> None:
    prefix = f"fireice_desktop.engine.games.{game}"
    for module, names in graph().items():
        if module.startswith(prefix):
            others = [
                name
                for name in names
                if name.startswith("fireice_desktop.engine.games.") and not name.startswith(prefix)
            ]
            assert others == [], f"{module} imports {others}"


@pytest.mark.parametrize("game", GAMES)
def test_a_games_ui_imports_no_other_game(game: str) -> None:
    """A game's UI package imports neither another game's UI package nor its engine."""
    own = (f"fireice_desktop.ui.games.{game}", f"fireice_desktop.engine.games.{game}")
    for module, names in graph().items():
        if module.startswith(own[0]):
            others = [
                name
                for name in names
                if name.startswith(("fireice_desktop.ui.games.", "fireice_desktop.engine.games."))
                and not name.startswith(own)
            ]
            assert others == [], f"{module} imports {others}"


def test_the_games_uis_and_the_screens_parts_open_no_screen() -> None:
    """A game's UI package and the game screen's parts are opened by the routes and open
    screens by name: they import no screen, and neither the routes nor the list of games."""
    above = ("fireice_desktop.ui.screens", "fireice_desktop.ui.routes", "fireice_desktop.ui.app")
    found = [
        f"{module} imports {name}"
        for module, names in graph().items()
        if module.startswith(("fireice_desktop.ui.games", "fireice_desktop.ui.game."))
        for name in names
        if name.startswith(above) or name == "fireice_desktop.ui.games.installed"
    ]
    assert found == []


#: The lists of installed games: the only modules outside a game's packages that name it.
GAME_LISTS = ("fireice_desktop.engine.games", "fireice_desktop.ui.games.installed")


def game_names() -> dict[str, re.Pattern[str]]:
    """Each game package's names as code would write them: its registered games' names
    (``fire-and-ice``, ``fire_and_ice``, ``solitaire``, ``icebreaker``), in any case."""
    names: dict[str, list[str]] = {package: [] for package in GAMES}
    for game in registered_games():
        package = type(game).__module__.split(".")[3]
        names[package] += [game.name, game.name.replace("-", "_")]
    return {
        package: re.compile("|".join(re.escape(name) for name in words), re.IGNORECASE)
        for package, words in names.items()
    }


def naming_lines(tree: ast.Module, pattern: re.Pattern[str]) -> list[int]:
    """The lines where code names what ``pattern`` matches: in a name, an attribute, a
    definition, an argument, a keyword or a string (docstrings and comments are words
    about the code, not code)."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            words = "" if id(node) in docstrings else node.value
        elif isinstance(node, ast.Name):
            words = node.id
        elif isinstance(node, ast.Attribute):
            words = node.attr
        elif isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            words = node.name
        elif isinstance(node, ast.arg):
            words = node.arg
        elif isinstance(node, ast.keyword):
            words = node.arg or ""
        elif isinstance(node, ast.alias):
            words = f"{node.name} {node.asname or ''}"
        else:
            continue
        if pattern.search(words):
            lines.append(node.lineno)
    return sorted(set(lines))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_outside_its_two_packages_nothing_names_a_game(game: str) -> None:
    """Only the game's engine and UI packages, and the lists of installed games, import
    the game's packages or write its name: everything else asks the registries."""
    own = (f"fireice_desktop.engine.games.{game}", f"fireice_desktop.ui.games.{game}")
    pattern = game_names()[game]
    naming = []
    for module, path in modules().items():
        if module.startswith(own) or module in GAME_LISTS:
            continue
        imported = sorted(name for name in graph()[module] if name.startswith(own))
        lines = naming_lines(ast.parse(path.read_text(encoding="utf-8")), pattern)
        if imported or lines:
            naming.append(f"{module}: imports {imported}, names it on lines {lines}")
    assert naming == []


def test_the_naming_check_finds_a_name() -> None:
    pattern = game_names()["icebreaker"]
    code = '''"""An Icebreaker docstring is words."""
# an icebreaker comment too
TITLE = "Icebreaker"
def icebreaker_size(board): return board.icebreaker
'''
    assert naming_lines(ast.parse(code), pattern) == [3, 4]
    assert naming_lines(ast.parse("x = 'fire-and-ice'"), game_names()["fireice"]) == [1]


GENERIC = (
    "fireice_desktop.engine.errors",
    "fireice_desktop.engine.interface",
    "fireice_desktop.engine.levels",
    "fireice_desktop.engine.registry",
    "fireice_desktop.engine.treesearch",
    "fireice_desktop.engine.search",
    "fireice_desktop.engine.command_line",
)


@pytest.mark.parametrize("module", GENERIC)
def test_the_generic_engine_imports_no_game(module: str) -> None:
    games = [name for name in graph()[module] if name.startswith("fireice_desktop.engine.games")]
    assert games == [], f"{module} imports {games}: take the game's knowledge as a parameter"


def test_the_engine_imports_nothing_above_it() -> None:
    for module, names in graph().items():
        if module.startswith("fireice_desktop.engine"):
            above = [name for name in names if not name.startswith("fireice_desktop.engine")]
            assert above == [], f"{module} imports {above}"


def test_outside_its_package_nothing_asks_which_game_it_has() -> None:
    """No ``isinstance(x, SomePosition)`` and no ``record.game == "..."`` outside the
    games' own packages and the views (which each show one game)."""
    asking = []
    for module, path in modules().items():
        if module.startswith(("fireice_desktop.engine.games", "fireice_desktop.ui.games")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance"
                and "Position" in ast.unparse(node.args[1])
            ):
                asking.append(f"{module}:{node.lineno}: {ast.unparse(node)}")
            if (
                isinstance(node, ast.Compare)
                and isinstance(node.left, ast.Attribute)
                and node.left.attr == "game"
            ):
                asking.append(f"{module}:{node.lineno}: {ast.unparse(node)}")
    assert asking == []


def test_the_readme_maps_every_folder() -> None:
    """The README's map of the code names every folder of the package."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    code = readme[readme.index("## The code") : readme.index("### Adding a game")]
    missing = [
        package
        for package in folders(modules())
        if package != "fireice_desktop" and f"{package.rpartition('.')[2]}/" not in code
    ]
    assert missing == []
