"""The dependency direction of the house style, checked on every module with ``ast``."""

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
