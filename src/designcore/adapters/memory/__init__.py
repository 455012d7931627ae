"""In-memory implementations of every port: behavioural fakes that pass the contract suites."""

from designcore.adapters.memory.accounts import InMemoryAccountsStore
from designcore.adapters.memory.catalogue import InMemoryTemplateCatalogue
from designcore.adapters.memory.clock import FixedClock, SystemClock
from designcore.adapters.memory.designs import InMemoryDesignRepository
from designcore.adapters.memory.identity import StaticAuthenticator
from designcore.adapters.memory.keys import InMemoryKeyRing
from designcore.adapters.memory.outbox import InMemoryOutbox
from designcore.adapters.memory.prompts import InMemoryPromptLog
from designcore.adapters.memory.rate_limit import InMemoryRateLimiter
from designcore.adapters.memory.settings import InMemorySiteSettingsStore
from designcore.adapters.memory.storage import InMemoryStorage

__all__ = [
    "FixedClock",
    "InMemoryAccountsStore",
    "InMemoryDesignRepository",
    "InMemoryKeyRing",
    "InMemoryOutbox",
    "InMemoryPromptLog",
    "InMemoryRateLimiter",
    "InMemorySiteSettingsStore",
    "InMemoryStorage",
    "InMemoryTemplateCatalogue",
    "StaticAuthenticator",
    "SystemClock",
]
