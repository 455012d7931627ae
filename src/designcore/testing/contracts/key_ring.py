"""The contract of :class:`~designcore.ports.keys.KeyRing`: where the access tokens' signing
keys are kept (their private halves sealed).

Subclass :class:`KeyRingContract` and give it a ``key_ring`` fixture answering a new, empty
ring of your adapter. The suite's keys carry placeholder material: a ring keeps what it is
given and never reads it.
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import attrs

from designcore.domain.errors import Conflict, NotFound
from designcore.domain.signing_keys import SigningKey
from designcore.ports.keys import KeyRing
from designcore.testing._requires import missing

try:
    import pytest
except ModuleNotFoundError as error:  # pragma: no cover - depends on the installation
    raise missing("pytest", __name__, error) from error

__all__ = ["KeyRingContract", "make_key"]

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
LIFETIME = timedelta(hours=1)
PUBLISH_AHEAD = timedelta(days=1)
_kids = itertools.count(1)


def make_key(activates_at: datetime = T0) -> SigningKey:
    """A key made at ``T0`` that signs from ``activates_at``, with a unique kid and
    placeholder material (a sealed-looking private half, an EC public JWK)."""
    n = next(_kids)
    return SigningKey(
        kid=f"kid-{n}-{activates_at:%Y%m%d%H%M}",
        algorithm="ES256",
        private_key=f"gAAAAAsealed-placeholder-{n}",
        public_jwk={"kty": "EC", "crv": "P-256", "x": f"x{n}", "y": f"y{n}"},
        created_at=T0,
        activates_at=activates_at,
    )


class _KeyRing:
    def test_round_trip(self, key_ring: KeyRing) -> None:
        """Added keys load back equal, private half included."""
        first, second = (
            make_key(),
            make_key(T0 + PUBLISH_AHEAD),
        )
        key_ring.add(first)
        key_ring.add(second)
        assert {first, second} == set(key_ring.load())

    def test_duplicate_kid_is_a_conflict(self, key_ring: KeyRing) -> None:
        """A kid can be added once."""
        key = make_key()
        key_ring.add(key)
        with pytest.raises(Conflict):
            key_ring.add(key)

    def test_retire_keeps_the_earlier_time(self, key_ring: KeyRing) -> None:
        """Retiring sets the time; retiring again later does not postpone it."""
        key = make_key()
        key_ring.add(key)
        key_ring.retire(key.kid, T0 + LIFETIME)
        key_ring.retire(key.kid, T0 + 2 * LIFETIME)
        assert [T0 + LIFETIME] == [k.retires_at for k in key_ring.load()]

    def test_retire_unknown_is_not_found(self, key_ring: KeyRing) -> None:
        """Retiring a key that is not stored raises NotFound."""
        with pytest.raises(NotFound):
            key_ring.retire("nope", T0)

    def test_remove(self, key_ring: KeyRing) -> None:
        """A removed key is gone; removing it again is harmless."""
        key = make_key()
        key_ring.add(key)
        key_ring.remove(key.kid)
        key_ring.remove(key.kid)
        assert [] == list(key_ring.load())

    def test_replace_private_key(self, key_ring: KeyRing) -> None:
        """Replacing the private half changes nothing else about the key."""
        key = make_key()
        key_ring.add(key)
        key_ring.replace_private_key(key.kid, "sealed anew")
        assert [attrs.evolve(key, private_key="sealed anew")] == list(key_ring.load())

    def test_replace_private_key_of_unknown_is_not_found(self, key_ring: KeyRing) -> None:
        """Replacing the private half of a key that is not stored raises NotFound."""
        with pytest.raises(NotFound):
            key_ring.replace_private_key("nope", "sealed")


class KeyRingContract(_KeyRing):
    """Every rule of a key ring. A subclass gives it a ``key_ring`` fixture answering a new,
    empty ring."""
