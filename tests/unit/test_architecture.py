"""The dependency direction of the house style, and no import cycles, checked on every module
with ``ast``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).parents[2] / "src" / "designcore"
STDLIB = sys.stdlib_module_names

# What each layer may import besides the standard library.
ALLOWED: dict[str, tuple[str, ...]] = {
    "domain": ("attrs", "designcore.domain"),
    "ports": ("attrs", "designcore.domain", "designcore.ports"),
    "adapters": ("designcore.domain", "designcore.ports", "designcore.adapters.{own}", "*"),
    "app.services": ("attrs", "designcore.domain", "designcore.ports", "designcore.app.services"),
    "client": (
        "attrs",
        "httpx",
        "jwt",
        "designcore.domain",
        "designcore.ports",
        "designcore.client",
    ),
}


def imports_of(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module)
    return found


def module_name(path: Path) -> str:
    return ".".join(("designcore", *path.relative_to(SRC).with_suffix("").parts))


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[1:3] == ["app", "services"]:
        return "app.services"
    if len(parts) > 1 and parts[1] == "client":
        return "client"
    return parts[1] if len(parts) > 1 and parts[1] in ALLOWED else None


def allowed(importer: str, imported: str) -> bool:
    top = imported.split(".")[0]
    layer = layer_of(importer)
    if layer is None or (top in STDLIB and top != "designcore"):
        return True
    rules = ALLOWED[layer]
    if layer == "adapters":
        own = importer.split(".")[2]
        if top != "designcore":
            return True  # adapters may use their technology's libraries (and designcore_fonts)
        rules = tuple(rule.replace("{own}", own) for rule in rules if rule != "*")
    return any(imported == rule or imported.startswith(rule + ".") for rule in rules)


MODULES = sorted(SRC.rglob("*.py"))


def package_module_name(path: Path) -> str:
    """The name Python gives the module at ``path`` (a package's ``__init__`` is the package)."""
    name = module_name(path)
    return name.removesuffix(".__init__")


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Which of ``modules`` each one imports, at any depth of its code (``TYPE_CHECKING``
    blocks and function bodies included): ``from a import b`` counts as importing ``a.b`` when
    that is a module, else ``a``."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name in modules)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                for alias in node.names:
                    target = f"{node.module}.{alias.name}"
                    if target in modules:
                        found.add(target)
                    elif node.module in modules:
                        found.add(node.module)
        found.discard(name)
        graph[name] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a loop (the strongly
    connected components of more than one module, Tarjan's algorithm without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            child = next(edges, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


class TestArchitecture:
    @pytest.mark.parametrize("path", MODULES, ids=[module_name(p) for p in MODULES])
    def test_imports_respect_the_layers(self, path: Path) -> None:
        """domain imports only stdlib and attrs; ports add the domain; adapters never import
        each other or the app; use cases never import adapters."""
        importer = module_name(path)
        bad = [name for name in imports_of(path) if not allowed(importer, name)]
        assert [] == bad

    def test_rule_catches_a_forbidden_import(self) -> None:
        """The checker itself refuses what the layers forbid."""
        assert not allowed("designcore.domain.templates", "sqlalchemy")
        assert not allowed("designcore.domain.templates", "designcore.ports.catalogue")
        assert not allowed("designcore.adapters.memory.catalogue", "designcore.adapters.sqlalchemy")
        assert not allowed("designcore.adapters.memory.catalogue", "designcore.app.container")
        assert not allowed("designcore.app.services.catalogue", "designcore.adapters.memory")
        assert allowed("designcore.adapters.sqlalchemy.tables", "sqlalchemy.orm")
        assert allowed("designcore.app.container", "designcore.adapters.memory")
        assert not allowed("designcore.client.auth_client", "designcore.adapters.memory")


class TestImportCycles:
    def test_no_two_modules_import_each_other(self) -> None:
        """No module of designcore imports, directly or round a loop, a module that imports it."""
        modules = {package_module_name(path): path for path in MODULES}
        assert [] == cycles(import_graph(modules))

    def test_a_loop_is_found(self) -> None:
        """The cycle finder reports a direct pair and a longer loop, and nothing acyclic."""
        graph = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c", "f"}, "f": set()}
        assert [["a", "b"], ["c", "d", "e"]] == sorted(cycles(graph))

    def test_an_import_under_type_checking_counts(self, tmp_path: Path) -> None:
        """An import made only for the type checker still joins two modules in a loop."""
        (tmp_path / "one.py").write_text("import two\n")
        (tmp_path / "two.py").write_text(
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from one import Thing\n"
        )
        modules = {"one": tmp_path / "one.py", "two": tmp_path / "two.py"}
        assert [["one", "two"]] == cycles(import_graph(modules))
