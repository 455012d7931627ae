"""Adapters that each break one rule of their port, under the port's contract suite.

Not collected by the main test run (the name does not match ``test_*.py``):
``test_contract_kit.py`` runs this module in a pytest of its own and checks that each suite
fails its broken adapter on the rule broken, and only there.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from designcore.adapters.memory import InMemoryTemplateCatalogue
from designcore.domain.templates import TemplateSummary
from designcore.testing.contracts import CatalogueContract


class CatalogueIgnoringLimits(InMemoryTemplateCatalogue):
    """by_category answers every template of the category, whatever the limit."""

    def by_category(self, category: str, limit: int | None = None) -> Sequence[TemplateSummary]:
        return super().by_category(category)


class TestBrokenCatalogue(CatalogueContract):
    @pytest.fixture
    def catalogue(self) -> CatalogueIgnoringLimits:
        return CatalogueIgnoringLimits()
