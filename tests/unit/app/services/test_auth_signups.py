"""Signing up, called on the auth service directly: accounts, profiles, referral awards, and
sign-ups that wait for a confirmed address."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from designcore.app import Container
from designcore.app.services.auth import AuthService, IssuedSession, UserChanges, UserView
from designcore.app.services.profiles import ProfileService
from designcore.domain.accounts import WeakPassword
from designcore.domain.errors import DesignCoreError
from designcore.domain.premium import Viewer
from designcore.domain.profiles import REFERRAL_REWARD

PASSWORD = "kolanut-42-Lagos"
"""The password of the ``sign_up`` fixture."""


class TestSignUp:
    def test_a_new_account_is_confirmed_and_signed_in(
        self, ada: IssuedSession, profiles: ProfileService
    ) -> None:
        """With the embedded defaults the account is confirmed at once, has an e-mail
        identity and a profile with the first name and a referral code, and no credits."""
        assert ada.user.email_confirmed_at is not None
        assert {"provider": "email", "providers": ["email"]} == ada.user.app_metadata
        assert ada.view is not None
        assert ["email"] == [identity.provider for identity in ada.view.identities]
        me = profiles.me(Viewer(user_id=ada.user.id))
        assert ("Ada", 0, 8) == (me.profile.first_name, me.credits, len(me.profile.referral_code))

    def test_a_taken_address_is_user_already_exists(
        self, auth: AuthService, ada: IssuedSession
    ) -> None:
        """The same address in another case is the same account."""
        with pytest.raises(DesignCoreError) as taken:
            auth.signups.sign_up(email=" ADA@Example.com", password="x" * 12, data=None)
        assert "user_already_exists" == taken.value.code

    def test_weak_passwords_and_bad_addresses(self, auth: AuthService) -> None:
        """A short or common password is weak_password with GoTrue's reasons; a malformed
        address is email_address_invalid."""
        for password, reasons in (("Zq9#x", ("length",)), ("password1", ("pwned",))):
            with pytest.raises(WeakPassword) as weak:
                auth.signups.sign_up(email="b@example.com", password=password, data=None)
            assert reasons == weak.value.reasons
        with pytest.raises(DesignCoreError) as bad:
            auth.signups.sign_up(email="not-an-email", password=PASSWORD, data=None)
        assert "email_address_invalid" == bad.value.code


class TestReferrals:
    def test_a_code_rewards_both_sides_once(
        self,
        sign_up: Callable[..., IssuedSession],
        profiles: ProfileService,
        auth: AuthService,
    ) -> None:
        """Signing up with a referrer's code (in any case) gives each side the reward once;
        setting the code again later gives nothing more; an unknown code gives nothing."""
        referrer = sign_up("referrer@example.com")
        code = profiles.me(Viewer(user_id=referrer.user.id)).profile.referral_code
        friend = sign_up("friend@example.com", referral_code=code.lower())
        stranger = sign_up("stranger@example.com", referral_code="ZZZZZZZZ")
        again = auth.sessions.authenticate(friend.access_token)
        auth.users.update_user(again, UserChanges(data={"referral_code": code}))

        def credits(issued: IssuedSession) -> int:
            return profiles.me(Viewer(user_id=issued.user.id)).credits

        assert [REFERRAL_REWARD, REFERRAL_REWARD, 0] == [
            credits(referrer),
            credits(friend),
            credits(stranger),
        ]
        referrals = profiles.referrals(Viewer(user_id=referrer.user.id))
        assert [(friend.user.id, REFERRAL_REWARD)] == [
            (r.referred_id, r.credits_awarded) for r in referrals
        ]

    def test_ones_own_code_rewards_nothing(
        self, ada: IssuedSession, auth: AuthService, profiles: ProfileService
    ) -> None:
        """Setting one's own code after sign-up records no referral."""
        own = profiles.me(Viewer(user_id=ada.user.id)).profile.referral_code
        auth.users.update_user(
            auth.sessions.authenticate(ada.access_token),
            UserChanges(data={"referral_code": own}),
        )
        assert 0 == profiles.me(Viewer(user_id=ada.user.id)).credits


class TestConfirmedSignUp:
    @pytest.fixture(name="confirming")
    def fixture_confirming(self, make_memory_container: Callable[..., Container]) -> Container:
        """A container whose sign-ups wait for a confirmed address."""
        return make_memory_container(DESIGNCORE_AUTH_CONFIRM_EMAIL="true")

    @staticmethod
    def link_token(container: Container, address: str) -> str:
        """The token of the newest link mailed to ``address``."""
        mail = next(m.message for m in container.outbox().messages(10) if m.message.to == address)
        return mail.text.split("token=", 1)[1].split("&", 1)[0]

    def test_the_answer_is_the_user_and_a_link_is_mailed(self, confirming: Container) -> None:
        """With confirmation on, sign-up answers the unconfirmed user without a session and
        mails a signup link; signing in waits for it."""
        auth: AuthService = confirming.auth()
        answer = auth.signups.sign_up(email="bola@example.com", password=PASSWORD, data=None)
        assert isinstance(answer, UserView)
        assert answer.user.email_confirmed_at is None
        mail = confirming.outbox().messages(1)[0].message
        assert ("bola@example.com", "Confirm your signup") == (mail.to, mail.subject)
        with pytest.raises(DesignCoreError) as waiting:
            auth.sessions.sign_in_with_password(email="bola@example.com", password=PASSWORD)
        assert "email_not_confirmed" == waiting.value.code

    def test_a_taken_address_looks_like_a_new_one(self, confirming: Container) -> None:
        """Signing up with a registered address answers a look-alike user (another id, no
        identities), mails the unconfirmed owner again, and leaves the owner's password."""
        auth: AuthService = confirming.auth()
        owner = auth.signups.sign_up(email="bola@example.com", password=PASSWORD, data=None)
        again = auth.signups.sign_up(email="bola@example.com", password="other-Pass-42", data=None)
        stranger = auth.signups.sign_up(email="tunde@example.com", password=PASSWORD, data=None)
        assert isinstance(owner, UserView)
        assert isinstance(again, UserView)
        assert isinstance(stranger, UserView)
        assert owner.user.id != again.user.id
        assert ((), 1) == (again.identities, len(stranger.identities))
        signed_in = auth.links.verify(
            token=self.link_token(confirming, "bola@example.com"), kind="signup"
        )
        assert owner.user.id == signed_in.user.id
        assert auth.sessions.sign_in_with_password(email="bola@example.com", password=PASSWORD)
        assert 3 == len(confirming.outbox().messages(10))
