"""The composition root, the HTTP app and the CLI."""

from designcore.app.container import Container, build_container
from designcore.app.http import create_app
from designcore.app.settings import Settings, load_settings

__all__ = ["Container", "Settings", "build_container", "create_app", "load_settings"]
