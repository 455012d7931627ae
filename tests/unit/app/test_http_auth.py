"""The auth API at /auth/v1 over HTTP, on in-memory adapters, as GoTrue clients call it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import attrs
import pyotp
import pytest
from litestar.testing import TestClient

from designcore.adapters.argon2 import Argon2PasswordHasher
from designcore.adapters.memory import FixedClock
from designcore.app import Container, build_container, create_app, load_settings

Client = TestClient  # type: ignore[type-arg]
V2024 = {"X-Supabase-Api-Version": "2024-01-01"}


@pytest.fixture(name="clock")
def fixture_clock() -> FixedClock:
    """A clock the tests move by hand."""
    return FixedClock()


@pytest.fixture(name="auth_container")
def fixture_auth_container(clock: FixedClock) -> Container:
    """In-memory adapters with the real auth stack, fast Argon2 and a fixed clock."""
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
            }
        )
    )
    container.clock.override(clock)
    container.password_hasher.override(Argon2PasswordHasher.for_tests())
    return container


@pytest.fixture(name="api")
def fixture_api(auth_container: Container) -> Iterator[Client]:
    """An HTTP client of the app."""
    with TestClient(app=create_app(container=auth_container)) as client:
        yield client


def sign_up(api: Client, email: str = "ada@example.com", **data: Any) -> dict[str, Any]:
    response = api.post(
        "/auth/v1/signup",
        json={
            "email": email,
            "password": "kolanut-42-Lagos",
            "data": {"first_name": "Ada", **data},
        },
        headers=V2024,
    )
    assert 200 == response.status_code, response.text
    return response.json()  # type: ignore[no-any-return]


def bearer(session: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {session['access_token']}", **V2024}


class TestSignUpAndSignIn:
    def test_sign_up_answers_a_session_with_the_user(self, api: Client) -> None:
        """With the embedded defaults a new user is confirmed and signed in at once."""
        session = sign_up(api)
        assert {
            "access_token",
            "token_type",
            "expires_in",
            "expires_at",
            "refresh_token",
            "user",
        } <= set(session)
        user = session["user"]
        assert ("ada@example.com", "authenticated", "authenticated") == (
            user["email"],
            user["aud"],
            user["role"],
        )
        assert {"provider": "email", "providers": ["email"]} == user["app_metadata"]
        assert "Ada" == user["user_metadata"]["first_name"]
        assert [] == user["factors"]
        assert "email" == user["identities"][0]["provider"]
        assert user["email_confirmed_at"] is not None

    def test_duplicate_and_weak(self, api: Client) -> None:
        """A taken e-mail is 422 user_already_exists; a short or common password is
        422 weak_password with reasons; a bad address is 400."""
        sign_up(api)
        again = api.post(
            "/auth/v1/signup",
            json={"email": "ADA@example.com ", "password": "x" * 12},
            headers=V2024,
        )
        assert (422, "user_already_exists") == (again.status_code, again.json()["code"])
        weak = api.post(
            "/auth/v1/signup", json={"email": "b@example.com", "password": "Zq9#x"}, headers=V2024
        )
        assert (422, "weak_password") == (weak.status_code, weak.json()["code"])
        assert ["length"] == weak.json()["weak_password"]["reasons"]
        common = api.post(
            "/auth/v1/signup",
            json={"email": "c@example.com", "password": "password1"},
            headers=V2024,
        )
        assert "pwned" in common.json()["weak_password"]["reasons"]
        bad = api.post(
            "/auth/v1/signup", json={"email": "not-an-email", "password": "x" * 12}, headers=V2024
        )
        assert (400, "email_address_invalid") == (bad.status_code, bad.json()["code"])

    def test_sign_in_errors_never_reveal_accounts(self, api: Client) -> None:
        """Wrong password and unknown e-mail give the same answer."""
        sign_up(api)
        answers = [
            api.post(
                "/auth/v1/token?grant_type=password",
                json={"email": email, "password": "wrong-password-1"},
                headers=V2024,
            )
            for email in ("ada@example.com", "nobody@example.com")
        ]
        assert [(400, "invalid_credentials", "Invalid login credentials")] * 2 == [
            (a.status_code, a.json()["code"], a.json()["message"]) for a in answers
        ]
        ok = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "ada@example.com", "password": "kolanut-42-Lagos"},
        )
        assert 200 == ok.status_code

    def test_legacy_error_shape_without_version_header(self, api: Client) -> None:
        """Without the API version header errors are {code: status, error_code, msg}."""
        answer = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "x@example.com", "password": "whatever-1"},
        )
        assert {
            "code": 400,
            "error_code": "invalid_credentials",
            "msg": "Invalid login credentials",
        } == answer.json()
        assert "2024-01-01" == answer.headers["x-supabase-api-version"]

    @pytest.mark.parametrize("body", [b"{oops", b"[1,2]", b'{"email": 5, "password": "x"}'])
    def test_bad_bodies(self, api: Client, body: bytes) -> None:
        """Malformed JSON and wrong types are 400s."""
        answer = api.post(
            "/auth/v1/token?grant_type=password",
            content=body,
            headers={"Content-Type": "application/json", **V2024},
        )
        assert 400 == answer.status_code


class TestTokens:
    def test_access_token_claims_and_jwks(self, api: Client) -> None:
        """Tokens are ES256 JWTs with kid, verifiable with the published JWKS."""
        import jwt

        session = sign_up(api)
        keys = api.get("/auth/v1/.well-known/jwks.json").json()["keys"]
        header = jwt.get_unverified_header(session["access_token"])
        assert "ES256" == header["alg"]
        key = next(k for k in keys if k["kid"] == header["kid"])
        claims = jwt.decode(
            session["access_token"],
            jwt.PyJWK(key).key,
            algorithms=["ES256"],
            audience="authenticated",
            options={"verify_exp": False},  # the app runs on a fixed clock in 2026
        )
        assert 3600 == claims["exp"] - claims["iat"]
        assert {
            "iss",
            "sub",
            "aud",
            "exp",
            "iat",
            "email",
            "phone",
            "app_metadata",
            "user_metadata",
            "role",
            "aal",
            "amr",
            "session_id",
            "is_anonymous",
        } <= set(claims)
        assert ("aal1", "password") == (claims["aal"], claims["amr"][0]["method"])
        assert all("d" not in k for k in keys)

    def test_refresh_rotates_and_replay_revokes(self, api: Client, clock: FixedClock) -> None:
        """Each refresh answers a new token; a used token presented again within 10 s of its
        successor is answered that same successor (lost answer, racing tab); presented later,
        it revokes the whole session."""
        first = sign_up(api)
        refresh = "/auth/v1/token?grant_type=refresh_token"
        second = api.post(
            refresh, json={"refresh_token": first["refresh_token"]}, headers=V2024
        ).json()
        assert second["refresh_token"] != first["refresh_token"]
        clock.advance(timedelta(seconds=5))
        retried = api.post(refresh, json={"refresh_token": first["refresh_token"]}, headers=V2024)
        assert 200 == retried.status_code
        third = retried.json()
        assert second["refresh_token"] == third["refresh_token"]
        assert 200 == api.get("/auth/v1/user", headers=bearer(third)).status_code
        fourth = api.post(refresh, json={"refresh_token": second["refresh_token"]}, headers=V2024)
        assert 200 == fourth.status_code
        clock.advance(timedelta(seconds=11))
        replay = api.post(refresh, json={"refresh_token": first["refresh_token"]}, headers=V2024)
        assert (400, "refresh_token_already_used") == (replay.status_code, replay.json()["code"])
        assert 403 == api.get("/auth/v1/user", headers=bearer(fourth.json())).status_code
        gone = api.post(refresh, json={"refresh_token": fourth.json()["refresh_token"]})
        assert 400 == gone.status_code

    def test_replay_after_the_window_revokes(self, api: Client, clock: FixedClock) -> None:
        """Out of the 10-second window the previous token is a replay."""
        first = sign_up(api)
        refresh = "/auth/v1/token?grant_type=refresh_token"
        api.post(refresh, json={"refresh_token": first["refresh_token"]})
        clock.advance(timedelta(seconds=11))
        late = api.post(refresh, json={"refresh_token": first["refresh_token"]}, headers=V2024)
        assert "refresh_token_already_used" == late.json()["code"]

    def test_forged_expired_and_none_tokens_are_refused(
        self, api: Client, clock: FixedClock
    ) -> None:
        """A tampered signature, alg=none and an expired token are all 403 bad_jwt."""
        import base64
        import json

        session = sign_up(api)
        head, body, signature = session["access_token"].split(".")
        forged = f"{head}.{body}.{signature[:-4]}AAAA"
        none_head = base64.urlsafe_b64encode(json.dumps({"alg": "none", "typ": "JWT"}).encode())
        none_token = none_head.decode().rstrip("=") + f".{body}."
        for token in (forged, none_token, "not.a.jwt", "x"):
            answer = api.get("/auth/v1/user", headers={"Authorization": f"Bearer {token}", **V2024})
            assert (403, "bad_jwt") == (answer.status_code, answer.json()["code"])
        clock.advance(timedelta(hours=2))
        expired = api.get("/auth/v1/user", headers=bearer(session))
        assert (403, "bad_jwt") == (expired.status_code, expired.json()["code"])
        missing = api.get("/auth/v1/user", headers=V2024)
        assert (401, "no_authorization") == (missing.status_code, missing.json()["code"])


class TestUserAndSessions:
    def test_update_metadata_password_and_email(
        self, api: Client, auth_container: Container
    ) -> None:
        """PUT /user merges metadata and changes the password at once; a new e-mail address
        waits (new_email) until the link mailed to it is followed."""
        session = sign_up(api)
        answer = api.put(
            "/auth/v1/user",
            json={"data": {"referral_code": None, "city": "Ibadan"}},
            headers=bearer(session),
        )
        assert "Ibadan" == answer.json()["user_metadata"]["city"]
        same = api.put(
            "/auth/v1/user", json={"password": "kolanut-42-Lagos"}, headers=bearer(session)
        )
        assert (422, "same_password") == (same.status_code, same.json()["code"])
        pending = api.put(
            "/auth/v1/user",
            json={"password": "new-secret-9-Abuja", "email": "Ada@Mail.ng"},
            headers=bearer(session),
        ).json()
        assert ("ada@example.com", "ada@mail.ng") == (pending["email"], pending["new_email"])
        old_address = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "ada@example.com", "password": "new-secret-9-Abuja"},
        )
        assert 200 == old_address.status_code
        mail = auth_container.outbox().messages(1)[0]
        assert ("ada@mail.ng", "Confirm your new email") == (mail.message.to, mail.message.subject)
        link = re.search(r"https?://\S+", mail.message.text)
        assert link is not None
        followed = api.get(link.group(0).split("127.0.0.1:8000", 1)[1], follow_redirects=False)
        assert "type=email_change" in followed.headers["location"]
        moved = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "ada@mail.ng", "password": "new-secret-9-Abuja"},
        )
        assert 200 == moved.status_code, moved.text
        user = moved.json()["user"]
        assert "new_email" not in user
        assert ["ada@mail.ng"] == [i["identity_data"]["email"] for i in user["identities"]]
        profile = api.get("/api/v1/profiles/me", headers=bearer(moved.json())).json()
        assert "ada@mail.ng" == profile["email"]

    def test_an_address_taken_meanwhile_is_not_moved_to(
        self, api: Client, auth_container: Container
    ) -> None:
        """If someone registers the new address before the link is followed, following it
        answers email_exists and the account keeps its address."""
        session = sign_up(api)
        api.put("/auth/v1/user", json={"email": "kemi@example.com"}, headers=bearer(session))
        mail = auth_container.outbox().messages(1)[0].message
        sign_up(api, "kemi@example.com")
        link = re.search(r"https?://\S+", mail.text)
        assert link is not None
        followed = api.get(link.group(0).split("127.0.0.1:8000", 1)[1], follow_redirects=False)
        assert "error_code=email_exists" in followed.headers["location"]
        assert (
            "ada@example.com" == api.get("/auth/v1/user", headers=bearer(session)).json()["email"]
        )

    def test_pkce_recovery_link_answers_a_code_to_exchange(
        self, api: Client, auth_container: Container
    ) -> None:
        """A recovery asked for with a PKCE challenge leads to ?code=, which the verifier
        exchanges once for a session; without the verifier it is refused."""
        from designcore.domain.accounts import code_challenge_of

        sign_up(api)
        verifier = "pkce-verifier-" + "x" * 40
        asked = api.post(
            "/auth/v1/recover?redirect_to=http://127.0.0.1:8000/auth/reset-password",
            json={
                "email": "ada@example.com",
                "code_challenge": code_challenge_of(verifier, "s256"),
                "code_challenge_method": "s256",
            },
        )
        assert 200 == asked.status_code, asked.text
        mail = auth_container.outbox().messages(1)[0].message
        link = re.search(r"https?://\S+", mail.text)
        assert link is not None
        followed = api.get(link.group(0).split("127.0.0.1:8000", 1)[1], follow_redirects=False)
        location = followed.headers["location"]
        assert location.startswith("http://127.0.0.1:8000/auth/reset-password?code=")
        code = location.split("code=", 1)[1]
        wrong = api.post(
            "/auth/v1/token?grant_type=pkce",
            json={"auth_code": code, "code_verifier": "not-the-verifier-" + "y" * 30},
            headers=V2024,
        )
        assert (400, "bad_code_verifier") == (wrong.status_code, wrong.json()["code"])
        api.post(
            "/auth/v1/recover",
            json={
                "email": "ada@example.com",
                "code_challenge": code_challenge_of(verifier, "s256"),
                "code_challenge_method": "s256",
            },
        )
        mail = auth_container.outbox().messages(1)[0].message
        link = re.search(r"https?://\S+", mail.text)
        assert link is not None
        location = api.get(
            link.group(0).split("127.0.0.1:8000", 1)[1], follow_redirects=False
        ).headers["location"]
        exchanged = api.post(
            "/auth/v1/token?grant_type=pkce",
            json={"auth_code": location.split("code=", 1)[1], "code_verifier": verifier},
            headers=V2024,
        )
        assert 200 == exchanged.status_code, exchanged.text
        import jwt

        claims = jwt.decode(exchanged.json()["access_token"], options={"verify_signature": False})
        assert ["recovery"] == [entry["method"] for entry in claims["amr"]]

    def test_logout_scopes(self, api: Client) -> None:
        """local ends this session, others the rest, global all; ended sessions are 403."""
        sign_up(api)

        def sign_in() -> dict[str, Any]:
            return api.post(
                "/auth/v1/token?grant_type=password",
                json={"email": "ada@example.com", "password": "kolanut-42-Lagos"},
            ).json()

        a, b, c = sign_in(), sign_in(), sign_in()
        assert 204 == api.post("/auth/v1/logout?scope=local", headers=bearer(a)).status_code
        assert "session_not_found" == api.get("/auth/v1/user", headers=bearer(a)).json()["code"]
        api.post("/auth/v1/logout?scope=others", headers=bearer(b))
        assert 403 == api.get("/auth/v1/user", headers=bearer(c)).status_code
        assert 200 == api.get("/auth/v1/user", headers=bearer(b)).status_code
        api.post("/auth/v1/logout", headers=bearer(b))
        assert 403 == api.get("/auth/v1/user", headers=bearer(b)).status_code


class TestRecovery:
    def test_recovery_link_signs_in_once(self, api: Client, auth_container: Container) -> None:
        """Recover mails a link; following it signs in with a session; the link works once;
        unknown addresses get the same empty answer."""
        sign_up(api)
        assert {} == api.post("/auth/v1/recover", json={"email": "nobody@example.com"}).json()
        assert {} == api.post("/auth/v1/recover", json={"email": "ada@example.com"}).json()
        mail = auth_container.outbox().messages(5)
        assert 1 == len(mail)
        link = re.search(r"https?://\S+", mail[0].message.text)
        assert link is not None
        path = link.group(0).split("127.0.0.1:8000", 1)[1]
        first = api.get(path, follow_redirects=False)
        assert 302 <= first.status_code < 400
        assert "access_token=" in first.headers["location"]
        assert "type=recovery" in first.headers["location"]
        second = api.get(path, follow_redirects=False)
        assert "error_code=otp_expired" in second.headers["location"]
        page = api.get("/dev/mailbox")
        assert "Reset your password" in page.text


class TestMfa:
    def test_totp_enrol_challenge_verify_reaches_aal2(self, api: Client, clock: FixedClock) -> None:
        """A verified TOTP code makes the session aal2 and the factor verified."""
        import jwt

        session = sign_up(api)
        enrolled = api.post(
            "/auth/v1/factors",
            json={"factor_type": "totp", "friendly_name": "phone"},
            headers=bearer(session),
        ).json()
        assert enrolled["totp"]["qr_code"].startswith("<svg xmlns=")
        factor_id = enrolled["id"]
        challenge = api.post(
            f"/auth/v1/factors/{factor_id}/challenge", json={}, headers=bearer(session)
        ).json()
        wrong = api.post(
            f"/auth/v1/factors/{factor_id}/verify",
            json={"challenge_id": challenge["id"], "code": "000000"},
            headers=bearer(session),
        )
        assert (422, "mfa_verification_failed") == (wrong.status_code, wrong.json()["code"])
        code = pyotp.TOTP(enrolled["totp"]["secret"]).at(clock.now())
        verified = api.post(
            f"/auth/v1/factors/{factor_id}/verify",
            json={"challenge_id": challenge["id"], "code": code},
            headers=bearer(session),
        )
        assert 200 == verified.status_code, verified.text
        claims = jwt.decode(verified.json()["access_token"], options={"verify_signature": False})
        assert "aal2" == claims["aal"]
        assert ["totp", "password"] == [entry["method"] for entry in claims["amr"]]
        assert "verified" == verified.json()["user"]["factors"][0]["status"]
        clock.advance(timedelta(seconds=301))
        late = api.post(
            f"/auth/v1/factors/{factor_id}/challenge", json={}, headers=bearer(verified.json())
        )
        assert 200 == late.status_code

    @staticmethod
    def aal2_session(api: Client, clock: FixedClock) -> tuple[dict[str, Any], str, str]:
        """A new user with a verified TOTP factor: (aal2 session, factor id, secret)."""
        session = sign_up(api)
        enrolled = api.post(
            "/auth/v1/factors", json={"factor_type": "totp"}, headers=bearer(session)
        ).json()
        challenge = api.post(
            f"/auth/v1/factors/{enrolled['id']}/challenge", json={}, headers=bearer(session)
        ).json()
        code = pyotp.TOTP(enrolled["totp"]["secret"]).at(clock.now())
        verified = api.post(
            f"/auth/v1/factors/{enrolled['id']}/verify",
            json={"challenge_id": challenge["id"], "code": code},
            headers=bearer(session),
        )
        assert 200 == verified.status_code, verified.text
        return verified.json(), enrolled["id"], enrolled["totp"]["secret"]

    def test_a_password_alone_cannot_add_or_remove_factors(
        self, api: Client, clock: FixedClock
    ) -> None:
        """Once a factor is verified, an aal1 session (password only) can neither enrol
        another factor nor remove the verified one (401 insufficient_aal); aal2 can do both."""
        aal2, factor_id, _ = self.aal2_session(api, clock)
        aal1 = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "ada@example.com", "password": "kolanut-42-Lagos"},
            headers=V2024,
        ).json()
        enrol = api.post("/auth/v1/factors", json={"factor_type": "totp"}, headers=bearer(aal1))
        assert (401, "insufficient_aal") == (enrol.status_code, enrol.json()["code"])
        remove = api.delete(f"/auth/v1/factors/{factor_id}", headers=bearer(aal1))
        assert (401, "insufficient_aal") == (remove.status_code, remove.json()["code"])
        second = api.post(
            "/auth/v1/factors",
            json={"factor_type": "totp", "friendly_name": "spare"},
            headers=bearer(aal2),
        )
        assert 200 == second.status_code, second.text
        assert 200 == api.delete(f"/auth/v1/factors/{factor_id}", headers=bearer(aal2)).status_code

    def test_a_password_alone_cannot_change_the_password_or_the_address(
        self, api: Client, clock: FixedClock
    ) -> None:
        """Once a factor is verified, an aal1 session gets 401 insufficient_aal for a new
        password or a new e-mail address (metadata still changes); aal2 may change both."""
        aal2, _, _ = self.aal2_session(api, clock)
        aal1 = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "ada@example.com", "password": "kolanut-42-Lagos"},
            headers=V2024,
        ).json()
        refused = [
            api.put("/auth/v1/user", json=change, headers=bearer(aal1))
            for change in ({"password": "stolen-Pass-99"}, {"email": "mallory@example.com"})
        ]
        assert [(401, "insufficient_aal")] * 2 == [
            (answer.status_code, answer.json()["code"]) for answer in refused
        ]
        same_address = api.put(
            "/auth/v1/user",
            json={"email": "ada@example.com", "data": {"city": "Jos"}},
            headers=bearer(aal1),
        )
        assert 200 == same_address.status_code, same_address.text
        changed = api.put(
            "/auth/v1/user", json={"password": "second-Pass-77"}, headers=bearer(aal2)
        )
        assert 200 == changed.status_code, changed.text
        old_password = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "ada@example.com", "password": "kolanut-42-Lagos"},
            headers=V2024,
        )
        assert (400, "invalid_credentials") == (
            old_password.status_code,
            old_password.json()["code"],
        )

    def test_codes_cannot_be_guessed_at_length(self, api: Client) -> None:
        """Verification attempts are limited per user: the 16th in five minutes is 429."""
        session = sign_up(api)
        enrolled = api.post(
            "/auth/v1/factors", json={"factor_type": "totp"}, headers=bearer(session)
        ).json()
        challenge = api.post(
            f"/auth/v1/factors/{enrolled['id']}/challenge", json={}, headers=bearer(session)
        ).json()
        answers = [
            api.post(
                f"/auth/v1/factors/{enrolled['id']}/verify",
                json={"challenge_id": challenge["id"], "code": f"{n:06d}"},
                headers=bearer(session),
            )
            for n in range(16)
        ]
        assert {422} == {a.status_code for a in answers[:15]}
        assert (429, "over_request_rate_limit") == (
            answers[15].status_code,
            answers[15].json()["code"],
        )
        assert "Retry-After" in answers[15].headers

    def test_phone_factors_are_not_supported(self, api: Client) -> None:
        """Phone factors answer a clear 422."""
        session = sign_up(api)
        answer = api.post(
            "/auth/v1/factors",
            json={"factor_type": "phone", "phone": "+2348030000000"},
            headers=bearer(session),
        )
        assert 422 == answer.status_code


class TestReferrals:
    def test_referral_awards_both_sides_once(self, api: Client) -> None:
        """Signing up with a referrer's code gives each 10 credits, exactly once; self and
        unknown codes give nothing but the sign-up succeeds."""
        referrer = sign_up(api, "referrer@example.com")
        me = api.get("/api/v1/profiles/me", headers=bearer(referrer)).json()
        code = me["referral_code"]
        own = api.post(
            "/api/v1/rpc/get_user_referral_code",
            json={"user_id_param": referrer["user"]["id"]},
            headers=bearer(referrer),
        )
        assert code == own.json()
        friend = sign_up(api, "friend@example.com", referral_code=code.lower())
        stranger = sign_up(api, "stranger@example.com", referral_code="ZZZZZZZZ")
        assert (
            20
            == 2 * 10
            == (
                api.get("/api/v1/profiles/me", headers=bearer(referrer)).json()["credits"]
                + api.get("/api/v1/profiles/me", headers=bearer(friend)).json()["credits"]
            )
        )
        assert 0 == api.get("/api/v1/profiles/me", headers=bearer(stranger)).json()["credits"]
        api.put("/auth/v1/user", json={"data": {"referral_code": code}}, headers=bearer(friend))
        assert 10 == api.get("/api/v1/profiles/me", headers=bearer(friend)).json()["credits"]
        referrals = api.get("/api/v1/referrals", headers=bearer(referrer)).json()
        assert [("completed", 10)] == [(r["status"], r["credits_awarded"]) for r in referrals]
        other = api.post(
            "/api/v1/rpc/get_user_referral_code",
            json={"user_id_param": friend["user"]["id"]},
            headers=bearer(referrer),
        )
        assert 403 == other.status_code

    def test_profile_needs_a_session(self, api: Client) -> None:
        """Profiles answer 401 without a token."""
        assert 401 == api.get("/api/v1/profiles/me").status_code


class TestRateLimits:
    def test_recover_is_limited_per_email(self, api: Client) -> None:
        """The sixth recovery request for one address within an hour is 429 with Retry-After."""
        answers = [
            api.post("/auth/v1/recover", json={"email": "ada@example.com"}) for _ in range(6)
        ]
        assert [200] * 5 + [429] == [a.status_code for a in answers]
        assert int(answers[-1].headers["retry-after"]) > 0
        assert "over_email_send_rate_limit" == answers[-1].json()["error_code"]


class TestPasswordGuessing:
    @pytest.fixture(name="addressed")
    def fixture_addressed(self, auth_container: Container) -> Iterator[Client]:
        """A client whose requests come from the address in their ``X-Test-Client`` header."""
        app = create_app(container=auth_container)

        async def from_header(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] == "http":
                given = dict(scope["headers"]).get(b"x-test-client")
                if given:
                    scope = {**scope, "client": (given.decode(), 50000)}
            await app(scope, receive, send)

        with TestClient(app=from_header) as client:
            yield client

    @staticmethod
    def sign_in(api: Client, password: str, address: str, email: str = "ada@example.com") -> Any:
        return api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": email, "password": password},
            headers={**V2024, "X-Test-Client": address},
        )

    def test_guesses_from_many_addresses_do_not_lock_the_owner_out(self, addressed: Client) -> None:
        """Sixty wrong passwords from sixty addresses within five minutes: the owner's right
        password from her own address still signs her in."""
        sign_up(addressed)
        guesses = [
            self.sign_in(addressed, f"guess-{n}-Lagos", f"198.51.100.{n}") for n in range(60)
        ]
        assert {(400, "invalid_credentials")} == {
            (g.status_code, g.json()["code"]) for g in guesses
        }
        owner = self.sign_in(addressed, "kolanut-42-Lagos", "203.0.113.7")
        assert 200 == owner.status_code, owner.text

    def test_guesses_from_one_address_are_limited(self, addressed: Client) -> None:
        """One address guessing one account is refused after ten tries in five minutes, with
        Retry-After, while the owner elsewhere signs in; one address trying many accounts
        still meets the per-address limit of sixty."""
        sign_up(addressed)
        guesses = [self.sign_in(addressed, f"guess-{n}-Lagos", "198.51.100.1") for n in range(11)]
        assert [400] * 10 + [429] == [g.status_code for g in guesses]
        assert "over_request_rate_limit" == guesses[-1].json()["code"]
        assert int(guesses[-1].headers["retry-after"]) > 0
        assert 200 == self.sign_in(addressed, "kolanut-42-Lagos", "203.0.113.7").status_code
        spray = [
            self.sign_in(addressed, "kolanut-42-Lagos", "198.51.100.2", f"n{n}@example.com")
            for n in range(61)
        ]
        assert [400] * 60 + [429] == [a.status_code for a in spray]

    def test_the_owners_success_clears_her_own_count(self, addressed: Client) -> None:
        """Mistyping nine times and then signing in does not leave the owner one try short:
        a success forgets the failures counted for her account from her address."""
        sign_up(addressed)
        for n in range(9):
            self.sign_in(addressed, f"typo-{n}-Lagos", "203.0.113.7")
        assert 200 == self.sign_in(addressed, "kolanut-42-Lagos", "203.0.113.7").status_code
        later = [self.sign_in(addressed, f"typo-{n}-Abuja", "203.0.113.7") for n in range(10)]
        assert [400] * 10 == [a.status_code for a in later]


def test_an_unreachable_store_answers_503(tmp_path: Any) -> None:
    """A database the auth service cannot use (here: never migrated) is a 503, not a 400."""
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": f"sqlite:///{tmp_path / 'empty.db'}",
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
                "DESIGNCORE_SEED_ON_START": "false",
            }
        )
    )
    with TestClient(app=create_app(container=container)) as client:
        response = client.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "ada@example.com", "password": "kolanut-42-Lagos"},
            headers=V2024,
        )
    assert (503, "unavailable") == (response.status_code, response.json()["code"])


class TestSessionsEnd:
    def test_a_password_change_ends_every_other_session(self, api: Client) -> None:
        """Changing the password keeps the session that did it and ends the others."""
        first = sign_up(api)
        other = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "ada@example.com", "password": "kolanut-42-Lagos"},
            headers=V2024,
        ).json()
        changed = api.put("/auth/v1/user", json={"password": "new-Egusi-77"}, headers=bearer(first))
        assert 200 == changed.status_code, changed.text
        assert 200 == api.get("/auth/v1/user", headers=bearer(first)).status_code
        gone = api.get("/auth/v1/user", headers=bearer(other))
        assert (403, "session_not_found") == (gone.status_code, gone.json()["code"])

    def test_a_banned_user_cannot_refresh(
        self, api: Client, auth_container: Container, clock: FixedClock
    ) -> None:
        """A ban stops the next refresh with 400 user_banned."""
        session = sign_up(api)
        with auth_container.accounts()() as uow:
            user = uow.users.get(session["user"]["id"])
            uow.users.update(attrs.evolve(user, banned_until=clock.now() + timedelta(days=1)))
            uow.commit()
        refused = api.post(
            "/auth/v1/token?grant_type=refresh_token",
            json={"refresh_token": session["refresh_token"]},
            headers=V2024,
        )
        assert (400, "user_banned") == (refused.status_code, refused.json()["code"])


class TestReauthentication:
    @pytest.fixture(name="secure")
    def fixture_secure(self, clock: FixedClock) -> Iterator[tuple[Client, Container]]:
        """The API with secure password change on."""
        container = build_container(
            load_settings(
                {
                    "DESIGNCORE_DATABASE_URL": "memory://",
                    "DESIGNCORE_STORAGE_BACKEND": "memory",
                    "DESIGNCORE_WEB_DIST": "/nonexistent",
                    "DESIGNCORE_AUTH_SECURE_PASSWORD_CHANGE": "true",
                }
            )
        )
        container.clock.override(clock)
        container.password_hasher.override(Argon2PasswordHasher.for_tests())
        with TestClient(app=create_app(container=container)) as client:
            yield client, container

    @staticmethod
    def mailed_code(container: Container) -> str:
        mail = container.outbox().messages(1)[0].message
        assert "Confirm reauthentication" == mail.subject
        found = re.search(r"\b(\d{6})\b", mail.text)
        assert found is not None
        return found.group(1)

    def test_off_by_default_yet_a_code_can_be_asked_for(
        self, api: Client, auth_container: Container, clock: FixedClock
    ) -> None:
        """Without the setting an old session changes its password directly; asking for a
        code still mails one (clients may call it anyway)."""
        session = sign_up(api)
        clock.advance(timedelta(hours=25))
        session = refreshed(api, session)
        asked = api.get("/auth/v1/reauthenticate", headers=bearer(session))
        assert (200, {}) == (asked.status_code, asked.json())
        assert re.fullmatch(r"\d{6}", self.mailed_code(auth_container))
        changed = api.put(
            "/auth/v1/user", json={"password": "new-Egusi-77"}, headers=bearer(session)
        )
        assert 200 == changed.status_code, changed.text

    def test_old_session_needs_the_mailed_code_once(
        self, secure: tuple[Client, Container], clock: FixedClock
    ) -> None:
        """A day-old session: no code is reauthentication_needed, a wrong code burns the
        mailed one, a fresh code changes the password once."""
        api, container = secure
        session = sign_up(api)
        fresh = api.put(
            "/auth/v1/user", json={"password": "fresh-Egusi-1"}, headers=bearer(session)
        )
        assert 200 == fresh.status_code, "a young session needs no code"
        clock.advance(timedelta(hours=25))
        session = refreshed(api, session)
        change = {"password": "new-Egusi-77"}
        missing = api.put("/auth/v1/user", json=change, headers=bearer(session))
        assert (400, "reauthentication_needed") == (missing.status_code, missing.json()["code"])
        api.get("/auth/v1/reauthenticate", headers=bearer(session))
        code = self.mailed_code(container)
        wrong = "000000" if code != "000000" else "111111"
        for nonce in (wrong, code):
            refused = api.put(
                "/auth/v1/user", json={**change, "nonce": nonce}, headers=bearer(session)
            )
            assert (400, "reauthentication_not_valid") == (
                refused.status_code,
                refused.json()["code"],
            )
        api.get("/auth/v1/reauthenticate", headers=bearer(session))
        code = self.mailed_code(container)
        done = api.put("/auth/v1/user", json={**change, "nonce": code}, headers=bearer(session))
        assert 200 == done.status_code, done.text
        again = api.put(
            "/auth/v1/user",
            json={"password": "third-Egusi-9", "nonce": code},
            headers=bearer(session),
        )
        assert "reauthentication_not_valid" == again.json()["code"]
        signed_in = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "ada@example.com", "password": "new-Egusi-77"},
        )
        assert 200 == signed_in.status_code


def refreshed(api: Client, session: dict[str, Any]) -> dict[str, Any]:
    answer = api.post(
        "/auth/v1/token?grant_type=refresh_token",
        json={"refresh_token": session["refresh_token"]},
        headers=V2024,
    )
    assert 200 == answer.status_code, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_confirmed_sign_up_follows_redirect_and_pkce(clock: FixedClock) -> None:
    """With confirmation on, sign-up answers the user without a session, mails a link that
    leads to the asked redirect with ?code= (PKCE), and the code signs in once confirmed."""
    from designcore.domain.accounts import code_challenge_of

    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
                "DESIGNCORE_AUTH_CONFIRM_EMAIL": "true",
            }
        )
    )
    container.clock.override(clock)
    container.password_hasher.override(Argon2PasswordHasher.for_tests())
    verifier = "signup-verifier-" + "z" * 40
    with TestClient(app=create_app(container=container)) as api:
        answer = api.post(
            "/auth/v1/signup?redirect_to=http://127.0.0.1:8000/welcome",
            json={
                "email": "bola@example.com",
                "password": "kolanut-42-Lagos",
                "code_challenge": code_challenge_of(verifier, "s256"),
                "code_challenge_method": "s256",
            },
            headers=V2024,
        )
        assert 200 == answer.status_code, answer.text
        assert "access_token" not in answer.json()
        assert answer.json()["email_confirmed_at"] is None
        mail = container.outbox().messages(1)[0].message
        link = re.search(r"https?://\S+", mail.text)
        assert link is not None
        location = api.get(
            link.group(0).split("127.0.0.1:8000", 1)[1], follow_redirects=False
        ).headers["location"]
        assert location.startswith("http://127.0.0.1:8000/welcome?code=")
        session = api.post(
            "/auth/v1/token?grant_type=pkce",
            json={"auth_code": location.split("code=", 1)[1], "code_verifier": verifier},
            headers=V2024,
        )
        assert 200 == session.status_code, session.text
        user = session.json()["user"]
        assert user["email_confirmed_at"] is not None
        assert [True] == [i["identity_data"]["email_verified"] for i in user["identities"]]
        again = api.post(
            "/auth/v1/signup",
            json={"email": "bola@example.com", "password": "another-Pass-42"},
            headers=V2024,
        )
        stranger = api.post(
            "/auth/v1/signup",
            json={"email": "tunde@example.com", "password": "another-Pass-42"},
            headers=V2024,
        )
        assert (200, 200) == (again.status_code, stranger.status_code)
        assert set(again.json()) == set(stranger.json())
        assert [] == again.json()["identities"]
        assert again.json()["id"] != user["id"]
        signed_in = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "bola@example.com", "password": "kolanut-42-Lagos"},
        )
        assert 200 == signed_in.status_code, "the owner's password still works"


class TestNoAccountOracle:
    def test_bad_pkce_parameters_are_refused_for_every_address(self, api: Client) -> None:
        """Half a PKCE pair is 400 on recover and resend whether or not the address has an
        account, so the answer tells nothing about who is registered."""
        sign_up(api)
        for path, extra in (("/auth/v1/recover", {}), ("/auth/v1/resend", {"type": "signup"})):
            answers = [
                api.post(path, json={"email": email, "code_challenge": "c" * 43, **extra})
                for email in ("ada@example.com", "nobody@example.com")
            ]
            assert [400, 400] == [a.status_code for a in answers], path

    def test_email_changes_count_against_the_mail_limit(self, api: Client) -> None:
        """Each e-mail change mails the new address; the sixth within an hour is 429."""
        session = sign_up(api)
        answers = [
            api.put("/auth/v1/user", json={"email": f"new{n}@example.com"}, headers=bearer(session))
            for n in range(6)
        ]
        assert [200] * 5 + [429] == [a.status_code for a in answers]
        assert "over_email_send_rate_limit" == answers[-1].json()["code"]
