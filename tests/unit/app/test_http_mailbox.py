"""``/dev/mailbox``: served only by a loopback server keeping mail in the local outbox."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from litestar.testing import TestClient

from designcore.app import Container
from designcore.app.http import create_app
from designcore.ports.mail import MailMessage
from support import from_peer

MakeContainer = Callable[..., Container]

LOOPBACK = ("127.0.0.1", "127.8.9.10", "::1", "[::1]", "localhost", "LOCALHOST")
NOT_LOOPBACK = ("0.0.0.0", "::", "[::]", "192.168.1.20", "10.0.0.1", "example.com", "")


def mailbox_answer(container: Container) -> tuple[int, str]:
    """The status and text of ``GET /dev/mailbox`` on an app built on ``container``, asked
    by a browser on this machine."""
    app = create_app(container=container)
    with TestClient(app=from_peer(app, "127.0.0.1")) as client:  # type: ignore[arg-type]
        answer = client.get("/dev/mailbox")
    return answer.status_code, answer.text


class TestMailbox:
    @pytest.mark.parametrize("host", LOOPBACK)
    def test_served_on_loopback_with_the_outbox(
        self, make_memory_container: MakeContainer, host: str
    ) -> None:
        """On a loopback address the page lists the kept mail, links clickable."""
        container = make_memory_container(DESIGNCORE_HOST=host)
        container.outbox().send(
            MailMessage(
                to="ada@example.com",
                subject="Reset your password",
                text="Follow http://127.0.0.1:8000/auth/v1/verify?token=abc to reset it.",
            )
        )
        status, text = mailbox_answer(container)
        assert 200 == status
        assert "Reset your password" in text
        assert '<a href="http://127.0.0.1:8000/auth/v1/verify?token=abc">' in text

    @pytest.mark.parametrize("host", NOT_LOOPBACK)
    def test_never_served_on_other_addresses(
        self, make_memory_container: MakeContainer, host: str
    ) -> None:
        """Listening on any other address, the page does not exist (not even as a route)."""
        container = make_memory_container(DESIGNCORE_HOST=host, DESIGNCORE_ENV="development")
        app = create_app(container=container)
        assert [] == [route.path for route in app.routes if route.path.startswith("/dev")]
        assert 404 == mailbox_answer(container)[0]

    def test_never_served_with_smtp(self, make_memory_container: MakeContainer) -> None:
        """With mail sent by SMTP there is no outbox to show, even on loopback."""
        container = make_memory_container(DESIGNCORE_MAIL_BACKEND="smtp")
        assert 404 == mailbox_answer(container)[0]
