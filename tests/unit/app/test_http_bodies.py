"""The one body reader (``app/http/bodies.py``): renaming deprecated field names."""

from __future__ import annotations

from typing import ClassVar

import msgspec
import pytest

from designcore.app.http.bodies import decode, renamed
from designcore.domain.errors import ValidationFailed


class Kit(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A body with one renamed field."""

    deprecated_names: ClassVar[dict[str, str]] = {"brandName": "brand_name"}
    brand_name: str
    extra: dict[str, object] | None = None


class TestRenamed:
    def test_a_body_without_old_names_is_untouched(self) -> None:
        """The new names pass as they came, the very bytes, with no old name used."""
        body = b'{"brand_name": "Ada"}'
        assert (body, []) == renamed(body, Kit)

    def test_an_old_name_is_read_as_the_new_one(self) -> None:
        """``brandName`` becomes ``brand_name`` and is reported as used."""
        body, used = renamed(b'{"brandName": "Ada", "extra": {"n": 1}}', Kit)
        assert ["brandName"] == used
        assert Kit(brand_name="Ada", extra={"n": 1}) == decode(body, Kit)

    def test_both_names_are_refused(self) -> None:
        """A field given under both names is a validation failure naming the old name."""
        with pytest.raises(ValidationFailed) as raised:
            renamed(b'{"brandName": "Ada", "brand_name": "Bea"}', Kit)
        assert ["brandName"] == [issue.path for issue in raised.value.issues]

    @pytest.mark.parametrize(
        "body",
        [b'{"extra": {"brandName": "x"}, "brand_name": "Ada"}', b'["brandName"]', b'{"brandName":'],
        ids=["nested", "not an object", "not JSON"],
    )
    def test_only_top_level_fields_of_an_object_are_renamed(self, body: bytes) -> None:
        """The name nested, in a list or in broken JSON is left for the decoder."""
        assert (body, []) == renamed(body, Kit)

    def test_a_struct_without_deprecated_names(self) -> None:
        """A struct that lists none reads its body as it came."""

        class Plain(msgspec.Struct):
            brandName: str  # noqa: N815 - the JSON name itself

        body = b'{"brandName": "Ada"}'
        assert (body, []) == renamed(body, Plain)
