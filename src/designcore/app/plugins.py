"""Adapters from outside the package, chosen by configuration.

A port's backend setting (``DESIGNCORE_CATALOGUE_BACKEND``, ``DESIGNCORE_STORAGE_BACKEND``, …)
names a built-in adapter, an importable ``module:Class`` (``mypkg.catalogue:JsonCatalogue``),
or an entry point of the ``designcore.adapters`` group that an installed distribution declares.
The container calls the class (or any callable) with the port's keyword arguments from
``DESIGNCORE_ADAPTER_OPTIONS`` and checks the object against the port's ``Protocol`` when it
is built, naming every missing member.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any

import attrs

__all__ = [
    "ENTRY_POINT_GROUP",
    "AdapterMismatch",
    "PluginNotFound",
    "build_adapter",
    "check_adapter",
    "is_plugin_spec",
    "load_factory",
    "missing_members",
    "protocol_members",
]

ENTRY_POINT_GROUP = "designcore.adapters"
"""The entry-point group where installed distributions declare their adapters."""

_TARGET = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")


class PluginNotFound(LookupError):
    """A backend setting names an adapter that cannot be found or imported."""


class AdapterMismatch(TypeError):
    """An adapter chosen by configuration lacks members of its port."""


def entry_point_names() -> list[str]:
    """The names of the installed ``designcore.adapters`` entry points."""
    return sorted({point.name for point in entry_points(group=ENTRY_POINT_GROUP)})


def is_plugin_spec(value: str) -> bool:
    """Whether ``value`` is a ``module:Class`` target or an installed entry point's name."""
    return bool(_TARGET.match(value)) or value in entry_point_names()


def load_factory(spec: str, *, setting: str) -> Callable[..., Any]:
    """The callable ``spec`` names: ``module:Attribute`` (dotted attributes allowed) or the
    name of an entry point of :data:`ENTRY_POINT_GROUP`. Raises :class:`PluginNotFound`
    naming ``setting`` and what could not be found."""
    if ":" in spec:
        module_name, _, attribute = spec.partition(":")
        try:
            found: Any = importlib.import_module(module_name)
        except ImportError as error:
            raise PluginNotFound(
                f"{setting}={spec}: cannot import {module_name}: {error}"
            ) from error
        for part in attribute.split("."):
            try:
                found = getattr(found, part)
            except AttributeError:
                raise PluginNotFound(
                    f"{setting}={spec}: module {module_name} has no attribute {attribute}"
                ) from None
        factory = found
    else:
        points = [point for point in entry_points(group=ENTRY_POINT_GROUP) if point.name == spec]
        if not points:
            installed = ", ".join(entry_point_names()) or "none"
            raise PluginNotFound(
                f"{setting}={spec}: no such built-in adapter and no entry point {spec!r} in the "
                f"{ENTRY_POINT_GROUP} group (installed: {installed})"
            )
        try:
            factory = points[0].load()
        except ImportError as error:
            raise PluginNotFound(
                f"{setting}={spec}: the entry point {points[0].value} cannot be imported: {error}"
            ) from error
    if not callable(factory):
        raise PluginNotFound(f"{setting}={spec}: {spec} is not a class or callable")
    return factory  # type: ignore[no-any-return]


def protocol_members(protocol: type) -> dict[str, bool]:
    """The members a ``Protocol`` class declares, each with whether it is a method (else an
    attribute), its bases' included."""
    members: dict[str, bool] = {}
    for klass in reversed(protocol.__mro__):
        if klass is object or not getattr(klass, "_is_protocol", False):
            continue
        if klass.__module__ == "typing":  # Protocol and Generic themselves
            continue
        for name in getattr(klass, "__annotations__", {}):
            if not name.startswith("_"):
                members[name] = False
        for name, value in vars(klass).items():
            if name.startswith("_"):
                continue
            if inspect.isfunction(value) or isinstance(value, classmethod | staticmethod):
                members[name] = True
            elif isinstance(value, property):
                members[name] = False
    return members


def missing_members(adapter: object, protocol: type) -> list[str]:
    """The members of ``protocol`` that ``adapter`` lacks (methods it has but cannot call
    count as missing), sorted."""
    missing = []
    for name, is_method in protocol_members(protocol).items():
        if not hasattr(adapter, name) or (is_method and not callable(getattr(adapter, name))):
            missing.append(name)
    return sorted(missing)


def check_adapter(adapter: object, protocol: type, *, setting: str, spec: str) -> None:
    """Raise :class:`AdapterMismatch` naming every member of ``protocol`` that ``adapter``
    lacks."""
    missing = missing_members(adapter, protocol)
    if missing:
        raise AdapterMismatch(
            f"{setting}={spec}: {type(adapter).__qualname__} does not implement "
            f"{protocol.__module__}.{protocol.__qualname__}; missing: {', '.join(missing)}"
        )


def build_adapter(
    spec: str, *, protocol: type, setting: str, options: Mapping[str, Any] | None = None
) -> Any:
    """Load ``spec``, call it with ``options`` as keyword arguments and check the result
    against ``protocol``."""
    factory = load_factory(spec, setting=setting)
    try:
        adapter = factory(**dict(options or {}))
    except TypeError as error:
        raise AdapterMismatch(
            f"{setting}={spec}: cannot build it with the options {dict(options or {})!r} "
            f"(DESIGNCORE_ADAPTER_OPTIONS): {error}"
        ) from error
    check_adapter(adapter, protocol, setting=setting, spec=spec)
    return adapter


def backend_family(value: str, builtins: tuple[str, ...]) -> str:
    """``value`` when it names a built-in adapter, else ``plugin``."""
    return value if value in builtins else "plugin"


@attrs.frozen
class PluggablePort:
    """A port whose backend setting names a built-in adapter family or an adapter of one's own
    (``module:Class`` or an entry point's name)."""

    provider: str
    """The container's provider of the port (``storage``, ``payment_gateway``, …)."""
    options: str
    """The port's key in ``DESIGNCORE_ADAPTER_OPTIONS`` (``storage``, ``payments``, …)."""
    protocol: type
    """The port's ``Protocol``, which an adapter of one's own is checked against."""
    setting: str
    """The backend setting's environment variable (``DESIGNCORE_STORAGE_BACKEND``, …)."""
    families: tuple[str, ...]
    """The built-in families the setting may name; ``""`` stands for the database's family."""
    member: str | None = None
    """The member of the built adapter that serves the port, when not the adapter itself
    (an accounts store serves its ``unit_of_work``)."""

    def family(self, value: str, database: str) -> str:
        """The family the setting's ``value`` chooses: a built-in family (``""`` is read as
        ``database``, the database's family) or ``plugin``."""
        return backend_family(value, self.families) or database

    def build(self, spec: str, options: Mapping[str, Any] | None = None) -> Any:
        """The adapter of one's own ``spec`` names, built with ``options`` (the port's
        ``DESIGNCORE_ADAPTER_OPTIONS``) and checked against :attr:`protocol`."""
        adapter = build_adapter(spec, protocol=self.protocol, setting=self.setting, options=options)
        return adapter if self.member is None else getattr(adapter, self.member)
