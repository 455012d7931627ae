"""An SMTP mailer: one connection per message, STARTTLS and login when configured."""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from designcore.domain.errors import FieldIssue, Unavailable, ValidationFailed
from designcore.ports.mail import MailMessage


def build_message(message: MailMessage, sender: str) -> EmailMessage:
    """The MIME message: plain text, with an HTML alternative when there is one.

    Raises ``ValidationFailed`` for a header holding a line break (header injection).
    """
    try:
        mime = EmailMessage()
        mime["From"] = sender
        mime["To"] = message.to
        mime["Subject"] = message.subject
        mime["Date"] = formatdate(localtime=False, usegmt=True)
        mime["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
        mime.set_content(message.text)
        if message.html is not None:
            mime.add_alternative(message.html, subtype="html")
    except ValueError as error:
        raise ValidationFailed([FieldIssue("message", str(error))]) from None
    return mime


class SmtpMailer:
    """Sends each message through an SMTP server (a relay such as Postmark, SES or Mailpit).

    With ``starttls`` the connection is upgraded before anything else is said, verifying the
    server's certificate against ``tls_context`` (the system's trust store by default); the
    login, when ``username`` is given, happens only after that. Connection failures, timeouts,
    refusals and protocol errors all become ``Unavailable`` (code ``mail_unavailable``).
    """

    def __init__(
        self,
        host: str,
        port: int,
        *,
        username: str | None = None,
        password: str | None = None,
        starttls: bool = True,
        sender: str,
        timeout: float = 10.0,
        tls_context: ssl.SSLContext | None = None,
    ) -> None:
        if (username is None) != (password is None):
            raise ValueError("username and password go together")
        self._host = host
        self._port = port
        self._username = username
        self._password = password
        self._starttls = starttls
        self._sender = sender
        self._timeout = timeout
        self._tls_context = tls_context

    def send(self, message: MailMessage) -> None:
        """Send one message; ``Unavailable`` when the server cannot take it."""
        mime = build_message(message, self._sender)
        try:
            with smtplib.SMTP(self._host, self._port, timeout=self._timeout) as smtp:
                if self._starttls:
                    smtp.starttls(context=self._tls_context or ssl.create_default_context())
                if self._username is not None and self._password is not None:
                    smtp.login(self._username, self._password)
                smtp.send_message(mime, from_addr=self._sender, to_addrs=[message.to])
        except (smtplib.SMTPException, OSError) as error:
            raise Unavailable(
                f"the mail server {self._host}:{self._port} did not take the message: {error}",
                code="mail_unavailable",
            ) from None
