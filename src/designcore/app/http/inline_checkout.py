"""The payment popup script (``inline-checkout/``), served at ``/inline-checkout/v2/inline.js``.

A merchant page switches between the provider's script and this one by its ``src`` alone. With
the payment sandbox the served copy talks to the sandbox's own routes: the built bundle carries
a marker string (``"__INLINE_CHECKOUT_HOSTS__"``, see ``inline-checkout/src/config.ts``) that is
replaced here, once per bundle version, with a JSON string of the sandbox hosts under
``DESIGNCORE_PUBLIC_URL``. With ``DESIGNCORE_PAYMENTS_BACKEND=paystack`` the bundle goes out
unchanged and talks to Paystack.
"""

from __future__ import annotations

import json
from pathlib import Path

from litestar import Controller, Response, get
from litestar.di import NamedDependency
from litestar.params import SkipValidation

from designcore.app.http.sandbox import API_PREFIX, CHECKOUT_PATH
from designcore.app.settings import Settings

SCRIPT_PATH = "/inline-checkout/v2/inline.js"
"""Where the script is served."""

HOSTS_MARKER = '"__INLINE_CHECKOUT_HOSTS__"'
"""The string literal in the built bundle that a serving server replaces with its hosts."""

JAVASCRIPT = "text/javascript"
"""Litestar adds the charset (utf-8)."""


def sandbox_hosts(public_url: str) -> dict[str, str]:
    """The script's hosts when the payment sandbox stands in for Paystack: its API (also the
    Apple Pay host), the folder of its checkout page (the script frames ``{checkout}popup``),
    and the sandbox root as the site host (the deprecated embedded page is not emulated)."""
    root = public_url.rstrip("/")
    checkout_folder = CHECKOUT_PATH.rsplit("/", 1)[0]
    return {
        "api": f"{root}{API_PREFIX}/",
        "checkout": f"{root}{checkout_folder}/",
        "payment": f"{root}{API_PREFIX}/",
        "site": f"{root}/sandbox/",
    }


def configured(bundle: str, hosts: dict[str, str] | None) -> str:
    """The bundle with its host marker replaced by ``hosts`` (unchanged for ``None``).

    Raises ``ValueError`` when the marker is not in the bundle exactly once (a bundle built
    some other way), rather than serving a script that talks to the wrong place.
    """
    if hosts is None:
        return bundle
    if bundle.count(HOSTS_MARKER) != 1:
        raise ValueError(f"the bundle must contain {HOSTS_MARKER} exactly once")
    # A JSON string literal holding JSON text: valid JavaScript, parsed by the script at load.
    return bundle.replace(HOSTS_MARKER, json.dumps(json.dumps(hosts, separators=(",", ":"))))


class ScriptBundle:
    """The served text, read again when the built file changes."""

    def __init__(self, path: Path, hosts: dict[str, str] | None) -> None:
        self.path = path
        self.hosts = hosts
        self._stamp: tuple[int, int] | None = None
        self._text = ""

    @classmethod
    def of(cls, settings: Settings) -> ScriptBundle:
        """The built script of ``settings``, pointed at the sandbox when it is the backend."""
        sandbox = settings.payments.backend == "sandbox"
        return cls(
            settings.inline_checkout_script,
            sandbox_hosts(settings.auth.public_url) if sandbox else None,
        )

    def text(self) -> str | None:
        """The configured script, or ``None`` when it is not built."""
        try:
            stat = self.path.stat()
        except OSError:
            return None
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._stamp:
            self._text = configured(self.path.read_text(encoding="utf-8"), self.hosts)
            self._stamp = stamp
        return self._text


Script = NamedDependency[SkipValidation[ScriptBundle]]
"""The served script (``checkout_script``), one per app (``app/http/dependencies.py``)."""


class InlineCheckoutController(Controller):
    """``/inline-checkout/v2/inline.js``: the built script, not in the API document."""

    path = SCRIPT_PATH
    tags = ["payments"]

    @get(
        "/",
        operation_id="inline_checkout_script",
        include_in_schema=False,
        sync_to_thread=False,
    )
    def script(self, checkout_script: Script) -> Response[str]:
        """The script, or a 404 comment saying how to build it."""
        text = checkout_script.text()
        if text is None:
            return Response(
                "// The payment popup script is not built: run `npm run build` in inline-checkout/.\n",
                status_code=404,
                media_type=JAVASCRIPT,
                headers={"Cache-Control": "no-store"},
            )
        # Revalidated on every use, so a new build (or a new public URL) is picked up at once.
        return Response(text, media_type=JAVASCRIPT, headers={"Cache-Control": "no-cache"})
