"""Clear errors for the optional test tools of ``designcore.testing``."""

from __future__ import annotations


def missing(module: str, needed_by: str, error: ModuleNotFoundError) -> ImportError:
    """The ``ImportError`` to raise when ``module`` (pytest or hypothesis) is not installed.

    They are not dependencies of the library: they come with the extra ``testing``
    (``pip install 'designcore[testing]'``). Any other missing module is re-raised as it is.
    """
    if (error.name or "").split(".")[0] != module:
        return error
    return ImportError(
        f"{needed_by} needs {module}, which is not installed: pip install 'designcore[testing]'",
        name=module,
    )
