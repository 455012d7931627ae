"""The Outbox contract (memory and directory alike) and the SMTP mailer against a local server."""

from __future__ import annotations

import email
import email.policy
import ipaddress
import json
import socket
import ssl
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import attrs
import pytest
from aiosmtpd import smtp as aiosmtp
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, Envelope, LoginPassword, Session
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from designcore.adapters.local_mail import DirectoryOutbox
from designcore.adapters.memory import FixedClock
from designcore.adapters.memory.outbox import InMemoryOutbox
from designcore.adapters.smtp import SmtpMailer
from designcore.domain.errors import Unavailable, ValidationFailed
from designcore.ports.mail import MailMessage, Outbox
from designcore.testing.contracts import OutboxContract
from designcore.testing.contracts.mail import message

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
SENDER = "DesignCore <no-reply@designcore.test>"


@pytest.fixture(name="clock")
def fixture_clock() -> FixedClock:
    """The clock the outbox stamps messages with."""
    return FixedClock(T0)


@pytest.fixture(name="outbox", params=["memory", "directory"])
def fixture_outbox(request: pytest.FixtureRequest, clock: FixedClock, tmp_path: Path) -> Outbox:
    """Every implementation of the outbox port."""
    if request.param == "memory":
        return InMemoryOutbox(clock)
    return DirectoryOutbox(tmp_path / "mailbox", clock)


class TestOutbox(OutboxContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""


class TestDirectoryOutbox:
    def test_survives_a_restart(self, tmp_path: Path, clock: FixedClock) -> None:
        """A new outbox on the same directory reads what the old one kept."""
        DirectoryOutbox(tmp_path, clock).send(message(1))
        assert ["Message 1"] == [
            m.message.subject for m in DirectoryOutbox(tmp_path, clock).messages()
        ]

    def test_shared_between_processes(self, tmp_path: Path, clock: FixedClock) -> None:
        """A message kept by another process is visible here."""
        script = textwrap.dedent(
            f"""
            from pathlib import Path
            from designcore.adapters.local_mail import DirectoryOutbox
            from designcore.adapters.memory import SystemClock
            from designcore.ports.mail import MailMessage
            DirectoryOutbox(Path({str(tmp_path)!r}), SystemClock()).send(
                MailMessage(to="x@example.com", subject="From afar", text="hi")
            )
            """
        )
        subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
        assert ["From afar"] == [
            m.message.subject for m in DirectoryOutbox(tmp_path, clock).messages()
        ]

    def test_writes_leave_no_temporary_files(self, tmp_path: Path, clock: FixedClock) -> None:
        """Only finished message files remain, one JSON document each."""
        outbox = DirectoryOutbox(tmp_path, clock)
        for n in range(3):
            outbox.send(message(n))
        files = sorted(tmp_path.iterdir())
        assert 3 == len(files)
        assert all(f.suffix == ".json" and not f.name.startswith(".") for f in files)
        assert {"Message 0", "Message 1", "Message 2"} == {
            json.loads(f.read_text())["subject"] for f in files
        }

    def test_unreadable_files_are_skipped(self, tmp_path: Path, clock: FixedClock) -> None:
        """A damaged or foreign file does not hide the other messages."""
        outbox = DirectoryOutbox(tmp_path, clock)
        outbox.send(message(1))
        (tmp_path / "99999999999999999999-0-broken.json").write_text("{not json")
        (tmp_path / ".sending-partial").write_text("{")
        assert ["Message 1"] == [m.message.subject for m in outbox.messages()]

    def test_missing_directory_is_empty(self, tmp_path: Path, clock: FixedClock) -> None:
        """Reading before anything was sent finds nothing rather than failing."""
        assert () == tuple(DirectoryOutbox(tmp_path / "not-yet", clock).messages())

    def test_unwritable_directory_is_unavailable(self, tmp_path: Path, clock: FixedClock) -> None:
        """A mailbox path that cannot be a directory raises Unavailable."""
        blocker = tmp_path / "file"
        blocker.write_text("in the way")
        with pytest.raises(Unavailable):
            DirectoryOutbox(blocker / "mailbox", clock).send(message(1))


@attrs.define
class RecordingHandler:
    """An aiosmtpd handler that keeps every envelope it is given."""

    envelopes: list[Envelope] = attrs.field(factory=list)

    async def handle_DATA(  # noqa: N802 - the hook name aiosmtpd looks up
        self, server: aiosmtp.SMTP, session: Session, envelope: Envelope
    ) -> str:
        self.envelopes.append(envelope)
        return "250 Message accepted for delivery"

    def parsed(self) -> list[EmailMessage]:
        found = []
        for envelope in self.envelopes:
            content = envelope.content
            assert isinstance(content, bytes)
            parsed = email.message_from_bytes(content, policy=email.policy.default)
            assert isinstance(parsed, EmailMessage)
            found.append(parsed)
        return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@attrs.frozen
class SmtpServer:
    """A running local SMTP server."""

    handler: RecordingHandler
    port: int
    client_tls: ssl.SSLContext | None = None


@pytest.fixture(name="smtp_server")
def fixture_smtp_server() -> Iterator[SmtpServer]:
    """A plain local SMTP server on a free port."""
    handler = RecordingHandler()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield SmtpServer(handler=handler, port=port)
    controller.stop()


def self_signed_certificate(directory: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, as PEM files."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.now(UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=1))
        .not_valid_after(now + timedelta(hours=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / "cert.pem", directory / "key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


def only_alice(
    server: aiosmtp.SMTP, session: Session, envelope: Envelope, mechanism: str, auth_data: Any
) -> AuthResult:
    """Accepts alice / s3cret and nobody else."""
    ok = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) == (
        b"alice",
        b"s3cret",
    )
    return AuthResult(success=ok, handled=False)


@pytest.fixture(name="tls_smtp_server")
def fixture_tls_smtp_server(tmp_path: Path) -> Iterator[SmtpServer]:
    """A local SMTP server that requires STARTTLS and a login, with a self-signed certificate."""
    cert_path, key_path = self_signed_certificate(tmp_path)
    server_tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_tls.load_cert_chain(cert_path, key_path)
    handler = RecordingHandler()
    port = free_port()
    controller = Controller(
        handler,
        hostname="127.0.0.1",
        port=port,
        tls_context=server_tls,
        require_starttls=True,
        authenticator=only_alice,
        auth_required=True,
        auth_require_tls=True,
    )
    controller.start()
    yield SmtpServer(
        handler=handler, port=port, client_tls=ssl.create_default_context(cafile=str(cert_path))
    )
    controller.stop()


class TestSmtpMailer:
    def test_delivers_text_and_html(self, smtp_server: SmtpServer) -> None:
        """The server receives one multipart/alternative message with both bodies."""
        mailer = SmtpMailer("127.0.0.1", smtp_server.port, starttls=False, sender=SENDER)
        mailer.send(
            MailMessage(
                to="ada@example.com",
                subject="Confirm your e-mail — DesignCore",
                text="Your code is 123456",
                html="<p>Your code is <b>123456</b></p>",
            )
        )
        (envelope,) = smtp_server.handler.envelopes
        (parsed,) = smtp_server.handler.parsed()
        assert ("no-reply@designcore.test", ["ada@example.com"]) == (
            envelope.mail_from,
            envelope.rcpt_tos,
        )
        assert "Confirm your e-mail — DesignCore" == parsed["Subject"]
        assert SENDER == parsed["From"]
        assert "multipart/alternative" == parsed.get_content_type()
        plain = parsed.get_body(("plain",))
        rich = parsed.get_body(("html",))
        assert plain is not None
        assert rich is not None
        assert "Your code is 123456" == plain.get_content().strip()
        assert "<p>Your code is <b>123456</b></p>" == rich.get_content().strip()
        assert parsed["Message-ID"]
        assert parsed["Date"]

    def test_text_only(self, smtp_server: SmtpServer) -> None:
        """A message without HTML goes as plain text."""
        SmtpMailer("127.0.0.1", smtp_server.port, starttls=False, sender=SENDER).send(
            message(html=None)
        )
        (parsed,) = smtp_server.handler.parsed()
        assert "text/plain" == parsed.get_content_type()

    def test_starttls_and_login(self, tls_smtp_server: SmtpServer) -> None:
        """With STARTTLS the mailer upgrades, verifies the certificate, logs in and delivers."""
        mailer = SmtpMailer(
            "127.0.0.1",
            tls_smtp_server.port,
            username="alice",
            password="s3cret",
            starttls=True,
            sender=SENDER,
            tls_context=tls_smtp_server.client_tls,
        )
        mailer.send(message(1))
        assert 1 == len(tls_smtp_server.handler.envelopes)

    def test_wrong_login_is_unavailable(self, tls_smtp_server: SmtpServer) -> None:
        """A refused login raises Unavailable and delivers nothing."""
        mailer = SmtpMailer(
            "127.0.0.1",
            tls_smtp_server.port,
            username="alice",
            password="wrong",
            sender=SENDER,
            tls_context=tls_smtp_server.client_tls,
        )
        with pytest.raises(Unavailable):
            mailer.send(message(1))
        assert [] == tls_smtp_server.handler.envelopes

    def test_untrusted_certificate_is_unavailable(self, tls_smtp_server: SmtpServer) -> None:
        """With the system trust store a self-signed server is refused before any login."""
        mailer = SmtpMailer(
            "127.0.0.1", tls_smtp_server.port, username="alice", password="s3cret", sender=SENDER
        )
        with pytest.raises(Unavailable):
            mailer.send(message(1))
        assert [] == tls_smtp_server.handler.envelopes

    def test_unreachable_server_is_unavailable(self) -> None:
        """Nobody listening on the port raises Unavailable with code mail_unavailable."""
        mailer = SmtpMailer("127.0.0.1", free_port(), starttls=False, sender=SENDER, timeout=2)
        with pytest.raises(Unavailable) as caught:
            mailer.send(message(1))
        assert "mail_unavailable" == caught.value.code

    def test_silent_server_times_out(self) -> None:
        """A server that accepts the connection but never greets raises Unavailable in time."""
        with socket.socket() as silent:
            silent.bind(("127.0.0.1", 0))
            silent.listen()
            port = silent.getsockname()[1]
            mailer = SmtpMailer("127.0.0.1", port, starttls=False, sender=SENDER, timeout=0.3)
            with pytest.raises(Unavailable):
                mailer.send(message(1))

    def test_header_injection_is_refused(self, smtp_server: SmtpServer) -> None:
        """A subject with a line break is refused before anything is sent."""
        mailer = SmtpMailer("127.0.0.1", smtp_server.port, starttls=False, sender=SENDER)
        with pytest.raises(ValidationFailed):
            mailer.send(
                MailMessage(to="a@example.com", subject="Hi\r\nBcc: victim@example.com", text="x")
            )
        assert [] == smtp_server.handler.envelopes
