"""designcore: template-based graphic design — domain library, ports, adapters and app.

The public API is small on purpose:

* ``designcore.domain`` — pure rules and value types (no I/O);
* ``designcore.ports`` — the protocols the domain needs from the world;
* ``designcore.app`` — the composition root: ``Container``, ``build_container``, ``Settings``,
  ``load_settings``;
* ``designcore.app.http.create_app`` — the HTTP app (the ``web`` extra).

See ``docs/library.md``.
"""

__version__ = "0.1.0"
