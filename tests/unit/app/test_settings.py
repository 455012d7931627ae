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

    def test_jobs_run_in_process_unless_a_broker_is_named(self) -> None:
        """An empty broker URL keeps jobs in the app process; a redis or amqp URL is read."""
        assert load_settings({}).jobs.in_process
        jobs = load_settings(
            {
                "DESIGNCORE_JOBS_BROKER_URL": "amqp://guest:guest@mq:5672/%2F",
                "DESIGNCORE_JOBS_QUEUE": "q1",
            }
        ).jobs
        assert (False, "q1") == (jobs.in_process, jobs.queue_name)

    def test_bad_job_settings_are_each_named(self) -> None:
        """A broker of another kind, a queue name with spaces and zero threads are all reported,
        and the broker URL's credentials are not repeated."""
        with pytest.raises(ValidationFailed) as caught:
            load_settings(
                {
                    "DESIGNCORE_JOBS_BROKER_URL": "kafka://user:secret@host",
                    "DESIGNCORE_JOBS_QUEUE": "my queue",
                    "DESIGNCORE_JOBS_THREADS": "0",
                }
            )
        assert {
            "DESIGNCORE_JOBS_BROKER_URL",
            "DESIGNCORE_JOBS_QUEUE",
            "DESIGNCORE_JOBS_THREADS",
        } == {issue.path for issue in caught.value.issues}
        assert "secret" not in caught.value.message

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

    def test_public_url_follows_the_served_port(self) -> None:
        """Without DESIGNCORE_PUBLIC_URL the public URL is the address actually served."""
        settings = load_settings({"DESIGNCORE_PORT": "8204"})
        assert "http://127.0.0.1:8204" == settings.auth.public_url
        assert "http://127.0.0.1:8204/sandbox/checkout/popup" == settings.sandbox_checkout_url

    @pytest.mark.parametrize(
        ("host", "expected"),
        [
            ("0.0.0.0", "http://127.0.0.1:9000"),
            ("::", "http://127.0.0.1:9000"),
            ("::1", "http://[::1]:9000"),
            ("192.168.1.20", "http://192.168.1.20:9000"),
            ("designcore.local", "http://designcore.local:9000"),
        ],
    )
    def test_public_url_names_a_reachable_host(self, host: str, expected: str) -> None:
        """Wildcard addresses become 127.0.0.1; IPv6 addresses are bracketed."""
        settings = load_settings(
            {"DESIGNCORE_HOST": host, "DESIGNCORE_PORT": "9000", "DESIGNCORE_ENV": "development"}
        )
        assert expected == settings.auth.public_url

    def test_explicit_public_url_wins(self) -> None:
        """A configured public URL is kept whatever the served address."""
        settings = load_settings(
            {
                "DESIGNCORE_PORT": "8204",
                "DESIGNCORE_PUBLIC_URL": "http://designcore.example",
                "DESIGNCORE_ENV": "development",
            }
        )
        assert "http://designcore.example" == settings.auth.public_url

    def test_every_variable_is_documented_in_the_readme(self) -> None:
        """The README's configuration table names every variable."""
        text = README.read_text()
        assert [] == [name for name, _, _ in variables() if f"`{name}`" not in text]


KEY = "z" * 43 + "="
"""A well-formed key encryption key (32 bytes in URL-safe base64)."""


PRODUCTION_WITHOUT_CONVENIENCES = {
    "DESIGNCORE_PAYMENTS_BACKEND": "paystack",
    "DESIGNCORE_MAIL_BACKEND": "smtp",
    "DESIGNCORE_RATE_LIMIT_BACKEND": "redis",
}
"""Production settings with every convenience of development off but the key."""


class TestKeyEncryptionSettings:
    @pytest.mark.parametrize(
        "production",
        [
            {"DESIGNCORE_ENV": "production"},
            {"DESIGNCORE_PUBLIC_URL": "https://designcore.example"},
        ],
    )
    def test_production_needs_the_key(self, production: dict[str, str]) -> None:
        """In production (explicit, or an https public URL), a missing key stops the program."""
        with pytest.raises(ValidationFailed) as caught:
            load_settings(production | PRODUCTION_WITHOUT_CONVENIENCES)
        assert ["DESIGNCORE_KEY_ENCRYPTION_KEY"] == [i.path for i in caught.value.issues]
        assert "no key-encryption key is set" in caught.value.message

    def test_production_with_the_key(self) -> None:
        """Given the key, production settings load."""
        settings = load_settings(
            {
                "DESIGNCORE_PUBLIC_URL": "https://designcore.example",
                "DESIGNCORE_KEY_ENCRYPTION_KEY": KEY,
            }
            | PRODUCTION_WITHOUT_CONVENIENCES
        )
        assert (True, KEY) == (settings.is_production, settings.key_encryption.key)

    def test_memory_needs_no_key(self) -> None:
        """In memory nothing is kept at rest, so even over https no key is required."""
        settings = load_settings(
            {"DESIGNCORE_DATABASE_URL": "memory://", "DESIGNCORE_PUBLIC_URL": "https://x.example"}
            | PRODUCTION_WITHOUT_CONVENIENCES
        )
        assert ("", True) == (settings.key_encryption.key, settings.is_production)

    def test_the_embedded_default_needs_no_key(self) -> None:
        """SQLite over http is not production: the key is made in the data dir."""
        settings = load_settings({"DESIGNCORE_DATA_DIR": "/srv/designcore"})
        assert not settings.is_production
        assert Path("/srv/designcore/key-encryption.key") == settings.key_encryption_file

    def test_malformed_keys_are_named(self) -> None:
        """A current or old key that is not 32 bytes of URL-safe base64 is refused."""
        with pytest.raises(ValidationFailed) as caught:
            load_settings(
                {
                    "DESIGNCORE_KEY_ENCRYPTION_KEY": "hunter2",
                    "DESIGNCORE_KEY_ENCRYPTION_OLD_KEYS": f"{KEY}, also-not-a-key",
                }
            )
        assert ["DESIGNCORE_KEY_ENCRYPTION_KEY", "DESIGNCORE_KEY_ENCRYPTION_OLD_KEYS"] == [
            issue.path for issue in caught.value.issues
        ]

    def test_old_keys_are_a_list(self) -> None:
        """Old keys are separated by commas; blanks are ignored."""
        other = "y" * 43 + "="
        settings = load_settings({"DESIGNCORE_KEY_ENCRYPTION_OLD_KEYS": f" {KEY}, ,{other}"})
        assert (KEY, other) == settings.key_encryption.old_key_list


MODEL_SETTINGS = {
    "DESIGNCORE_PROMPTING_MODEL_URL": "https://models.example/v1",
    "DESIGNCORE_PROMPTING_MODEL_API_KEY": "sk-settings-test",
    "DESIGNCORE_PROMPTING_MODEL": "reader-small",
    "DESIGNCORE_PROMPTING_MODEL_TIMEOUT": "2.5",
}
"""A prompting model, fully configured."""


class TestPromptingSettings:
    def test_the_rules_read_by_default(self) -> None:
        """With nothing set, prompts are read by the embedded rules, with a 4-second timeout
        ready for a model."""
        prompting = load_settings({}).prompting
        assert ("rules", "", 4.0) == (
            prompting.reader,
            prompting.model_url,
            prompting.model_timeout,
        )

    def test_a_url_chooses_the_model(self) -> None:
        """A URL and a model name choose the model, with its key and timeout."""
        prompting = load_settings(MODEL_SETTINGS).prompting
        assert ("model", "sk-settings-test", "reader-small", 2.5) == (
            prompting.reader,
            prompting.model_api_key,
            prompting.model,
            prompting.model_timeout,
        )

    def test_bad_prompting_settings_are_named(self) -> None:
        """A URL that is not http(s), a missing model and a timeout out of range are each
        named."""
        for timeout in ("0", "61", "nan", "soon"):
            with pytest.raises(ValidationFailed) as caught:
                load_settings(
                    MODEL_SETTINGS
                    | {
                        "DESIGNCORE_PROMPTING_MODEL_URL": "models.example/v1",
                        "DESIGNCORE_PROMPTING_MODEL": " ",
                        "DESIGNCORE_PROMPTING_MODEL_TIMEOUT": timeout,
                    }
                )
            assert [
                "DESIGNCORE_PROMPTING_MODEL_TIMEOUT",
                "DESIGNCORE_PROMPTING_MODEL_URL",
                "DESIGNCORE_PROMPTING_MODEL",
            ] == [issue.path for issue in caught.value.issues]

    def test_the_key_alone_chooses_nothing(self) -> None:
        """A key or a model without a URL leaves the rules reading."""
        settings = load_settings(
            {k: v for k, v in MODEL_SETTINGS.items() if k != "DESIGNCORE_PROMPTING_MODEL_URL"}
        )
        assert "rules" == settings.prompting.reader
