"""The bundled font families, the fallback chain and text measurement with skia.

``fonts.json`` of the ``designcore-fonts`` distribution lists every family, its files and the fallback chain; the
web editor reads the same manifest. A text run is drawn in its requested family; each
user-perceived character the family lacks (as written, composed or decomposed) falls back along
the chain (Noto Sans, then the emoji font), as a browser's per-character font fallback does
(``docs/text-layout.md`` section 3). A family that is not bundled is
drawn with the first fallback and reported. Missing bold or italic faces are synthesised
(emboldened, slanted) as browsers do.

Text is shaped with HarfBuzz (``uharfbuzz``), as the browser shapes it: kerning, standard
ligatures and mark positioning (a Yoruba ``ọ́`` gets its marks on its base through the font's
anchors). Each run of one font is shaped on its own, so there is no kerning across a font
change, as in a browser. :meth:`TextShaper.measure` is the browser's ``measureText(line)
.width``; :meth:`TextShaper.glyph_runs` places the glyphs of a line shaped as a whole, each
user-perceived character moved right by the letter spacing times its index (the canvas's
``letterSpacing``: kerning kept), or, for justified lines, character by character, each shaped
alone (Konva's drawing of justified text: no kerning between them). A shaper for letter-spaced
text (``spaced``) shapes without the optional ligatures, as browsers do for spaced text. See
``docs/text-layout.md``.
"""

from __future__ import annotations

import functools
import json
import threading
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import skia
import uharfbuzz as hb

from designcore.domain.text_layout import FontMetrics, split_clusters
from designcore_fonts import FONTS_DIR as BUNDLED_FONTS_DIR

FONTS_DIR = BUNDLED_FONTS_DIR
"""Where the bundled font files and ``fonts.json`` live (the ``designcore-fonts``
distribution, which the ``render`` extra brings)."""

_ALWAYS_COVERED = frozenset({0x200D, 0x200C, 0x20E3, *range(0xFE00, 0xFE10)})
"""Joiners and variation selectors: never a reason to change font."""

_SYNTHETIC_SKEW = -0.25
"""Slant of a synthesised italic (the horizontal shear browsers and skia use)."""


_LOADED: dict[Path, tuple[skia.Typeface, hb.Font]] = {}
"""Every font file read so far in this process, parsed for skia and for HarfBuzz: shared by
every :class:`FontLibrary` (the preview renderer, the download renderer and the text fitter
each have one), so a file is read from disk once per process."""

_LOADING = threading.Lock()
"""Held while a file is read and parsed, so two threads wanting the same new face read it
once and get the same objects."""


def load_typeface(path: Path) -> tuple[skia.Typeface, hb.Font]:
    """The font file ``path`` for skia and for HarfBuzz, read on its first use in the process
    and kept for the process's life (the bundled files are about 14 MB in all). Both objects
    are immutable once made, so threads share them. Raises ``OSError`` for a file that
    cannot be read or is not a font."""
    loaded = _LOADED.get(path)
    if loaded is not None:
        return loaded
    with _LOADING:
        loaded = _LOADED.get(path)
        if loaded is None:
            data = path.read_bytes()
            typeface = skia.Typeface.MakeFromData(skia.Data.MakeWithCopy(data))
            if typeface is None:
                raise OSError(f"cannot read the font file {path}")
            loaded = (typeface, hb.Font(hb.Face(hb.Blob(data))))
            _LOADED[path] = loaded
        return loaded


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
    shaping: hb.Font
    """The same file for HarfBuzz, at its units-per-em scale."""
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
    """The bundled families, loaded lazily from ``fonts.json``; the files themselves are read
    once per process (:func:`load_typeface`)."""

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

    @property
    def families(self) -> tuple[Family, ...]:
        """Every bundled family."""
        return tuple(self._families.values())

    def knows(self, family: str) -> bool:
        """Whether ``family`` is bundled."""
        return family.strip().casefold() in self._families

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
        typeface, shaping = load_typeface(face.path)
        return FontChoice(
            typeface=typeface,
            shaping=shaping,
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
    """Whether ``typeface`` draws ``cluster`` as written, composed (NFC) or decomposed (NFD):
    HarfBuzz, like the browser's shaper, composes and decomposes to find the glyphs a font
    has (Lora has no ``ṣ`` but has ``s`` and the combining dot below)."""
    return any(
        all(
            ord(char) in _ALWAYS_COVERED or typeface.unicharToGlyph(ord(char)) != 0 for char in form
        )
        for form in dict.fromkeys(
            (cluster, unicodedata.normalize("NFC", cluster), unicodedata.normalize("NFD", cluster))
        )
    )


@attrs.frozen
class GlyphRun:
    """Glyphs of one font, placed relative to the start of a line on its baseline."""

    font: skia.Font
    """The font to draw them with."""
    glyphs: tuple[int, ...]
    """Glyph ids of the font."""
    positions: tuple[tuple[float, float], ...]
    """Where each glyph's origin lies, in pixels (y grows downwards)."""


@attrs.frozen
class _Shaped:
    """One string shaped with one font."""

    glyphs: tuple[int, ...]
    positions: tuple[tuple[float, float], ...]
    width: float
    clusters: tuple[int, ...] = ()
    """For each glyph, the index (in code points of the shaped string) of its character."""


class TextShaper:
    """Measures and places text of one element (family, weight, style, size): each
    user-perceived character goes to the first font of the chain that has all of it, and each
    run of one font is shaped with HarfBuzz."""

    def __init__(self, chain: Sequence[FontChoice], size: float, *, spaced: bool = False) -> None:
        if not chain:
            raise ValueError("a font chain needs at least one font")
        self._choices = tuple(chain)
        self._fonts = [choice.font(size) for choice in chain]
        self._typefaces = [choice.typeface for choice in chain]
        self._scales = [size / choice.shaping.face.upem for choice in chain]
        self._features = {"liga": False, "clig": False} if spaced else {}
        self.size = size
        self.spaced = spaced

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
    def _font_index(self, cluster: str) -> int:
        return next(
            (i for i, typeface in enumerate(self._typefaces) if _covers(typeface, cluster)), 0
        )

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one shaper per element, short-lived
    def _shape(self, index: int, text: str) -> _Shaped:
        buffer = hb.Buffer()
        buffer.add_codepoints([ord(char) for char in text])
        buffer.guess_segment_properties()
        hb.shape(self._choices[index].shaping, buffer, self._features)
        scale = self._scales[index]
        glyphs: list[int] = []
        positions: list[tuple[float, float]] = []
        clusters: list[int] = []
        pen = 0
        for info, position in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
            glyphs.append(info.codepoint)
            clusters.append(info.cluster)
            positions.append(((pen + position.x_offset) * scale, -position.y_offset * scale))
            pen += position.x_advance
        return _Shaped(tuple(glyphs), tuple(positions), pen * scale, tuple(clusters))

    def segments(self, text: str) -> list[tuple[int, str]]:
        """``text`` split into runs of one font: (index in the chain, characters)."""
        segments: list[tuple[int, str]] = []
        for cluster in split_clusters(text):
            index = self._font_index(cluster)
            if segments and segments[-1][0] == index:
                segments[-1] = (index, segments[-1][1] + cluster)
            else:
                segments.append((index, cluster))
        return segments

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one shaper per element, short-lived
    def measure(self, text: str) -> float:
        """Shaped advance width of ``text`` in pixels (kerning included, no letter spacing):
        what the browser's ``measureText`` answers, which Konva uses to break lines."""
        return sum(self._shape(index, part).width for index, part in self.segments(text))

    def cluster_width(self, cluster: str) -> float:
        """Advance width of one user-perceived character shaped alone."""
        return self._shape(self._font_index(cluster), cluster).width

    def glyph_runs(
        self,
        text: str,
        *,
        per_letter: bool = False,
        letter_spacing: float = 0.0,
        space_extra: float = 0.0,
    ) -> tuple[list[GlyphRun], float]:
        """The glyphs of one line and the pen position after them.

        Shaped as a whole, kerning kept, each user-perceived character moved right by
        ``letter_spacing`` times its index (the spacing follows every character, the last one
        included), as a canvas with ``letterSpacing`` draws. With ``per_letter`` (justified
        lines) each character is shaped alone instead, followed by ``letter_spacing``, and each
        space is preceded by ``space_extra``, as Konva draws justified text.
        """
        pieces: list[tuple[int, _Shaped, float]] = []
        pen = 0.0
        if per_letter:
            for cluster in split_clusters(text):
                if cluster == " ":
                    pen += space_extra
                index = self._font_index(cluster)
                shaped = self._shape(index, cluster)
                pieces.append((index, shaped, pen))
                pen += shaped.width + letter_spacing
        else:
            for index, part in self.segments(text):
                shaped = self._shape(index, part)
                if letter_spacing:
                    shaped = _spread(shaped, part, letter_spacing)
                pieces.append((index, shaped, pen))
                pen += shaped.width + letter_spacing * len(split_clusters(part))
        runs: list[GlyphRun] = []
        current = -1
        glyphs: list[int] = []
        positions: list[tuple[float, float]] = []
        for index, shaped, origin in pieces:
            if index != current and glyphs:
                runs.append(GlyphRun(self._fonts[current], tuple(glyphs), tuple(positions)))
                glyphs, positions = [], []
            current = index
            glyphs.extend(shaped.glyphs)
            positions.extend((origin + x, y) for x, y in shaped.positions)
        if glyphs:
            runs.append(GlyphRun(self._fonts[current], tuple(glyphs), tuple(positions)))
        return runs, pen


def _spread(shaped: _Shaped, text: str, spacing: float) -> _Shaped:
    """``shaped`` (of ``text``) with every glyph moved right by ``spacing`` times the index of
    its user-perceived character in ``text`` (the run itself starts after the spacing of the
    characters before it on the line)."""
    character_of: list[int] = []
    for number, cluster in enumerate(split_clusters(text)):
        character_of.extend([number] * len(cluster))
    positions = tuple(
        (x + spacing * character_of[min(cluster, len(character_of) - 1)], y)
        for (x, y), cluster in zip(shaped.positions, shaped.clusters, strict=True)
    )
    return attrs.evolve(shaped, positions=positions)


def text_blob(runs: Sequence[GlyphRun]) -> skia.TextBlob | None:
    """One skia text blob holding ``runs`` (``None`` when there is nothing to draw)."""
    builder = skia.TextBlobBuilder()
    drawn = False
    for run in runs:
        if not run.glyphs:
            continue
        builder.allocRunPos(
            run.font, list(run.glyphs), [skia.Point(x, y) for x, y in run.positions]
        )
        drawn = True
    return builder.make() if drawn else None


def manifest(directory: Path = FONTS_DIR) -> dict[str, Any]:
    """The decoded ``fonts.json``."""
    data: dict[str, Any] = json.loads((directory / "fonts.json").read_text(encoding="utf-8"))
    return data
