"""The client's edges: JSON to session and back, HTTP answers to errors, the storage."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.client import (
    AuthApiError,
    AuthInvalidTokenResponseError,
    AuthRetryableFetchError,
    AuthSessionMissingError,
    AuthUnknownError,
    AuthWeakPasswordError,
    InMemorySessionStorage,
)
from designcore.client.convert import session_from_json, session_to_json, user_from_json
from designcore.client.errors import AuthError, error_from_response
from designcore.domain.auth_session import Session
from designcore.testing import strategies as dst

NOW = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


class TestConvert:
    @given(dst.sessions(users=dst.auth_users()))
    def test_session_round_trip(self, session: Session) -> None:
        """A session written as the API's JSON reads back equal."""
        assert session == session_from_json(session_to_json(session), NOW)

    def test_expires_at_computed_when_missing(self) -> None:
        """An answer without expires_at expires expires_in seconds from now."""
        session = session_from_json(
            {"access_token": "a", "refresh_token": "r", "expires_in": 60, "user": {"id": "u"}},
            NOW,
        )
        assert int(NOW.timestamp()) + 60 == session.expires_at

    @pytest.mark.parametrize(
        "data",
        [
            None,
            {"access_token": "a", "expires_in": 60, "user": {"id": "u"}},
            {"access_token": "a", "refresh_token": "r", "expires_in": 60},
            {"access_token": "a", "refresh_token": "r", "expires_in": "soon", "user": {"id": "u"}},
        ],
    )
    def test_not_a_session(self, data: Any) -> None:
        """Anything short of tokens, lifetime and user is AuthInvalidTokenResponseError."""
        with pytest.raises(AuthInvalidTokenResponseError, match="Auth session or user missing"):
            session_from_json(data, NOW)

    def test_go_timestamps(self) -> None:
        """Nanosecond timestamps with Z, as Go writes them, are read."""
        user = user_from_json({"id": "u", "created_at": "2024-05-12T10:00:00.123456789Z"})
        assert datetime(2024, 5, 12, 10, 0, 0, 123456, tzinfo=UTC) == user.created_at

    def test_unreadable_user(self) -> None:
        """A user with an unknown factor type is AuthUnknownError."""
        with pytest.raises(AuthUnknownError):
            user_from_json({"id": "u", "factors": [{"id": "f", "factor_type": "smoke"}]})


def answer(status: int, body: Any = None, text: str | None = None) -> httpx.Response:
    if text is not None:
        return httpx.Response(status, text=text)
    return httpx.Response(status, json=body)


class TestErrorFromResponse:
    @pytest.mark.parametrize(
        ("response", "kind", "code", "message"),
        [
            (
                answer(400, {"code": "refresh_token_already_used", "message": "Already Used"}),
                AuthApiError,
                "refresh_token_already_used",
                "Already Used",
            ),
            (
                answer(400, {"code": 400, "error_code": "invalid_credentials", "msg": "Bad"}),
                AuthApiError,
                "invalid_credentials",
                "Bad",
            ),
            (
                answer(400, {"error": "invalid_grant", "error_description": "Expired"}),
                AuthApiError,
                "auth_api_error",
                "Expired",
            ),
            (
                answer(403, {"code": "session_not_found", "message": "gone"}),
                AuthSessionMissingError,
                "session_not_found",
                "Auth session missing!",
            ),
            (
                answer(
                    422,
                    {
                        "code": "weak_password",
                        "message": "Weak",
                        "weak_password": {"reasons": ["pwned"]},
                    },
                ),
                AuthWeakPasswordError,
                "weak_password",
                "Weak",
            ),
            (
                answer(422, {"msg": "Weak", "weak_password": {"reasons": ["length"]}}),
                AuthWeakPasswordError,
                "weak_password",
                "Weak",
            ),
            (answer(503, {"message": "busy"}), AuthRetryableFetchError, "unavailable", "busy"),
            (
                answer(500, text="<html>"),
                AuthRetryableFetchError,
                "unavailable",
                "Internal Server Error",
            ),
            (answer(400, text="<html>"), AuthUnknownError, "unknown", None),
        ],
    )
    def test_table(
        self, response: httpx.Response, kind: type[AuthError], code: str, message: str | None
    ) -> None:
        """Each error answer becomes the error class, code and message auth-js would give."""
        error = error_from_response(response)
        assert (kind, code, response.status_code) == (type(error), error.code, error.status)
        if message is not None:
            assert message == error.message

    @given(st.integers(400, 599))
    def test_retryable_exactly_for_5xx(self, status: int) -> None:
        """An error is retryable exactly when its answer was a 5xx."""
        assert (status >= 500) == error_from_response(answer(status, {"message": "x"})).retryable


class TestInMemorySessionStorage:
    def test_set_get_remove(self) -> None:
        """Values are stored by key and forgetting twice is harmless."""
        storage = InMemorySessionStorage()
        storage.set_item("k", "v")
        assert ("v", ("k",)) == (storage.get_item("k"), storage.keys())
        storage.remove_item("k")
        storage.remove_item("k")
        assert storage.get_item("k") is None
