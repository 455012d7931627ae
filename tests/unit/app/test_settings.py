"""Settings: one variable per field, pure loading, every bad variable reported at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from designcore.app.settings import load_settings, variables
from designcore.domain.errors import ValidationFailed

README = Path(__file__).parents[3] / "README.md"


class TestLoadSettings:
    def test_defaults_are_the_embedded_product(self) -> None:
        """With nothing set: SQLite in var/, local storage, 127.0.0.1:8000."""
        settings = load_settings({})
        assert settings.database_url.startswith("sqlite:///")
        assert settings.database_url.endswith("/var/designcore.db")
        assert ("sqlalchemy", "local") == (settings.database.backend, settings.storage.backend)
        assert ("127.0.0.1", 8000) == (settings.server.host, settings.server.port)

    def test_environment_beats_dotenv(self) -> None:
        """.env supplies values; the environment overrides them; other variables are ignored."""
        settings = load_settings(
            {"DESIGNCORE_PORT": "9001", "PORT": "1"},
            {"DESIGNCORE_PORT": "9000", "DESIGNCORE_DEBUG": "true"},
        )
        assert (9001, True) == (settings.server.port, settings.server.debug)

    def test_memory_backend(self) -> None:
        """memory:// selects the in-memory adapters."""
        assert "memory" == load_settings({"DESIGNCORE_DATABASE_URL": "memory://"}).database.backend

    def test_every_bad_variable_at_once(self) -> None:
        """All bad variables are named in one error."""
        with pytest.raises(ValidationFailed) as caught:
            load_settings(
                {
                    "DESIGNCORE_PORT": "eighty",
                    "DESIGNCORE_STORAGE_BACKEND": "ftp",
                    "DESIGNCORE_DEBUG": "perhaps",
                }
            )
        assert {"DESIGNCORE_PORT", "DESIGNCORE_STORAGE_BACKEND", "DESIGNCORE_DEBUG"} == {
            issue.path for issue in caught.value.issues
        }

    def test_every_variable_is_documented_in_the_readme(self) -> None:
        """The README's configuration table names every variable."""
        text = README.read_text()
        assert [] == [name for name, _, _ in variables() if f"`{name}`" not in text]
