"""``/dev/mailbox``: the local outbox as a page, so a newcomer can click a recovery link.

Anyone who can load the page reads everyone's recovery links, so the app mounts it only in
development, when mail goes to the local outbox and the server listens on a loopback address
(``Settings.serves_mailbox``; production refuses to start with it), and the page answers only
a client on this machine: a request whose client is not loopback, or that carries forwarding
headers no trusted proxy vouches for (a proxy in front of the loopback server), gets 403.
"""

from __future__ import annotations

import html
import re
from typing import Any

from litestar import Controller, Request, Response, get

from designcore.app.http.client_origin import client_origin
from designcore.app.http.dependencies import Mailbox
from designcore.domain.deployment import is_loopback_host
from designcore.domain.errors import NotAllowed

STYLESHEET_PATH = "/dev/mailbox.css"
"""The page's style, a file of its own so the page runs under the strict page policy."""
_STYLESHEET = (
    b"body{font:15px system-ui;background:#0b0b0f;color:#eee;max-width:760px;"
    b"margin:2rem auto;padding:0 1rem}article{background:#16161d;border-radius:12px;"
    b"padding:1rem 1.25rem;margin:1rem 0}.meta{color:#999}a{color:#4ade80}"
    b"pre{white-space:pre-wrap}"
)
_LINK = re.compile(r"https?://[^\s<>\"']+")


MAILBOX_LOCAL_ONLY = "The dev mailbox answers only a browser on this machine"
"""The 403 message for a client that is not on this machine, or that came through a proxy."""


def check_local(request: Request[Any, Any, Any]) -> None:
    """Raise ``NotAllowed`` unless the request's client is on this machine and came through
    no proxy we do not trust."""
    origin = client_origin(request)
    if origin.unvouched_forwarding or not is_loopback_host(origin.address):
        raise NotAllowed(MAILBOX_LOCAL_ONLY, code="mailbox_local_only")


class MailboxController(Controller):
    """``/dev/mailbox``: a page listing the latest mail kept by the local outbox, links
    clickable."""

    path = "/dev"
    include_in_schema = False

    @get("/mailbox", sync_to_thread=True)
    def mailbox(self, request: Request[Any, Any, Any], outbox: Mailbox) -> Response[str]:
        """The page (403 ``mailbox_local_only`` for a client not on this machine)."""
        check_local(request)
        items = []
        for sent in outbox.messages(50):
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

    @get(STYLESHEET_PATH.removeprefix("/dev"), sync_to_thread=False)
    def stylesheet(self) -> Response[bytes]:
        """The page's style."""
        return Response(_STYLESHEET, media_type="text/css", headers={"Cache-Control": "no-cache"})
