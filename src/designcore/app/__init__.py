"""The composition root and its settings: what a program embedding designcore needs.

The HTTP app is :func:`designcore.app.http.create_app` (it needs the ``web`` extra); the CLI is
:mod:`designcore.app.cli`. Importing this package loads neither, nor any optional technology.
"""

from designcore.app.container import Container, build_container
from designcore.app.settings import Settings, load_settings

__all__ = ["Container", "Settings", "build_container", "load_settings"]
