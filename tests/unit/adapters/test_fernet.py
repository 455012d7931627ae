"""The Fernet secret box and the key file made on the embedded default."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from designcore.adapters.fernet import FernetSecretBox, load_or_create_key_file
from designcore.domain.errors import ValidationFailed
from designcore.ports.keys import WrongEncryptionKey

SECRET = b"-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMG\n-----END PRIVATE KEY-----\n"


@pytest.fixture(name="key")
def fixture_key() -> str:
    """A new key encryption key."""
    return FernetSecretBox.new_key()


class TestFernetSecretBox:
    def test_round_trip(self, key: str) -> None:
        """What is sealed opens to the same bytes, and the sealed text does not contain them."""
        box = FernetSecretBox(key)
        sealed = box.seal(SECRET)
        assert SECRET == box.open(sealed)
        assert "PRIVATE" not in sealed

    def test_sealing_twice_differs(self, key: str) -> None:
        """Each seal has its own random IV, so equal secrets do not show as equal."""
        box = FernetSecretBox(key)
        assert box.seal(SECRET) != box.seal(SECRET)

    def test_another_key_cannot_open(self, key: str) -> None:
        """A box with another key refuses, naming the settings that hold the keys."""
        sealed = FernetSecretBox(key).seal(SECRET)
        stranger = FernetSecretBox(
            FernetSecretBox.new_key(), key_name="KEY", old_keys_name="OLD_KEYS"
        )
        with pytest.raises(WrongEncryptionKey) as raised:
            stranger.open(sealed)
        assert "wrong_encryption_key" == raised.value.code
        assert "neither KEY nor one of OLD_KEYS" in raised.value.message

    @pytest.mark.parametrize("text", ["", "not a token", "gAAAAAé"])
    def test_text_that_is_no_token_is_refused(self, key: str, text: str) -> None:
        """Anything but a token this box made raises WrongEncryptionKey, never another error."""
        with pytest.raises(WrongEncryptionKey):
            FernetSecretBox(key).open(text)

    def test_altered_token_is_refused(self, key: str) -> None:
        """Changing one character of a sealed text breaks its authentication."""
        box = FernetSecretBox(key)
        sealed = box.seal(SECRET)
        middle = len(sealed) // 2
        altered = sealed[:middle] + ("A" if sealed[middle] != "A" else "B") + sealed[middle + 1 :]
        with pytest.raises(WrongEncryptionKey):
            box.open(altered)

    def test_old_keys_open_and_are_not_current(self, key: str) -> None:
        """During a rotation the old key still opens what it sealed, which is then not
        current; what the new key seals is."""
        old_sealed = FernetSecretBox(key).seal(SECRET)
        rotating = FernetSecretBox(FernetSecretBox.new_key(), [key])
        assert SECRET == rotating.open(old_sealed)
        assert not rotating.is_current(old_sealed)
        assert rotating.is_current(rotating.seal(SECRET))

    @pytest.mark.parametrize("bad", ["short", "x" * 44, "é" * 44])
    def test_malformed_key_is_refused(self, bad: str) -> None:
        """A key that is not 32 bytes of URL-safe base64 is a validation error naming it."""
        with pytest.raises(ValidationFailed) as raised:
            FernetSecretBox(bad, key_name="DESIGNCORE_KEY_ENCRYPTION_KEY")
        assert ("DESIGNCORE_KEY_ENCRYPTION_KEY",) == tuple(i.path for i in raised.value.issues)

    def test_repr_shows_no_key(self, key: str) -> None:
        """Logging the box never prints a key."""
        assert key not in repr(FernetSecretBox(key))


class TestKeyFile:
    def test_made_once_private_to_its_owner(self, tmp_path: Path) -> None:
        """The first call makes a valid key readable only by its owner; later calls read it."""
        path = tmp_path / "data" / "key-encryption.key"
        key = load_or_create_key_file(path)
        assert 0o600 == stat.S_IMODE(path.stat().st_mode)
        assert key == load_or_create_key_file(path)
        assert SECRET == FernetSecretBox(key).open(FernetSecretBox(key).seal(SECRET))

    def test_no_temporary_file_is_left(self, tmp_path: Path) -> None:
        """Only the key file remains in the directory."""
        load_or_create_key_file(tmp_path / "key-encryption.key")
        assert ["key-encryption.key"] == [p.name for p in tmp_path.iterdir()]

    def test_an_existing_key_is_never_replaced(self, tmp_path: Path, key: str) -> None:
        """A key file an operator put there is used as it is."""
        path = tmp_path / "key-encryption.key"
        path.write_text(key + "\n")
        path.chmod(0o600)
        assert key == load_or_create_key_file(path)
