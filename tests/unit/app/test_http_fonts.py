"""``/fonts``: the bundled fonts, manifest and stylesheet served to the browser."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from litestar.testing import TestClient

from designcore.adapters.harfbuzz import BUNDLED_FONTS_DIR as FONTS_DIR
from designcore.app.http.fonts import unicode_range

Client = TestClient  # type: ignore[type-arg]


@pytest.fixture(name="manifest")
def fixture_manifest(client: Client) -> dict[str, Any]:
    """The served ``fonts.json``."""
    answer = client.get("/fonts/fonts.json")
    assert 200 == answer.status_code
    data: dict[str, Any] = answer.json()
    return data


def faces(manifest: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    return [(family, face) for family in manifest["families"] for face in family["faces"]]


def on_disk() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FONTS_DIR / "fonts.json").read_text(encoding="utf-8"))
    return data


class TestManifest:
    def test_it_is_the_renderers_manifest_with_urls(self, manifest: dict[str, Any]) -> None:
        """Families, faces and fallback chain are those the renderer reads, plus a hashed URL
        and the SHA-256 of every face."""
        source = on_disk()
        assert source["fallback"] == manifest["fallback"]
        assert [f["family"] for f in source["families"]] == [
            f["family"] for f in manifest["families"]
        ]
        for family, face in faces(manifest):
            digest = hashlib.sha256((FONTS_DIR / face["file"]).read_bytes()).hexdigest()
            assert digest == face["sha256"]
            assert f"/fonts/{face['file']}?v={digest[:16]}" == face["url"]
            assert family["licenceUrl"].startswith(f"/fonts/{family['licenceFile']}?v=")
        assert "/fonts/fonts.css" == manifest["css"]

    def test_it_is_revalidated_with_a_strong_etag(self, client: Client) -> None:
        """The manifest is ``no-cache`` with a strong ETag, and a matching
        ``If-None-Match`` gets an empty 304."""
        first = client.get("/fonts/fonts.json")
        etag = first.headers["etag"]
        assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
        assert "no-cache" == first.headers["cache-control"]
        again = client.get("/fonts/fonts.json", headers={"If-None-Match": etag})
        assert (304, b"") == (again.status_code, again.content)


class TestStylesheet:
    def test_a_font_face_rule_per_face(self, client: Client, manifest: dict[str, Any]) -> None:
        """Every family, weight and style has an ``@font-face`` rule with its hashed URL and
        ``font-display: swap``."""
        answer = client.get("/fonts/fonts.css")
        assert 200 == answer.status_code
        assert answer.headers["content-type"].startswith("text/css")
        rules = re.findall(r"@font-face \{(.*?)\}", answer.text, re.DOTALL)
        assert len(faces(manifest)) == len(rules)
        for (family, face), rule in zip(faces(manifest), rules, strict=True):
            assert f'font-family: "{family["family"]}";' in rule
            assert f'src: url("{face["url"]}") format("truetype");' in rule
            assert f"font-weight: {face['weight']};" in rule
            assert f"font-style: {face['style']};" in rule
            assert "font-display: swap;" in rule
        assert "fonts.googleapis" not in answer.text
        assert not re.search(r"url\(\"?https?:", answer.text)

    def test_the_fallback_chain_is_a_custom_property(self, client: Client) -> None:
        """``--designcore-font-fallback`` lists the chain of ``fonts.json`` in order."""
        css = client.get("/fonts/fonts.css").text
        chain = ", ".join(f'"{name}"' for name in on_disk()["fallback"])
        assert f":root {{ --designcore-font-fallback: {chain}; }}" in css

    def test_only_fallback_fonts_are_limited_by_unicode_range(self, client: Client) -> None:
        """The emoji and fallback faces carry their cmap as ``unicode-range`` (the emoji font
        covers 🎉, Noto Sans covers ẹ and ₦); design families carry none."""
        css = client.get("/fonts/fonts.css").text
        rules = re.findall(r"@font-face \{(.*?)\}", css, re.DOTALL)
        ranged = {
            re.search(r'font-family: "([^"]+)"', rule).group(1)  # type: ignore[union-attr]
            for rule in rules
            if "unicode-range" in rule
        }
        assert {"Noto Sans", "Noto Emoji"} == ranged
        emoji = next(rule for rule in rules if '"Noto Emoji"' in rule)
        assert covers(emoji, ord("🎉"))
        assert not covers(emoji, ord("ẹ"))
        noto = next(rule for rule in rules if '"Noto Sans"' in rule)
        assert covers(noto, ord("ẹ"))
        assert covers(noto, ord("₦"))

    def test_unicode_ranges_are_compact(self) -> None:
        """Consecutive code points merge into one range."""
        assert "U+20, U+41-43, U+1F389" == unicode_range([0x43, 0x41, 0x42, 0x20, 0x1F389])


def covers(rule: str, point: int) -> bool:
    value = re.search(r"unicode-range: ([^;]+);", rule)
    assert value is not None
    for part in value.group(1).split(", "):
        low, _, high = part.removeprefix("U+").partition("-")
        if int(low, 16) <= point <= int(high or low, 16):
            return True
    return False


class TestFiles:
    def test_a_face_with_its_hash_is_immutable(
        self, client: Client, manifest: dict[str, Any]
    ) -> None:
        """Fetched through the manifest's URL, a face is the file on disk, ``font/ttf``, with
        a strong ETag and a one-year immutable cache."""
        _, face = faces(manifest)[0]
        answer = client.get(face["url"])
        assert 200 == answer.status_code
        assert (FONTS_DIR / face["file"]).read_bytes() == answer.content
        assert "font/ttf" == answer.headers["content-type"]
        assert "public, max-age=31536000, immutable" == answer.headers["cache-control"]
        assert f'"{face["sha256"][:32]}"' == answer.headers["etag"]
        assert "nosniff" == answer.headers["x-content-type-options"]

    def test_without_the_hash_it_is_cached_for_a_day(
        self, client: Client, manifest: dict[str, Any]
    ) -> None:
        """A bare or outdated URL is cached for a day, never as immutable."""
        _, face = faces(manifest)[0]
        path = urlsplit(face["url"]).path
        for url in (path, f"{path}?v=0000000000000000"):
            answer = client.get(url)
            assert (200, "public, max-age=86400") == (
                answer.status_code,
                answer.headers["cache-control"],
            )

    def test_if_none_match_gets_304(self, client: Client, manifest: dict[str, Any]) -> None:
        """A cached face is revalidated with an empty 304."""
        _, face = faces(manifest)[-1]
        etag = client.get(face["url"]).headers["etag"]
        again = client.get(face["url"], headers={"If-None-Match": f'W/"x", {etag}'})
        assert (304, b"", etag) == (again.status_code, again.content, again.headers["etag"])

    def test_every_face_and_licence_is_served(
        self, client: Client, manifest: dict[str, Any]
    ) -> None:
        """All the URLs the manifest gives answer 200; licences as text."""
        for _, face in faces(manifest):
            assert 200 == client.get(face["url"]).status_code
        licence = client.get(manifest["families"][0]["licenceUrl"])
        assert licence.headers["content-type"].startswith("text/plain")
        assert "SIL OPEN FONT LICENSE" in licence.text.upper()

    @pytest.mark.parametrize(
        "url",
        [
            "/fonts/montserrat/Montserrat_400Regular.TTF",
            "/fonts/montserrat/",
            "/fonts/montserrat",
            "/fonts/fonts.json.bak",
            "/fonts/montserrat/..%2f..%2f..%2fpyproject.toml",
            "/fonts/%2e%2e/%2e%2e/adapters/render/fonts.py",
            "/fonts/..%5c..%5cpyproject.toml",
            "/fonts//etc/passwd",
        ],
    )
    def test_nothing_outside_the_manifest_is_served(self, client: Client, url: str) -> None:
        """Any path that is not exactly a manifest entry is 404, however it is spelt."""
        assert 404 == client.get(url).status_code

    def test_a_nul_in_the_path_is_refused(self, client: Client) -> None:
        """A NUL byte spliced into a font's name is 400 ``nul_character``, before any file is
        looked up."""
        answer = client.get("/fonts/montserrat/Montserrat_400Regular.ttf%00.txt")
        assert (400, "nul_character") == (answer.status_code, answer.json()["code"])

    def test_the_fonts_directory_holds_what_the_manifest_names(self) -> None:
        """Sanity: every manifest file exists, so the routes can be built."""
        for family in on_disk()["families"]:
            for face in family["faces"]:
                assert Path(FONTS_DIR / face["file"]).is_file()
