"""Renaming public names without breaking the programs that use them.

When a public name changes, the old one keeps working for the deprecation period of the
version policy (docs/library.md, "Versions"), with a ``DeprecationWarning`` that names the
new one. In the module that owned the old name::

    from designcore.deprecation import renamed_names

    __getattr__ = renamed_names(__name__, {"OldName": ("NewName", "0.2.0")})

``designcore.<module>.OldName`` then answers ``NewName``'s object and warns, once per place
in the caller's code, ``designcore.<module>.OldName is deprecated since 0.2.0 and will be
removed in 0.4.0; use designcore.<module>.NewName``.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["DEPRECATION_MINOR_RELEASES", "removal_version", "renamed_names", "warn_renamed"]

DEPRECATION_MINOR_RELEASES = 2
"""How many minor releases a deprecated name lives before it is removed."""


def removal_version(since: str) -> str:
    """The release that removes a name deprecated in ``since`` (``0.2.0`` → ``0.4.0``)."""
    major, minor, *_ = (int(part) for part in since.split("."))
    return f"{major}.{minor + DEPRECATION_MINOR_RELEASES}.0"


def warn_renamed(old: str, new: str, since: str, *, stacklevel: int = 2) -> None:
    """Warn that ``old`` is deprecated in favour of ``new`` (full dotted names)."""
    warnings.warn(
        f"{old} is deprecated since {since} and will be removed in {removal_version(since)}; "
        f"use {new}",
        DeprecationWarning,
        stacklevel=stacklevel + 1,
    )


def renamed_names(module: str, renames: Mapping[str, tuple[str, str]]) -> Callable[[str], Any]:
    """A module ``__getattr__`` answering each old name of ``renames`` (old name →
    ``(new name, version that deprecated it)``) with the new name's object, and warning."""

    def module_getattr(name: str) -> Any:
        if name not in renames:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        new, since = renames[name]
        warn_renamed(f"{module}.{name}", f"{module}.{new}", since, stacklevel=2)
        return getattr(sys.modules[module], new)

    return module_getattr
