"""The VariantCache contract: in memory and in a directory alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from designcore.adapters.local_storage import DirectoryVariantCache
from designcore.adapters.memory.variants import InMemoryVariantCache
from designcore.ports.images import VariantCache
from designcore.testing.contracts import VariantCacheContract


@pytest.fixture(name="cache", params=["memory", "directory"])
def fixture_cache(request: pytest.FixtureRequest, tmp_path: Path) -> VariantCache:
    """Every implementation of the variant cache."""
    if request.param == "memory":
        return InMemoryVariantCache()
    return DirectoryVariantCache(tmp_path / "variants")


class TestVariantCache(VariantCacheContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""
