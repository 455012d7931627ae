"""The admin photo editor's pipeline, described: which steps exist, their parameters and limits,
and the size of the picture after each step. Pure: no decoding happens here; an adapter of
``designcore.ports.photo_editing.PhotoEditor`` runs the steps.

A request names a stored source (``"{bucket}/{path}"``) and up to ``MAX_OPERATIONS`` steps, run
in order. ``parse_operations`` checks each step's fields; ``plan_sizes`` follows the picture's
size through the steps, so a crop outside the picture or a result over the limits is refused
before a single pixel is decoded.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

import attrs

from designcore.domain.document import HEX_COLOUR
from designcore.domain.errors import FieldIssue, Unprocessable, ValidationFailed

MAX_OPERATIONS = 20
"""Most steps one request may ask for."""
MAX_INPUT_BYTES = 20 * 1024 * 1024
"""Largest stored source the editor reads."""
MAX_MEGAPIXELS = 40
"""Largest picture, in millions of pixels, at any step (the source included)."""
MAX_DIMENSION = 10_000
"""Largest width or height, in pixels, at any step."""


class FlipAxis(enum.Enum):
    """Which way a flip mirrors."""

    HORIZONTAL = "horizontal"
    """Left and right swap."""
    VERTICAL = "vertical"
    """Top and bottom swap."""


@attrs.frozen
class Enhance:
    """Automatic levels, a little contrast and saturation, and sharpening."""

    op = "enhance"


@attrs.frozen
class Crop:
    """Keep the box whose top-left corner is at (``x``, ``y``), in the current picture's
    pixels."""

    x: int
    y: int
    width: int
    height: int
    op = "crop"


@attrs.frozen
class Resize:
    """Scale to exactly ``width`` x ``height`` pixels."""

    width: int
    height: int
    op = "resize"


@attrs.frozen
class Rotate:
    """Turn anticlockwise by ``degrees`` (-360..360). Right angles turn exactly; other angles
    widen the canvas to hold the whole picture and leave the corners transparent."""

    degrees: float
    op = "rotate"

    @property
    def is_right_angle(self) -> bool:
        """Whether the turn is a multiple of 90 degrees."""
        return float(self.degrees) % 90 == 0


@attrs.frozen
class Flip:
    """Mirror along ``axis``."""

    axis: FlipAxis
    op = "flip"


@attrs.frozen
class Background:
    """Fill transparent parts with ``color`` (``#rrggbb``); the result is opaque."""

    color: str
    op = "background"

    @property
    def rgb(self) -> tuple[int, int, int]:
        """The colour as red, green and blue 0..255."""
        return (int(self.color[1:3], 16), int(self.color[3:5], 16), int(self.color[5:7], 16))


@attrs.frozen
class RemoveBackground:
    """Make a plain or nearly plain background transparent (``BackgroundRules``)."""

    op = "remove_background"


Operation: TypeAlias = Enhance | Crop | Resize | Rotate | Flip | Background | RemoveBackground

OPERATION_NAMES = (
    "enhance",
    "crop",
    "resize",
    "rotate",
    "flip",
    "background",
    "remove_background",
)
"""Every step, in the order the editor offers them."""

FIELDS: dict[str, tuple[str, ...]] = {
    "enhance": (),
    "crop": ("x", "y", "width", "height"),
    "resize": ("width", "height"),
    "rotate": ("degrees",),
    "flip": ("axis",),
    "background": ("color",),
    "remove_background": (),
}


def _whole(
    step: Mapping[str, Any], name: str, where: str, issues: list[FieldIssue], *, low: int
) -> int:
    value = step.get(name)
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # JSON's 322.0 is the whole number 322
    if isinstance(value, bool) or not isinstance(value, int):
        issues.append(FieldIssue(f"{where}.{name}", "must be a whole number"))
        return low
    if not low <= value <= MAX_DIMENSION:
        issues.append(FieldIssue(f"{where}.{name}", f"must be from {low} to {MAX_DIMENSION:,}"))
        return low
    return value


def _one(step: object, where: str, issues: list[FieldIssue]) -> Operation | None:
    if not isinstance(step, Mapping):
        issues.append(FieldIssue(where, "must be an object with an 'op'"))
        return None
    name = step.get("op")
    if not isinstance(name, str) or name not in FIELDS:
        issues.append(FieldIssue(f"{where}.op", f"must be one of {', '.join(OPERATION_NAMES)}"))
        return None
    unknown = sorted(str(key) for key in step if key != "op" and key not in FIELDS[name])
    if unknown:
        issues.append(FieldIssue(f"{where}.{unknown[0]}", f"is not a field of {name!r}"))
        return None
    before = len(issues)
    operation: Operation
    if name == "enhance":
        operation = Enhance()
    elif name == "remove_background":
        operation = RemoveBackground()
    elif name == "crop":
        operation = Crop(
            x=_whole(step, "x", where, issues, low=0),
            y=_whole(step, "y", where, issues, low=0),
            width=_whole(step, "width", where, issues, low=1),
            height=_whole(step, "height", where, issues, low=1),
        )
    elif name == "resize":
        operation = Resize(
            width=_whole(step, "width", where, issues, low=1),
            height=_whole(step, "height", where, issues, low=1),
        )
    elif name == "rotate":
        degrees = step.get("degrees")
        if isinstance(degrees, bool) or not isinstance(degrees, int | float):
            issues.append(FieldIssue(f"{where}.degrees", "must be a number"))
            return None
        if not math.isfinite(degrees) or not -360 <= degrees <= 360:
            issues.append(FieldIssue(f"{where}.degrees", "must be from -360 to 360"))
            return None
        operation = Rotate(degrees=float(degrees))
    elif name == "flip":
        try:
            operation = Flip(axis=FlipAxis(step.get("axis")))
        except ValueError:
            issues.append(FieldIssue(f"{where}.axis", "must be horizontal or vertical"))
            return None
    else:
        color = step.get("color")
        if not isinstance(color, str) or not HEX_COLOUR.fullmatch(color):
            issues.append(FieldIssue(f"{where}.color", "must be a colour like #1a2b3c"))
            return None
        operation = Background(color=color.lower())
    return operation if len(issues) == before else None


def parse_operations(raw: object) -> tuple[Operation, ...]:
    """The steps of a request body's ``operations``; raises ``ValidationFailed`` naming every
    bad field (``operations[2].width``). At least one step, at most ``MAX_OPERATIONS``."""
    if not isinstance(raw, Sequence) or isinstance(raw, str | bytes):
        raise ValidationFailed([FieldIssue("operations", "must be a list of steps")])
    if not raw:
        raise ValidationFailed([FieldIssue("operations", "must name at least one step")])
    if len(raw) > MAX_OPERATIONS:
        raise ValidationFailed(
            [FieldIssue("operations", f"must name at most {MAX_OPERATIONS} steps")]
        )
    issues: list[FieldIssue] = []
    steps = [_one(step, f"operations[{index}]", issues) for index, step in enumerate(raw)]
    if issues:
        raise ValidationFailed(issues)
    return tuple(step for step in steps if step is not None)


def parse_source(raw: object) -> tuple[str, str]:
    """``(bucket, path)`` of a ``"{bucket}/{path}"`` source; raises ``ValidationFailed``."""
    if not isinstance(raw, str) or "/" not in raw.strip("/"):
        raise ValidationFailed([FieldIssue("source", "must be '{bucket}/{path}'")])
    bucket, _, path = raw.partition("/")
    return bucket, path


def rotated_size(width: int, height: int, degrees: float) -> tuple[int, int]:
    """The canvas that holds a ``width`` x ``height`` picture turned by ``degrees``."""
    quarter = float(degrees) % 180
    if quarter == 0:
        return width, height
    if quarter == 90:
        return height, width
    turn = math.radians(degrees)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    return (
        max(1, math.ceil(width * cos + height * sin - 1e-9)),
        max(1, math.ceil(width * sin + height * cos - 1e-9)),
    )


def _check_size(width: int, height: int, where: str) -> None:
    if width > MAX_DIMENSION or height > MAX_DIMENSION:
        raise ValidationFailed(
            [FieldIssue(where, f"makes a picture over {MAX_DIMENSION:,} pixels on a side")]
        )
    if width * height > MAX_MEGAPIXELS * 1_000_000:
        raise ValidationFailed(
            [FieldIssue(where, f"makes a picture over {MAX_MEGAPIXELS} megapixels")]
        )


def plan_sizes(width: int, height: int, steps: Sequence[Operation]) -> list[tuple[int, int]]:
    """The picture's size after each step, from a ``width`` x ``height`` source.

    Raises ``ValidationFailed`` naming the step (``operations[1]``) whose crop leaves the
    picture or whose result is over ``MAX_DIMENSION`` or ``MAX_MEGAPIXELS``, and ``source``
    when the source itself is too large.
    """
    _check_size(width, height, "source")
    sizes = []
    for index, step in enumerate(steps):
        where = f"operations[{index}]"
        if isinstance(step, Crop):
            if step.x + step.width > width or step.y + step.height > height:
                raise ValidationFailed(
                    [
                        FieldIssue(
                            where,
                            f"the crop {step.width}x{step.height} at ({step.x}, {step.y}) "
                            f"leaves the {width}x{height} picture",
                        )
                    ]
                )
            width, height = step.width, step.height
        elif isinstance(step, Resize):
            width, height = step.width, step.height
        elif isinstance(step, Rotate):
            width, height = rotated_size(width, height, step.degrees)
        _check_size(width, height, where)
        sizes.append((width, height))
    return sizes


def aspect_crop(width: int, height: int, ratio_w: int, ratio_h: int) -> Crop:
    """The largest centred crop of a ``width`` x ``height`` picture with the aspect
    ``ratio_w:ratio_h`` (the editor's presets: 1:1, 4:5, 9:16, 16:9…)."""
    if ratio_w < 1 or ratio_h < 1:
        raise ValidationFailed([FieldIssue("ratio", "must be two whole numbers of 1 or more")])
    if width * ratio_h > height * ratio_w:  # wider than the aspect: full height
        crop_w, crop_h = max(1, height * ratio_w // ratio_h), height
    else:  # taller (or exact): full width
        crop_w, crop_h = width, max(1, width * ratio_h // ratio_w)
    return Crop(x=(width - crop_w) // 2, y=(height - crop_h) // 2, width=crop_w, height=crop_h)


def own_result_path(key: object, user_id: str, bucket: str) -> str:
    """The path of ``key`` (``"{bucket}/{path}"``) when it names a picture in ``user_id``'s own
    folder of ``bucket``: only such pictures become designs, so exports (which read the owner's
    folder) can draw them. Raises ``ValidationFailed`` on ``key``."""
    if not isinstance(key, str):
        raise ValidationFailed([FieldIssue("key", "must be '{bucket}/{path}'")])
    found_bucket, _, path = key.partition("/")
    folder, _, name = path.partition("/")
    if found_bucket != bucket or folder != user_id or not name or ".." in path.split("/"):
        raise ValidationFailed(
            [FieldIssue("key", f"must name a picture in your own folder of {bucket!r}")]
        )
    return path


def photo_page_size(width: int, height: int, max_side: int) -> tuple[int, int]:
    """A design page for a ``width`` x ``height`` picture: the picture's own size, scaled down
    (proportions kept, at least 1 px) when a side is over ``max_side``."""
    if width < 1 or height < 1:
        raise ValidationFailed([FieldIssue("picture", "has no pixels")])
    scale = min(1.0, max_side / max(width, height))
    return max(1, round(width * scale)), max(1, round(height * scale))


def photo_element(src: str, width: int, height: int) -> dict[str, Any]:
    """An image element showing ``src`` over the whole ``width`` x ``height`` page."""
    return {
        "type": "image",
        "id": "photo-1",
        "name": "Photo",
        "x": 0,
        "y": 0,
        "width": width,
        "height": height,
        "src": src,
        "keepRatio": True,
    }


@attrs.frozen
class BackgroundRules:
    """How background removal without a model works, for the common case of a product or a
    portrait photographed on a plain or nearly plain background (a wall, a sheet, a studio
    sweep). The background's colours are read from the picture's border; what is close to one
    of them (in CIELAB, 8-bit Pillow units) and reaches the border through such pixels is
    background. Busy backgrounds (a street, a room, foliage) are refused, not guessed at."""

    working_side: int = 512
    """The mask is found on a copy at most this many pixels a side, then scaled up."""
    border: int = 3
    """Pixels of the working copy's border sampled for the background's colours."""
    bin_size: int = 16
    """Border samples are grouped in cubes of this side (L, a and b) to find the colours."""
    max_colours: int = 3
    """At most this many background colours (a gradient or two-tone sweep)."""
    min_border_coverage: float = 0.7
    """The colours found must explain at least this share of the border, else the background
    is too busy for this method."""
    tolerance: int = 36
    """Largest distance (|ΔL| + |Δa| + |Δb|) from a background colour still counted as
    background."""
    open_size: int = 3
    """Opening (erode then dilate) of the background: removes specks inside the subject."""
    close_size: int = 5
    """Closing of the background: fills pinholes of noise in it."""
    feather: float = 1.5
    """Blur radius of the edge, in pixels of the full picture."""


BACKGROUND_RULES = BackgroundRules()

Lab: TypeAlias = tuple[int, int, int]


class BackgroundNotPlain(Unprocessable):
    """The picture's border has no dominant colours: this background removal only handles
    plain or nearly plain backgrounds."""

    code = "background_not_plain"


def background_colours(
    samples: Sequence[Lab], rules: BackgroundRules = BACKGROUND_RULES
) -> tuple[Lab, ...]:
    """The background's colours from ``samples`` (the border's pixels in Lab): the means of
    the most common cubes of ``rules.bin_size``, most common first, as few as put
    ``rules.min_border_coverage`` of the border within ``rules.tolerance`` of one of them, at
    most ``rules.max_colours``. Raises :class:`BackgroundNotPlain` when that many do not (or
    there are no samples)."""
    if not samples:
        raise BackgroundNotPlain("the picture has no border to read a background from")
    bins: dict[Lab, list[Lab]] = {}
    size = rules.bin_size
    for sample in samples:
        key = (sample[0] // size, sample[1] // size, sample[2] // size)
        bins.setdefault(key, []).append(sample)
    ranked = sorted(bins.values(), key=len, reverse=True)
    colours: list[Lab] = []
    covered = 0
    for group in ranked[: rules.max_colours]:
        count = len(group)
        colour = (
            round(sum(s[0] for s in group) / count),
            round(sum(s[1] for s in group) / count),
            round(sum(s[2] for s in group) / count),
        )
        if any(lab_distance(colour, known) <= rules.tolerance for known in colours):
            continue  # the same colour, split across cubes
        colours.append(colour)
        covered = sum(
            1
            for sample in samples
            if any(lab_distance(sample, known) <= rules.tolerance for known in colours)
        )
        if covered >= rules.min_border_coverage * len(samples):
            return tuple(colours)
    raise BackgroundNotPlain(BUSY_BACKGROUND_MESSAGE)


BUSY_BACKGROUND_MESSAGE = (
    "This background has too many colours to remove. Background removal works on a photo "
    "taken against a plain wall or sheet, one or two colours all around the subject."
)
"""What a person is told when the border is too busy to read a background from (the figures
behind it are in ``BackgroundRules``, not in the message)."""


def lab_distance(one: Lab, other: Lab) -> int:
    """|ΔL| + |Δa| + |Δb|: the distance background removal compares with its tolerance."""
    return abs(one[0] - other[0]) + abs(one[1] - other[1]) + abs(one[2] - other[2])
