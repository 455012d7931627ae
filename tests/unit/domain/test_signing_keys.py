"""Signing keys: their invariants and the rotation rules."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.errors import ValidationFailed
from designcore.domain.signing_keys import (
    CreateKey,
    DropKey,
    KeyChange,
    RetireKey,
    SigningKey,
    active_key,
    plan_rotation,
    published_keys,
    upcoming_keys,
)
from designcore.testing import strategies as dst

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)
ROTATION = {"rotate_every": 30 * DAY, "publish_ahead": DAY, "token_lifetime": HOUR}
_kids = itertools.count(1)


def make_key(
    activates_at: datetime = T0,
    *,
    created_at: datetime | None = None,
    retires_at: datetime | None = None,
    kid: str | None = None,
) -> SigningKey:
    """A key with placeholder material: the rules never look at it."""
    return SigningKey(
        kid=kid or f"k{next(_kids)}",
        algorithm="ES256",
        private_key="sealed placeholder",
        public_jwk={"kty": "EC", "crv": "P-256", "x": "eA", "y": "eQ"},
        created_at=created_at or activates_at,
        activates_at=activates_at,
        retires_at=retires_at,
    )


def apply(
    keys: Sequence[SigningKey], changes: Sequence[KeyChange], now: datetime
) -> list[SigningKey]:
    """What a key ring holds after the changes, as the token adapter applies them."""
    ring = {key.kid: key for key in keys}
    for change in changes:
        if isinstance(change, CreateKey):
            key = make_key(change.activates_at, created_at=now)
            ring[key.kid] = key
        elif isinstance(change, RetireKey):
            ring[change.kid] = attrs.evolve(ring[change.kid], retires_at=change.at)
        else:
            del ring[change.kid]
    return list(ring.values())


class TestSigningKey:
    def test_private_half_stays_out_of_repr(self) -> None:
        """Logging a key never prints its private half, not even sealed."""
        assert "sealed placeholder" not in repr(make_key())

    def test_public_jwk_is_frozen_pairs(self) -> None:
        """The JWK given as a dict is kept as sorted pairs and read back as a dict."""
        key = make_key()
        assert (("crv", "P-256"), ("kty", "EC"), ("x", "eA"), ("y", "eQ")) == key.public_jwk
        assert {"kty": "EC", "crv": "P-256", "x": "eA", "y": "eQ"} == key.public_jwk_dict
        assert hash(key) == hash(attrs.evolve(key))

    @pytest.mark.parametrize(
        ("changes", "field"),
        [
            ({"kid": ""}, "kid"),
            ({"algorithm": "HS256"}, "algorithm"),
            ({"algorithm": "none"}, "algorithm"),
            ({"public_jwk": {"kty": "EC", "x": "a", "y": "b", "d": "secret"}}, "public_jwk"),
            ({"public_jwk": {"kty": "oct", "k": "secret"}}, "public_jwk"),
            ({"created_at": datetime(2026, 1, 1)}, "created_at"),
            ({"activates_at": T0 - DAY}, "activates_at"),
            ({"retires_at": T0 - DAY}, "retires_at"),
        ],
    )
    def test_invariants(self, changes: dict[str, Any], field: str) -> None:
        """A key that breaks a rule is refused, naming the field."""
        with pytest.raises(ValidationFailed) as caught:
            attrs.evolve(make_key(), **changes)
        assert field in [issue.path for issue in caught.value.issues]


class TestActiveKey:
    def test_no_keys_no_active_key(self) -> None:
        """An empty ring has no signing key."""
        assert None is active_key([], T0)

    def test_newest_activated_key_signs(self) -> None:
        """Of two activated, unretired keys the later-activated one signs."""
        old, new = make_key(T0 - 10 * DAY), make_key(T0 - DAY)
        assert new == active_key([old, new], T0)

    def test_upcoming_key_does_not_sign_yet(self) -> None:
        """A key activating later is published but does not sign before its time."""
        current, upcoming = make_key(T0 - DAY), make_key(T0 + DAY, created_at=T0)
        assert current == active_key([current, upcoming], T0)
        assert [upcoming] == upcoming_keys([current, upcoming], T0)
        assert upcoming == active_key([current, upcoming], T0 + DAY)

    def test_retired_key_does_not_sign(self) -> None:
        """A key stops signing at its retirement time exactly."""
        key = make_key(T0 - DAY, retires_at=T0)
        assert key == active_key([key], T0 - timedelta(seconds=1))
        assert None is active_key([key], T0)


class TestPublishedKeys:
    def test_active_upcoming_and_recently_retired_are_published(self) -> None:
        """Verifiers get the signing key, the next one, and one retired within a token
        lifetime, newest first."""
        retired = make_key(T0 - 20 * DAY, retires_at=T0 - timedelta(minutes=30))
        current = make_key(T0 - 10 * DAY)
        upcoming = make_key(T0 + DAY, created_at=T0)
        assert [upcoming, current, retired] == published_keys(
            [retired, current, upcoming], T0, HOUR
        )

    def test_retired_key_leaves_after_one_token_lifetime(self) -> None:
        """A retired key is published until exactly one token lifetime after retirement."""
        retired = make_key(T0 - DAY, retires_at=T0)
        assert [retired] == published_keys([retired], T0 + HOUR - timedelta(seconds=1), HOUR)
        assert [] == published_keys([retired], T0 + HOUR, HOUR)


class TestPlanRotation:
    def test_first_key_signs_at_once(self) -> None:
        """An empty ring gets a key that activates now."""
        assert [CreateKey(activates_at=T0)] == plan_rotation([], T0, **ROTATION)

    def test_nothing_due_for_a_fresh_key(self) -> None:
        """A key younger than its rotation period minus the lead time needs nothing."""
        key = make_key(T0)
        assert [] == plan_rotation([key], T0 + 29 * DAY - timedelta(seconds=1), **ROTATION)

    def test_successor_is_published_ahead(self) -> None:
        """Once the lead time before the period's end is reached, the successor is created to
        activate when the period ends."""
        key = make_key(T0)
        assert [CreateKey(activates_at=T0 + 30 * DAY)] == plan_rotation(
            [key], T0 + 29 * DAY, **ROTATION
        )

    def test_late_successor_still_gets_its_lead_time(self) -> None:
        """When rotation runs late, the successor activates a full lead time from now."""
        key = make_key(T0)
        now = T0 + 45 * DAY
        assert [CreateKey(activates_at=now + DAY)] == plan_rotation([key], now, **ROTATION)

    def test_no_second_successor(self) -> None:
        """A published successor is not duplicated."""
        key, successor = make_key(T0), make_key(T0 + 30 * DAY, created_at=T0 + 29 * DAY)
        assert [] == plan_rotation([key, successor], T0 + 29 * DAY + HOUR, **ROTATION)

    def test_superseded_key_is_retired_now(self) -> None:
        """When the successor signs, the old key is retired at the moment of planning."""
        key, successor = make_key(T0), make_key(T0 + 30 * DAY, created_at=T0 + 29 * DAY)
        now = T0 + 30 * DAY + timedelta(minutes=5)
        assert [RetireKey(kid=key.kid, at=now)] == plan_rotation([key, successor], now, **ROTATION)

    def test_retired_key_is_dropped_after_a_token_lifetime(self) -> None:
        """A key retired a token lifetime ago is no longer needed."""
        retired = make_key(T0 - 40 * DAY, retires_at=T0 - HOUR)
        current = make_key(T0 - 10 * DAY)
        assert [DropKey(kid=retired.kid)] == plan_rotation([retired, current], T0, **ROTATION)

    def test_fully_retired_ring_gets_a_new_key_now(self) -> None:
        """If every key was retired by hand, a new key signs at once."""
        retired = make_key(T0 - DAY, retires_at=T0 - timedelta(minutes=1))
        assert [CreateKey(activates_at=T0)] == plan_rotation([retired], T0, **ROTATION)

    @pytest.mark.parametrize(
        "settings",
        [
            {**ROTATION, "publish_ahead": 30 * DAY},
            {**ROTATION, "rotate_every": timedelta(0)},
            {**ROTATION, "token_lifetime": -HOUR},
            {**ROTATION, "publish_ahead": timedelta(0)},
        ],
    )
    def test_unworkable_settings_are_refused(self, settings: dict[str, timedelta]) -> None:
        """Durations that cannot rotate keys safely raise ValidationFailed."""
        with pytest.raises(ValidationFailed):
            plan_rotation([], T0, **settings)


MINUTE = timedelta(minutes=1)


@st.composite
def timelines(draw: st.DrawFn) -> tuple[dict[str, timedelta], list[tuple[int, str]]]:
    """Rotation settings, and steps of (minutes to wait, what happens then)."""
    settings = draw(dst.rotation_settings())
    rotate_every = settings["rotate_every"] // MINUTE
    steps = draw(
        st.lists(
            st.tuples(st.integers(0, 3 * rotate_every), st.sampled_from(["rotate", "sign"])),
            max_size=60,
        )
    )
    return settings, steps


class TestRotationTimelines:
    @given(timeline=timelines())
    def test_rotation_keeps_its_promises(
        self, timeline: tuple[dict[str, timedelta], list[tuple[int, str]]]
    ) -> None:
        """Whenever rotation runs and tokens are signed: once the first key exists exactly one
        key signs, every key that signed a still-valid token is published, and every key after
        the first was published at least the lead time before it signed."""
        settings, steps = timeline
        lifetime = settings["token_lifetime"]
        keys: list[SigningKey] = []
        created: list[SigningKey] = []
        tokens: list[tuple[str, datetime]] = []  # (kid, expiry)
        first_created = False
        now = T0
        for wait, action in [(0, "rotate"), *steps]:
            now += wait * MINUTE
            if action == "rotate":
                known = {key.kid for key in keys}
                keys = apply(keys, plan_rotation(keys, now, **settings), now)
                created.extend(key for key in keys if key.kid not in known)
                first_created = True
            else:
                signer = active_key(keys, now)
                if signer is not None:
                    tokens.append((signer.kid, now + lifetime))
            if first_created:
                assert active_key(keys, now) is not None
            published = {key.kid for key in published_keys(keys, now, lifetime)}
            assert set() == {kid for kid, expiry in tokens if now < expiry} - published
        assert all(
            key.activates_at - key.created_at >= settings["publish_ahead"] for key in created[1:]
        )
