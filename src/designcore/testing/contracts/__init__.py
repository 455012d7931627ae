"""The contract suites of the ports, for any adapter: subclass one in a pytest module and give
it the fixture it names (docs/library.md, "Testing your own adapter").

Each suite is a plain class whose ``test_*`` methods pytest collects through the subclass; the
fixture answers a new, empty adapter for each test.
"""

from designcore.testing.contracts.accounts import AccountsContract
from designcore.testing.contracts.analytics import AnalyticsContract, AnalyticsEventStoreContract
from designcore.testing.contracts.catalogue import CatalogueContract
from designcore.testing.contracts.designs import DesignsContract
from designcore.testing.contracts.flow_state import FlowStateContract
from designcore.testing.contracts.key_ring import KeyRingContract
from designcore.testing.contracts.mail import OutboxContract
from designcore.testing.contracts.payment_books import PaymentBooksContract
from designcore.testing.contracts.problem_reports import ProblemReportsContract
from designcore.testing.contracts.rate_limit import RateLimiterContract
from designcore.testing.contracts.records import PromptLogContract, SiteSettingsContract
from designcore.testing.contracts.storage import StorageContract
from designcore.testing.contracts.variant_cache import VariantCacheContract

__all__ = [
    "AccountsContract",
    "AnalyticsContract",
    "AnalyticsEventStoreContract",
    "CatalogueContract",
    "DesignsContract",
    "FlowStateContract",
    "KeyRingContract",
    "OutboxContract",
    "PaymentBooksContract",
    "ProblemReportsContract",
    "PromptLogContract",
    "RateLimiterContract",
    "SiteSettingsContract",
    "StorageContract",
    "VariantCacheContract",
]
