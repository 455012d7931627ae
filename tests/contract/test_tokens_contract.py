"""The TokenSigner contract (JWT over a key ring) and the KeyRing contract."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import attrs
import jwt
import pytest
import sqlalchemy as sa
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from designcore.adapters.fernet import FernetSecretBox
from designcore.adapters.jwt import (
    JwtTokenSigner,
    generate_signing_key,
    jwk_thumbprint,
    reseal_signing_keys,
)
from designcore.adapters.memory import FixedClock
from designcore.adapters.memory.keys import InMemoryKeyRing
from designcore.adapters.sqlalchemy.keys import SqlAlchemyKeyRing
from designcore.adapters.sqlalchemy.tables import SIGNING_KEYS
from designcore.domain.errors import (
    NotAllowed,
    Unavailable,
    ValidationFailed,
)
from designcore.domain.signing_keys import SigningKey, active_key
from designcore.ports.keys import KeyRing, WrongEncryptionKey
from designcore.testing.contracts import KeyRingContract

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
ISSUER = "https://designcore.test/auth/v1"
AUDIENCE = "authenticated"
LIFETIME = timedelta(hours=1)
ROTATE_EVERY = timedelta(days=30)
PUBLISH_AHEAD = timedelta(days=1)
RELOAD_EVERY = timedelta(seconds=60)
SECOND = timedelta(seconds=1)
JWK_MEMBERS = {"kty", "crv", "x", "y", "kid", "alg", "use", "key_ops"}
BOX = FernetSecretBox(FernetSecretBox.new_key())
"""The secret box of the signers under test, unless a test makes its own."""


def private_of(key: SigningKey, box: FernetSecretBox = BOX) -> ec.EllipticCurvePrivateKey:
    """The key's private half, opened as the signer opens it."""
    private = serialization.load_pem_private_key(box.open(key.private_key), None)
    assert isinstance(private, ec.EllipticCurvePrivateKey)
    return private


class CountingKeyRing:
    """A key ring that counts loads and can be switched off, wrapping a real one."""

    def __init__(self, inner: KeyRing) -> None:
        self.inner = inner
        self.loads = 0
        self.down = False

    def _check(self) -> None:
        if self.down:
            raise Unavailable("key ring is down")

    def load(self) -> Sequence[SigningKey]:
        self._check()
        self.loads += 1
        return self.inner.load()

    def add(self, key: SigningKey) -> None:
        self._check()
        self.inner.add(key)

    def retire(self, kid: str, at: datetime) -> None:
        self._check()
        self.inner.retire(kid, at)

    def replace_private_key(self, kid: str, private_key: str) -> None:
        self._check()
        self.inner.replace_private_key(kid, private_key)

    def remove(self, kid: str) -> None:
        self._check()
        self.inner.remove(kid)


@attrs.define
class TokenRig:
    """A token signer with the clock and the key ring it runs on."""

    signer: JwtTokenSigner
    ring: CountingKeyRing
    clock: FixedClock

    def now(self) -> datetime:
        return self.clock.now()

    def verify(self, token: str, *, audience: str = AUDIENCE, at: datetime | None = None) -> Any:
        return self.signer.verify(token, audience=audience, now=at or self.clock.now())

    def active(self) -> SigningKey:
        key = active_key(self.ring.inner.load(), self.clock.now())
        assert key is not None
        return key

    def sibling(self, **overrides: Any) -> JwtTokenSigner:
        """Another signer on the same ring and clock, configured like this one unless told."""
        settings: dict[str, Any] = {
            "issuer": ISSUER,
            "token_lifetime": LIFETIME,
            "rotate_every": ROTATE_EVERY,
            "publish_ahead": PUBLISH_AHEAD,
            "reload_every": RELOAD_EVERY,
        }
        settings.update(overrides)
        ring = settings.pop("ring", self.ring)
        settings.setdefault("box", BOX)
        return JwtTokenSigner(ring, self.clock, **settings)


@pytest.fixture(name="rig", params=["jwt-memory-ring"])
def fixture_rig(request: pytest.FixtureRequest) -> TokenRig:
    """Every token signer implementation, with its first key made at T0."""
    clock = FixedClock(T0)
    ring = CountingKeyRing(InMemoryKeyRing())
    signer = JwtTokenSigner(
        ring,
        clock,
        box=BOX,
        issuer=ISSUER,
        token_lifetime=LIFETIME,
        rotate_every=ROTATE_EVERY,
        publish_ahead=PUBLISH_AHEAD,
        reload_every=RELOAD_EVERY,
    )
    signer.ensure_keys(clock.now())
    return TokenRig(signer=signer, ring=ring, clock=clock)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64json(value: object) -> str:
    return b64(json.dumps(value).encode())


def craft(header: dict[str, Any], payload: dict[str, Any], signature: bytes = b"") -> str:
    """A compact JWS put together by hand."""
    return f"{b64json(header)}.{b64json(payload)}.{b64(signature)}"


def standard_claims(rig: TokenRig, **extra: Any) -> dict[str, Any]:
    issued = int(rig.now().timestamp())
    return {
        "sub": "user-1",
        "aud": AUDIENCE,
        "iss": ISSUER,
        "iat": issued,
        "exp": issued + 3600,
        **extra,
    }


def header_of(token: str) -> dict[str, Any]:
    return jwt.get_unverified_header(token)


def refused(rig: TokenRig, token: str, **kwargs: Any) -> str:
    """The message of the bad_jwt refusal that verifying ``token`` must raise."""
    with pytest.raises(NotAllowed) as caught:
        rig.verify(token, **kwargs)
    assert "bad_jwt" == caught.value.code
    return caught.value.message


class TestSignAndVerify:
    def test_round_trip(self, rig: TokenRig) -> None:
        """A signed token verifies to its claims plus iss, iat and exp."""
        token = rig.signer.sign({"sub": "user-1", "aud": AUDIENCE, "role": "authenticated"})
        issued = int(T0.timestamp())
        assert {
            "sub": "user-1",
            "aud": AUDIENCE,
            "role": "authenticated",
            "iss": ISSUER,
            "iat": issued,
            "exp": issued + 3600,
        } == rig.verify(token)

    def test_header_names_the_signing_key(self, rig: TokenRig) -> None:
        """The header says ES256, JWT, and the kid of the active key."""
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        assert {"alg": "ES256", "typ": "JWT", "kid": rig.active().kid} == header_of(token)

    def test_audience_list_contains_the_audience(self, rig: TokenRig) -> None:
        """A token for several audiences verifies for each of them."""
        token = rig.signer.sign({"sub": "u", "aud": [AUDIENCE, "admin"]})
        assert "u" == rig.verify(token, audience="admin")["sub"]

    def test_shorter_expiry_may_be_asked_for(self, rig: TokenRig) -> None:
        """A caller may shorten a token's life."""
        exp = int(T0.timestamp()) + 60
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE, "exp": exp})
        assert exp == rig.verify(token)["exp"]

    def test_caller_may_fill_in_the_registered_claims(self, rig: TokenRig) -> None:
        """Claims that already carry iss, iat and exp, consistent with the signer, are kept."""
        issued = int(T0.timestamp()) - 1
        claims = {"sub": "u", "aud": AUDIENCE, "iss": ISSUER, "iat": issued, "exp": issued + 3600}
        assert claims == rig.verify(rig.signer.sign(claims))

    @pytest.mark.parametrize(
        ("claims", "field"),
        [
            ({"exp": int(T0.timestamp()) + 3601}, "claims.exp"),
            ({"exp": int(T0.timestamp())}, "claims.exp"),
            ({"exp": "soon"}, "claims.exp"),
            ({"exp": True}, "claims.exp"),
            ({"iss": "someone-else"}, "claims.iss"),
            ({"iat": int(T0.timestamp()) + 1}, "claims.iat"),
            ({"iat": "now"}, "claims.iat"),
        ],
    )
    def test_claims_that_break_the_guarantees_are_refused(
        self, rig: TokenRig, claims: dict[str, Any], field: str
    ) -> None:
        """A later exp than the lifetime allows, another issuer, or a future iat is refused."""
        with pytest.raises(ValidationFailed) as caught:
            rig.signer.sign({"sub": "u", "aud": AUDIENCE, **claims})
        assert [field] == [issue.path for issue in caught.value.issues]

    def test_last_valid_second(self, rig: TokenRig) -> None:
        """A token verifies up to the second before its exp, with no leeway."""
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        assert "u" == rig.verify(token, at=T0 + LIFETIME - SECOND)["sub"]

    def test_interoperates_through_the_jwks(self, rig: TokenRig) -> None:
        """A third party with only the JWKS and pyjwt verifies the token."""
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        jwk_set = jwt.PyJWKSet.from_dict(rig.signer.jwks())
        key = jwk_set[header_of(token)["kid"]]
        claims = jwt.decode(
            token,
            key,
            algorithms=["ES256"],
            audience=AUDIENCE,
            issuer=ISSUER,
            options={"verify_exp": False, "verify_iat": False},
        )
        assert "u" == claims["sub"]


class TestRefusals:
    def test_forged_signature(self, rig: TokenRig) -> None:
        """The same header and claims signed by another key under the real kid are refused."""
        impostor = generate_signing_key(T0, T0, BOX)
        private = private_of(impostor)
        assert isinstance(private, ec.EllipticCurvePrivateKey)
        token = jwt.encode(
            standard_claims(rig), private, algorithm="ES256", headers={"kid": rig.active().kid}
        )
        assert "signature" in refused(rig, token)

    def test_tampered_claims(self, rig: TokenRig) -> None:
        """Changing the claims of a real token breaks its signature."""
        header, _, signature = rig.signer.sign({"sub": "user-1", "aud": AUDIENCE}).split(".")
        payload = b64json(standard_claims(rig, sub="admin"))
        assert "signature" in refused(rig, f"{header}.{payload}.{signature}")

    def test_alg_none(self, rig: TokenRig) -> None:
        """An unsigned token (alg none) is refused whatever it claims."""
        token = craft({"alg": "none", "typ": "JWT", "kid": rig.active().kid}, standard_claims(rig))
        assert "'none'" in refused(rig, token)

    @pytest.mark.parametrize("alg", ["HS256", "HS384", "HS512"])
    def test_hmac_keyed_with_the_public_key(self, rig: TokenRig, alg: str) -> None:
        """An HMAC token whose secret is the public key (algorithm confusion) is refused."""
        public_pem = (
            private_of(rig.active())
            .public_key()
            .public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
            )
        )
        digest = {"HS256": hashlib.sha256, "HS384": hashlib.sha384, "HS512": hashlib.sha512}[alg]
        signing_input = (
            f"{b64json({'alg': alg, 'typ': 'JWT', 'kid': rig.active().kid})}."
            f"{b64json(standard_claims(rig))}"
        )
        signature = hmac.new(public_pem, signing_input.encode(), digest).digest()
        assert f"'{alg}'" in refused(rig, f"{signing_input}.{b64(signature)}")

    def test_other_asymmetric_algorithm(self, rig: TokenRig) -> None:
        """An RS256 token is refused before any key is tried."""
        private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        token = jwt.encode(
            standard_claims(rig), private, algorithm="RS256", headers={"kid": rig.active().kid}
        )
        assert "'RS256'" in refused(rig, token)

    def test_expired(self, rig: TokenRig) -> None:
        """At its exp second and after, a token is refused as expired."""
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        assert "expired" in refused(rig, token, at=T0 + LIFETIME)
        assert "expired" in refused(rig, token, at=T0 + 2 * LIFETIME)

    def test_not_yet_valid(self, rig: TokenRig) -> None:
        """A token with a future nbf is refused until then."""
        not_before = int(T0.timestamp()) + 60
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE, "nbf": not_before})
        assert "not valid before" in refused(rig, token)
        assert "u" == rig.verify(token, at=T0 + 60 * SECOND)["sub"]

    def test_issued_in_the_future(self, rig: TokenRig) -> None:
        """A token whose iat is after the verifier's now is refused (no leeway)."""
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        assert "future" in refused(rig, token, at=T0 - SECOND)

    def test_wrong_audience(self, rig: TokenRig) -> None:
        """A token for another audience is refused."""
        token = rig.signer.sign({"sub": "u", "aud": "anon"})
        assert "audience" in refused(rig, token)

    def test_missing_audience(self, rig: TokenRig) -> None:
        """A token without aud is refused."""
        token = rig.signer.sign({"sub": "u"})
        assert "'aud'" in refused(rig, token)

    def test_wrong_issuer(self, rig: TokenRig) -> None:
        """A token from another issuer, even with a shared key, is refused."""
        token = rig.sibling(issuer="https://elsewhere.test").sign({"sub": "u", "aud": AUDIENCE})
        assert "issued by" in refused(rig, token)

    def test_unknown_kid(self, rig: TokenRig) -> None:
        """A token signed by a key this signer never published is refused."""
        stranger = rig.sibling(ring=InMemoryKeyRing())
        stranger.ensure_keys(T0)
        token = stranger.sign({"sub": "u", "aud": AUDIENCE})
        assert "not a published signing key" in refused(rig, token)

    def test_missing_kid(self, rig: TokenRig) -> None:
        """A token signed by the real key but without a kid is refused."""
        private = private_of(rig.active())
        assert isinstance(private, ec.EllipticCurvePrivateKey)
        token = jwt.encode(standard_claims(rig), private, algorithm="ES256")
        assert "kid" in refused(rig, token)

    @pytest.mark.parametrize(
        ("claims", "hint"),
        [
            ({"exp": None}, "'exp'"),
            ({"iat": None}, "'iat'"),
            ({"exp": "tomorrow"}, "exp"),
            ({"iat": 1.5}, "iat"),
            ({"nbf": "now"}, "nbf"),
        ],
    )
    def test_bad_time_claims(self, rig: TokenRig, claims: dict[str, Any], hint: str) -> None:
        """Missing or non-integer time claims are refused even with a real signature."""
        private = private_of(rig.active())
        assert isinstance(private, ec.EllipticCurvePrivateKey)
        payload = {k: v for k, v in standard_claims(rig, **claims).items() if v is not None}
        token = jwt.encode(payload, private, algorithm="ES256", headers={"kid": rig.active().kid})
        assert hint in refused(rig, token)

    @pytest.mark.parametrize(
        "token",
        [
            "",
            "abc",
            "a.b",
            "a.b.c",
            "!!!.!!!.!!!",
            f"{b64(b'not json')}.{b64json({})}.",
            f"{b64json(['alg', 'ES256'])}.{b64json({})}.",
            f"{b64json({'alg': 'ES256', 'kid': 7})}.{b64json({})}.",
            "x" * 20_000,
        ],
    )
    def test_malformed(self, rig: TokenRig, token: str) -> None:
        """Strings that are not compact JWS tokens are refused with bad_jwt, never a crash."""
        refused(rig, token)

    def test_payload_that_is_not_an_object(self, rig: TokenRig) -> None:
        """A correctly signed token whose payload is not a JSON object is refused."""
        private = private_of(rig.active())
        assert isinstance(private, ec.EllipticCurvePrivateKey)
        token = jwt.api_jws.encode(
            b"[1, 2, 3]", private, algorithm="ES256", headers={"kid": rig.active().kid}
        )
        assert "malformed" in refused(rig, token)


class TestRotation:
    def test_first_key_is_made_once(self, rig: TokenRig) -> None:
        """ensure_keys made one key; running it again changes nothing."""
        assert [] == rig.signer.ensure_keys(T0)
        assert 1 == len(rig.signer.jwks()["keys"])

    def test_kid_is_the_jwk_thumbprint(self, rig: TokenRig) -> None:
        """Each key's id is the RFC 7638 thumbprint of its public JWK."""
        (jwk,) = rig.signer.jwks()["keys"]
        assert jwk_thumbprint(jwk) == jwk["kid"]

    def test_signing_never_writes_the_ring_while_a_key_is_active(self, rig: TokenRig) -> None:
        """Signing happens inside the caller's database transaction, so it must not write the
        key ring (on SQLite that would wait for the caller's own lock): a rotation that is due
        waits for ensure_keys (the server's hourly job); the current key keeps signing."""
        first = rig.active().kid
        rig.clock.advance(ROTATE_EVERY)
        rig.ring.down = True  # any ring access but a cached read would raise
        rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        rig.ring.down = False
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        assert first == header_of(token)["kid"]
        assert 1 == len(rig.signer.jwks()["keys"])

    def test_new_key_is_published_before_it_signs(self, rig: TokenRig) -> None:
        """A lead time before the period ends, the successor appears in the JWKS while the old
        key keeps signing."""
        first = rig.active().kid
        rig.clock.advance(ROTATE_EVERY - PUBLISH_AHEAD)
        rig.signer.ensure_keys(rig.now())
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        kids = [jwk["kid"] for jwk in rig.signer.jwks()["keys"]]
        assert 2 == len(kids)
        assert first == kids[1]
        assert first == header_of(token)["kid"]

    def test_successor_signs_and_old_tokens_live_until_expiry(self, rig: TokenRig) -> None:
        """After the switch, tokens signed by the old key verify until their exp and not after,
        and the old key leaves the JWKS one token lifetime after retiring."""
        first = rig.active().kid
        rig.clock.advance(ROTATE_EVERY - PUBLISH_AHEAD)
        rig.signer.ensure_keys(rig.now())
        rig.clock.advance(PUBLISH_AHEAD - SECOND)
        old_token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        signed_at = rig.now()
        rig.clock.advance(SECOND)
        new_token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        rig.signer.ensure_keys(rig.now())  # the hourly job retires the old key at the switch
        second = header_of(new_token)["kid"]
        assert first == header_of(old_token)["kid"]
        assert first != second
        assert "u" == rig.verify(old_token)["sub"]
        rig.clock.advance(LIFETIME - 2 * SECOND)
        assert "u" == rig.verify(old_token)["sub"]
        rig.clock.advance(SECOND)
        assert signed_at + LIFETIME == rig.now()
        refused(rig, old_token)
        assert "u" == rig.verify(new_token)["sub"]
        rig.clock.advance(SECOND)
        assert [second] == [jwk["kid"] for jwk in rig.signer.jwks()["keys"]]

    def test_retired_keys_are_dropped_from_the_ring(self, rig: TokenRig) -> None:
        """A token lifetime after retirement, rotation deletes the old key, private half and all."""
        first = rig.active().kid
        for step in (ROTATE_EVERY - PUBLISH_AHEAD, PUBLISH_AHEAD, LIFETIME - SECOND):
            rig.clock.advance(step)
            rig.signer.ensure_keys(rig.now())
        assert first in {key.kid for key in rig.ring.inner.load()}
        rig.clock.advance(SECOND)
        rig.signer.ensure_keys(rig.now())
        assert first not in {key.kid for key in rig.ring.inner.load()}

    def test_jwks_has_no_private_material(self, rig: TokenRig) -> None:
        """Published keys carry only public EC members; the private scalar appears nowhere."""
        rig.clock.advance(ROTATE_EVERY - PUBLISH_AHEAD)
        rig.signer.ensure_keys(rig.now())
        jwks = rig.signer.jwks()
        text = json.dumps(jwks)
        for key in rig.ring.inner.load():
            private = private_of(key)
            assert isinstance(private, ec.EllipticCurvePrivateKey)
            scalar = private.private_numbers().private_value.to_bytes(32, "big")
            assert b64(scalar) not in text
            assert "PRIVATE" not in text
        for jwk in jwks["keys"]:
            assert JWK_MEMBERS == set(jwk)
            assert ("EC", "P-256", "ES256", "sig", ["verify"]) == (
                jwk["kty"],
                jwk["crv"],
                jwk["alg"],
                jwk["use"],
                jwk["key_ops"],
            )

    def test_verification_reads_the_ring_at_most_once_per_interval(self, rig: TokenRig) -> None:
        """Many verifications within the reload interval cost no key-ring read."""
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        loads = rig.ring.loads
        for _ in range(100):
            rig.verify(token)
        assert loads == rig.ring.loads
        rig.clock.advance(RELOAD_EVERY)
        rig.verify(token)
        assert loads + 1 == rig.ring.loads

    def test_other_processes_see_a_new_key_before_it_signs(self, rig: TokenRig) -> None:
        """A second signer on the same ring verifies tokens signed with the successor that the
        first signer created, because the successor is published a lead time ahead."""
        other = rig.sibling()
        other.jwks()  # loads and caches the ring as it is now
        rig.clock.advance(ROTATE_EVERY - PUBLISH_AHEAD)
        rig.signer.ensure_keys(rig.now())
        rig.clock.advance(PUBLISH_AHEAD)
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        assert "u" == other.verify(token, audience=AUDIENCE, now=rig.now())["sub"]

    def test_ring_outage_does_not_stop_signing_or_verifying(self, rig: TokenRig) -> None:
        """With keys already loaded, an unavailable ring (even when rotation is due) still lets
        the current key sign and verify."""
        rig.signer.jwks()
        rig.ring.down = True
        rig.clock.advance(ROTATE_EVERY)
        token = rig.signer.sign({"sub": "u", "aud": AUDIENCE})
        assert "u" == rig.verify(token)["sub"]

    def test_no_keys_and_no_ring_is_unavailable(self, rig: TokenRig) -> None:
        """A signer that never loaded keys cannot sign while the ring is down."""
        fresh = rig.sibling()
        rig.ring.down = True
        with pytest.raises(Unavailable):
            fresh.sign({"sub": "u", "aud": AUDIENCE})

    @pytest.mark.parametrize(
        "overrides",
        [
            {"issuer": ""},
            {"token_lifetime": timedelta(milliseconds=1500)},
            {"reload_every": PUBLISH_AHEAD + SECOND},
            {"publish_ahead": ROTATE_EVERY},
        ],
    )
    def test_unsafe_configuration_is_refused(
        self, rig: TokenRig, overrides: dict[str, Any]
    ) -> None:
        """Settings that would break the rotation guarantees raise ValidationFailed."""
        with pytest.raises(ValidationFailed):
            rig.sibling(**overrides)


@pytest.fixture(
    name="key_ring",
    params=["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
)
def fixture_key_ring(request: pytest.FixtureRequest) -> KeyRing:
    """Every key ring implementation, empty."""
    if request.param == "memory":
        return InMemoryKeyRing()
    return SqlAlchemyKeyRing(request.getfixturevalue(f"{request.param}_engine"))


class TestKeyRing(KeyRingContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""


def box_of(key: str, *old_keys: str) -> FernetSecretBox:
    """A box sealing with ``key`` and opening with it or any of ``old_keys``."""
    return FernetSecretBox(key, old_keys, key_name="the current key", old_keys_name="the old keys")


def signer_on(ring: KeyRing, box: FernetSecretBox) -> JwtTokenSigner:
    """A signer on ``ring`` sealing with ``box``, at T0, with its keys ensured."""
    signer = JwtTokenSigner(ring, FixedClock(T0), box=box, issuer=ISSUER, token_lifetime=LIFETIME)
    signer.ensure_keys(T0)
    return signer


def plain_key(now: datetime) -> SigningKey:
    """A key as rings stored it before encryption at rest: the private PEM in plain text."""
    private = ec.generate_private_key(ec.SECP256R1())
    numbers = private.public_key().public_numbers()
    jwk = {
        "kty": "EC",
        "crv": "P-256",
        "x": b64(numbers.x.to_bytes(32, "big")),
        "y": b64(numbers.y.to_bytes(32, "big")),
    }
    pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode("ascii")
    return SigningKey(
        kid=jwk_thumbprint(jwk),
        algorithm="ES256",
        private_key=pem,
        public_jwk=jwk,
        created_at=now,
        activates_at=now,
    )


class TestPrivateKeysAtRest:
    def test_the_ring_holds_only_sealed_private_halves(self, key_ring: KeyRing) -> None:
        """What the signer hands the ring is not the PEM; the box opens it to the PEM."""
        signer_on(key_ring, BOX)
        (stored,) = key_ring.load()
        assert "PRIVATE KEY" not in stored.private_key
        assert BOX.open(stored.private_key).startswith(b"-----BEGIN PRIVATE KEY-----")

    def test_a_wrong_key_is_a_clear_error(self, key_ring: KeyRing) -> None:
        """A signer whose box has neither the key that sealed the ring nor it as an old key
        refuses to start, naming the key and the settings to fix."""
        signer_on(key_ring, box_of(FernetSecretBox.new_key()))
        (stored,) = key_ring.load()
        with pytest.raises(WrongEncryptionKey) as raised:
            signer_on(key_ring, box_of(FernetSecretBox.new_key()))
        assert (
            f"the private half of signing key {stored.kid} cannot be decrypted: the secret was "
            "sealed under a key that is neither the current key nor one of the old keys, or it "
            "was altered"
        ) == raised.value.message

    def test_rotation_reseals_under_the_new_key(self, key_ring: KeyRing) -> None:
        """With the new key current and the old one listed, start-up seals every private half
        under the new key; then the old key can go and tokens still sign and verify."""
        old_key, new_key = FernetSecretBox.new_key(), FernetSecretBox.new_key()
        before = signer_on(key_ring, box_of(old_key))
        token = before.sign({"sub": "u", "aud": AUDIENCE})
        signer_on(key_ring, box_of(new_key, old_key))
        assert all(box_of(new_key).is_current(key.private_key) for key in key_ring.load())
        after = signer_on(key_ring, box_of(new_key))
        assert "u" == after.verify(token, audience=AUDIENCE, now=T0)["sub"]
        fresh = after.sign({"sub": "v", "aud": AUDIENCE})
        assert "v" == before.verify(fresh, audience=AUDIENCE, now=T0)["sub"]

    def test_plain_private_halves_from_before_are_sealed(self, key_ring: KeyRing) -> None:
        """A key stored in plain text before encryption at rest keeps signing, and the next
        start seals it."""
        legacy = plain_key(T0)
        key_ring.add(legacy)
        signer = signer_on(key_ring, BOX)
        (stored,) = key_ring.load()
        assert legacy.kid == stored.kid
        assert legacy.private_key.encode() == BOX.open(stored.private_key)
        assert legacy.kid == header_of(signer.sign({"sub": "u", "aud": AUDIENCE}))["kid"]

    def test_re_sealing_is_idempotent(self, key_ring: KeyRing) -> None:
        """Sealing again what the current key sealed rewrites nothing."""
        signer_on(key_ring, BOX)
        before = list(key_ring.load())
        assert 0 == reseal_signing_keys(key_ring, BOX)
        assert before == list(key_ring.load())


@pytest.fixture(
    name="engine",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
)
def fixture_engine(request: pytest.FixtureRequest) -> sa.Engine:
    """Every database the SQLAlchemy key ring runs on, migrated."""
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    return engine


class TestSqlAlchemyKeyRingAtRest:
    def test_the_stored_column_is_not_the_pem(self, engine: sa.Engine) -> None:
        """The database holds a Fernet token, not the private key's PEM."""
        signer_on(SqlAlchemyKeyRing(engine), BOX)
        with engine.connect() as conn:
            (stored,) = conn.execute(sa.select(SIGNING_KEYS.c.private_pem)).scalars()
        assert "PRIVATE KEY" not in stored
        assert stored.startswith("gAAAAA")  # a Fernet token's version byte and timestamp
        assert BOX.open(stored).startswith(b"-----BEGIN PRIVATE KEY-----")
