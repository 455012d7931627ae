"""The HTTP shell."""

from designcore.app.http.app import create_app

__all__ = ["create_app"]
