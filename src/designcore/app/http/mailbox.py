"""``/dev/mailbox``: the local outbox as a page, so a newcomer can click a recovery link.

Anyone who can load the page reads everyone's recovery links, so the app mounts it only when
mail goes to the local outbox and the server listens on a loopback address
(:func:`listens_on_loopback`): the page is for the developer's own machine.
"""

from __future__ import annotations

import html
import ipaddress
import re
from collections.abc import Callable

from litestar import Response, Router, get

from designcore.ports.mail import Outbox

STYLESHEET_PATH = "/dev/mailbox.css"
"""The page's style, a file of its own so the page runs under the strict page policy."""
_STYLESHEET = (
    b"body{font:15px system-ui;background:#0b0b0f;color:#eee;max-width:760px;"
    b"margin:2rem auto;padding:0 1rem}article{background:#16161d;border-radius:12px;"
    b"padding:1rem 1.25rem;margin:1rem 0}.meta{color:#999}a{color:#4ade80}"
    b"pre{white-space:pre-wrap}"
)
_LINK = re.compile(r"https?://[^\s<>\"']+")


def listens_on_loopback(host: str) -> bool:
    """Whether ``host`` (``DESIGNCORE_HOST``) is a loopback address: 127.0.0.0/8, ``::1``
    (bracketed or not) or ``localhost``; every other name or address, and ``0.0.0.0``, is not."""
    bare = host.strip().removeprefix("[").removesuffix("]")
    if bare.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(bare).is_loopback
    except ValueError:
        return False


def mailbox_router(provide_outbox: Callable[[], Outbox]) -> Router:
    """A page listing the latest mail kept by the local outbox, links clickable."""

    @get("/dev/mailbox", sync_to_thread=True, include_in_schema=False)
    def mailbox() -> Response[str]:
        items = []
        for sent in provide_outbox().messages(50):
            body = _LINK.sub(
                lambda m: f'<a href="{m.group(0)}">{m.group(0)}</a>',
                html.escape(sent.message.text, quote=False),
            )
            items.append(
                "<article><h2>{subject}</h2><p class=meta>To {to} · {when}</p>"
                "<pre>{body}</pre></article>".format(
                    subject=html.escape(sent.message.subject),
                    to=html.escape(sent.message.to),
                    when=sent.sent_at.strftime("%Y-%m-%d %H:%M:%S UTC"),
                    body=body,
                )
            )
        page = (
            "<!doctype html><meta charset=utf-8><title>designcore mailbox</title>"
            f'<link rel="stylesheet" href="{STYLESHEET_PATH}"><h1>Mailbox</h1>'
            "<p class=meta>Mail the local outbox kept, newest first.</p>"
            + ("".join(items) or "<p>No mail yet.</p>")
        )
        return Response(page, media_type="text/html", headers={"Cache-Control": "no-store"})

    @get(STYLESHEET_PATH, sync_to_thread=False, include_in_schema=False)
    def stylesheet() -> Response[bytes]:
        return Response(_STYLESHEET, media_type="text/css", headers={"Cache-Control": "no-cache"})

    return Router(path="/", route_handlers=[mailbox, stylesheet])
