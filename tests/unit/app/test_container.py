"""The composition root: every provider's declared type, its dependencies, and which adapter a
setting selects for how long."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
from dependency_injector import errors, providers

import designcore.app.container as container_module
from designcore.adapters.memory import InMemoryDesignRepository, InMemoryKeyRing, InMemoryStorage
from designcore.adapters.openai_compatible import ChatCompletionsPromptUnderstanding
from designcore.adapters.rules.prompt_understanding import RuleBasedPromptUnderstanding
from designcore.adapters.sqlalchemy import SqlAlchemyDesignRepository
from designcore.adapters.sqlalchemy.keys import SqlAlchemyKeyRing
from designcore.adapters.sqlalchemy.rate_limit import SqlAlchemyRateLimiter
from designcore.app import Container, build_container, load_settings
from designcore.app.seeding import migrate_database


def declared_types(source: str, class_name: str) -> dict[str, ast.expr]:
    """The annotation of each attribute declared in the body of ``class_name`` in ``source``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return {
                statement.target.id: statement.annotation
                for statement in node.body
                if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
            }
    raise LookupError(class_name)


def mentions_any(annotation: ast.expr) -> bool:
    """Whether ``Any`` appears anywhere in ``annotation`` (``Any``, ``typing.Any``, nested)."""
    return any(
        (isinstance(node, ast.Name) and node.id == "Any")
        or (isinstance(node, ast.Attribute) and node.attr == "Any")
        for node in ast.walk(annotation)
    )


def provider_class(annotation: ast.expr) -> type:
    """The provider class an annotation such as ``providers.Selector[Storage]`` names."""
    outer = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    assert isinstance(outer, ast.Attribute)
    assert isinstance(outer.value, ast.Name)
    assert "providers" == outer.value.id
    named = getattr(providers, outer.attr)
    assert isinstance(named, type)
    return named


CONTAINER_TYPES = declared_types(inspect.getsource(container_module), "Container")


class TestDeclaredTypes:
    def test_every_provider_declares_its_type(self) -> None:
        """Each provider of the container is declared with an annotation (so mypy types
        ``container.storage()`` as the port, not as what a lazy import leaves: ``Any``)."""
        assert sorted(Container.providers) == sorted(CONTAINER_TYPES)

    def test_no_provider_is_typed_any(self) -> None:
        """No provider's declared type is ``Any`` or has ``Any`` in it."""
        typed_any = [
            name for name, annotation in CONTAINER_TYPES.items() if mentions_any(annotation)
        ]
        assert [] == typed_any

    def test_each_declared_provider_class_is_the_real_one(self) -> None:
        """The declared provider class (``Selector``, ``Singleton``, ``Factory``, …) is the
        class of the provider, so a declared ``Factory`` is not in fact a ``Singleton``."""
        wrong = {
            name: type(Container.providers[name]).__name__
            for name, annotation in CONTAINER_TYPES.items()
            if not isinstance(Container.providers[name], provider_class(annotation))
        }
        assert {} == wrong

    def test_an_any_or_a_missing_declaration_is_found(self) -> None:
        """The checks see ``Any`` nested in a declaration and an undeclared provider."""
        source = (
            "class C:\n"
            "    a: providers.Selector[Storage] = x\n"
            "    b: providers.Factory[Callable[[], typing.Any]] = y\n"
            "    c = z\n"
        )
        found = declared_types(source, "C")
        assert ["a", "b"] == sorted(found)
        assert [False, True] == [mentions_any(found["a"]), mentions_any(found["b"])]


class TestDependencies:
    def test_the_default_settings_satisfy_every_dependency(self) -> None:
        """A container of the default settings passes ``check_dependencies()``; one without
        settings does not."""
        Container(settings=load_settings({})).check_dependencies()
        with pytest.raises(errors.Error, match="settings"):
            Container().check_dependencies()


class TestSelection:
    def test_the_memory_backend_keeps_one_adapter_of_each_port(self) -> None:
        """``memory://`` selects the in-memory design repository, key ring and storage, each
        built once (it holds the data)."""
        container = build_container(
            load_settings(
                {"DESIGNCORE_DATABASE_URL": "memory://", "DESIGNCORE_STORAGE_BACKEND": "memory"}
            )
        )
        chosen = [container.design_repository(), container.key_ring(), container.storage()]
        assert [InMemoryDesignRepository, InMemoryKeyRing, InMemoryStorage] == [
            type(adapter) for adapter in chosen
        ]
        again = [container.design_repository(), container.key_ring(), container.storage()]
        assert [True, True, True] == [a is b for a, b in zip(chosen, again, strict=True)]

    def test_a_database_url_selects_the_sqlalchemy_adapters(self, tmp_path: Path) -> None:
        """A SQLite URL selects the SQLAlchemy design repository and key ring, built per use
        over the one engine."""
        container = build_container(
            load_settings(
                {
                    "DESIGNCORE_DATA_DIR": str(tmp_path),
                    "DESIGNCORE_DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite'}",
                }
            )
        )
        first, second = container.design_repository(), container.design_repository()
        assert [SqlAlchemyDesignRepository, SqlAlchemyKeyRing] == [
            type(first),
            type(container.key_ring()),
        ]
        assert (False, True) == (first is second, container.engine() is container.engine())

    def test_prompt_quotas_are_counted_where_every_process_sees_them(self, tmp_path: Path) -> None:
        """Design prompting's allowances count in the database when rate limits are per
        process, so two server workers (two containers on one database) share one count; with a
        memory database they stay in the process's limiter."""
        environ = {
            "DESIGNCORE_DATA_DIR": str(tmp_path),
            "DESIGNCORE_DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite'}",
        }
        first = build_container(load_settings(environ))
        migrate_database(first)
        second = build_container(load_settings(environ))
        assert SqlAlchemyRateLimiter is type(first.quota_counter())
        for _ in range(2):
            assert (
                first.quota_counter().hit("prompts:visitor:1", limit=3, window_seconds=60).allowed
            )
        assert second.quota_counter().hit("prompts:visitor:1", limit=3, window_seconds=60).allowed
        assert (
            not second.quota_counter().hit("prompts:visitor:1", limit=3, window_seconds=60).allowed
        )
        memory = build_container(load_settings({"DESIGNCORE_DATABASE_URL": "memory://"}))
        assert memory.quota_counter() is memory.rate_limiter()

    def test_services_are_built_per_use_unless_they_keep_state(self) -> None:
        """A stateless service is a new object on each use; one that keeps state across calls
        (the designs' creation locks, the export slots) is the same object."""
        container = build_container(load_settings({"DESIGNCORE_DATABASE_URL": "memory://"}))
        assert (False, False) == (
            container.profiles() is container.profiles(),
            container.site_settings() is container.site_settings(),
        )
        assert (True, True) == (
            container.designs() is container.designs(),
            container.exports() is container.exports(),
        )

    def test_the_prompting_url_chooses_the_reader(self) -> None:
        """Without a prompting model URL the rules read prompts; with one the chat-completions
        adapter does, over one HTTP client for the process and falling back to the rules."""
        memory = {"DESIGNCORE_DATABASE_URL": "memory://"}
        rules = build_container(load_settings(memory)).prompt_understanding()
        container = build_container(
            load_settings(
                memory
                | {
                    "DESIGNCORE_PROMPTING_MODEL_URL": "http://127.0.0.1:9/v1",
                    "DESIGNCORE_PROMPTING_MODEL": "reader-small",
                    "DESIGNCORE_PROMPTING_MODEL_API_KEY": "sk-container-test",
                }
            )
        )
        first, second = container.prompt_understanding(), container.prompt_understanding()
        assert [RuleBasedPromptUnderstanding, ChatCompletionsPromptUnderstanding] == [
            type(rules),
            type(first),
        ]
        assert "url='http://127.0.0.1:9/v1/chat/completions'" in repr(first)
        assert container.prompt_model_http() is container.prompt_model_http()
        # Nothing listens on port 9: the first prompt is read by the rules, marked so.
        assert "rules-fallback" == second.understand("church flyer").source
