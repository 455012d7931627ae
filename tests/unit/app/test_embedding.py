"""designcore as a library: what importing and building the container costs, and what it means."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from designcore.app import Container
from designcore.domain.errors import NotAllowed
from designcore.domain.premium import Viewer
from support import make_template

OPTIONAL_TECHNOLOGIES = ("litestar", "boto3", "redis", "skia", "uharfbuzz", "designcore_fonts")
"""Modules of the extras (``web``, ``s3``, ``redis``, ``render``; the fonts distribution of
``render`` and ``web``) an embedding program may lack."""

BLOCK_OPTIONAL = f"""
import importlib.abc, sys

class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {OPTIONAL_TECHNOLOGIES!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Missing())
"""
"""Makes the optional technologies unimportable, as in an install without the extras."""


def run_python(code: str, cwd: Path, *, without_extras: bool = False) -> str:
    """Run ``code`` in a fresh interpreter (optionally without the optional technologies) and
    answer its standard output."""
    program = (BLOCK_OPTIONAL if without_extras else "") + textwrap.dedent(code)
    finished = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        check=False,
    )
    assert 0 == finished.returncode, finished.stderr
    return finished.stdout


class TestImportingTheLibrary:
    def test_the_container_loads_no_optional_technology(self, tmp_path: Path) -> None:
        """``import designcore.app`` loads neither Litestar, boto3, Redis nor skia."""
        loaded = run_python(
            f"""
            import json, sys
            import designcore.app
            print(json.dumps([m for m in {OPTIONAL_TECHNOLOGIES!r} if m in sys.modules]))
            """,
            tmp_path,
        )
        assert [] == json.loads(loaded)

    def test_the_library_works_without_the_extras(self, tmp_path: Path) -> None:
        """On SQLite, with no extra installed, a container migrates, searches the catalogue,
        publishes its token keys and reads the premium switch."""
        answer = run_python(
            """
            from designcore.adapters.sqlalchemy import migrate
            from designcore.app import build_container, load_settings
            from designcore.domain.pagination import PageRequest

            container = build_container(load_settings({"DESIGNCORE_DATA_DIR": "data"}))
            migrate(container.engine())
            page = container.catalogue_service().search("flyer", PageRequest(1, 24))
            keys = container.token_signer().jwks()["keys"]
            print(page.total_count, len(keys), container.site_settings().premium_model_enabled())
            """,
            tmp_path,
            without_extras=True,
        )
        assert "0 1 True" == answer.strip()

    def test_a_missing_extra_is_named(self, tmp_path: Path) -> None:
        """Selecting S3 storage without boto3 fails saying which extra to install."""
        answer = run_python(
            """
            from designcore.app import build_container, load_settings

            settings = load_settings({"DESIGNCORE_DATABASE_URL": "memory://",
                                      "DESIGNCORE_STORAGE_BACKEND": "s3"})
            try:
                build_container(settings).storage()
            except ModuleNotFoundError as error:
                print(error)
            """,
            tmp_path,
            without_extras=True,
        )
        assert "pip install 'designcore[s3]'" in answer


def block(*modules: str) -> str:
    """Code that makes ``modules`` unimportable, as in an install without their extra."""
    return BLOCK_OPTIONAL.replace(repr(OPTIONAL_TECHNOLOGIES), repr(modules))


class TestEmbeddingTheWebApp:
    def test_the_web_app_starts_without_the_renderer(self, tmp_path: Path) -> None:
        """With the ``web`` extra alone (no skia), ``create_app`` builds the app, answers the
        health check and serves the font stylesheet, fallback ranges included."""
        answer = run_python(
            block("skia")
            + textwrap.dedent(
                """
                import json, sys
                from litestar.testing import TestClient
                from designcore.app.http import create_app
                from designcore.testing.fakes import memory_container

                with TestClient(create_app(container=memory_container())) as client:
                    health = client.get("/api/v1/health")
                    css = client.get("/fonts/fonts.css")
                print(json.dumps([health.status_code, css.status_code,
                                  "unicode-range" in css.text,
                                  [m for m in sys.modules if m.split(".")[0] == "skia"]]))
                """
            ),
            tmp_path,
        )
        assert [200, 200, True, []] == json.loads(answer)

    def test_only_drawing_needs_the_render_extra(self, tmp_path: Path) -> None:
        """With the ``web`` extra alone, the designs and photo editor services are built and
        answer; drawing (a download, a preview image) fails naming ``designcore[render]``."""
        answer = run_python(
            block("skia")
            + textwrap.dedent(
                """
                from designcore.domain.document import parse_document
                from designcore.domain.rendering import RenderFormat
                from designcore.testing.fakes import memory_container

                container = memory_container()
                print(container.designs().purge(),
                      type(container.photo_editor()).__name__)
                blank = parse_document({"width": 10, "height": 10, "pages": [{"id": "p", "children": []}]})
                for draw in (
                    lambda: container.export_renderer().render(blank, format=RenderFormat.PNG),
                    lambda: container.preview_renderer(),
                ):
                    try:
                        draw()
                    except ModuleNotFoundError as error:
                        print(type(error).__name__, error.name, error)
                """
            ),
            tmp_path,
        )
        built, *failures = answer.strip().splitlines()
        assert "0 PhotoEditorService" == built
        assert [True, True] == [
            line.startswith("MissingExtra skia") and "pip install 'designcore[render]'" in line
            for line in failures
        ]

    def test_the_root_logger_is_left_alone(self) -> None:
        """``create_app`` changes neither the root logger's handlers nor its level: it sets
        the level of designcore's own loggers only."""
        from designcore.app.http import create_app
        from designcore.testing.fakes import memory_container

        root = logging.getLogger()
        mine = logging.StreamHandler()
        saved = (list(root.handlers), root.level)
        root.handlers = [mine]
        root.setLevel(logging.ERROR)
        try:
            create_app(container=memory_container({"DESIGNCORE_LOG_LEVEL": "DEBUG"}))
            after = (list(root.handlers), root.level)
        finally:
            root.handlers, level = saved
            root.setLevel(level)
        assert ([mine], logging.ERROR) == after
        assert logging.DEBUG == logging.getLogger("designcore").level

    def test_importing_the_http_shell_names_the_web_extra(self, tmp_path: Path) -> None:
        """Without Litestar, ``import designcore.app.http`` says to install
        ``designcore[web]``, as a ``ModuleNotFoundError``."""
        answer = run_python(
            """
            try:
                import designcore.app.http
            except ModuleNotFoundError as error:
                print(type(error).__name__, error.name, error)
            """,
            tmp_path,
            without_extras=True,
        )
        assert answer.startswith("MissingExtra litestar")
        assert "pip install 'designcore[web]'" in answer

    def test_serve_without_the_web_extra_says_what_to_install(self, tmp_path: Path) -> None:
        """``designcore serve`` without Litestar and uvicorn exits with status 1 and one
        line naming the extra, not a traceback."""
        answer = run_python(
            block("litestar", "uvicorn")
            + textwrap.dedent(
                """
                import contextlib, io, os
                from designcore.app.cli import main

                os.environ["DESIGNCORE_DATABASE_URL"] = "memory://"
                errors = io.StringIO()
                with contextlib.redirect_stderr(errors):
                    status = main(["serve"])
                print(status, errors.getvalue().strip())
                """
            ),
            tmp_path,
        )
        assert answer.startswith("1 error: ")
        assert "pip install 'designcore[web]'" in answer
        assert 1 == len(answer.strip().splitlines())


class TestPremiumDefault:
    def test_gating_is_on_without_seeding(self, memory_container: Container) -> None:
        """A container nobody seeded has the premium business model on."""
        assert memory_container.site_settings().premium_model_enabled()

    def test_free_viewer_cannot_open_a_premium_template(self, memory_container: Container) -> None:
        """Without seeding, a free viewer is asked to upgrade for a premium template."""
        template = make_template(template_type="premium")
        memory_container.catalogue().add(template)
        with pytest.raises(NotAllowed) as raised:
            memory_container.catalogue_service().open_document(template.id, Viewer("u-free"))
        assert "upgrade_required" == raised.value.code

    def test_the_default_reads_as_set(self, memory_container: Container) -> None:
        """The switch nobody set reads as ``true``, as the web app expects."""
        setting = memory_container.site_settings().get("premium_business_model_enabled")
        assert True is setting.setting_value

    def test_an_operator_may_turn_it_off(self, memory_container: Container) -> None:
        """A stored ``false`` wins over the default."""
        site_settings = memory_container.site_settings()
        site_settings.set("premium_business_model_enabled", False, by=None)
        assert not site_settings.premium_model_enabled()
