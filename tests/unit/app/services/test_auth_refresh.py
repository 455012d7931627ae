"""Refreshing sessions, called on the auth service directly: rotation, the parent-of-active
rule within the reuse window, replays, and bans."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import attrs
import pyotp
import pytest

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.services.auth import AuthService, IssuedSession, hash_token
from designcore.domain.errors import DesignCoreError


def latest_hash(container: Container, session_id: str) -> str | None:
    with container.accounts()() as uow:
        latest = uow.refresh_tokens.latest(session_id)
        return None if latest is None else latest.token_hash


def refused_code(call: Callable[[], object]) -> str:
    with pytest.raises(DesignCoreError) as refused:
        call()
    return refused.value.code


class TestRotation:
    def test_each_refresh_answers_a_new_token_of_the_same_session(
        self, auth: AuthService, ada: IssuedSession
    ) -> None:
        """A refresh answers a new refresh token and a new access token for the session."""
        second = auth.sessions.refresh(ada.refresh_token)
        third = auth.sessions.refresh(second.refresh_token)
        assert 3 == len({ada.refresh_token, second.refresh_token, third.refresh_token})
        assert {ada.session.id} == {second.session.id, third.session.id}
        assert ada.session.id == auth.sessions.authenticate(third.access_token).session_id

    def test_unknown_and_missing_tokens_are_refused(self, auth: AuthService) -> None:
        """An unknown token is refresh_token_not_found; an empty one validation_failed."""
        assert "refresh_token_not_found" == refused_code(lambda: auth.sessions.refresh("nope"))
        assert "validation_failed" == refused_code(lambda: auth.sessions.refresh(""))

    def test_a_banned_user_cannot_refresh(
        self,
        auth: AuthService,
        ada: IssuedSession,
        memory_container: Container,
        clock: FixedClock,
    ) -> None:
        """A ban stops the next refresh (user_banned) and leaves the token unused."""
        with memory_container.accounts()() as uow:
            user = uow.users.get(ada.user.id)
            uow.users.update(attrs.evolve(user, banned_until=clock.now() + timedelta(days=1)))
            uow.commit()
        assert "user_banned" == refused_code(lambda: auth.sessions.refresh(ada.refresh_token))
        clock.advance(timedelta(days=2))
        assert ada.session.id == auth.sessions.refresh(ada.refresh_token).session.id


class TestParentOfActive:
    def test_the_parent_within_the_window_answers_the_active_token(
        self,
        auth: AuthService,
        ada: IssuedSession,
        memory_container: Container,
        clock: FixedClock,
    ) -> None:
        """Presenting a used token again within the window answers the token that replaced
        it, every time, and mints no sibling: the replacement stays the session's newest."""
        second = auth.sessions.refresh(ada.refresh_token)
        clock.advance(timedelta(seconds=5))
        retries = [auth.sessions.refresh(ada.refresh_token) for _ in range(3)]

        assert [second.refresh_token] * 3 == [r.refresh_token for r in retries]
        assert hash_token(second.refresh_token) == latest_hash(memory_container, ada.session.id)
        assert {ada.session.id} == {r.session.id for r in retries}

    def test_the_answered_token_still_rotates_once(
        self, auth: AuthService, ada: IssuedSession
    ) -> None:
        """The active token answered to a retry is the one live link: it rotates, and then
        the parent is no longer the parent of the active token, so it is a replay."""
        second = auth.sessions.refresh(ada.refresh_token)
        retried = auth.sessions.refresh(ada.refresh_token)
        third = auth.sessions.refresh(retried.refresh_token)

        assert second.refresh_token == retried.refresh_token
        assert third.refresh_token not in {ada.refresh_token, second.refresh_token}
        assert "refresh_token_already_used" == refused_code(
            lambda: auth.sessions.refresh(ada.refresh_token)
        )

    def test_after_the_window_the_parent_is_a_replay(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> None:
        """Eleven seconds after its successor was issued, the parent revokes the session."""
        second = auth.sessions.refresh(ada.refresh_token)
        clock.advance(timedelta(seconds=11))
        assert "refresh_token_already_used" == refused_code(
            lambda: auth.sessions.refresh(ada.refresh_token)
        )
        assert "refresh_token_not_found" == refused_code(
            lambda: auth.sessions.refresh(second.refresh_token)
        )
        assert "session_not_found" == refused_code(
            lambda: auth.sessions.authenticate(second.access_token)
        )

    def test_a_token_from_before_a_step_up_never_reaches_aal2(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> None:
        """After an MFA step-up the aal1 refresh token is refused even within the window: its
        holder must not be handed the aal2 session's token. The session goes on."""
        caller = auth.sessions.authenticate(ada.access_token)
        factor = auth.mfa.enroll(caller, factor_type="totp").factor
        challenge = auth.mfa.challenge(caller, factor.id, "")
        code = pyotp.TOTP(factor.secret).at(clock.now())
        stepped_up = auth.mfa.verify_factor(caller, factor.id, challenge.id, code)

        assert "refresh_token_already_used" == refused_code(
            lambda: auth.sessions.refresh(ada.refresh_token)
        )
        assert "aal2" == auth.sessions.refresh(stepped_up.refresh_token).session.aal
