"""Signing keys for access tokens, and the rules that rotate them.

A key's life: it is *created* and published at once, *activates* (becomes the key that signs)
at ``activates_at`` — later than creation for every key after the first, so verifiers have
fetched it before the first token it signs reaches them — and is *retired* (stops signing) once
its successor is active. A retired key stays published for one token lifetime, so every token it
signed verifies until it expires; after that it is no longer needed and is dropped.

Every rule is a pure function of the keys and ``now``; generating key material is the token
adapter's job (:class:`CreateKey` only says when the new key should activate).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed

ALGORITHMS = frozenset({"ES256"})
"""The JWS algorithms a signing key may use."""
PRIVATE_JWK_MEMBERS = frozenset({"d", "p", "q", "dp", "dq", "qi", "k", "oth"})
"""JWK members that hold private or symmetric key material (RFC 7518 section 6)."""


def _frozen_pairs(
    value: Mapping[str, str] | Iterable[tuple[str, str]],
) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(dict(value).items()))


def _is_aware(moment: datetime) -> bool:
    return moment.tzinfo is not None and moment.utcoffset() is not None


@attrs.frozen
class SigningKey:
    """One asymmetric key pair that signs access tokens for a while."""

    kid: str
    """The key id, written in each token's header and in the JWKS."""
    algorithm: str
    """The JWS algorithm (``ES256``)."""
    private_key: str = attrs.field(repr=False)
    """The private key as key rings keep it: its PKCS#8 PEM sealed by the token signer's secret
    box (a plain PEM only in rings written before encryption at rest, sealed at the next
    start). Never published, never in a ``repr``."""
    public_jwk: tuple[tuple[str, str], ...] = attrs.field(converter=_frozen_pairs)
    """The public key as JWK members (``kty``, ``crv``, ``x``, ``y``), as sorted pairs; see
    :attr:`public_jwk_dict`."""
    created_at: datetime
    """When the key was made (and first published)."""
    activates_at: datetime
    """When it starts signing; may be in the future, so it is published before it signs."""
    retires_at: datetime | None = None
    """When it stopped (or stops) signing; ``None`` while it has not been retired."""

    def __attrs_post_init__(self) -> None:
        issues: list[FieldIssue] = []
        if not self.kid:
            issues.append(FieldIssue("kid", "must not be empty"))
        if self.algorithm not in ALGORITHMS:
            issues.append(FieldIssue("algorithm", f"must be one of {sorted(ALGORITHMS)}"))
        if PRIVATE_JWK_MEMBERS & {name for name, _ in self.public_jwk}:
            issues.append(FieldIssue("public_jwk", "must not hold private key material"))
        moments = {"created_at": self.created_at, "activates_at": self.activates_at}
        if self.retires_at is not None:
            moments["retires_at"] = self.retires_at
        naive = [name for name, moment in moments.items() if not _is_aware(moment)]
        issues.extend(FieldIssue(name, "must be timezone-aware") for name in naive)
        if not naive:
            if self.activates_at < self.created_at:
                issues.append(FieldIssue("activates_at", "must not be before created_at"))
            if self.retires_at is not None and self.retires_at < self.created_at:
                issues.append(FieldIssue("retires_at", "must not be before created_at"))
        if issues:
            raise ValidationFailed(issues)

    @property
    def public_jwk_dict(self) -> dict[str, str]:
        """The public JWK members as a new dict."""
        return dict(self.public_jwk)

    def is_retired(self, now: datetime) -> bool:
        """Whether the key has stopped signing by ``now``."""
        return self.retires_at is not None and self.retires_at <= now


def _newest_first(keys: Iterable[SigningKey]) -> list[SigningKey]:
    return sorted(keys, key=lambda k: (k.activates_at, k.created_at, k.kid), reverse=True)


def active_key(keys: Iterable[SigningKey], now: datetime) -> SigningKey | None:
    """The key that signs at ``now``: the newest activated key not yet retired, if any."""
    for key in _newest_first(keys):
        if key.activates_at <= now and not key.is_retired(now):
            return key
    return None


def upcoming_keys(keys: Iterable[SigningKey], now: datetime) -> list[SigningKey]:
    """Keys published but not yet signing (``activates_at`` after ``now``), newest first."""
    return [k for k in _newest_first(keys) if k.activates_at > now and not k.is_retired(now)]


def published_keys(
    keys: Iterable[SigningKey], now: datetime, token_lifetime: timedelta
) -> list[SigningKey]:
    """The keys verifiers need at ``now``, newest first: every key not yet retired (the active
    one, any upcoming one, any superseded one still awaiting retirement) and every key retired
    less than ``token_lifetime`` ago, whose tokens may still be unexpired."""
    return [
        k
        for k in _newest_first(keys)
        if k.retires_at is None or now < k.retires_at + token_lifetime
    ]


@attrs.frozen
class CreateKey:
    """Make a new key that starts signing at ``activates_at``."""

    activates_at: datetime


@attrs.frozen
class RetireKey:
    """Stop signing with key ``kid`` from ``at``."""

    kid: str
    at: datetime


@attrs.frozen
class DropKey:
    """Delete key ``kid``: it was retired more than a token lifetime ago, so no live token
    needs it, and its private half should not be kept."""

    kid: str


KeyChange = CreateKey | RetireKey | DropKey
"""One step of a rotation plan."""


def check_rotation_settings(
    *, rotate_every: timedelta, publish_ahead: timedelta, token_lifetime: timedelta
) -> None:
    """Raise ``ValidationFailed`` unless the durations make a workable rotation: all positive,
    and a key published for less than its signing period."""
    issues: list[FieldIssue] = []
    for name, value in (
        ("rotate_every", rotate_every),
        ("publish_ahead", publish_ahead),
        ("token_lifetime", token_lifetime),
    ):
        if value <= timedelta(0):
            issues.append(FieldIssue(name, "must be positive"))
    if publish_ahead >= rotate_every:
        issues.append(FieldIssue("publish_ahead", "must be shorter than rotate_every"))
    if issues:
        raise ValidationFailed(issues)


def plan_rotation(
    keys: Sequence[SigningKey],
    now: datetime,
    *,
    rotate_every: timedelta,
    publish_ahead: timedelta,
    token_lifetime: timedelta,
) -> list[KeyChange]:
    """The changes that bring ``keys`` up to date at ``now``; empty when nothing is due.

    - No key signs now: create one that signs at once (the first key, or a ring whose keys
      were all retired by hand; an upcoming key, if any, still takes over when it activates).
    - The active key has signed for ``rotate_every - publish_ahead`` and no successor is
      published: create one that activates ``rotate_every`` after the active key did, but never
      sooner than ``publish_ahead`` from now, so it is published for at least that long before
      it signs.
    - A key that has activated but is superseded by a newer active key: retire it now (never
      back-dated, so a token it signed a moment ago is still covered).
    - A key retired at least ``token_lifetime`` ago: drop it.
    """
    check_rotation_settings(
        rotate_every=rotate_every, publish_ahead=publish_ahead, token_lifetime=token_lifetime
    )
    changes: list[KeyChange] = []
    current = active_key(keys, now)
    upcoming = upcoming_keys(keys, now)
    if current is None:
        changes.append(CreateKey(activates_at=now))
    elif not upcoming and now >= current.activates_at + rotate_every - publish_ahead:
        changes.append(
            CreateKey(activates_at=max(current.activates_at + rotate_every, now + publish_ahead))
        )
    changes.extend(
        RetireKey(kid=key.kid, at=now)
        for key in _newest_first(keys)
        if current is not None
        and key.kid != current.kid
        and key.activates_at <= now
        and key.retires_at is None
    )
    changes.extend(
        DropKey(kid=key.kid)
        for key in _newest_first(keys)
        if key.retires_at is not None and key.retires_at + token_lifetime <= now
    )
    return changes
