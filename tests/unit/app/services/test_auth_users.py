"""The signed-in user changing itself, called on the auth service directly: metadata, the
password, and what a password change needs (a stepped-up session, a mailed code)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pyotp
import pytest

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.services.auth import AuthService, IssuedSession, UserChanges, UserView
from designcore.domain.errors import DesignCoreError

PASSWORD = "kolanut-42-Lagos"
"""The password of the ``ada`` fixture."""


def refused_code(call: Callable[[], object]) -> str:
    with pytest.raises(DesignCoreError) as refused:
        call()
    return refused.value.code


def sign_in(auth: AuthService, password: str = PASSWORD) -> IssuedSession:
    return auth.sessions.sign_in_with_password(email="ada@example.com", password=password)


def change(
    auth: AuthService,
    session: IssuedSession,
    *,
    email: str | None = None,
    password: str | None = None,
    nonce: str | None = None,
    data: dict[str, object] | None = None,
) -> UserView:
    caller = auth.sessions.authenticate(session.access_token)
    changes = UserChanges(email=email, password=password, nonce=nonce, data=data)
    return auth.users.update_user(caller, changes)


class TestUpdate:
    def test_metadata_is_merged_key_by_key(self, auth: AuthService, ada: IssuedSession) -> None:
        """New keys are added, null removes a key, the rest stays."""
        caller = auth.sessions.authenticate(ada.access_token)
        view = auth.users.update_user(
            caller, UserChanges(data={"city": "Ibadan", "first_name": None})
        )
        assert {"city": "Ibadan"} == dict(view.user.user_metadata)

    def test_a_new_password_ends_every_other_session(
        self, auth: AuthService, ada: IssuedSession
    ) -> None:
        """The password changes, the session that changed it stays, the others end, and the
        old password no longer signs in."""
        other = sign_in(auth)
        change(auth, ada, password="new-Egusi-77")
        assert ada.session.id == auth.sessions.authenticate(ada.access_token).session_id
        assert "session_not_found" == refused_code(
            lambda: auth.sessions.authenticate(other.access_token)
        )
        assert "invalid_credentials" == refused_code(lambda: sign_in(auth))
        assert ada.user.id == sign_in(auth, "new-Egusi-77").user.id

    @pytest.mark.parametrize(
        ("password", "code"), [(PASSWORD, "same_password"), ("abc", "weak_password")]
    )
    def test_the_same_or_a_weak_password_is_refused(
        self, auth: AuthService, ada: IssuedSession, password: str, code: str
    ) -> None:
        """The current password again is same_password; a short one weak_password."""
        assert code == refused_code(lambda: change(auth, ada, password=password))

    def test_a_taken_address_is_email_exists(
        self, auth: AuthService, ada: IssuedSession, sign_up: Callable[..., IssuedSession]
    ) -> None:
        """Another account's address is email_exists; the current one changes nothing."""
        sign_up("kemi@example.com")
        assert "email_exists" == refused_code(lambda: change(auth, ada, email="kemi@example.com"))
        view = change(auth, ada, email="ADA@example.com")
        assert None is view.user.new_email


class TestStepUp:
    @pytest.fixture(name="aal2")
    def fixture_aal2(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> IssuedSession:
        """Ada's session stepped up with a verified TOTP factor."""
        caller = auth.sessions.authenticate(ada.access_token)
        factor = auth.mfa.enroll(caller, factor_type="totp").factor
        challenge = auth.mfa.challenge(caller, factor.id, "")
        code = pyotp.TOTP(factor.secret).at(clock.now())
        return auth.mfa.verify_factor(caller, factor.id, challenge.id, code)

    @pytest.mark.parametrize(
        "changes",
        [{"password": "stolen-Pass-99"}, {"email": "mallory@example.com"}],
        ids=["password", "email"],
    )
    def test_a_password_alone_cannot_change_credentials(
        self, auth: AuthService, aal2: IssuedSession, changes: dict[str, str]
    ) -> None:
        """With a verified factor, an aal1 session changing the password or the address is
        insufficient_aal and nothing changes."""
        aal1 = sign_in(auth)
        assert "insufficient_aal" == refused_code(
            lambda: change(auth, aal1, email=changes.get("email"), password=changes.get("password"))
        )
        view = auth.sessions.user_view(aal2.user.id)
        assert ("ada@example.com", None) == (view.user.email, view.user.new_email)
        assert aal1.user.id == sign_in(auth).user.id

    def test_metadata_and_the_same_address_need_no_step_up(
        self, auth: AuthService, aal2: IssuedSession
    ) -> None:
        """An aal1 session still changes metadata, and naming the current address is no
        change of credentials."""
        aal1 = sign_in(auth)
        view = change(auth, aal1, email="ada@example.com", data={"city": "Jos"})
        assert "Jos" == view.user.user_metadata["city"]

    def test_the_stepped_up_session_changes_the_password(
        self, auth: AuthService, aal2: IssuedSession
    ) -> None:
        """The aal2 session changes the password."""
        change(auth, aal2, password="second-Pass-77")
        assert aal2.user.id == sign_in(auth, "second-Pass-77").user.id


class TestSecurePasswordChange:
    @pytest.fixture(name="secure")
    def fixture_secure(self, make_memory_container: Callable[..., Container]) -> Container:
        """A container with secure password change on, and ada signed up in it."""
        container = make_memory_container(DESIGNCORE_AUTH_SECURE_PASSWORD_CHANGE="true")
        container.auth().signups.sign_up(email="ada@example.com", password=PASSWORD, data=None)
        return container

    @staticmethod
    def mailed_code(container: Container) -> str:
        mail = container.outbox().messages(1)[0].message
        return next(word for word in mail.text.split() if word.isdigit())

    def test_a_young_session_needs_no_code(self, secure: Container) -> None:
        """A session younger than a day changes the password directly."""
        auth: AuthService = secure.auth()
        change(auth, sign_in(auth), password="fresh-Egusi-1")
        assert sign_in(auth, "fresh-Egusi-1")

    def test_an_old_session_needs_the_mailed_code_once(
        self, secure: Container, clock: FixedClock
    ) -> None:
        """A day-old session: no code is reauthentication_needed; a wrong code is
        reauthentication_not_valid and burns the mailed one; a fresh code works once."""
        auth: AuthService = secure.auth()
        session = sign_in(auth)
        clock.advance(timedelta(hours=25))
        session = auth.sessions.refresh(session.refresh_token)
        caller = auth.sessions.authenticate(session.access_token)
        new = "new-Egusi-77"
        assert "reauthentication_needed" == refused_code(
            lambda: change(auth, session, password=new)
        )
        auth.links.reauthenticate(caller)
        code = self.mailed_code(secure)
        wrong = "000000" if code != "000000" else "111111"
        for nonce in (wrong, code):
            assert "reauthentication_not_valid" == refused_code(
                lambda nonce=nonce: change(auth, session, nonce=nonce, password=new)
            )
        auth.links.reauthenticate(caller)
        code = self.mailed_code(secure)
        change(auth, session, nonce=code, password=new)
        assert "reauthentication_not_valid" == refused_code(
            lambda: change(auth, session, nonce=code, password="third-Egusi-9")
        )
        assert session.user.id == sign_in(auth, new).user.id
