"""Every ```python block of README.md and docs/*.md runs, so the documentation cannot drift
from the code.

Each block runs on its own, in a fresh namespace, with a fresh temporary directory as the
working directory (so the default data directory ``var`` is new each time). A block that is
not meant to run says so and why in its info string: ```python no-run <reason>.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```python(?P<info>[^\n]*)\n(?P<code>.*?)^```[ \t]*$", re.M | re.S)


@attrs.frozen
class Block:
    """One ```python block of a document."""

    document: Path
    line: int
    """The line of the block's first line of code, counting from 1."""
    info: str
    """What follows ``python`` on the opening fence."""
    code: str

    @property
    def name(self) -> str:
        return f"{self.document.relative_to(ROOT)}:{self.line}"

    @property
    def runs(self) -> bool:
        return not self.info.startswith("no-run")

    @property
    def reason(self) -> str:
        """Why a ``no-run`` block does not run (empty when none is given)."""
        return self.info.removeprefix("no-run").strip(" :-—")


def blocks_of(document: Path) -> list[Block]:
    text = document.read_text(encoding="utf-8")
    return [
        Block(
            document=document,
            line=text.count("\n", 0, match.start("code")) + 1,
            info=match["info"].strip(),
            code=match["code"],
        )
        for match in FENCE.finditer(text)
    ]


BLOCKS = [block for document in DOCUMENTS for block in blocks_of(document)]
RUNNABLE = [block for block in BLOCKS if block.runs]
SKIPPED = [block for block in BLOCKS if not block.runs]


class TestDocumentation:
    @pytest.mark.parametrize("block", RUNNABLE, ids=[block.name for block in RUNNABLE])
    def test_python_block_runs(
        self, block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The block runs to the end without an error (its own asserts included)."""
        monkeypatch.chdir(tmp_path)
        # Leading blank lines keep the traceback's line numbers those of the document.
        code = compile("\n" * (block.line - 1) + block.code, str(block.document), "exec")
        exec(code, {"__name__": "__docs__"})

    def test_blocks_that_do_not_run_say_why(self) -> None:
        """Every ```python no-run is followed by the reason the block cannot run."""
        assert [] == [block.name for block in SKIPPED if not block.reason]

    def test_the_documents_have_blocks_to_run(self) -> None:
        """The extraction finds the library guide's examples (a broken fence pattern would
        silently test nothing)."""
        assert any(block.document.name == "library.md" for block in RUNNABLE)

    def test_extraction(self, tmp_path: Path) -> None:
        """Blocks are found with their first code line and info; other languages are not."""
        document = tmp_path / "guide.md"
        document.write_text(
            "# Guide\n\n```python\nx = 1\n```\n\n```bash\nls\n```\n\n"
            "```python no-run needs a phone\ncall()\n```\n"
        )
        found = [(b.line, b.runs, b.reason, b.code) for b in blocks_of(document)]
        assert [(4, True, "", "x = 1\n"), (12, False, "needs a phone", "call()\n")] == found


def architecture_diagram() -> str:
    """The README's architecture diagram."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Architecture") :]
    return section[section.index("```") + 3 : section.index("```", section.index("```") + 3)]


def diagram_names(layer: str) -> set[str]:
    """The names the diagram lists for ``designcore.<layer>``: its line and the continuation
    lines that start with ``·``, without parenthesised notes."""
    lines = architecture_diagram().splitlines()
    start = next(i for i, line in enumerate(lines) if f"designcore.{layer}:" in line)
    block = [lines[start].split(":", 1)[1]]
    for line in lines[start + 1 :]:
        if not line.lstrip().startswith("·"):
            break
        block.append(line)
    names = re.sub(r"\([^)]*\)", "", " ".join(block))
    return {name.strip() for name in names.split("·") if name.strip()}


class TestReadmeDiagram:
    def test_adapters_are_the_adapter_packages(self) -> None:
        """The diagram lists exactly the packages under designcore/adapters."""
        packages = {
            path.parent.name
            for path in (ROOT / "src" / "designcore" / "adapters").glob("*/__init__.py")
        }
        assert packages == diagram_names("adapters")

    def test_domain_modules_are_the_domain_modules(self) -> None:
        """The diagram lists exactly the modules of designcore/domain."""
        modules = {
            path.stem
            for path in (ROOT / "src" / "designcore" / "domain").glob("*.py")
            if path.stem != "__init__"
        }
        assert modules == diagram_names("domain")

    def test_every_port_named_exists(self) -> None:
        """Each port the diagram names is a class of designcore.ports."""
        classes = {
            match
            for path in (ROOT / "src" / "designcore" / "ports").glob("*.py")
            for match in re.findall(r"^class (\w+)", path.read_text(), re.M)
        }
        assert set() == diagram_names("ports") - classes


APP = ROOT / "src" / "designcore" / "app"
ROUTE_DECORATORS = frozenset({"get", "post", "put", "patch", "delete", "route", "head"})


def declares_routes(path: Path) -> bool:
    """Whether the module declares a route: a handler decorator, a Controller or a Router."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if isinstance(target, ast.Name) and target.id in ROUTE_DECORATORS:
                    return True
        if isinstance(node, ast.ClassDef) and any(
            isinstance(base, ast.Name) and base.id == "Controller" for base in node.bases
        ):
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "Router"
        ):
            return True
    return False


def architecture_text() -> str:
    """docs/architecture.md."""
    return (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


class TestArchitectureNamesEverything:
    def test_every_service_module_is_named(self) -> None:
        """Each module of app/services (auth's included) is in the services table by path."""
        text = architecture_text()
        modules = [
            path.relative_to(APP).as_posix()
            for path in sorted((APP / "services").rglob("*.py"))
            if path.name != "__init__.py"
        ]
        assert len(modules) >= 14
        assert [] == [module for module in modules if f"| `{module}` |" not in text]

    def test_every_route_module_is_named(self) -> None:
        """Each module of app/http that declares routes is in the routes table by path."""
        text = architecture_text()
        modules = [
            path.relative_to(APP).as_posix()
            for path in sorted((APP / "http").rglob("*.py"))
            if declares_routes(path)
        ]
        assert "http/templates.py" in modules
        assert [] == [module for module in modules if f"| `{module}` |" not in text]

    def test_every_adapter_package_is_named(self) -> None:
        """Each package under designcore/adapters is named in the layers table's adapter row."""
        row = next(
            line
            for line in architecture_text().splitlines()
            if line.startswith("| `designcore.adapters.<technology>`")
        )
        packages = sorted(
            path.parent.name
            for path in (ROOT / "src" / "designcore" / "adapters").glob("*/__init__.py")
        )
        assert [] == [package for package in packages if f"`{package}`" not in row]

    def test_the_route_detector_finds_each_kind(self, tmp_path: Path) -> None:
        """Decorated handlers, Controllers and Routers count as routes; helpers do not."""
        kinds = {
            "handler.py": "@get('/x')\ndef x() -> None: ...\n",
            "controller.py": "class C(Controller):\n    path = '/c'\n",
            "router.py": "r = Router(path='/', route_handlers=[])\n",
            "helper.py": "def get() -> None: ...\nx = get()\n",
        }
        for name, code in kinds.items():
            (tmp_path / name).write_text(code)
        assert ["controller.py", "handler.py", "router.py"] == sorted(
            name for name in kinds if declares_routes(tmp_path / name)
        )
