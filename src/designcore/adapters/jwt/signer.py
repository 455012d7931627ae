"""Access tokens as ES256 JWTs (pyjwt + cryptography), with rotating keys and a JWKS.

Keys live in a :class:`~designcore.ports.keys.KeyRing`; the rotation rules are the domain's
(:mod:`designcore.domain.signing_keys`). Private halves reach the ring sealed by a
:class:`~designcore.ports.keys.SecretBox` and are opened only here, once per key and process. The signer keeps the ring's keys in memory and reloads
them at most every ``reload_every``, so neither signing nor verifying reads the store per request.
That is safe because a new key is published ``publish_ahead`` (at least ``reload_every``) before
it signs: every process has loaded it before any token it signed can arrive.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import threading
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from designcore.domain.errors import FieldIssue, NotAllowed, Unavailable, ValidationFailed
from designcore.domain.signing_keys import (
    CreateKey,
    DropKey,
    KeyChange,
    RetireKey,
    SigningKey,
    active_key,
    check_rotation_settings,
    plan_rotation,
    published_keys,
)
from designcore.ports.clock import Clock
from designcore.ports.keys import KeyRing, SecretBox, WrongEncryptionKey

logger = logging.getLogger(__name__)

ALGORITHM = "ES256"
"""The only algorithm this signer issues or accepts."""
MAX_TOKEN_LENGTH = 16_384
"""Longer strings are refused before any parsing."""
_REQUIRED_CLAIMS = ["exp", "iat", "iss", "aud"]
_PEM_START = "-----BEGIN "
"""How a private half stored before encryption at rest starts (a plain PKCS#8 PEM)."""


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def jwk_thumbprint(public_jwk: Mapping[str, str]) -> str:
    """The RFC 7638 SHA-256 thumbprint of an EC public JWK, base64url without padding."""
    members = {name: public_jwk[name] for name in ("crv", "kty", "x", "y")}
    canonical = json.dumps(members, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return _b64url(hashlib.sha256(canonical).digest())


def generate_signing_key(now: datetime, activates_at: datetime, box: SecretBox) -> SigningKey:
    """A new P-256 key pair that signs from ``activates_at``, its private half sealed by
    ``box``; its ``kid`` is its JWK thumbprint."""
    private = ec.generate_private_key(ec.SECP256R1())
    numbers = private.public_key().public_numbers()
    public_jwk = {
        "kty": "EC",
        "crv": "P-256",
        "x": _b64url(numbers.x.to_bytes(32, "big")),
        "y": _b64url(numbers.y.to_bytes(32, "big")),
    }
    pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    return SigningKey(
        kid=jwk_thumbprint(public_jwk),
        algorithm=ALGORITHM,
        private_key=box.seal(pem),
        public_jwk=public_jwk,
        created_at=now,
        activates_at=activates_at,
    )


def _public_key_of(key: SigningKey) -> ec.EllipticCurvePublicKey:
    jwk = key.public_jwk_dict
    if jwk.get("kty") != "EC" or jwk.get("crv") != "P-256":
        raise ValueError(f"key {key.kid} is not an EC P-256 key")
    x = int.from_bytes(_b64url_decode(jwk["x"]), "big")
    y = int.from_bytes(_b64url_decode(jwk["y"]), "big")
    return ec.EllipticCurvePublicNumbers(x, y, ec.SECP256R1()).public_key()


def _is_plain(key: SigningKey) -> bool:
    return key.private_key.startswith(_PEM_START)


def _private_pem_of(key: SigningKey, box: SecretBox) -> bytes:
    """The key's private PEM: opened by ``box``, or as stored before encryption at rest."""
    if _is_plain(key):
        return key.private_key.encode("ascii")
    try:
        return box.open(key.private_key)
    except WrongEncryptionKey as error:
        raise WrongEncryptionKey(
            f"the private half of signing key {key.kid} cannot be decrypted: {error.message}"
        ) from None


def _private_key_of(key: SigningKey, box: SecretBox) -> ec.EllipticCurvePrivateKey:
    private = serialization.load_pem_private_key(_private_pem_of(key, box), password=None)
    if not isinstance(private, ec.EllipticCurvePrivateKey) or not isinstance(
        private.curve, ec.SECP256R1
    ):
        raise ValueError(f"key {key.kid} is not an EC P-256 private key")
    return private


def reseal_signing_keys(ring: KeyRing, box: SecretBox) -> int:
    """Seal every private half in ``ring`` that the current key did not seal (plain ones
    stored before encryption at rest included) again under the current key; answer how many
    were rewritten. Raises ``WrongEncryptionKey`` for a half no configured key opens (nothing
    after it is rewritten), ``Unavailable`` when the ring cannot answer."""
    rewritten = 0
    for key in ring.load():
        if not _is_plain(key) and box.is_current(key.private_key):
            continue
        ring.replace_private_key(key.kid, box.seal(_private_pem_of(key, box)))
        rewritten += 1
    if rewritten:
        logger.info("re-encrypted the private halves of %d signing keys", rewritten)
    return rewritten


def _is_integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _refuse(message: str) -> NotAllowed:
    return NotAllowed(message, code="bad_jwt")


def _numeric_date(claims: Mapping[str, Any], name: str) -> int:
    value = claims[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise _refuse(f"the {name!r} claim must be an integer number of seconds")
    return value


def _iso(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat()


class JwtTokenSigner:
    """Issues and verifies ES256 access tokens; keys rotate by the domain's rules.

    Every token gets ``iss`` (``issuer``), ``iat`` (now, whole seconds) and ``exp`` (``iat`` plus
    ``token_lifetime``) unless the caller set them; a caller's ``exp`` may be earlier, never
    later, because a retired key is only published for one token lifetime. Verification accepts only ES256
    tokens whose ``kid`` is a published key, whose signature matches it, whose ``iss`` is
    ``issuer`` and whose ``aud`` is the audience asked for, with no clock leeway on ``exp``,
    ``nbf`` and ``iat``; anything else raises ``NotAllowed`` with code ``bad_jwt``.

    Signing applies a due rotation itself (at most once per ``reload_every`` if the ring cannot
    be written, logging the failure and signing with the current key); call :meth:`ensure_keys`
    at start-up so the first key exists before the first request.

    New keys' private halves are sealed with ``box`` before they reach the ring; a half that
    ``box`` cannot open raises ``WrongEncryptionKey`` (a ``Unavailable``) when it is needed.
    """

    def __init__(
        self,
        key_ring: KeyRing,
        clock: Clock,
        *,
        box: SecretBox,
        issuer: str,
        token_lifetime: timedelta,
        rotate_every: timedelta = timedelta(days=30),
        publish_ahead: timedelta = timedelta(days=1),
        reload_every: timedelta = timedelta(seconds=60),
    ) -> None:
        check_rotation_settings(
            rotate_every=rotate_every, publish_ahead=publish_ahead, token_lifetime=token_lifetime
        )
        issues: list[FieldIssue] = []
        if not issuer:
            issues.append(FieldIssue("issuer", "must not be empty"))
        if token_lifetime < timedelta(seconds=1) or token_lifetime % timedelta(seconds=1):
            issues.append(FieldIssue("token_lifetime", "must be a whole number of seconds"))
        if not timedelta(0) <= reload_every <= publish_ahead:
            issues.append(
                FieldIssue(
                    "reload_every",
                    "must be between zero and publish_ahead, so every "
                    "process loads a new key before it signs",
                )
            )
        if issues:
            raise ValidationFailed(issues)
        self._ring = key_ring
        self._box = box
        self._clock = clock
        self._issuer = issuer
        self._lifetime = token_lifetime
        self._lifetime_seconds = int(token_lifetime.total_seconds())
        self._rotate_every = rotate_every
        self._publish_ahead = publish_ahead
        self._reload_every = reload_every
        self._lock = threading.RLock()
        self._keys: tuple[SigningKey, ...] = ()
        self._loaded_at: datetime | None = None
        self._rotation_failed_at: datetime | None = None
        self._public: dict[str, ec.EllipticCurvePublicKey] = {}
        self._private: dict[str, ec.EllipticCurvePrivateKey] = {}

    # -- the key cache ---------------------------------------------------------------------

    def _reload(self, now: datetime) -> tuple[SigningKey, ...]:
        with self._lock:
            keys = tuple(self._ring.load())
            kids = {key.kid for key in keys}
            self._public = {kid: k for kid, k in self._public.items() if kid in kids}
            self._private = {kid: k for kid, k in self._private.items() if kid in kids}
            self._keys = keys
            self._loaded_at = now
            return keys

    def _cached_keys(self, now: datetime) -> tuple[SigningKey, ...]:
        loaded_at = self._loaded_at
        if loaded_at is not None and loaded_at <= now < loaded_at + self._reload_every:
            return self._keys
        with self._lock:
            loaded_at = self._loaded_at
            if loaded_at is not None and loaded_at <= now < loaded_at + self._reload_every:
                return self._keys
            try:
                return self._reload(now)
            except Unavailable:
                if loaded_at is None:
                    raise
                logger.warning("key ring unavailable; using the keys loaded at %s", loaded_at)
                self._loaded_at = now
                return self._keys

    def _public_key(self, key: SigningKey) -> ec.EllipticCurvePublicKey:
        public = self._public.get(key.kid)
        if public is None:
            public = self._public[key.kid] = _public_key_of(key)
        return public

    def _private_key(self, key: SigningKey) -> ec.EllipticCurvePrivateKey:
        private = self._private.get(key.kid)
        if private is None:
            private = self._private[key.kid] = _private_key_of(key, self._box)
        return private

    # -- rotation --------------------------------------------------------------------------

    def _plan(self, keys: Sequence[SigningKey], now: datetime) -> list[KeyChange]:
        return plan_rotation(
            keys,
            now,
            rotate_every=self._rotate_every,
            publish_ahead=self._publish_ahead,
            token_lifetime=self._lifetime,
        )

    def ensure_keys(self, now: datetime) -> list[KeyChange]:
        """Seal again the private halves the current encryption key did not seal
        (:func:`reseal_signing_keys`), reload the ring and apply the rotation due at ``now``
        (creating the first key if there is none); answer the rotation's changes. Raises
        ``WrongEncryptionKey`` for a private half no configured key opens, ``Unavailable`` if
        the ring cannot answer."""
        with self._lock:
            reseal_signing_keys(self._ring, self._box)
            changes = self._plan(self._reload(now), now)
            for change in changes:
                if isinstance(change, CreateKey):
                    self._ring.add(generate_signing_key(now, change.activates_at, self._box))
                elif isinstance(change, RetireKey):
                    self._ring.retire(change.kid, change.at)
                elif isinstance(change, DropKey):
                    self._ring.remove(change.kid)
            if changes:
                self._reload(now)
                logger.info("signing keys rotated: %s", changes)
            self._rotation_failed_at = None
            return changes

    def _signing_key(self, now: datetime) -> SigningKey:
        """The active key. Rotation is not done here: signing happens inside the caller's
        database transaction, and on SQLite writing the key ring from within it would wait for
        the very lock that transaction holds. Rotation runs at start and from the server's
        hourly job (:meth:`ensure_keys`); only when no key can sign at all is one made here."""
        keys = self._cached_keys(now)
        key = active_key(keys, now)
        if key is None:
            failed_at = self._rotation_failed_at
            if failed_at is None or not failed_at <= now < failed_at + self._reload_every:
                try:
                    self.ensure_keys(now)
                except Unavailable:
                    self._rotation_failed_at = now
                    raise
            key = active_key(self._keys, now)
        if key is None:
            raise Unavailable("no signing key is active", code="no_signing_key")
        return key

    # -- the port --------------------------------------------------------------------------

    def sign(self, claims: Mapping[str, Any]) -> str:
        """A compact ES256 JWT of ``claims``, with ``kid`` in its header.

        ``iss``, ``iat`` and ``exp`` are filled in when absent. A caller may pass them (a
        claims builder with its own clock reading, as GoTrue's shape has them), but ``iss``
        must be this signer's issuer, ``iat`` an integer not after now, and ``exp`` an integer
        after now and no later than now plus the token lifetime; otherwise ``ValidationFailed``.
        Raises ``Unavailable`` if no key can be made active.
        """
        now = self._clock.now()
        issued_at = int(now.timestamp())
        latest_exp = issued_at + self._lifetime_seconds
        payload = dict(claims)
        issuer = payload.setdefault("iss", self._issuer)
        iat = payload.setdefault("iat", issued_at)
        exp = payload.setdefault("exp", latest_exp)
        issues: list[FieldIssue] = []
        if issuer != self._issuer:
            issues.append(FieldIssue("claims.iss", f"must be {self._issuer!r}"))
        if not _is_integer(iat) or iat > issued_at:
            issues.append(FieldIssue("claims.iat", f"must be an integer no later than {issued_at}"))
        if not _is_integer(exp) or not issued_at < exp <= latest_exp:
            issues.append(
                FieldIssue("claims.exp", f"must be an integer in ({issued_at}, {latest_exp}]")
            )
        if issues:
            raise ValidationFailed(issues)
        key = self._signing_key(now)
        return jwt.encode(
            payload,
            self._private_key(key),
            algorithm=ALGORITHM,
            headers={"kid": key.kid, "typ": "JWT"},
        )

    def verify(self, token: str, *, audience: str, now: datetime) -> dict[str, Any]:
        """The claims of a valid token; ``NotAllowed`` (``bad_jwt``) saying why otherwise."""
        if not isinstance(token, str) or not token:
            raise _refuse("no token was given")
        if len(token) > MAX_TOKEN_LENGTH:
            raise _refuse(f"the token is longer than {MAX_TOKEN_LENGTH} characters")
        try:
            header = jwt.get_unverified_header(token)
        except jwt.InvalidTokenError as error:
            raise _refuse(f"the token is malformed: {error}") from None
        algorithm = header.get("alg")
        if algorithm != ALGORITHM:
            raise _refuse(f"the token's algorithm {algorithm!r} is not accepted; expected ES256")
        kid = header.get("kid")
        if not isinstance(kid, str) or not kid:
            raise _refuse("the token's header has no key id (kid)")
        keys = self._cached_keys(self._clock.now())
        key = next((k for k in published_keys(keys, now, self._lifetime) if k.kid == kid), None)
        if key is None:
            raise _refuse(f"the token's key id {kid!r} is not a published signing key")
        try:
            claims = jwt.decode(
                token,
                self._public_key(key),
                algorithms=[ALGORITHM],
                audience=audience,
                issuer=self._issuer,
                leeway=0,
                options={
                    "verify_exp": False,  # checked below against `now`, not the system clock
                    "verify_nbf": False,
                    "verify_iat": False,
                    "require": _REQUIRED_CLAIMS,
                },
            )
        except jwt.InvalidSignatureError:
            raise _refuse(f"the token's signature does not match key {kid!r}") from None
        except jwt.InvalidAudienceError:
            raise _refuse(f"the token is not for audience {audience!r}") from None
        except jwt.InvalidIssuerError:
            raise _refuse(f"the token was not issued by {self._issuer!r}") from None
        except jwt.MissingRequiredClaimError as error:
            raise _refuse(f"the token has no {error.claim!r} claim") from None
        except jwt.InvalidTokenError as error:
            raise _refuse(f"the token is malformed: {error}") from None
        moment = now.timestamp()
        expires = _numeric_date(claims, "exp")
        if expires <= moment:
            raise _refuse(f"the token expired at {_iso(expires)}")
        if _numeric_date(claims, "iat") > moment:
            raise _refuse("the token was issued in the future")
        if "nbf" in claims and (not_before := _numeric_date(claims, "nbf")) > moment:
            raise _refuse(f"the token is not valid before {_iso(not_before)}")
        return claims

    def jwks(self) -> dict[str, Any]:
        """The published public keys as a JWK Set; no private member ever appears."""
        now = self._clock.now()
        keys = published_keys(self._cached_keys(now), now, self._lifetime)
        return {
            "keys": [
                {
                    **key.public_jwk_dict,
                    "kid": key.kid,
                    "alg": key.algorithm,
                    "use": "sig",
                    "key_ops": ["verify"],
                }
                for key in keys
            ]
        }
