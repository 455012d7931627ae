"""Adapters that each break one rule of their port, under the port's contract suite.

Not collected by the main test run (the name does not match ``test_*.py``):
``test_contract_kit.py`` runs this module in a pytest of its own and checks that each suite
fails its broken adapter on the rule broken, and only there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from typing import Self

import attrs
import pytest

from designcore.adapters.local_analytics import LocalAnalytics
from designcore.adapters.memory import (
    FixedClock,
    InMemoryAccountsStore,
    InMemoryDesignRepository,
    InMemoryOutbox,
    InMemoryPromptLog,
    InMemoryRateLimiter,
    InMemorySiteSettingsStore,
    InMemoryStorage,
    InMemoryTemplateCatalogue,
)
from designcore.adapters.memory.accounts import (
    InMemoryAccountsUnitOfWork,
    InMemoryCreditLedger,
    InMemoryPaymentRepository,
)
from designcore.adapters.memory.analytics import InMemoryAnalyticsEventStore
from designcore.adapters.memory.flow_state import InMemoryFlowStateStore
from designcore.adapters.memory.keys import InMemoryKeyRing
from designcore.adapters.memory.problem_reports import InMemoryProblemReportRepository
from designcore.adapters.memory.variants import InMemoryVariantCache
from designcore.domain.accounts import FlowState
from designcore.domain.analytics import AnalyticsEvent
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.payments import Payment
from designcore.domain.problem_reports import ProblemReport, ProblemStatus
from designcore.domain.profiles import CreditEntry
from designcore.domain.records import SearchPrompt
from designcore.domain.site_settings import SettingChange
from designcore.domain.templates import TemplateSummary
from designcore.ports.images import Variant
from designcore.ports.mail import SentMail
from designcore.ports.storage import ObjectInfo
from designcore.testing.contracts import (
    AccountsContract,
    AnalyticsContract,
    AnalyticsEventStoreContract,
    CatalogueContract,
    DesignsContract,
    FlowStateContract,
    KeyRingContract,
    OutboxContract,
    PaymentBooksContract,
    ProblemReportsContract,
    PromptLogContract,
    RateLimiterContract,
    SiteSettingsContract,
    StorageContract,
    VariantCacheContract,
)
from designcore.testing.contracts.analytics import Delivered


class CatalogueIgnoringLimits(InMemoryTemplateCatalogue):
    """by_category answers every template of the category, whatever the limit."""

    def by_category(self, category: str, limit: int | None = None) -> Sequence[TemplateSummary]:
        return super().by_category(category)


class TestBrokenCatalogue(CatalogueContract):
    @pytest.fixture
    def catalogue(self) -> CatalogueIgnoringLimits:
        return CatalogueIgnoringLimits()


class StorageListingBackwards(InMemoryStorage):
    """list answers the objects in reverse path order."""

    def list(self, bucket: str, prefix: str = "") -> list[ObjectInfo]:
        return super().list(bucket, prefix)[::-1]


class TestBrokenStorage(StorageContract):
    @pytest.fixture
    def storage(self) -> StorageListingBackwards:
        return StorageListingBackwards()


class OutboxOldestFirst(InMemoryOutbox):
    """messages answers the oldest messages first."""

    def messages(self, limit: int = 50) -> Sequence[SentMail]:
        return tuple(reversed(super().messages(limit)))


class TestBrokenOutbox(OutboxContract):
    @pytest.fixture
    def outbox(self, clock: FixedClock) -> OutboxOldestFirst:
        return OutboxOldestFirst(clock)


class RateLimiterNeverForgetting(InMemoryRateLimiter):
    """reset does nothing."""

    def reset(self, key: str) -> None:
        pass


class TestBrokenRateLimiter(RateLimiterContract):
    @pytest.fixture
    def rate_limiter(self, clock: FixedClock) -> RateLimiterNeverForgetting:
        return RateLimiterNeverForgetting(clock)


class LedgerPayingTwice(InMemoryCreditLedger):
    """append takes a second line for the same user, reason and reference."""

    def append(self, entry: CreditEntry) -> None:
        self._s.credits[entry.id] = entry


class PaymentsOldestFirst(InMemoryPaymentRepository):
    """for_user lists a user's payments oldest first."""

    def for_user(self, user_id: str, limit: int, offset: int = 0) -> Sequence[Payment]:
        return list(reversed(super().for_user(user_id, 10**6)))[offset : offset + limit]


class BrokenUnitOfWork(InMemoryAccountsUnitOfWork):
    """The in-memory unit of work with the broken ledger and payments above."""

    def __enter__(self) -> Self:
        super().__enter__()
        assert self._state is not None
        self.credits = LedgerPayingTwice(self._state)
        self.payments = PaymentsOldestFirst(self._state)
        return self


def broken_accounts() -> Callable[[], BrokenUnitOfWork]:
    store = InMemoryAccountsStore()
    return lambda: BrokenUnitOfWork(store)


class TestBrokenAccounts(AccountsContract):
    @pytest.fixture
    def uow_factory(self) -> Callable[[], BrokenUnitOfWork]:
        return broken_accounts()


class TestBrokenPaymentBooks(PaymentBooksContract):
    @pytest.fixture
    def uow_factory(self) -> Callable[[], BrokenUnitOfWork]:
        return broken_accounts()


class DesignsCountingOnlyLiveOnes(InMemoryDesignRepository):
    """count_owned leaves out deleted designs that can still be restored."""

    def count_owned(self, owner_id: str, *, now: datetime) -> int:
        return self.listing(owner_id, PageRequest(), now=now).total_count


class TestBrokenDesigns(DesignsContract):
    @pytest.fixture
    def designs(self) -> DesignsCountingOnlyLiveOnes:
        return DesignsCountingOnlyLiveOnes()


class StoreCountingPeople(InMemoryAnalyticsEventStore):
    """count_events answers how many people the events are of, not how many events."""

    def count_events(self) -> int:
        return len({e.distinct_id for e in self.all_events()})


class TestBrokenAnalyticsEventStore(AnalyticsEventStoreContract):
    @pytest.fixture
    def events(self) -> StoreCountingPeople:
        return StoreCountingPeople()


class SinkSkippingRepeats(LocalAnalytics):
    """capture drops an event equal to the one captured just before it."""

    last: AnalyticsEvent | None = None

    def capture(self, event: AnalyticsEvent) -> None:
        if event != self.last:
            super().capture(event)
        self.last = event


class TestBrokenAnalytics(AnalyticsContract):
    @pytest.fixture
    def store(self) -> InMemoryAnalyticsEventStore:
        return InMemoryAnalyticsEventStore()

    @pytest.fixture
    def analytics(self, store: InMemoryAnalyticsEventStore) -> Iterator[SinkSkippingRepeats]:
        sink = SinkSkippingRepeats(store, flush_seconds=0.05)
        yield sink
        sink.close()

    @pytest.fixture
    def delivered(self, store: InMemoryAnalyticsEventStore) -> Delivered:
        return lambda: [(e.name, e.distinct_id, e.properties) for e in store.all_events()]


class ReportsIgnoringTheStatus(InMemoryProblemReportRepository):
    """page ignores the status filter."""

    def page(
        self, request: PageRequest, *, status: ProblemStatus | None = None
    ) -> Page[ProblemReport]:
        return super().page(request)


class TestBrokenProblemReports(ProblemReportsContract):
    @pytest.fixture
    def reports(self) -> ReportsIgnoringTheStatus:
        return ReportsIgnoringTheStatus()


class FlowsTakenTwice(InMemoryFlowStateStore):
    """take_by_state answers the flow but keeps it."""

    def take_by_state(self, state_hash: str) -> FlowState | None:
        flow = super().take_by_state(state_hash)
        if flow is not None:
            self.add(flow)
        return flow


class TestBrokenFlowState(FlowStateContract):
    @pytest.fixture
    def flows(self) -> FlowsTakenTwice:
        return FlowsTakenTwice()


class SettingsHistoryOldestFirst(InMemorySiteSettingsStore):
    """changes lists a page of the history oldest first."""

    def changes(self, request: PageRequest) -> Page[SettingChange]:
        page = super().changes(request)
        return attrs.evolve(page, items=tuple(reversed(page.items)))


class TestBrokenSiteSettings(SiteSettingsContract):
    @pytest.fixture
    def settings_store(self) -> SettingsHistoryOldestFirst:
        return SettingsHistoryOldestFirst()


class PromptsOldestFirst(InMemoryPromptLog):
    """recent_search_prompts answers the oldest searches first."""

    def recent_search_prompts(self, limit: int) -> Sequence[SearchPrompt]:
        return list(reversed(super().recent_search_prompts(limit)))


class TestBrokenPromptLog(PromptLogContract):
    @pytest.fixture
    def prompt_log(self) -> PromptsOldestFirst:
        return PromptsOldestFirst()


class CacheTrimmingTheNewest(InMemoryVariantCache):
    """trim ignores reads: it keeps the variants written last, not those used last."""

    def get(self, object_key: str, variant_key: str) -> Variant | None:
        with self._lock:
            return self._entries.get((object_key, variant_key))


class TestBrokenVariantCache(VariantCacheContract):
    @pytest.fixture
    def cache(self) -> CacheTrimmingTheNewest:
        return CacheTrimmingTheNewest()


class RingPostponingRetirement(InMemoryKeyRing):
    """retire moves a key's retirement to the latest time it is given."""

    def retire(self, kid: str, at: datetime) -> None:
        super().retire(kid, at)
        with self._lock:
            self._keys[kid] = attrs.evolve(self._keys[kid], retires_at=at)


class TestBrokenKeyRing(KeyRingContract):
    @pytest.fixture
    def key_ring(self) -> RingPostponingRetirement:
        return RingPostponingRetirement()
