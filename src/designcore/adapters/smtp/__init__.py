"""Sending e-mail over SMTP (the standard library's smtplib)."""

from designcore.adapters.smtp.mailer import SmtpMailer

__all__ = ["SmtpMailer"]
