"""The HTTP shell (extra ``web``: ``pip install 'designcore[web]'``).

Without the extra, importing it raises :class:`~designcore.app.container.MissingExtra` (a
``ModuleNotFoundError``) naming the extra to install.
"""

from designcore.app.container import optional_technology

with optional_technology():
    from designcore.app.http.app import create_app

__all__ = ["create_app"]
