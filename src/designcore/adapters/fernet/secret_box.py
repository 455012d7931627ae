"""The ``SecretBox`` port over Fernet (``cryptography.fernet``): AES-128-CBC with an
HMAC-SHA256 over the whole token, a random IV per seal, and ``MultiFernet`` for rotation (seal
with the first key, open with any).
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Sequence
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from designcore.domain.errors import FieldIssue, ValidationFailed
from designcore.ports.keys import WrongEncryptionKey

logger = logging.getLogger(__name__)


def _fernet(key: str, name: str) -> Fernet:
    try:
        return Fernet(key.strip().encode("ascii"))
    except (ValueError, UnicodeEncodeError):
        raise ValidationFailed(
            (FieldIssue(name, "must be 32 random bytes in URL-safe base64 (44 characters)"),)
        ) from None


class FernetSecretBox:
    """Seals with ``key`` and opens what ``key`` or one of ``old_keys`` sealed.

    ``key_name`` and ``old_keys_name`` name the keys in error messages (the settings that hold
    them), so a wrong configuration says what to change. Keys are Fernet keys: 32 random bytes
    in URL-safe base64 (:meth:`new_key`); a malformed one raises ``ValidationFailed``.
    """

    def __init__(
        self,
        key: str,
        old_keys: Sequence[str] = (),
        *,
        key_name: str = "key",
        old_keys_name: str = "old_keys",
    ) -> None:
        self._current = _fernet(key, key_name)
        self._all = MultiFernet([self._current, *(_fernet(old, old_keys_name) for old in old_keys)])
        self._key_name = key_name
        self._old_keys_name = old_keys_name

    def __repr__(self) -> str:
        return f"FernetSecretBox(key_name={self._key_name!r})"

    @staticmethod
    def new_key() -> str:
        """A fresh random key."""
        return Fernet.generate_key().decode("ascii")

    def seal(self, secret: bytes) -> str:
        """``secret`` as a Fernet token under the current key."""
        return self._current.encrypt(secret).decode("ascii")

    def open(self, sealed: str) -> bytes:
        """The secret; ``WrongEncryptionKey`` if no configured key sealed it or it was altered."""
        try:
            return self._all.decrypt(sealed.encode("ascii"))
        except (InvalidToken, UnicodeEncodeError):
            raise WrongEncryptionKey(
                f"the secret was sealed under a key that is neither {self._key_name} nor one of "
                f"{self._old_keys_name}, or it was altered"
            ) from None

    def is_current(self, sealed: str) -> bool:
        """Whether the current key sealed ``sealed``."""
        try:
            self._current.decrypt(sealed.encode("ascii"))
        except (InvalidToken, UnicodeEncodeError):
            return False
        return True


def load_or_create_key_file(path: Path) -> str:
    """The key kept in ``path``, made (32 random bytes, file mode 0600) when there is none.

    Several processes starting at once agree on one key: the new key is written to a private
    temporary file and linked into place only if no other process linked one first.
    """
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(descriptor, "w", encoding="ascii") as file:
                file.write(FernetSecretBox.new_key() + "\n")
            try:
                os.link(temporary, path)
                logger.warning("made a new key encryption key in %s", path)
            except FileExistsError:
                pass  # another process made it first: use theirs
        finally:
            temporary.unlink(missing_ok=True)
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        logger.warning("%s is readable by other users (mode %o); make it 0600", path, mode)
    return path.read_text(encoding="ascii").strip()
