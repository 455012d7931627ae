"""The seed catalogue's copy: JSON files in ``designcore/app/seed/data``, read into attrs classes.

``fields.json`` labels every field a template may ask for (its label, longest sample and whether
a finished design needs it). One file per category (``church.json``, ``birthdays.json`` …)
holds that category's templates: name, sub-category, premium or free, page format, which layout,
palette and type pairing draw it, the description, design intent, tags and semantic keywords,
and the sample texts by field key.

Files are structured with cattrs (unknown keys refused) and then checked against the layouts,
palettes and fields that exist. Anything wrong raises :class:`SeedDataError` naming the file
and listing every problem with its JSON path, e.g.
``church.json: required field missing @ $.templates[3].name``.
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Collection, Mapping, Sequence
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any, Literal, TypeVar

import attrs
import cattrs
from cattrs.v import format_exception

DATA: Traversable = files("designcore.app.seed").joinpath("data")
"""The package data directory holding the copy files."""

FIELDS_FILE = "fields.json"
"""The file labelling every field key."""

CATEGORY_FILES: tuple[str, ...] = (
    "church.json",
    "birthdays.json",
    "new_month.json",
    "business.json",
    "social.json",
    "logos.json",
)
"""The category files, in catalogue order."""

FormatName = Literal["flyer", "square", "story", "logo"]
"""A page format: 1080x1350 flyer, 1080x1080 square post, 1080x1920 story, 1000x1000 logo."""

_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

T = TypeVar("T")


class SeedDataError(ValueError):
    """A copy file cannot be read, or says something the catalogue cannot draw."""

    def __init__(self, file: str, problems: Sequence[str]) -> None:
        self.file = file
        """The file's name (``church.json``)."""
        self.problems = tuple(problems)
        """Each problem as ``message @ $.json.path``."""
        super().__init__(f"{file}: " + "; ".join(self.problems))


@attrs.frozen
class FieldCopy:
    """How one field key is labelled and limited."""

    label: str
    """Label shown beside the input (and the element's name and placeholder)."""
    max_length: int | None
    """Longest value the layouts make room for (``null``: not a text, or unlimited)."""
    required: bool
    """Whether a finished design needs it."""


@attrs.frozen
class FieldsCopy:
    """The content of ``fields.json``."""

    fields: Mapping[str, FieldCopy]
    """Every field key a template may use."""


@attrs.frozen
class TemplateCopy:
    """One template of a category file."""

    slug: str
    """Stable name; the template's id is the uuid5 of it."""
    name: str
    """Display name, unique in the catalogue."""
    sub_category: str
    """Sub-category (``Sunday Service``, ``30th`` …)."""
    premium: bool
    """Premium (``true``) or free."""
    format: FormatName
    """Page format."""
    layout: str
    """The layout drawing it, ``module.function`` under ``seed/layouts`` (``church.hero``)."""
    palette: str
    """A palette of :data:`designcore.app.seed.palettes.PALETTES`."""
    fonts: str
    """A pairing of :data:`designcore.app.seed.palettes.TYPE_PAIRINGS`."""
    description: str
    """One or two sentences about the design."""
    design_intent: str
    """Who it is for and what it communicates, in one sentence."""
    tags: tuple[str, ...]
    """Lowercase tags."""
    semantic_keywords: tuple[str, ...]
    """Phrases search and prompting match."""
    texts: Mapping[str, str]
    """The sample text of each field, by key (``\\n`` breaks a line)."""


@attrs.frozen
class CategoryCopy:
    """The content of one category file."""

    category: str
    """The category all its templates belong to."""
    templates: tuple[TemplateCopy, ...]
    """Its templates, in order."""


def _describe_error(error: BaseException, kind: type | None) -> str:
    """cattrs' messages, with the allowed values spelled out for a ``Literal``."""
    if typing.get_origin(kind) is Literal:
        allowed = ", ".join(repr(value) for value in typing.get_args(kind))
        return f"expected one of {allowed}"
    return format_exception(error, kind)


def _exactly(kind: type[T]) -> Any:
    """A structure hook accepting only values of ``kind`` (no ``"yes"`` for a bool, no
    ``true`` for an int), as the files are written by hand."""

    def structure(value: object, _: object) -> T:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__}")
        return value

    return structure


_converter = cattrs.Converter(forbid_extra_keys=True)
for _kind in (str, bool, int):
    _converter.register_structure_hook(_kind, _exactly(_kind))


def _structure(text: str, file: str, cls: type[T]) -> T:
    try:
        raw: Any = json.loads(text)
    except ValueError as error:
        raise SeedDataError(file, [f"not valid JSON: {error}"]) from error
    try:
        return _converter.structure(raw, cls)
    except (cattrs.BaseValidationError, ValueError, TypeError) as error:
        problems = cattrs.transform_error(error, format_exception=_describe_error)
        raise SeedDataError(file, problems) from error


def load_fields(text: str, file: str = FIELDS_FILE) -> Mapping[str, FieldCopy]:
    """The field labels from the JSON ``text`` of ``fields.json``.

    Raises :class:`SeedDataError` when the file is not valid JSON or not of this shape.
    """
    return _structure(text, file, FieldsCopy).fields


def load_category(
    text: str,
    file: str,
    *,
    fields: Mapping[str, FieldCopy],
    layouts: Collection[str],
    palettes: Collection[str],
    pairings: Collection[str],
) -> CategoryCopy:
    """One category from the JSON ``text`` of ``file``, checked against what exists.

    Raises :class:`SeedDataError` listing every problem: bad JSON, a missing, extra or mistyped
    key, an unknown layout, palette, type pairing or field key, a sample text longer than its
    field allows, or a malformed slug.
    """
    copy = _structure(text, file, CategoryCopy)
    problems: list[str] = []
    for index, template in enumerate(copy.templates):
        at = f"$.templates[{index}]"
        if not _SLUG.match(template.slug):
            problems.append(f"expected a lowercase-hyphenated slug @ {at}.slug")
        for name, value, known in (
            ("layout", template.layout, layouts),
            ("palette", template.palette, palettes),
            ("fonts", template.fonts, pairings),
        ):
            if value not in known:
                problems.append(f"unknown {name} {value!r} @ {at}.{name}")
        for key, sample in template.texts.items():
            field = fields.get(key)
            if field is None:
                problems.append(f"unknown field key (not in {FIELDS_FILE}) @ {at}.texts.{key}")
            elif field.max_length is not None and len(sample) > field.max_length:
                problems.append(
                    f"{len(sample)} characters, at most {field.max_length} allowed "
                    f"@ {at}.texts.{key}"
                )
    if problems:
        raise SeedDataError(file, problems)
    return copy


def read(name: str, directory: Traversable = DATA) -> str:
    """The text of the copy file ``name`` in ``directory``."""
    try:
        return directory.joinpath(name).read_text(encoding="utf-8")
    except OSError as error:
        raise SeedDataError(name, [f"cannot be read: {error}"]) from error
