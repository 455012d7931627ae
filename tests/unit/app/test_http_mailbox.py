"""``/dev/mailbox``: served only by a loopback server keeping mail in the local outbox."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from litestar.testing import TestClient

from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.http.mailbox import listens_on_loopback
from designcore.ports.mail import MailMessage

MakeContainer = Callable[..., Container]

LOOPBACK = ("127.0.0.1", "127.8.9.10", "::1", "[::1]", "localhost", "LOCALHOST")
NOT_LOOPBACK = ("0.0.0.0", "::", "[::]", "192.168.1.20", "10.0.0.1", "example.com", "")


def mailbox_answer(container: Container) -> tuple[int, str]:
    """The status and text of ``GET /dev/mailbox`` on an app built on ``container``."""
    app = create_app(container=container)
    with TestClient(app=app) as client:
        answer = client.get("/dev/mailbox")
    return answer.status_code, answer.text


class TestLoopback:
    @pytest.mark.parametrize("host", LOOPBACK)
    def test_loopback_hosts(self, host: str) -> None:
        """127.0.0.0/8, ::1 and localhost are loopback addresses."""
        assert listens_on_loopback(host)

    @pytest.mark.parametrize("host", NOT_LOOPBACK)
    def test_other_hosts(self, host: str) -> None:
        """Every interface, private addresses, names and nothing at all are not."""
        assert not listens_on_loopback(host)


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
        container = make_memory_container(DESIGNCORE_HOST=host)
        app = create_app(container=container)
        assert [] == [route.path for route in app.routes if route.path.startswith("/dev")]
        assert 404 == mailbox_answer(container)[0]

    def test_never_served_with_smtp(self, make_memory_container: MakeContainer) -> None:
        """With mail sent by SMTP there is no outbox to show, even on loopback."""
        container = make_memory_container(DESIGNCORE_MAIL_BACKEND="smtp")
        assert 404 == mailbox_answer(container)[0]
