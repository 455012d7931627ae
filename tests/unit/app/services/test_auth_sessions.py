"""Password sign-in, sign-out and access-token checks, called on the auth service directly."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import attrs
import pytest

from designcore.adapters.argon2 import Argon2PasswordHasher
from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.services.auth import AuthService, IssuedSession
from designcore.domain.errors import DesignCoreError

PASSWORD = "kolanut-42-Lagos"
"""The password of the ``ada`` fixture."""


def refused_code(call: Callable[[], object]) -> str:
    with pytest.raises(DesignCoreError) as refused:
        call()
    return refused.value.code


class TestSignIn:
    def test_the_right_password_opens_a_new_session(
        self, auth: AuthService, ada: IssuedSession
    ) -> None:
        """Each sign-in is a session of its own, aal1, signed in with the password."""
        issued = auth.sessions.sign_in_with_password(email=" ADA@example.com", password=PASSWORD)
        assert issued.session.id != ada.session.id
        assert ("aal1", ["password"]) == (
            issued.session.aal,
            [entry.method for entry in issued.session.amr],
        )
        assert issued.view is not None
        assert ["email"] == [identity.provider for identity in issued.view.identities]

    @pytest.mark.parametrize(
        ("email", "password"),
        [
            ("ada@example.com", "wrong-password-1"),
            ("nobody@example.com", PASSWORD),
            ("not an address", PASSWORD),
        ],
        ids=["wrong-password", "unknown-address", "malformed-address"],
    )
    def test_every_wrong_pair_is_the_same_refusal(
        self, auth: AuthService, ada: IssuedSession, email: str, password: str
    ) -> None:
        """A wrong password, an unknown address and a malformed one are all
        invalid_credentials, so the answer never tells who has an account."""
        assert "invalid_credentials" == refused_code(
            lambda: auth.sessions.sign_in_with_password(email=email, password=password)
        )

    def test_banned_and_unconfirmed_users_are_refused(
        self, auth: AuthService, ada: IssuedSession, memory_container: Container, clock: FixedClock
    ) -> None:
        """A banned user is user_banned, an unconfirmed one email_not_confirmed."""

        def change(**fields: object) -> None:
            with memory_container.accounts()() as uow:
                uow.users.update(attrs.evolve(uow.users.get(ada.user.id), **fields))
                uow.commit()

        sign_in = lambda: auth.sessions.sign_in_with_password(  # noqa: E731
            email="ada@example.com", password=PASSWORD
        )
        change(banned_until=clock.now() + timedelta(hours=1))
        assert "user_banned" == refused_code(sign_in)
        change(banned_until=None, email_confirmed_at=None)
        assert "email_not_confirmed" == refused_code(sign_in)

    def test_an_old_hash_is_upgraded_on_the_way(
        self, auth: AuthService, ada: IssuedSession, memory_container: Container
    ) -> None:
        """A hash made with other parameters is replaced by one of the current parameters
        after a successful sign-in, and the password still works."""
        weaker = Argon2PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
        with memory_container.accounts()() as uow:
            user = uow.users.get(ada.user.id)
            uow.users.update(attrs.evolve(user, password_hash=weaker.hash(PASSWORD)))
            uow.commit()
        auth.sessions.sign_in_with_password(email="ada@example.com", password=PASSWORD)
        with memory_container.accounts()() as uow:
            stored = uow.users.get(ada.user.id).password_hash
        assert stored is not None
        assert not memory_container.password_hasher().needs_rehash(stored)
        auth.sessions.sign_in_with_password(email="ada@example.com", password=PASSWORD)


class TestAccessTokens:
    def test_a_valid_token_names_its_user_and_session(
        self, auth: AuthService, ada: IssuedSession
    ) -> None:
        """authenticate answers the caller; current_user the user with identities."""
        caller = auth.sessions.authenticate(ada.access_token)
        assert (ada.user.id, ada.session.id) == (caller.user_id, caller.session_id)
        assert "ada@example.com" == auth.sessions.current_user(ada.access_token).user.email

    @pytest.mark.parametrize(
        ("token", "code"),
        [(None, "no_authorization"), ("", "no_authorization"), ("x.y.z", "bad_jwt")],
    )
    def test_missing_and_invalid_tokens(
        self, auth: AuthService, token: str | None, code: str
    ) -> None:
        """No token is no_authorization; a token that does not verify is bad_jwt."""
        assert code == refused_code(lambda: auth.sessions.authenticate(token))

    def test_an_expired_token_is_a_bad_jwt(
        self, auth: AuthService, ada: IssuedSession, clock: FixedClock
    ) -> None:
        """An hour and a second after it was issued, the access token is refused."""
        clock.advance(timedelta(hours=1, seconds=1))
        assert "bad_jwt" == refused_code(lambda: auth.sessions.current_user(ada.access_token))


class TestSignOut:
    def test_scopes(self, auth: AuthService, ada: IssuedSession) -> None:
        """local ends the caller's session, others the rest, global all of them; a token of
        an ended session is session_not_found."""

        def sign_in() -> str:
            issued = auth.sessions.sign_in_with_password(email="ada@example.com", password=PASSWORD)
            return issued.access_token

        a, b, c = sign_in(), sign_in(), sign_in()
        auth.sessions.sign_out(auth.sessions.authenticate(a), "local")
        assert "session_not_found" == refused_code(lambda: auth.sessions.authenticate(a))
        auth.sessions.sign_out(auth.sessions.authenticate(b), "others")
        alive = [t for t in (ada.access_token, b, c) if self.alive(auth, t)]
        assert [b] == alive
        auth.sessions.sign_out(auth.sessions.authenticate(b), "global")
        assert not self.alive(auth, b)

    @staticmethod
    def alive(auth: AuthService, token: str) -> bool:
        try:
            auth.sessions.authenticate(token)
        except DesignCoreError:
            return False
        return True

    def test_an_unknown_scope_is_refused(self, auth: AuthService, ada: IssuedSession) -> None:
        """A scope other than local, others and global is validation_failed."""
        caller = auth.sessions.authenticate(ada.access_token)
        assert "validation_failed" == refused_code(lambda: auth.sessions.sign_out(caller, "all"))
