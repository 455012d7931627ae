"""A development mailbox kept in a local directory."""

from designcore.adapters.local_mail.outbox import DirectoryOutbox

__all__ = ["DirectoryOutbox"]
