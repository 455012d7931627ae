"""JsonCatalogue keeps every rule of designcore's template catalogue."""

from pathlib import Path

import pytest
from json_catalogue import JsonCatalogue

from designcore.testing.contracts import CatalogueContract


class TestJsonCatalogue(CatalogueContract):
    @pytest.fixture
    def catalogue(self, tmp_path: Path) -> JsonCatalogue:
        return JsonCatalogue(tmp_path / "catalogue")
