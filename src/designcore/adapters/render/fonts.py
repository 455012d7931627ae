"""The bundled font families, the fallback chain and text measurement with skia.

``src/designcore/fonts/fonts.json`` lists every family, its files and the fallback chain; the
web editor reads the same manifest. A text run is drawn in its requested family; each
user-perceived character the family lacks falls back along the chain (Noto Sans, then the
emoji font), as a browser's per-character font fallback does. A family that is not bundled is
drawn with the first fallback and reported. Missing bold or italic faces are synthesised
(emboldened, slanted) as browsers do.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import skia

from designcore.domain.text_layout import FontMetrics, split_clusters

FONTS_DIR = Path(__file__).resolve().parents[2] / "fonts"
"""Where the bundled font files and ``fonts.json`` live."""

_ALWAYS_COVERED = frozenset({0x200D, 0x200C, 0x20E3, *range(0xFE00, 0xFE10)})
"""Joiners and variation selectors: never a reason to change font."""

_SYNTHETIC_SKEW = -0.25
"""Slant of a synthesised italic (the horizontal shear browsers and skia use)."""


@attrs.frozen
class Face:
    """One font file of a family."""

    weight: int
    """CSS weight (400 regular, 700 bold)."""
    style: str
    """``normal`` or ``italic``."""
    path: Path
    """The file."""


@attrs.frozen
class Family:
    """A bundled family from the manifest."""

    name: str
    """Family name, as documents spell it."""
    role: str
    """``sans``, ``serif``, ``display``, ``script``, ``fallback`` or ``emoji``."""
    faces: tuple[Face, ...]
    """Its files."""


def weight_number(weight: str) -> int:
    """A CSS weight number from ``normal``, ``bold`` or a numeric string."""
    if weight == "bold":
        return 700
    try:
        return int(float(weight))
    except ValueError:
        return 400


@attrs.frozen
class FontChoice:
    """A face of a family at a size, with the synthesis it needs."""

    typeface: skia.Typeface
    """The loaded file."""
    embolden: bool
    """Whether bold must be synthesised."""
    slant: bool
    """Whether italic must be synthesised."""

    def font(self, size: float) -> skia.Font:
        """A skia font drawing this face at ``size`` pixels."""
        font = skia.Font(self.typeface, size)
        font.setEdging(skia.Font.Edging.kAntiAlias)
        font.setSubpixel(True)
        font.setLinearMetrics(True)
        font.setHinting(skia.FontHinting.kNone)
        if self.embolden:
            font.setEmbolden(True)
        if self.slant:
            font.setSkewX(_SYNTHETIC_SKEW)
        return font


class FontLibrary:
    """The bundled families, loaded lazily from ``fonts.json``."""

    def __init__(self, directory: Path = FONTS_DIR) -> None:
        manifest = json.loads((directory / "fonts.json").read_text(encoding="utf-8"))
        self._families = {
            entry["family"].casefold(): Family(
                name=entry["family"],
                role=entry["role"],
                faces=tuple(
                    Face(int(face["weight"]), face["style"], directory / face["file"])
                    for face in entry["faces"]
                ),
            )
            for entry in manifest["families"]
        }
        self.fallback: tuple[str, ...] = tuple(manifest["fallback"])
        self._typefaces: dict[Path, skia.Typeface] = {}

    @property
    def families(self) -> tuple[Family, ...]:
        """Every bundled family."""
        return tuple(self._families.values())

    def knows(self, family: str) -> bool:
        """Whether ``family`` is bundled."""
        return family.strip().casefold() in self._families

    def _typeface(self, path: Path) -> skia.Typeface:
        typeface = self._typefaces.get(path)
        if typeface is None:
            typeface = skia.Typeface.MakeFromData(skia.Data.MakeWithCopy(path.read_bytes()))
            if typeface is None:
                raise OSError(f"cannot read the font file {path}")
            self._typefaces[path] = typeface
        return typeface

    def choose(self, family: str, weight: str, style: str) -> FontChoice | None:
        """The face of a bundled ``family`` closest to ``weight`` and ``style`` (CSS font
        matching reduced to regular/bold x normal/italic); ``None`` if it is not bundled."""
        entry = self._families.get(family.strip().casefold())
        if entry is None:
            return None
        wanted = weight_number(weight)
        bold = wanted >= 600
        italic = style == "italic"

        def score(face: Face) -> tuple[int, int]:
            return (int((face.style == "italic") != italic), abs(face.weight - wanted))

        face = min(entry.faces, key=score)
        return FontChoice(
            typeface=self._typeface(face.path),
            embolden=bold and face.weight < 600,
            slant=italic and face.style != "italic",
        )

    def chain(self, family: str, weight: str, style: str) -> tuple[tuple[FontChoice, ...], bool]:
        """The fonts to try, in order, for text in ``family``; and whether the family is
        bundled (when not, the chain starts at the first fallback)."""
        known = self.knows(family)
        names = ([family] if known else []) + [
            name for name in self.fallback if name.casefold() != family.strip().casefold()
        ]
        choices = tuple(
            choice for name in names if (choice := self.choose(name, weight, style)) is not None
        )
        return choices, known


def _covers(typeface: skia.Typeface, cluster: str) -> bool:
    return all(
        ord(char) in _ALWAYS_COVERED or typeface.unicharToGlyph(ord(char)) != 0 for char in cluster
    )


@attrs.frozen
class Run:
    """Consecutive characters drawn with one font."""

    text: str
    """The characters."""
    font: skia.Font
    """The font to draw them with."""
    width: float
    """Their advance width in pixels."""


class TextShaper:
    """Measures and splits text of one element (family, weight, style, size) into runs,
    each user-perceived character in the first font of the chain that has all of it."""

    def __init__(self, chain: Sequence[FontChoice], size: float) -> None:
        if not chain:
            raise ValueError("a font chain needs at least one font")
        self._fonts = [choice.font(size) for choice in chain]
        self._typefaces = [choice.typeface for choice in chain]
        self.size = size

    @functools.cached_property
    def metrics(self) -> FontMetrics:
        """Vertical metrics of the first font of the chain."""
        metrics = self._fonts[0].getMetrics()
        return FontMetrics(
            ascent=-float(metrics.fAscent),
            descent=float(metrics.fDescent),
            line_gap=float(metrics.fLeading),
        )

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one shaper per element, short-lived
    def _cluster(self, cluster: str) -> tuple[int, float]:
        index = next(
            (i for i, typeface in enumerate(self._typefaces) if _covers(typeface, cluster)), 0
        )
        return index, float(self._fonts[index].measureText(cluster))

    def measure(self, text: str) -> float:
        """Advance width of ``text`` in pixels, without letter spacing or kerning."""
        return sum(self._cluster(cluster)[1] for cluster in split_clusters(text))

    def cluster_width(self, cluster: str) -> float:
        """Advance width of one user-perceived character."""
        return self._cluster(cluster)[1]

    def runs(self, text: str) -> list[Run]:
        """``text`` split into runs of one font each."""
        runs: list[Run] = []
        current_index, current_text, current_width = -1, "", 0.0
        for cluster in split_clusters(text):
            index, width = self._cluster(cluster)
            if index != current_index and current_text:
                runs.append(Run(current_text, self._fonts[current_index], current_width))
                current_text, current_width = "", 0.0
            current_index = index
            current_text += cluster
            current_width += width
        if current_text:
            runs.append(Run(current_text, self._fonts[current_index], current_width))
        return runs

    def font_for(self, cluster: str) -> skia.Font:
        """The font that draws ``cluster``."""
        return self._fonts[self._cluster(cluster)[0]]


def manifest(directory: Path = FONTS_DIR) -> dict[str, Any]:
    """The decoded ``fonts.json``."""
    data: dict[str, Any] = json.loads((directory / "fonts.json").read_text(encoding="utf-8"))
    return data
