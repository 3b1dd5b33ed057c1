"""The package's layout in figures: modules per folder, the longest chain of imports, the
imports that run back up (between sibling modules or folders that import each other, directly
or round a loop) and the prefix families (three or more modules of a folder whose names share
the part before their first underscore).

    python scripts/layout_figures.py [ROOT]

ROOT is a checkout (the one this script is in when left out); it is only read.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from functools import cache
from pathlib import Path


def module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


class Layout:
    """The modules of ``root``'s ``fireice_desktop`` package and their imports."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.paths = {
            module_name(root, path): path
            for path in sorted((root / "fireice_desktop").rglob("*.py"))
        }
        self.packages = {name for name, path in self.paths.items() if path.name == "__init__.py"}
        self.graph = {name: set(self._imports(name, path)) for name, path in self.paths.items()}

    def _imports(self, module: str, path: Path) -> list[str]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If)
            and isinstance(node.test, ast.Name)
            and node.test.id == "TYPE_CHECKING"
            for inner in ast.walk(node)
        }
        found = []
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                found += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
                    for _ in range(node.level - 1):
                        package = package.rpartition(".")[0]
                    base = f"{package}.{node.module}" if node.module else package
                else:
                    base = node.module or ""
                subs = [f"{base}.{alias.name}" for alias in node.names]
                if all(name in self.paths for name in subs):
                    found += subs
                else:
                    found += [base, *(name for name in subs if name in self.paths)]
        return [name for name in found if name in self.paths and name != module]

    def folders(self) -> dict[str, list[str]]:
        """Each folder (a package) and its modules, ``__init__`` left out."""
        found: dict[str, list[str]] = defaultdict(list)
        for name in self.paths:
            if name not in self.packages:
                found[name.rpartition(".")[0]].append(name.rpartition(".")[2])
        for package in self.packages:
            found.setdefault(package, [])
        return dict(sorted(found.items()))

    def families(self) -> list[str]:
        """The prefix families, as ``folder: prefix_* (n)``."""
        found = []
        for folder, names in self.folders().items():
            by_prefix: dict[str, list[str]] = defaultdict(list)
            for name in names + [
                p.rpartition(".")[2] for p in self.packages if p.rpartition(".")[0] == folder
            ]:
                by_prefix[name.split("_")[0]].append(name)
            for prefix, members in sorted(by_prefix.items()):
                if len(members) >= 3:
                    found.append(f"{folder}: {prefix}* ({', '.join(sorted(members))})")
        return found

    def longest_chain(self) -> list[str]:
        """The longest chain of imports, module by module (the package has no import cycle)."""

        @cache
        def chain(module: str) -> tuple[str, ...]:
            below = [chain(other) for other in sorted(self.graph[module])]
            return (module, *max(below, key=len, default=()))

        return list(max((chain(module) for module in sorted(self.graph)), key=len))

    def unit(self, module: str, parent: str) -> str:
        """The child of ``parent`` (a module or a folder) that ``module`` lies in."""
        rest = module[len(parent) + 1 :]
        return f"{parent}.{rest.split('.')[0]}"

    def back_up(self) -> list[str]:
        """The imports between sibling modules or folders that lie on a loop among them."""
        found = []
        for parent in sorted(self.packages):
            edges: dict[str, set[str]] = defaultdict(set)
            where: dict[tuple[str, str], list[str]] = defaultdict(list)
            for module, names in self.graph.items():
                if not module.startswith(parent + "."):
                    continue
                for name in names:
                    if not name.startswith(parent + "."):
                        continue
                    a, b = self.unit(module, parent), self.unit(name, parent)
                    if a != b:
                        edges[a].add(b)
                        where[(a, b)].append(f"{module} -> {name}")
            looped = {node for component in cycles(edges) for node in component}
            for (a, b), lines in sorted(where.items()):
                if a in looped and b in looped and _reaches(edges, b, a):
                    found += lines
        return found


def _reaches(edges: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            todo += edges.get(node, ())
    return False


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one member."""
    nodes = sorted(set(edges) | {b for targets in edges.values() for b in targets})
    found, assigned = [], set()
    for node in nodes:
        if node in assigned:
            continue
        component = sorted(
            n for n in nodes if _reaches(edges, node, n) and _reaches(edges, n, node)
        )
        assigned.update(component)
        if len(component) > 1:
            found.append(component)
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "root",
        nargs="?",
        type=Path,
        default=Path(__file__).resolve().parents[1],
        help="a checkout to measure (default: the one this script is in); it is only read",
    )
    root = parser.parse_args(argv[1:]).root.resolve()
    if not (root / "fireice_desktop").is_dir():
        parser.error(f"{str(root)[:60]!r} holds no fireice_desktop package")
    layout = Layout(root)
    sys.setrecursionlimit(10000)
    print(f"Layout of {root}")
    print("\nModules per folder (__init__ left out):")
    for folder, names in layout.folders().items():
        print(f"  {len(names):3}  {folder.replace('.', '/')}/")
    chain = layout.longest_chain()
    print(f"\nLongest chain of imports: {len(chain)} modules ({len(chain) - 1} imports)")
    print("  " + "\n  -> ".join(chain))
    back = layout.back_up()
    print(f"\nImports running back up (on a loop between siblings): {len(back)}")
    for line in back:
        print(f"  {line}")
    families = layout.families()
    print(f"\nPrefix families: {len(families)}")
    for line in families:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
