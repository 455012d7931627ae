"""The supported API is listed in one place: each public module's ``__all__``, held to the
module index of docs/library.md, and the package ships its type information."""

from __future__ import annotations

import importlib
import json
import re
import tomllib
from pathlib import Path

import pytest

import designcore
import designcore_fonts

ROOT = Path(__file__).parents[2]
GUIDE = (ROOT / "docs" / "library.md").read_text(encoding="utf-8")


def module_index() -> dict[str, list[str]]:
    """The guide's module index: each module with the names it lists."""
    section = GUIDE[GUIDE.index("### Module index") :]
    section = section[: section.index("\n## ")]
    index = {}
    for line in section.splitlines():
        match = re.match(r"^- `([\w.]+)`: (.*)$", line)
        if match:
            index[match[1]] = re.findall(r"`(\w+)`", match[2])
    return index


INDEX = module_index()


class TestModuleIndex:
    def test_the_index_lists_the_public_modules(self) -> None:
        assert {
            "designcore.app",
            "designcore.app.plugins",
            "designcore.client",
            "designcore.testing.fakes",
            "designcore.testing.builders",
            "designcore.testing.strategies",
            "designcore.testing.contracts",
        } <= set(INDEX)

    @pytest.mark.parametrize("module", sorted(INDEX))
    def test_all_is_what_the_guide_lists(self, module: str) -> None:
        """``__all__`` names exactly the documented names, and each exists."""
        imported = importlib.import_module(module)
        assert sorted(INDEX[module]) == sorted(imported.__all__)
        assert [] == [name for name in imported.__all__ if not hasattr(imported, name)]

    def test_the_domain_table_is_the_public_api_of_modules_with_all(self) -> None:
        """For a domain module that declares ``__all__`` (profiles: referrals and credits),
        the guide's domain table names every name in it, and ``__all__`` every public name
        the module defines."""
        section = GUIDE[GUIDE.index("## Domain (`designcore.domain`)") :]
        section = section[: section.index("\n## ", 1)]
        documented: dict[str, set[str]] = {}
        for module, rest in re.findall(r"^\| `(\w+)\.([^|]*)\|", section, re.M):
            first = re.match(r"(\w+)", rest)
            names = {first[1]} if first else set()
            documented.setdefault(module, set()).update(names, re.findall(r", `(\w+)", rest))
        imported = importlib.import_module("designcore.domain.profiles")
        defined = {
            name
            for name, value in vars(imported).items()
            if not name.startswith("_") and getattr(value, "__module__", None) == imported.__name__
        }
        assert sorted(imported.__all__) == sorted(documented["profiles"])
        assert set() == defined - set(imported.__all__)

    def test_the_domain_table_names_what_exists(self) -> None:
        """Every name the guide's domain table gives is in its module."""
        section = GUIDE[GUIDE.index("## Domain (`designcore.domain`)") :]
        section = section[: section.index("\n## ", 1)]
        missing = []
        for row in re.findall(r"^\| `(\w+)\.([^|]*)\|", section, re.M):
            module = importlib.import_module(f"designcore.domain.{row[0]}")
            first = re.match(r"(\w+)", row[1])
            names = [first[1]] if first else []
            names += re.findall(r", `(\w+)", row[1])
            missing += [f"{row[0]}.{n}" for n in names if not hasattr(module, n)]
        assert [] == missing


FONT_FILES = (".ttf", ".otf", ".woff", ".woff2")


class TestPackage:
    def test_the_base_wheel_carries_no_fonts(self) -> None:
        """The base wheel is ``src/designcore`` alone, and no font file lives there: the
        fonts are the ``designcore-fonts`` distribution."""
        wheel = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]
        assert ["src/designcore"] == wheel["targets"]["wheel"]["packages"]
        shipped = ROOT / "src" / "designcore"
        assert [] == [
            path.relative_to(shipped).as_posix()
            for path in shipped.rglob("*")
            if path.suffix.lower() in FONT_FILES or path.name == "fonts.json"
        ]

    def test_render_and_web_bring_the_fonts_at_the_same_version(self) -> None:
        """The ``render`` and ``web`` extras require ``designcore-fonts`` at designcore's
        version, which is the fonts package's own."""
        project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
        fonts = tomllib.loads(
            (ROOT / "packages" / "designcore-fonts" / "pyproject.toml").read_text()
        )
        pin = f"designcore-fonts=={designcore.__version__}"
        extras = project["optional-dependencies"]
        assert [pin, pin] == [
            next(d for d in extras[extra] if d.startswith("designcore-fonts"))
            for extra in ("render", "web")
        ]
        assert designcore.__version__ == fonts["project"]["version"] == designcore_fonts.__version__
        assert not any(d.startswith("designcore-fonts") for d in project["dependencies"])

    def test_the_fonts_package_holds_every_file_its_manifest_names(self) -> None:
        """Every face and licence ``fonts.json`` names is a file of the fonts package."""
        manifest = json.loads((designcore_fonts.FONTS_DIR / "fonts.json").read_text())
        names = [face["file"] for family in manifest["families"] for face in family["faces"]]
        names += [f["licenceFile"] for f in manifest["families"] if f.get("licenceFile")]
        assert len(names) > 15
        assert [] == [n for n in names if not (designcore_fonts.FONTS_DIR / n).is_file()]

    def test_ships_its_types(self) -> None:
        assert (Path(designcore.__file__).parent / "py.typed").is_file()

    def test_one_version_everywhere(self) -> None:
        """The package metadata, ``designcore.__version__`` and the changelog agree."""
        project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
        assert project["version"] == designcore.__version__
        assert f"\n## {designcore.__version__}\n" in (ROOT / "CHANGELOG.md").read_text()
