"""The contract of :class:`~designcore.ports.storage.Storage`.

Subclass :class:`StorageContract` and give it a ``storage`` fixture: a new, empty storage of
your adapter (buckets are created on first write).
"""

from __future__ import annotations

import threading

from designcore.domain.errors import Conflict, NotFound, ValidationFailed
from designcore.ports.storage import ObjectInfo, Storage, StoredObject
from designcore.testing._requires import missing

try:
    import pytest
except ModuleNotFoundError as error:  # pragma: no cover - depends on the installation
    raise missing("pytest", __name__, error) from error

__all__ = ["StorageContract"]


class _Storage:
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
        storage.put("b1", "present.png", b"x", "image/png")
        with pytest.raises(NotFound):
            storage.get("b1", "missing.png")
        with pytest.raises(NotFound):
            storage.stat("b1", "missing.png")
        assert not storage.exists("b1", "missing.png")

    def test_unknown_bucket_is_not_found(self, storage: Storage) -> None:
        """A bucket nothing was ever written to holds nothing."""
        with pytest.raises(NotFound):
            storage.get("never-written", "x.png")
        assert not storage.exists("never-written", "x.png")
        assert [] == storage.list("never-written")

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
            ("b1", "a\\b"),
            ("b1", "a\nb"),
            ("b1", "x" * 1025),
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
        with pytest.raises(ValidationFailed):
            storage.stat(bucket, path)
        with pytest.raises(ValidationFailed):
            storage.delete(bucket, path)

    def test_buckets_are_separate(self, storage: Storage) -> None:
        """The same path in two buckets holds two objects."""
        storage.put("b1", "x", b"1", "text/plain")
        storage.put("b2", "x", b"2", "text/plain")
        assert b"1" == storage.get("b1", "x").data
        assert b"2" == storage.get("b2", "x").data


class _ObjectInfo:
    def test_put_answers_what_stat_and_get_tell(self, storage: Storage) -> None:
        """put, stat and get agree on size, media type and etag."""
        written = storage.put("b1", "u/a.png", b"\x89PNG 12345", "image/png")
        assert ObjectInfo("b1", "u/a.png", 10, "image/png", written.etag) == written
        assert written == storage.stat("b1", "u/a.png")
        assert written.etag == storage.get("b1", "u/a.png").etag
        assert written.etag

    def test_etag_follows_the_bytes(self, storage: Storage) -> None:
        """New bytes give a new etag; the same bytes stored again give the same one."""
        first = storage.put("b1", "x.bin", b"one", "application/octet-stream").etag
        second = storage.put("b1", "x.bin", b"two", "application/octet-stream").etag
        third = storage.put("b1", "x.bin", b"one", "application/octet-stream").etag
        assert first != second
        assert first == third
        assert third == storage.stat("b1", "x.bin").etag

    def test_empty_object(self, storage: Storage) -> None:
        """An empty object is an object of size zero."""
        storage.put("b1", "empty", b"", "text/plain")
        assert 0 == storage.stat("b1", "empty").size
        assert b"" == storage.get("b1", "empty").data


class _CreateOnly:
    def test_create_only_refuses_an_existing_object(self, storage: Storage) -> None:
        """overwrite=False raises Conflict and keeps the first object."""
        storage.put("b1", "x.png", b"first", "image/png", overwrite=False)
        with pytest.raises(Conflict):
            storage.put("b1", "x.png", b"second", "image/jpeg", overwrite=False)
        assert StoredObject(b"first", "image/png") == storage.get("b1", "x.png")

    def test_racing_creators_one_wins(self, storage: Storage) -> None:
        """Of eight threads creating the same object at once, exactly one succeeds."""
        outcomes: list[str] = []
        barrier = threading.Barrier(8)

        def create(n: int) -> None:
            barrier.wait()
            try:
                storage.put("b1", "race.txt", f"{n}".encode(), "text/plain", overwrite=False)
                outcomes.append("won")
            except Conflict:
                outcomes.append("conflict")

        storage.put("b1", "warm-up", b"", "text/plain")  # the bucket exists before the race
        threads = [threading.Thread(target=create, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert ["conflict"] * 7 + ["won"] == sorted(outcomes)


class _Delete:
    def test_delete_removes_and_answers(self, storage: Storage) -> None:
        """delete answers True once, then False; the object is gone."""
        storage.put("b1", "a/b/c.png", b"x", "image/png")
        storage.put("b1", "a/keep.png", b"y", "image/png")
        assert storage.delete("b1", "a/b/c.png")
        assert not storage.delete("b1", "a/b/c.png")
        assert not storage.exists("b1", "a/b/c.png")
        with pytest.raises(NotFound):
            storage.get("b1", "a/b/c.png")
        assert b"y" == storage.get("b1", "a/keep.png").data

    def test_delete_then_create_only(self, storage: Storage) -> None:
        """After a delete the name is free for a create-only put."""
        storage.put("b1", "x", b"1", "text/plain")
        storage.delete("b1", "x")
        storage.put("b1", "x", b"2", "text/plain", overwrite=False)
        assert b"2" == storage.get("b1", "x").data


class _List:
    def test_lists_by_prefix_in_path_order(self, storage: Storage) -> None:
        """Listing answers the objects whose path starts with the prefix, ordered by path."""
        for path in ("u2/z.png", "u1/b.png", "u1/a/deep.png", "u10/c.png", "top.png"):
            storage.put("b1", path, path.encode(), "image/png")
        storage.put("b2", "u1/other-bucket.png", b"x", "image/png")
        assert ["u1/a/deep.png", "u1/b.png"] == [i.path for i in storage.list("b1", "u1/")]
        assert ["u1/a/deep.png", "u1/b.png", "u10/c.png"] == [
            i.path for i in storage.list("b1", "u1")
        ]
        assert 5 == len(storage.list("b1"))
        assert [] == storage.list("b1", "nobody/")

    def test_listing_carries_the_info(self, storage: Storage) -> None:
        """Each listed object has its size, media type and etag."""
        written = storage.put("b1", "u1/a.webp", b"RIFF1234", "image/webp")
        assert [written] == storage.list("b1", "u1/")

    def test_deleted_objects_are_not_listed(self, storage: Storage) -> None:
        """A deleted object leaves the listing."""
        storage.put("b1", "u1/a.png", b"x", "image/png")
        storage.delete("b1", "u1/a.png")
        assert [] == storage.list("b1", "u1/")

    @pytest.mark.parametrize("prefix", ["../", "a//", "/abs", "a/../b"])
    def test_unsafe_prefixes_are_refused(self, storage: Storage, prefix: str) -> None:
        """A prefix no valid path could start with raises ValidationFailed."""
        with pytest.raises(ValidationFailed):
            storage.list("b1", prefix)


class StorageContract(_Storage, _ObjectInfo, _CreateOnly, _Delete, _List):
    """Every rule of :class:`~designcore.ports.storage.Storage`: round trips, object info,
    create-only writes, deletes and listings. A subclass gives it a ``storage`` fixture
    answering a new, empty storage of its adapter (buckets are created on first write)."""
