"""MFA, called on the auth service directly: enrolment, challenges, verification and the
authentication methods a step-up records."""

from __future__ import annotations

from datetime import timedelta

import jwt
import pyotp
import pytest

from designcore.adapters.memory import FixedClock
from designcore.app.services.auth import AuthService, IssuedSession
from designcore.domain.errors import NotAllowed

PASSWORD = "kolanut-42-Lagos"


def signed_up(auth: AuthService, email: str = "ada@example.com") -> IssuedSession:
    issued = auth.signups.sign_up(email=email, password=PASSWORD, data={"first_name": "Ada"})
    assert isinstance(issued, IssuedSession)
    return issued


def stepped_up(auth: AuthService, clock: FixedClock, session: IssuedSession) -> IssuedSession:
    """The session after enrolling a TOTP factor and verifying a code a minute later."""
    caller = auth.sessions.authenticate(session.access_token)
    factor = auth.mfa.enroll(caller, factor_type="totp").factor
    clock.advance(timedelta(minutes=1))
    challenge = auth.mfa.challenge(caller, factor.id, "")
    return auth.mfa.verify_factor(
        caller, factor.id, challenge.id, pyotp.TOTP(factor.secret).at(clock.now())
    )


class TestAuthenticationMethods:
    def test_a_step_up_lists_totp_before_password(
        self, auth: AuthService, clock: FixedClock
    ) -> None:
        """After a TOTP step-up the session and its access token list the newest method
        first, as the hosted auth service does."""
        session = signed_up(auth)
        signed_up_at = int(clock.now().timestamp())
        upgraded = stepped_up(auth, clock, session)

        expected = [("totp", signed_up_at + 60), ("password", signed_up_at)]
        assert expected == [(e.method, e.timestamp) for e in upgraded.session.amr]
        claims = jwt.decode(upgraded.access_token, options={"verify_signature": False})
        assert expected == [(e["method"], e["timestamp"]) for e in claims["amr"]]

    def test_the_order_survives_a_refresh(self, auth: AuthService, clock: FixedClock) -> None:
        """A refreshed access token of the stepped-up session keeps totp first."""
        upgraded = stepped_up(auth, clock, signed_up(auth))
        refreshed = auth.sessions.refresh(upgraded.refresh_token)
        claims = jwt.decode(refreshed.access_token, options={"verify_signature": False})
        assert ["totp", "password"] == [entry["method"] for entry in claims["amr"]]

    def test_verifying_again_moves_totp_up_without_repeating_it(
        self, auth: AuthService, clock: FixedClock
    ) -> None:
        """A second verification in the same session refreshes the totp entry's time; each
        method appears once."""
        signed_up_at = int(clock.now().timestamp())
        upgraded = stepped_up(auth, clock, signed_up(auth))
        caller = auth.sessions.authenticate(upgraded.access_token)
        factor_id = str(upgraded.session.factor_id)
        clock.advance(timedelta(minutes=5))
        challenge = auth.mfa.challenge(caller, factor_id, "")
        factor = next(
            f for f in auth.sessions.user_view(caller.user_id).factors if f.id == factor_id
        )
        again = auth.mfa.verify_factor(
            caller, factor_id, challenge.id, pyotp.TOTP(factor.secret).at(clock.now())
        )
        assert [("totp", int(clock.now().timestamp())), ("password", signed_up_at)] == [
            (e.method, e.timestamp) for e in again.session.amr
        ]


class TestChallenges:
    def test_the_code_must_come_from_the_challenging_address(
        self, auth: AuthService, clock: FixedClock
    ) -> None:
        """A challenge asked for from one address cannot be answered from another, even with
        the right code; from the same address it verifies."""
        caller = auth.sessions.authenticate(signed_up(auth).access_token)
        factor = auth.mfa.enroll(caller, factor_type="totp").factor
        challenge = auth.mfa.challenge(caller, factor.id, "198.51.100.7")
        code = pyotp.TOTP(factor.secret).at(clock.now())
        with pytest.raises(NotAllowed) as refused:
            auth.mfa.verify_factor(caller, factor.id, challenge.id, code, "203.0.113.9")
        assert "mfa_ip_address_mismatch" == refused.value.code
        verified = auth.mfa.verify_factor(caller, factor.id, challenge.id, code, "198.51.100.7")
        assert "aal2" == verified.session.aal

    def test_a_challenge_verifies_once(self, auth: AuthService, clock: FixedClock) -> None:
        """The same challenge answered twice with a valid code is refused the second time."""
        caller = auth.sessions.authenticate(signed_up(auth).access_token)
        factor = auth.mfa.enroll(caller, factor_type="totp").factor
        challenge = auth.mfa.challenge(caller, factor.id, "")
        code = pyotp.TOTP(factor.secret).at(clock.now())
        auth.mfa.verify_factor(caller, factor.id, challenge.id, code)
        with pytest.raises(NotAllowed) as again:
            auth.mfa.verify_factor(caller, factor.id, challenge.id, code)
        assert "mfa_verification_failed" == again.value.code
