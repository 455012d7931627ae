"""JSON columns read through msgspec give exactly what the standard library would."""

from __future__ import annotations

import json
import math

import pytest

from designcore.adapters.sqlalchemy.engine import load_json


class TestLoadJson:
    @pytest.mark.parametrize(
        "text",
        [
            '["lagos", "party"]',
            '{"width": 1080, "pages": [{"id": "p", "children": []}], "x": -0.0}',
            "123456789012345678901234567890",
            '{"a": 1, "a": 2}',
            '"\\ud800"',
        ],
    )
    def test_same_values_as_json(self, text: str) -> None:
        """Whatever ``json.loads`` reads, ``load_json`` reads the same way."""
        assert json.loads(text) == load_json(text)

    def test_non_finite_numbers_still_read(self) -> None:
        """``NaN`` and ``Infinity``, which ``json.dumps`` may have written, still read."""
        values = load_json("[NaN, Infinity, 1e400]")
        assert math.isnan(values[0])
        assert [math.inf, math.inf] == values[1:]
