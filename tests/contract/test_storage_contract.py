"""The Storage contract: memory and local directory alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from designcore.adapters.local_storage import LocalDirectoryStorage
from designcore.adapters.memory import InMemoryStorage
from designcore.domain.errors import NotFound, ValidationFailed
from designcore.ports.storage import Storage, StoredObject


@pytest.fixture(name="storage", params=["memory", "local"])
def fixture_storage(request: pytest.FixtureRequest, tmp_path: Path) -> Storage:
    """Every implementation of the storage port."""
    if request.param == "memory":
        return InMemoryStorage()
    return LocalDirectoryStorage(tmp_path / "storage")


class TestStorage:
    def test_round_trip(self, storage: Storage) -> None:
        """What is put is got back with its media type."""
        storage.put("template-previews", "a/b.png", b"\x89PNG data", "image/png")
        assert StoredObject(b"\x89PNG data", "image/png") == storage.get(
            "template-previews", "a/b.png"
        )
        assert storage.exists("template-previews", "a/b.png")

    def test_overwrite(self, storage: Storage) -> None:
        """A second put replaces the object."""
        storage.put("b1", "x.txt", b"one", "text/plain")
        storage.put("b1", "x.txt", b"two", "text/markdown")
        assert StoredObject(b"two", "text/markdown") == storage.get("b1", "x.txt")

    def test_missing_is_not_found(self, storage: Storage) -> None:
        """Unknown objects raise NotFound and do not exist."""
        with pytest.raises(NotFound):
            storage.get("b1", "missing.png")
        assert not storage.exists("b1", "missing.png")

    @pytest.mark.parametrize(
        ("bucket", "path"),
        [
            ("b1", "../escape.png"),
            ("b1", "a/../../escape"),
            ("b1", "/absolute"),
            ("b1", "a//b"),
            ("b1", ""),
            ("../b", "x"),
            ("B", "x"),
            ("b1", "x\x00y"),
            ("b1", "a/./b"),
        ],
    )
    def test_unsafe_names_are_refused(self, storage: Storage, bucket: str, path: str) -> None:
        """Traversal and malformed names raise ValidationFailed for every operation."""
        with pytest.raises(ValidationFailed):
            storage.put(bucket, path, b"x", "text/plain")
        with pytest.raises(ValidationFailed):
            storage.get(bucket, path)
        with pytest.raises(ValidationFailed):
            storage.exists(bucket, path)

    def test_buckets_are_separate(self, storage: Storage) -> None:
        """The same path in two buckets holds two objects."""
        storage.put("b1", "x", b"1", "text/plain")
        storage.put("b2", "x", b"2", "text/plain")
        assert b"1" == storage.get("b1", "x").data
        assert b"2" == storage.get("b2", "x").data
