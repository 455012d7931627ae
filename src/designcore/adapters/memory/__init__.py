"""In-memory implementations of every port: behavioural fakes that pass the contract suites."""

from designcore.adapters.memory.catalogue import InMemoryTemplateCatalogue
from designcore.adapters.memory.clock import FixedClock, SystemClock
from designcore.adapters.memory.identity import StaticAuthenticator
from designcore.adapters.memory.prompts import InMemoryPromptLog
from designcore.adapters.memory.settings import InMemorySiteSettingsStore
from designcore.adapters.memory.storage import InMemoryStorage

__all__ = [
    "FixedClock",
    "InMemoryPromptLog",
    "InMemorySiteSettingsStore",
    "InMemoryStorage",
    "InMemoryTemplateCatalogue",
    "StaticAuthenticator",
    "SystemClock",
]
