"""designcore: template-based graphic design — domain library, ports, adapters and app.

The public API is small on purpose:

* ``designcore.domain`` — pure rules and value types (no I/O);
* ``designcore.ports`` — the protocols the domain needs from the world;
* ``designcore.app.create_app`` / ``designcore.app.Container`` — the composition root.

See ``docs/library.md``.
"""

__version__ = "0.1.0"
