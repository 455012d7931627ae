"""The signing keys' encryption at rest, as the CLI and the container run it on SQLite."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
import sqlalchemy as sa

from designcore.adapters.sqlalchemy.tables import SIGNING_KEYS
from designcore.app.cli import main
from designcore.app.settings import load_settings
from designcore.domain.errors import ValidationFailed


def stored_private_halves(data_dir: Path) -> list[str]:
    """The ``private_pem`` column of the SQLite database in ``data_dir``, as stored."""
    engine = sa.create_engine(f"sqlite:///{data_dir / 'designcore.db'}")
    try:
        with engine.connect() as conn:
            return list(conn.execute(sa.select(SIGNING_KEYS.c.private_pem)).scalars())
    finally:
        engine.dispose()


def new_key(capsys: pytest.CaptureFixture[str]) -> str:
    """A key printed by ``designcore keys new-encryption-key``."""
    assert 0 == main(["keys", "new-encryption-key"])
    return capsys.readouterr().out.split()[-1]


class TestKeyEncryptionCli:
    def test_new_keys_are_valid_and_differ(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The printed keys are accepted by the settings, and each is new."""
        first, second = new_key(capsys), new_key(capsys)
        assert first != second
        assert first == load_settings({"DESIGNCORE_KEY_ENCRYPTION_KEY": first}).key_encryption.key

    def test_the_embedded_default_makes_a_private_key_file(
        self, data_dir: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Without a configured key the first start makes one in the data dir, mode 0600, and
        the database holds no private key in plain text."""
        assert 0 == main(["keys", "re-encrypt"])
        key_file = data_dir / "key-encryption.key"
        assert 0o600 == stat.S_IMODE(key_file.stat().st_mode)
        assert "0 of 1 signing keys re-encrypted" in capsys.readouterr().out
        assert [] == [half for half in stored_private_halves(data_dir) if "PRIVATE" in half]

    def test_rotation(
        self,
        data_dir: Path,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        """After the key changes, with the old one listed, re-encrypt seals every key under
        the new one; then the old key is no longer needed."""
        old, new = new_key(capsys), new_key(capsys)
        monkeypatch.setenv("DESIGNCORE_KEY_ENCRYPTION_KEY", old)
        assert 0 == main(["keys", "re-encrypt"])
        before = stored_private_halves(data_dir)
        monkeypatch.setenv("DESIGNCORE_KEY_ENCRYPTION_KEY", new)
        monkeypatch.setenv("DESIGNCORE_KEY_ENCRYPTION_OLD_KEYS", old)
        capsys.readouterr()
        assert 0 == main(["keys", "re-encrypt"])
        assert "1 of 1 signing keys re-encrypted" in capsys.readouterr().out
        assert before != stored_private_halves(data_dir)
        monkeypatch.delenv("DESIGNCORE_KEY_ENCRYPTION_OLD_KEYS")
        assert 0 == main(["keys", "re-encrypt"])
        assert "0 of 1 signing keys re-encrypted" in capsys.readouterr().out

    def test_a_wrong_key_is_a_clear_error(
        self,
        data_dir: Path,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        """A key that did not seal the stored keys stops the command, naming the settings."""
        monkeypatch.setenv("DESIGNCORE_KEY_ENCRYPTION_KEY", new_key(capsys))
        assert 0 == main(["keys", "re-encrypt"])
        monkeypatch.setenv("DESIGNCORE_KEY_ENCRYPTION_KEY", new_key(capsys))
        assert 1 == main(["keys", "re-encrypt"])
        error = capsys.readouterr().err
        assert "cannot be decrypted" in error
        assert "neither DESIGNCORE_KEY_ENCRYPTION_KEY nor one of" in error
        assert "DESIGNCORE_KEY_ENCRYPTION_OLD_KEYS" in error

    def test_production_refuses_to_start_without_a_key(
        self, data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """An https public URL without a key stops every command before it touches a key."""
        monkeypatch.setenv("DESIGNCORE_PUBLIC_URL", "https://designcore.example")
        assert 1 == main(["keys", "re-encrypt"])
        assert "DESIGNCORE_KEY_ENCRYPTION_KEY" in capsys.readouterr().err
        assert not (data_dir / "key-encryption.key").exists()


class TestSettingsForProduction:
    def test_the_refusal_names_the_variable(self) -> None:
        """The error says which variable to set and when it is required."""
        with pytest.raises(ValidationFailed) as caught:
            load_settings({"DESIGNCORE_PUBLIC_URL": "https://designcore.example"})
        assert "DESIGNCORE_KEY_ENCRYPTION_KEY" in caught.value.message
