"""MFA, called on the auth service directly: enrolment, challenges, verification, the
authentication methods a step-up records, and what a password-only session may not do."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import attrs
import jwt
import pyotp
import pytest
import sqlalchemy as sa

from designcore.adapters.memory import FixedClock
from designcore.app.container import Container
from designcore.app.seeding import migrate_database
from designcore.app.services.auth import AuthService, Caller, IssuedSession
from designcore.domain.accounts import Factor, FactorStatus
from designcore.domain.errors import DesignCoreError, NotAllowed

MakeContainer = Callable[..., Container]

PASSWORD = "kolanut-42-Lagos"
"""The password of the ``ada`` fixture."""


def stepped_up(auth: AuthService, clock: FixedClock, session: IssuedSession) -> IssuedSession:
    """The session after enrolling a TOTP factor and verifying a code a minute later."""
    caller = auth.sessions.authenticate(session.access_token)
    factor = auth.mfa.enroll(caller, factor_type="totp").factor
    clock.advance(timedelta(minutes=1))
    challenge = auth.mfa.challenge(caller, factor.id, "")
    return auth.mfa.verify_factor(
        caller, factor.id, challenge.id, pyotp.TOTP(factor.secret).at(clock.now())
    )


def password_only(auth: AuthService) -> Caller:
    """A new aal1 session of ada, signed in with the password alone."""
    issued = auth.sessions.sign_in_with_password(email="ada@example.com", password=PASSWORD)
    return auth.sessions.authenticate(issued.access_token)


class TestAuthenticationMethods:
    def test_a_step_up_lists_totp_before_password(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> None:
        """After a TOTP step-up the session and its access token list the newest method
        first, as the hosted auth service does."""
        signed_up_at = int(ada.session.created_at.timestamp())
        upgraded = stepped_up(auth, clock, ada)

        expected = [("totp", signed_up_at + 60), ("password", signed_up_at)]
        assert expected == [(e.method, e.timestamp) for e in upgraded.session.amr]
        claims = jwt.decode(upgraded.access_token, options={"verify_signature": False})
        assert expected == [(e["method"], e["timestamp"]) for e in claims["amr"]]
        assert "aal2" == claims["aal"]

    def test_the_order_survives_a_refresh(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> None:
        """A refreshed access token of the stepped-up session keeps totp first."""
        refreshed = auth.sessions.refresh(stepped_up(auth, clock, ada).refresh_token)
        claims = jwt.decode(refreshed.access_token, options={"verify_signature": False})
        assert ["totp", "password"] == [entry["method"] for entry in claims["amr"]]

    def test_verifying_again_moves_totp_up_without_repeating_it(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> None:
        """A second verification in the same session refreshes the totp entry's time; each
        method appears once."""
        signed_up_at = int(ada.session.created_at.timestamp())
        first = auth.sessions.authenticate(ada.access_token)
        factor = auth.mfa.enroll(first, factor_type="totp").factor
        clock.advance(timedelta(minutes=1))
        challenge = auth.mfa.challenge(first, factor.id, "")
        upgraded = auth.mfa.verify_factor(
            first, factor.id, challenge.id, pyotp.TOTP(factor.secret).at(clock.now())
        )
        caller = auth.sessions.authenticate(upgraded.access_token)
        factor_id = str(upgraded.session.factor_id)
        clock.advance(timedelta(minutes=5))
        challenge = auth.mfa.challenge(caller, factor_id, "")
        again = auth.mfa.verify_factor(
            caller, factor_id, challenge.id, pyotp.TOTP(factor.secret).at(clock.now())
        )
        assert [("totp", int(clock.now().timestamp())), ("password", signed_up_at)] == [
            (e.method, e.timestamp) for e in again.session.amr
        ]


class TestChallenges:
    def test_a_code_verifies_the_factor_once(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> None:
        """A wrong code is mfa_verification_failed; the right one verifies the factor; the
        same challenge cannot be answered twice."""
        caller = auth.sessions.authenticate(ada.access_token)
        factor = auth.mfa.enroll(caller, factor_type="totp", friendly_name="phone").factor
        challenge = auth.mfa.challenge(caller, factor.id, "")
        code = pyotp.TOTP(factor.secret).at(clock.now())
        wrong = "000000" if code != "000000" else "111111"
        with pytest.raises(NotAllowed) as refused:
            auth.mfa.verify_factor(caller, factor.id, challenge.id, wrong)
        assert "mfa_verification_failed" == refused.value.code
        auth.mfa.verify_factor(caller, factor.id, challenge.id, code)
        factors = auth.sessions.user_view(caller.user_id).factors
        assert [FactorStatus.VERIFIED] == [f.status for f in factors]
        with pytest.raises(NotAllowed) as again:
            auth.mfa.verify_factor(caller, factor.id, challenge.id, code)
        assert "mfa_verification_failed" == again.value.code

    def test_a_code_is_accepted_once_then_only_later_codes(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> None:
        """A code that verified once is refused on a new challenge within its 30 seconds (a
        replay), as is the code of the step before it; the next step's code verifies."""
        caller = auth.sessions.authenticate(ada.access_token)
        factor = auth.mfa.enroll(caller, factor_type="totp").factor
        totp = pyotp.TOTP(factor.secret)
        code = totp.at(clock.now())
        first = auth.mfa.verify_factor(
            caller, factor.id, auth.mfa.challenge(caller, factor.id, "").id, code
        )
        caller = auth.sessions.authenticate(first.access_token)
        clock.advance(timedelta(seconds=5))

        for replayed in (code, totp.at(clock.now() - timedelta(seconds=30))):
            with pytest.raises(NotAllowed) as refused:
                auth.mfa.verify_factor(
                    caller, factor.id, auth.mfa.challenge(caller, factor.id, "").id, replayed
                )
            assert "mfa_verification_failed" == refused.value.code
        later = totp.at(clock.now() + timedelta(seconds=30))
        auth.mfa.verify_factor(
            caller, factor.id, auth.mfa.challenge(caller, factor.id, "").id, later
        )

    def test_challenges_expire_after_five_minutes(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> None:
        """A challenge answered 301 seconds later is mfa_challenge_expired."""
        caller = auth.sessions.authenticate(ada.access_token)
        factor = auth.mfa.enroll(caller, factor_type="totp").factor
        challenge = auth.mfa.challenge(caller, factor.id, "")
        clock.advance(timedelta(seconds=301))
        code = pyotp.TOTP(factor.secret).at(clock.now())
        with pytest.raises(NotAllowed) as late:
            auth.mfa.verify_factor(caller, factor.id, challenge.id, code)
        assert "mfa_challenge_expired" == late.value.code

    def test_the_code_must_come_from_the_challenging_address(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> None:
        """A challenge asked for from one address cannot be answered from another, even with
        the right code; from the same address it verifies."""
        caller = auth.sessions.authenticate(ada.access_token)
        factor = auth.mfa.enroll(caller, factor_type="totp").factor
        challenge = auth.mfa.challenge(caller, factor.id, "198.51.100.7")
        code = pyotp.TOTP(factor.secret).at(clock.now())
        with pytest.raises(NotAllowed) as refused:
            auth.mfa.verify_factor(caller, factor.id, challenge.id, code, "203.0.113.9")
        assert "mfa_ip_address_mismatch" == refused.value.code
        verified = auth.mfa.verify_factor(caller, factor.id, challenge.id, code, "198.51.100.7")
        assert "aal2" == verified.session.aal

    def test_another_users_factor_is_not_found(
        self, auth: AuthService, ada: IssuedSession, sign_up: Callable[..., IssuedSession]
    ) -> None:
        """A factor id of another user is mfa_factor_not_found, as an unknown one."""
        caller = auth.sessions.authenticate(ada.access_token)
        factor = auth.mfa.enroll(caller, factor_type="totp").factor
        kemi = sign_up("kemi@example.com")
        stranger = auth.sessions.authenticate(kemi.access_token)
        for factor_id in (factor.id, "no-such-factor"):
            with pytest.raises(DesignCoreError) as missing:
                auth.mfa.challenge(stranger, factor_id, "")
            assert "mfa_factor_not_found" == missing.value.code


class TestEnrolment:
    def test_only_totp_factors(self, auth: AuthService, ada: IssuedSession) -> None:
        """Phone factors are mfa_phone_enroll_not_enabled, other types validation_failed;
        two factors may not share a friendly name."""
        caller = auth.sessions.authenticate(ada.access_token)
        for factor_type, code in (
            ("phone", "mfa_phone_enroll_not_enabled"),
            ("x", "validation_failed"),
        ):
            with pytest.raises(DesignCoreError) as refused:
                auth.mfa.enroll(caller, factor_type=factor_type)
            assert code == refused.value.code
        auth.mfa.enroll(caller, factor_type="totp", friendly_name="phone")
        with pytest.raises(DesignCoreError) as clash:
            auth.mfa.enroll(caller, factor_type="totp", friendly_name="phone")
        assert "mfa_factor_name_conflict" == clash.value.code

    def test_the_uri_names_the_user_and_the_issuer(
        self, auth: AuthService, ada: IssuedSession
    ) -> None:
        """The otpauth URI carries the secret, the user's address and the issuer asked for
        (designcore by default)."""
        caller = auth.sessions.authenticate(ada.access_token)
        default = auth.mfa.enroll(caller, factor_type="totp")
        named = auth.mfa.enroll(caller, factor_type="totp", friendly_name="b", issuer="Acme")
        assert default.uri.startswith("otpauth://totp/designcore:ada%40example.com?")
        assert f"secret={default.factor.secret}" in default.uri
        assert "issuer=Acme" in named.uri


class TestPasswordOnlySessions:
    def test_cannot_add_or_remove_factors_once_one_is_verified(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> None:
        """With a verified factor, an aal1 session may neither enrol another factor nor
        remove the verified one (insufficient_aal); the aal2 session may do both."""
        upgraded = stepped_up(auth, clock, ada)
        factor_id = str(upgraded.session.factor_id)
        aal1 = password_only(auth)
        for attempt in (
            lambda: auth.mfa.enroll(aal1, factor_type="totp"),
            lambda: auth.mfa.unenroll(aal1, factor_id),
        ):
            with pytest.raises(NotAllowed) as refused:
                attempt()
            assert "insufficient_aal" == refused.value.code
        aal2 = auth.sessions.authenticate(upgraded.access_token)
        spare = auth.mfa.enroll(aal2, factor_type="totp", friendly_name="spare").factor
        assert factor_id == auth.mfa.unenroll(aal2, factor_id)
        assert spare.id == auth.mfa.unenroll(aal1, spare.id), "an unverified one goes freely"

    def test_before_any_verified_factor_aal1_is_enough(
        self, auth: AuthService, ada: IssuedSession
    ) -> None:
        """Without a verified factor there is nothing to step up to: aal1 enrols and
        unenrols."""
        caller = auth.sessions.authenticate(ada.access_token)
        factor = auth.mfa.enroll(caller, factor_type="totp").factor
        assert factor.id == auth.mfa.unenroll(caller, factor.id)


def stored_factor(container: Container, factor_id: str) -> Factor:
    """The factor as the accounts store holds it."""
    with container.accounts()() as uow:
        factor = uow.factors.get(factor_id)
    assert factor is not None
    return factor


class TestSealedSecrets:
    def test_the_store_never_holds_the_secret_in_plain(
        self,
        memory_container: Container,
        auth: AuthService,
        ada: IssuedSession,
        clock: FixedClock,
    ) -> None:
        """Enrolling answers the base32 secret once, but the store keeps it sealed by the
        secret box, and codes from the plain secret still verify."""
        caller = auth.sessions.authenticate(ada.access_token)
        enrolled = auth.mfa.enroll(caller, factor_type="totp").factor
        stored = stored_factor(memory_container, enrolled.id).secret
        assert enrolled.secret not in stored
        assert enrolled.secret == memory_container.secret_box().open(stored).decode()
        challenge = auth.mfa.challenge(caller, enrolled.id, "")
        code = pyotp.TOTP(enrolled.secret).at(clock.now())
        auth.mfa.verify_factor(caller, enrolled.id, challenge.id, code)
        assert FactorStatus.VERIFIED == stored_factor(memory_container, enrolled.id).status

    def test_a_secret_stored_in_plain_verifies_and_is_sealed(
        self,
        memory_container: Container,
        auth: AuthService,
        ada: IssuedSession,
        clock: FixedClock,
    ) -> None:
        """A factor stored before secrets were sealed (base32 in the store) still verifies a
        code, and the verification seals its secret."""
        caller = auth.sessions.authenticate(ada.access_token)
        plain = auth.mfa.enroll(caller, factor_type="totp").factor
        with memory_container.accounts()() as uow:
            uow.factors.update(attrs.evolve(uow.factors.get(plain.id), secret=plain.secret))
            uow.commit()
        assert plain.secret == stored_factor(memory_container, plain.id).secret
        challenge = auth.mfa.challenge(caller, plain.id, "")
        auth.mfa.verify_factor(
            caller, plain.id, challenge.id, pyotp.TOTP(plain.secret).at(clock.now())
        )
        resealed = stored_factor(memory_container, plain.id).secret
        assert plain.secret not in resealed
        assert plain.secret == memory_container.secret_box().open(resealed).decode()

    def test_sqlite_rows_hold_sealed_secrets(
        self, make_memory_container: MakeContainer, tmp_path: Path
    ) -> None:
        """On SQLite the ``mfa_factors.secret`` column holds the sealed text, not the base32
        secret."""
        container = make_memory_container(
            DESIGNCORE_DATABASE_URL=f"sqlite:///{tmp_path / 'mfa.db'}"
        )
        migrate_database(container)
        auth = container.auth()
        ada = auth.signups.sign_up(email="ada@example.com", password=PASSWORD, data=None)
        assert isinstance(ada, IssuedSession)
        caller = auth.sessions.authenticate(ada.access_token)
        enrolled = auth.mfa.enroll(caller, factor_type="totp").factor
        engine = sa.create_engine(f"sqlite:///{tmp_path / 'mfa.db'}")
        try:
            with engine.connect() as conn:
                rows = list(conn.execute(sa.text("SELECT secret FROM mfa_factors")).scalars())
        finally:
            engine.dispose()
        assert 1 == len(rows)
        assert enrolled.secret not in rows[0]
        assert enrolled.secret == container.secret_box().open(rows[0]).decode()
