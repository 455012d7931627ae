"""Session rules against the shared vectors the web app's auth client also runs (Jest)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from designcore.domain import auth_session
from designcore.domain.auth_session import AuthUser, Session
from designcore.domain.errors import ValidationFailed
from support import VECTORS

CASES: dict[str, Any] = json.loads((VECTORS / "auth-session.json").read_text(encoding="utf-8"))


def _session(expires_at: int) -> Session:
    return Session("access", "refresh", expires_at, 3600, AuthUser(id="u1"))


def _at(now_ms: int) -> datetime:
    return datetime.fromtimestamp(now_ms / 1000, UTC)


class TestAuthSessionVectors:
    def test_constants(self) -> None:
        """The constants the vectors state are the domain's."""
        constants = CASES["constants"]
        assert constants["expiry_margin_ms"] == auth_session.EXPIRY_MARGIN / timedelta(
            milliseconds=1
        )
        assert constants["refresh_retry_budget_ms"] == auth_session.REFRESH_RETRY_BUDGET / (
            timedelta(milliseconds=1)
        )
        assert constants["max_refresh_attempts"] == auth_session.MAX_REFRESH_ATTEMPTS
        assert constants["invalid_token_codes"] == sorted(auth_session.INVALID_TOKEN_CODES)
        assert constants["sign_out_ignored_statuses"] == sorted(
            auth_session.SIGN_OUT_IGNORED_STATUSES
        )

    @pytest.mark.parametrize("case", CASES["needs_refresh"])
    def test_needs_refresh(self, case: dict[str, Any]) -> None:
        """A session is refreshed first exactly when the vector says."""
        expected = case["needs_refresh"]
        assert expected == auth_session.needs_refresh(
            _session(case["expires_at"]), _at(case["now_ms"])
        )

    @pytest.mark.parametrize("case", CASES["refresh_backoff"])
    def test_refresh_backoff(self, case: dict[str, Any]) -> None:
        """Each refresh attempt waits the vector's time."""
        assert case["wait_ms"] == round(auth_session.refresh_backoff(case["attempt"]) * 1000)

    @pytest.mark.parametrize("case", CASES["may_retry_refresh"])
    def test_may_retry_refresh(self, case: dict[str, Any]) -> None:
        """A failed refresh is retried exactly when the vector says."""
        elapsed = timedelta(milliseconds=case["elapsed_ms"])
        assert case["may_retry"] == auth_session.may_retry_refresh(case["attempts_made"], elapsed)

    @pytest.mark.parametrize("case", CASES["is_retryable"])
    def test_is_retryable(self, case: dict[str, Any]) -> None:
        """A failure is retryable exactly when the vector says."""
        assert case["retryable"] == auth_session.is_retryable(case["status"])

    @pytest.mark.parametrize("case", CASES["is_invalid_token_answer"])
    def test_is_invalid_token_answer(self, case: dict[str, Any]) -> None:
        """An answer ends the stored session exactly when the vector says."""
        expected = case["invalid"]
        assert expected == auth_session.is_invalid_token_answer(case["status"], case["code"])

    @pytest.mark.parametrize("case", CASES["sign_out_failure_ignored"])
    def test_sign_out_failure_ignored(self, case: dict[str, Any]) -> None:
        """A failed sign-out still signs out locally exactly when the vector says."""
        assert case["ignored"] == auth_session.sign_out_failure_ignored(case["status"])

    @pytest.mark.parametrize("case", CASES["token_claims"], ids=lambda c: c["description"])
    def test_token_claims(self, case: dict[str, Any]) -> None:
        """A token's claims are read, or the token refused, as the vector says."""
        try:
            claims = auth_session.token_claims(case["token"])
        except ValidationFailed:
            claims = None
        assert case["claims"] == claims
