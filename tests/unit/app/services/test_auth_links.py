"""Mailed links and codes, called on the auth service directly: recovery, confirmation,
e-mail changes, links followed in the PKCE flow, and reauthentication codes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from designcore.adapters.memory import FixedClock
from designcore.app.services.auth import (
    AuthService,
    IssuedSession,
    LinkOptions,
    UserChanges,
)
from designcore.app.services.profiles import ProfileService
from designcore.domain.accounts import code_challenge_of
from designcore.domain.errors import DesignCoreError
from designcore.domain.premium import Viewer
from designcore.ports.mail import Outbox

VERIFIER = "a-pkce-verifier-" + "x" * 40
PKCE = LinkOptions(
    redirect_to="http://127.0.0.1:8000/auth/reset-password",
    code_challenge=code_challenge_of(VERIFIER, "s256"),
    code_challenge_method="s256",
)
MailedLink = Callable[[], dict[str, str]]


def refused_code(call: Callable[[], object]) -> str:
    with pytest.raises(DesignCoreError) as refused:
        call()
    return refused.value.code


class TestRecovery:
    def test_a_recovery_link_signs_in_once(
        self, auth: AuthService, ada: IssuedSession, mailed_link: MailedLink
    ) -> None:
        """The link mailed by recover signs in with the method recovery, once."""
        auth.links.recover("ada@example.com")
        link = mailed_link()
        assert ("recovery", "http://127.0.0.1:8000") == (link["type"], link["redirect_to"])
        issued = auth.links.verify(token=link["token"], kind="recovery")
        assert (ada.user.id, ["recovery"]) == (
            issued.user.id,
            [entry.method for entry in issued.session.amr],
        )
        assert "otp_expired" == refused_code(
            lambda: auth.links.verify(token=link["token"], kind="recovery")
        )

    def test_links_expire_after_an_hour(
        self, auth: AuthService, ada: IssuedSession, mailed_link: MailedLink, clock: FixedClock
    ) -> None:
        """An hour and a second later the link is otp_expired."""
        auth.links.recover("ada@example.com")
        clock.advance(timedelta(hours=1, seconds=1))
        token = mailed_link()["token"]
        assert "otp_expired" == refused_code(
            lambda: auth.links.verify(token=token, kind="recovery")
        )

    def test_an_unknown_address_is_mailed_nothing(
        self, auth: AuthService, ada: IssuedSession, outbox: Outbox
    ) -> None:
        """Recovering an unknown address answers the same and sends no mail."""
        auth.links.recover("nobody@example.com")
        assert [] == list(outbox.messages(5))

    @pytest.mark.parametrize("email", ["ada@example.com", "nobody@example.com"])
    def test_half_a_pkce_pair_is_refused_for_every_address(
        self, auth: AuthService, ada: IssuedSession, email: str
    ) -> None:
        """Bad PKCE parameters are validation_failed whether or not the address has an
        account, so the answer tells nothing about who is registered."""
        half = LinkOptions(code_challenge="c" * 43)
        assert "validation_failed" == refused_code(lambda: auth.links.recover(email, half))
        assert "validation_failed" == refused_code(lambda: auth.links.resend(email, "signup", half))

    def test_a_pkce_link_answers_a_code_for_the_verifier_only(
        self, auth: AuthService, ada: IssuedSession, mailed_link: MailedLink
    ) -> None:
        """A recovery asked for with a PKCE challenge leads to an auth code: a wrong
        verifier is bad_code_verifier, the right one signs in once."""
        auth.links.recover("ada@example.com", PKCE)
        link = mailed_link()
        outcome = auth.links.follow_link(
            token=link["token"], kind="recovery", redirect_to=link["redirect_to"]
        )
        assert (PKCE.redirect_to, None) == (outcome.redirect_to, outcome.issued)
        code = str(outcome.auth_code)
        assert "bad_code_verifier" == refused_code(
            lambda: auth.providers.exchange_auth_code(code, "another-verifier-" + "y" * 30)
        )
        auth.links.recover("ada@example.com", PKCE)
        link = mailed_link()
        code = str(
            auth.links.follow_link(
                token=link["token"], kind="recovery", redirect_to=link["redirect_to"]
            ).auth_code
        )
        issued = auth.providers.exchange_auth_code(code, VERIFIER)
        assert ["recovery"] == [entry.method for entry in issued.session.amr]
        assert "flow_state_not_found" == refused_code(
            lambda: auth.providers.exchange_auth_code(code, VERIFIER)
        )

    def test_redirects_go_only_to_allowed_places(self, auth: AuthService) -> None:
        """A redirect outside the site falls back to the site."""
        assert "http://127.0.0.1:8000" == auth.links.redirect_target("https://evil.example/x")
        assert "http://127.0.0.1:8000/welcome" == auth.links.redirect_target(
            "http://127.0.0.1:8000/welcome"
        )


class TestResend:
    def test_only_signup_links_are_resent(self, auth: AuthService) -> None:
        """Another type is validation_failed."""
        assert "validation_failed" == refused_code(
            lambda: auth.links.resend("ada@example.com", "recovery")
        )

    def test_a_confirmed_address_is_mailed_nothing(
        self, auth: AuthService, ada: IssuedSession, outbox: Outbox
    ) -> None:
        """Resending to a confirmed (or unknown) address sends nothing."""
        auth.links.resend("ada@example.com", "signup")
        auth.links.resend("nobody@example.com", "signup")
        assert [] == list(outbox.messages(5))


class TestEmailChange:
    def test_the_account_moves_once_the_new_address_follows_its_link(
        self,
        auth: AuthService,
        ada: IssuedSession,
        mailed_link: MailedLink,
        outbox: Outbox,
        profiles: ProfileService,
    ) -> None:
        """A new address waits (new_email) until the link mailed to it is followed; then the
        user, the e-mail identity and the profile carry it."""
        caller = auth.sessions.authenticate(ada.access_token)
        pending = auth.users.update_user(caller, UserChanges(email="Ada@Mail.ng"))
        assert ("ada@example.com", "ada@mail.ng") == (pending.user.email, pending.user.new_email)
        mail = outbox.messages(1)[0].message
        assert ("ada@mail.ng", "Confirm your new email") == (mail.to, mail.subject)
        link = mailed_link()
        moved = auth.links.follow_link(
            token=link["token"], kind="email_change", redirect_to=link["redirect_to"]
        )
        assert moved.issued is not None
        view = auth.sessions.user_view(ada.user.id)
        assert ("ada@mail.ng", None) == (view.user.email, view.user.new_email)
        assert ["ada@mail.ng"] == [i.identity_data["email"] for i in view.identities]
        assert "ada@mail.ng" == profiles.me(Viewer(user_id=ada.user.id)).profile.email

    def test_an_address_taken_meanwhile_is_not_moved_to(
        self,
        auth: AuthService,
        ada: IssuedSession,
        mailed_link: MailedLink,
        sign_up: Callable[..., IssuedSession],
    ) -> None:
        """If someone registers the new address before the link is followed, following it is
        email_exists and the account keeps its address."""
        caller = auth.sessions.authenticate(ada.access_token)
        auth.users.update_user(caller, UserChanges(email="kemi@example.com"))
        token = mailed_link()["token"]
        sign_up("kemi@example.com")
        assert "email_exists" == refused_code(
            lambda: auth.links.verify(token=token, kind="email_change")
        )
        assert "ada@example.com" == auth.sessions.user_view(ada.user.id).user.email


class TestReauthentication:
    def test_the_code_is_six_digits_mailed_to_the_user(
        self, auth: AuthService, ada: IssuedSession, outbox: Outbox
    ) -> None:
        """reauthenticate mails the user a six-digit code."""
        auth.links.reauthenticate(auth.sessions.authenticate(ada.access_token))
        mail = outbox.messages(1)[0].message
        assert ("ada@example.com", "Confirm reauthentication") == (mail.to, mail.subject)
        digits = [word for word in mail.text.split() if word.isdigit()]
        assert [6] == [len(word) for word in digits]
