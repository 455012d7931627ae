"""What only the local directory storage has to say: its layout on disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from designcore.adapters.local_storage import LocalDirectoryStorage
from designcore.domain.errors import Conflict
from designcore.ports.storage import StoredObject


class TestLocalLayout:
    def test_a_file_cannot_be_a_folder(self, tmp_path: Path) -> None:
        """'a' and 'a/b' cannot both exist on a file system: a clean Conflict, either order."""
        storage = LocalDirectoryStorage(tmp_path)
        storage.put("b1", "a", b"1", "text/plain")
        with pytest.raises(Conflict) as caught:
            storage.put("b1", "a/b", b"2", "text/plain")
        assert "path_conflict" == caught.value.code
        storage.put("b1", "x/y", b"3", "text/plain")
        with pytest.raises(Conflict):
            storage.put("b1", "x", b"4", "text/plain", overwrite=False)
        with pytest.raises(Conflict):
            storage.put("b1", "x", b"4", "text/plain")
        assert b"1" == storage.get("b1", "a").data

    def test_roots_of_earlier_versions_are_read(self, tmp_path: Path) -> None:
        """An object whose media type sits in a '.content-type' side file (the old layout) is
        read with that type and an etag computed from its bytes."""
        (tmp_path / "b1").mkdir()
        (tmp_path / "b1" / "old.png").write_bytes(b"\x89PNG old")
        (tmp_path / "b1" / "old.png.content-type").write_text("image/png")
        storage = LocalDirectoryStorage(tmp_path)
        assert StoredObject(b"\x89PNG old", "image/png") == storage.get("b1", "old.png")
        info = storage.stat("b1", "old.png")
        assert ("image/png", storage.get("b1", "old.png").etag) == (info.content_type, info.etag)
        assert ["old.png"] == [i.path for i in storage.list("b1")]

    def test_metadata_lives_outside_the_buckets(self, tmp_path: Path) -> None:
        """Only the object's bytes are in the bucket folder; temporaries are never listed."""
        storage = LocalDirectoryStorage(tmp_path)
        storage.put("b1", "u/a.png", b"x", "image/png")
        (tmp_path / "b1" / "u" / ".~upload-abandoned").write_bytes(b"half")
        assert {"a.png", ".~upload-abandoned"} == {
            p.name for p in (tmp_path / "b1" / "u").iterdir()
        }
        assert ["u/a.png"] == [i.path for i in storage.list("b1")]
        assert (tmp_path / ".meta" / "b1" / "u" / "a.png").is_file()

    def test_delete_removes_empty_folders(self, tmp_path: Path) -> None:
        """Deleting the last object of a folder removes the folder (and its metadata folder)."""
        storage = LocalDirectoryStorage(tmp_path)
        storage.put("b1", "u/deep/a.png", b"x", "image/png")
        storage.delete("b1", "u/deep/a.png")
        assert not (tmp_path / "b1" / "u").exists()
        assert not (tmp_path / ".meta" / "b1" / "u").exists()
