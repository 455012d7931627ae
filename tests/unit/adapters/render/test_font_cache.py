"""Font files are read once per process and shared by every font library and thread."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

from designcore.adapters.render.fonts import FONTS_DIR, FontLibrary, load_typeface


@pytest.fixture(name="fonts_copy")
def fixture_fonts_copy(tmp_path: Path) -> Path:
    """The manifest and the Lora files in a directory of the test's own (new paths, so
    nothing of them is loaded yet)."""
    shutil.copy(FONTS_DIR / "fonts.json", tmp_path / "fonts.json")
    for path in FONTS_DIR.rglob("*"):
        if path.is_file() and "lora" in str(path.relative_to(FONTS_DIR)).lower():
            target = tmp_path / path.relative_to(FONTS_DIR)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    return tmp_path


def lora_file(directory: Path) -> Path:
    """The regular Lora face's file in ``directory``."""
    return next(
        face.path
        for family in FontLibrary(directory).families
        if family.name == "Lora"
        for face in family.faces
        if (face.weight, face.style) == (400, "normal")
    )


class TestTypefaceCache:
    def test_a_second_library_reads_no_file(self, fonts_copy: Path) -> None:
        """Once a face is loaded, another library gets the same typeface even with the file
        gone from the disk."""
        first = FontLibrary(fonts_copy).choose("Lora", "normal", "normal")
        assert first is not None
        for path in fonts_copy.rglob("*"):
            if path.is_file() and path.name != "fonts.json":
                path.unlink()
        second = FontLibrary(fonts_copy).choose("Lora", "normal", "normal")
        assert second is not None
        assert first.typeface is second.typeface
        assert first.shaping is second.shaping

    def test_threads_loading_a_new_face_share_one_load(self, fonts_copy: Path) -> None:
        """Eight threads asking for the same unloaded file at once all get the same objects."""
        path = lora_file(fonts_copy)
        start = threading.Barrier(8)
        loaded: list[object] = []

        def load() -> None:
            start.wait()
            loaded.append(load_typeface(path))

        threads = [threading.Thread(target=load) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert 8 == len(loaded)
        assert 1 == len({id(pair) for pair in loaded})

    def test_a_file_that_is_not_a_font_is_refused_and_not_kept(self, tmp_path: Path) -> None:
        """A damaged file raises OSError each time it is asked for; nothing is cached."""
        bad = tmp_path / "broken.ttf"
        bad.write_bytes(b"not a font at all")
        for _ in range(2):
            with pytest.raises(OSError, match="cannot read the font file"):
                load_typeface(bad)
