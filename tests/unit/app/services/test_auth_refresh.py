"""Refreshing sessions, called on the auth service directly: rotation, the parent-of-active
rule within the reuse window, and replays."""

from __future__ import annotations

from datetime import timedelta

import pyotp
import pytest

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.services.auth import AuthService, IssuedSession, hash_token
from designcore.domain.errors import DesignCoreError

PASSWORD = "kolanut-42-Lagos"


def signed_up(auth: AuthService, email: str = "ada@example.com") -> IssuedSession:
    issued = auth.signups.sign_up(email=email, password=PASSWORD, data={"first_name": "Ada"})
    assert isinstance(issued, IssuedSession)
    return issued


def latest_hash(container: Container, session_id: str) -> str | None:
    with container.accounts()() as uow:
        latest = uow.refresh_tokens.latest(session_id)
        return None if latest is None else latest.token_hash


class TestParentOfActive:
    def test_the_parent_within_the_window_answers_the_active_token(
        self, auth: AuthService, memory_container: Container, clock: FixedClock
    ) -> None:
        """Presenting a used token again within the window answers the token that replaced
        it, every time, and mints no sibling: the replacement stays the session's newest."""
        first = signed_up(auth)
        second = auth.sessions.refresh(first.refresh_token)
        clock.advance(timedelta(seconds=5))
        retries = [auth.sessions.refresh(first.refresh_token) for _ in range(3)]

        assert [second.refresh_token] * 3 == [r.refresh_token for r in retries]
        assert hash_token(second.refresh_token) == latest_hash(memory_container, first.session.id)
        assert {first.session.id} == {r.session.id for r in retries}

    def test_the_answered_token_still_rotates_once(
        self, auth: AuthService, clock: FixedClock
    ) -> None:
        """The active token answered to a retry is the one live link: it rotates, and then
        the parent is no longer the parent of the active token, so it is a replay."""
        first = signed_up(auth)
        second = auth.sessions.refresh(first.refresh_token)
        retried = auth.sessions.refresh(first.refresh_token)
        third = auth.sessions.refresh(retried.refresh_token)

        assert second.refresh_token == retried.refresh_token
        assert third.refresh_token not in {first.refresh_token, second.refresh_token}
        with pytest.raises(DesignCoreError) as replay:
            auth.sessions.refresh(first.refresh_token)
        assert "refresh_token_already_used" == replay.value.code

    def test_after_the_window_the_parent_is_a_replay(
        self, auth: AuthService, clock: FixedClock
    ) -> None:
        """Eleven seconds after its successor was issued, the parent revokes the session."""
        first = signed_up(auth)
        second = auth.sessions.refresh(first.refresh_token)
        clock.advance(timedelta(seconds=11))
        with pytest.raises(DesignCoreError) as replay:
            auth.sessions.refresh(first.refresh_token)
        assert "refresh_token_already_used" == replay.value.code
        with pytest.raises(DesignCoreError) as gone:
            auth.sessions.refresh(second.refresh_token)
        assert "refresh_token_not_found" == gone.value.code

    def test_a_token_from_before_a_step_up_never_reaches_aal2(
        self, auth: AuthService, clock: FixedClock
    ) -> None:
        """After an MFA step-up the aal1 refresh token is refused even within the window: its
        holder must not be handed the aal2 session's token. The session goes on."""
        first = signed_up(auth)
        caller = auth.sessions.authenticate(first.access_token)
        factor = auth.mfa.enroll(caller, factor_type="totp").factor
        challenge = auth.mfa.challenge(caller, factor.id, "")
        code = pyotp.TOTP(factor.secret).at(clock.now())
        stepped_up = auth.mfa.verify_factor(caller, factor.id, challenge.id, code)

        with pytest.raises(DesignCoreError) as refused:
            auth.sessions.refresh(first.refresh_token)
        assert "refresh_token_already_used" == refused.value.code
        assert "aal2" == auth.sessions.refresh(stepped_up.refresh_token).session.aal
