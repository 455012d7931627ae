"""``retry_after_quotas``: one request counted against several keys, each under its own quota
(the payment routes count an account and a client address with different limits)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from designcore.adapters.memory import FixedClock, InMemoryRateLimiter
from designcore.app.http.payments import CREATE_PER_ACCOUNT, CREATE_PER_ADDRESS
from designcore.app.http.rate_limits import Quota, retry_after_quotas


@pytest.fixture(name="limiter")
def fixture_limiter(clock: FixedClock) -> InMemoryRateLimiter:
    return InMemoryRateLimiter(clock)


def checkout(
    limiter: InMemoryRateLimiter, account: str, address: str = "197.210.0.1"
) -> int | None:
    return retry_after_quotas(
        limiter,
        [
            (f"payments:create:account:{account}", CREATE_PER_ACCOUNT),
            (f"payments:create:ip:{address}", CREATE_PER_ADDRESS),
        ],
    )


class TestQuotas:
    def test_each_key_has_its_own_limit(self, limiter: InMemoryRateLimiter) -> None:
        """Under two quotas, the smaller one refuses first and says how long to wait."""
        hits = [("a", Quota(limit=2, window_seconds=60)), ("b", Quota(limit=5, window_seconds=60))]
        answers = [retry_after_quotas(limiter, hits) for _ in range(3)]
        assert [None, None] == answers[:2]
        assert answers[2] is not None
        assert 0 < answers[2] <= 60

    def test_a_refused_key_spends_nothing_after_it(self, limiter: InMemoryRateLimiter) -> None:
        """A request refused by the first quota is not counted against the next ones."""
        spent = Quota(limit=1, window_seconds=60)
        shared = Quota(limit=3, window_seconds=60)
        retry_after_quotas(limiter, [("x", spent)])
        for _ in range(5):
            assert retry_after_quotas(limiter, [("x", spent), ("shared", shared)]) is not None
        assert [None] * 3 == [retry_after_quotas(limiter, [("shared", shared)]) for _ in range(3)]

    def test_many_accounts_behind_one_address_share_a_large_quota(
        self, limiter: InMemoryRateLimiter, clock: FixedClock
    ) -> None:
        """Behind one address, each account has ten checkout starts an hour, and all accounts
        together have the address's quota; an hour later the address has it again."""
        accounts = CREATE_PER_ADDRESS.limit // CREATE_PER_ACCOUNT.limit
        for n in range(accounts):
            assert [None] * CREATE_PER_ACCOUNT.limit == [
                checkout(limiter, f"user-{n}") for _ in range(CREATE_PER_ACCOUNT.limit)
            ]
        assert checkout(limiter, "one-more") is not None
        assert checkout(limiter, "elsewhere", address="102.89.0.7") is None
        clock.advance(timedelta(seconds=CREATE_PER_ADDRESS.window_seconds + 1))
        assert checkout(limiter, "one-more") is None
