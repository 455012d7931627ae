"""The domain's rules for single fields, stated in the API document.

Each alias is ``str`` to the decoder (the domain still checks the value and says what is wrong
in its own words) and carries the same rule, taken from the domain's constants, into
``/schema/openapi.json``, so a request the document calls valid is one the API accepts.
"""

from __future__ import annotations

from typing import Annotated
from zoneinfo import available_timezones

from litestar.openapi.spec import OpenAPIFormat, OpenAPIType, Schema
from litestar.params import KwargDefinition

from designcore.app.services.auth.links import LINK_KINDS
from designcore.domain.accounts import EMAIL, MAX_EMAIL_LENGTH, WHITE_SPACE
from designcore.domain.creators import (
    AVATAR_URL_PATTERN,
    MAX_AVATAR_URL_LENGTH,
    MAX_BIO_LENGTH,
    MAX_DISPLAY_NAME_LENGTH,
    USERNAME,
)
from designcore.domain.designs import MAX_NAME_LENGTH
from designcore.domain.document import HEX_COLOUR
from designcore.domain.exports import (
    MAX_DPI,
    MAX_PIXEL_RATIO,
    MAX_REFERENCE_LENGTH,
    MIN_DPI,
    MIN_PIXEL_RATIO,
    PaperSize,
)
from designcore.domain.images import MAX_QUERY_NUMBER_DIGITS, OUTPUT_FORMATS, ResizeMode
from designcore.domain.logo_maker import (
    LOGO_EXPORT_FORMATS,
    MAX_BRAND_NAME,
    MAX_COLOURS,
    MAX_TAGLINE,
)
from designcore.domain.passwords import MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH
from designcore.domain.payments import LEGACY_REFERENCE, REFERENCE, premium_plan
from designcore.domain.photo_edits import FIELDS as EDIT_FIELDS
from designcore.domain.photo_edits import MAX_DIMENSION, MAX_OPERATIONS, FlipAxis
from designcore.domain.problem_reports import (
    MAX_DESCRIPTION_LENGTH,
    MAX_PAGE_URL_LENGTH,
    PAGE_URL_PATTERN,
)
from designcore.domain.rendering import RenderFormat
from designcore.domain.storage import BUCKET, MAX_PATH_LENGTH

NOT_BLANK = f"[^{WHITE_SPACE}]"
"""Holds something besides what Python's ``str.strip`` takes for white space (spelt out:
``\\S`` means less in JavaScript's and JSON Schema's patterns, so ``"\\x1d"`` passed the
document and was refused as blank)."""


DESIGN_NAME = {"pattern": NOT_BLANK, "max_length": MAX_NAME_LENGTH}
"""A design's name: not blank, at most :data:`designcore.domain.designs.MAX_NAME_LENGTH`
characters."""

REFERENCE_ID = {"pattern": NOT_BLANK, "max_length": MAX_REFERENCE_LENGTH}
"""The id of a template or design an export names."""

NotBlank = Annotated[str, KwargDefinition(pattern=NOT_BLANK)]
"""Text that must not be blank."""

BucketName = Annotated[str, KwargDefinition(pattern=BUCKET.pattern)]
"""A storage bucket's name."""

_SEGMENT = r"[A-Za-z0-9_@()+, =-][A-Za-z0-9._@()+, =-]{0,254}"
ObjectPath = Annotated[
    str,
    KwargDefinition(
        pattern=rf"^/?{_SEGMENT}(?:/{_SEGMENT})*$", max_length=MAX_PATH_LENGTH, min_length=1
    ),
]
"""An object's path in its bucket: ``/``-separated safe segments (stated a little more strictly
than the domain checks it: a segment here does not start with a dot)."""

SIZE = {"pattern": rf"^[1-9][0-9]{{0,{MAX_QUERY_NUMBER_DIGITS - 1}}}$", "max_length": 16}
"""A width or height: a whole number of pixels, at least 1 (above 2,500 is capped)."""

QUALITY = {"pattern": r"^(?:100|[1-9][0-9]?)$", "max_length": 16}
"""An encoding quality from 1 to 100."""

RESIZE_MODES = [mode.value for mode in ResizeMode]
"""How an image is fitted: cover, contain or fill."""

FORMATS = sorted(OUTPUT_FORMATS)
"""What an image is re-encoded to."""

TIME_ZONES = tuple(sorted(available_timezones()))
"""The IANA time zone names this machine knows (what ``ZoneInfo`` accepts)."""

TimeZoneName = Annotated[str, KwargDefinition(schema_extra={"enum": list(TIME_ZONES)})]
"""An IANA time zone name, such as ``Africa/Lagos``."""

TIME_ZONE_OR_BLANK = {"enum": ["", *TIME_ZONES]}
"""A query's time zone: a name, or blank for the default."""

DATE = OpenAPIFormat.DATE
"""A calendar day, ``YYYY-MM-DD``."""

Username = Annotated[
    str,
    KwargDefinition(pattern=f"^[{WHITE_SPACE}]*{USERNAME.pattern.strip('^$')}[{WHITE_SPACE}]*$"),
]
"""A creator's username (white space around it is trimmed)."""

AvatarUrl = Annotated[
    str,
    KwargDefinition(pattern=f"^{AVATAR_URL_PATTERN}$", max_length=MAX_AVATAR_URL_LENGTH),
]
"""An avatar's http(s) address or /storage/v1/ path (white space alone: no avatar)."""

Bio = Annotated[str, KwargDefinition(max_length=MAX_BIO_LENGTH)]
"""A creator's bio: at most 500 characters."""

DisplayName = Annotated[str, KwargDefinition(pattern=NOT_BLANK, max_length=MAX_DISPLAY_NAME_LENGTH)]
"""A display name of 1 to 60 characters."""

Description = Annotated[str, KwargDefinition(pattern=NOT_BLANK, max_length=MAX_DESCRIPTION_LENGTH)]
"""A problem's description: not blank, at most 5,000 characters."""

PageUrl = Annotated[
    str,
    KwargDefinition(pattern=f"^{PAGE_URL_PATTERN}$", max_length=MAX_PAGE_URL_LENGTH),
]
"""The http or https address of a page."""

EMAIL_ADDRESS = {"pattern": EMAIL.pattern, "max_length": MAX_EMAIL_LENGTH}
"""An e-mail address as the auth API checks it (``domain.accounts.normalise_email``)."""

PASSWORD = {"min_length": MIN_PASSWORD_LENGTH, "max_length": MAX_PASSWORD_LENGTH}
"""A new password's length (the common-password list is not stated: a password made up at
random is not on it)."""

CODE_CHALLENGE = {"min_length": 43, "max_length": 128}
"""A PKCE code challenge: 43 to 128 characters."""

CODE_CHALLENGE_METHOD = {"enum": ["s256", "S256", "plain"]}
"""A PKCE method (the case of ``s256`` does not matter; these are the spellings clients use)."""

LINK_TYPE = {"enum": sorted(LINK_KINDS)}
"""The ``type`` of a mailed token ``POST /verify`` redeems."""

RESEND_TYPE = {"enum": ["signup"]}
"""What ``POST /resend`` mails again: the sign-up confirmation."""

PREMIUM_PRICE = premium_plan().price
"""What ``create-premium-upgrade`` must be asked for: the plan's price."""

UPGRADE_AMOUNT = Schema(
    type=OpenAPIType.INTEGER,
    enum=[PREMIUM_PRICE.minor],
    description="The plan's price in kobo (anything else is amount_mismatch).",
)
UPGRADE_CURRENCY = Schema(type=OpenAPIType.STRING, enum=[PREMIUM_PRICE.currency])
"""The plan's currency (absent: the same)."""

PAYMENT_REFERENCE = {
    "pattern": rf"^(?:{REFERENCE.pattern}|{LEGACY_REFERENCE.pattern})$",
    "max_length": 64,
}
"""A payment reference as ``create-premium-upgrade`` answered it (or a legacy one)."""

BRAND_NAME = {"pattern": NOT_BLANK, "max_length": MAX_BRAND_NAME}
"""A brand's name for the Logo Maker: not blank, at most 40 characters."""

Tagline = Annotated[str, KwargDefinition(max_length=MAX_TAGLINE)]
"""A brand's tagline: at most 60 characters (blank: none)."""

BrandColour = Annotated[str, KwargDefinition(pattern=HEX_COLOUR.pattern)]
"""A brand colour, ``#rrggbb``."""

BrandColours = Annotated[list[BrandColour], KwargDefinition(max_items=MAX_COLOURS)]
"""Up to two brand colours, the main one first."""

LogoFormat = Annotated[str, KwargDefinition(schema_extra={"enum": list(LOGO_EXPORT_FORMATS)})]
"""What a logo is downloaded as: ``png`` or ``svg``."""


def _or_null(schema: Schema) -> Schema:
    return Schema(one_of=[schema, Schema(type=OpenAPIType.NULL)])


_NULL = Schema(type=OpenAPIType.NULL)

EXPORT_FIELDS = {
    "format": Schema(type=OpenAPIType.STRING, enum=[kind.value for kind in RenderFormat]),
    "pixel_ratio": _or_null(
        Schema(type=OpenAPIType.NUMBER, minimum=MIN_PIXEL_RATIO, maximum=MAX_PIXEL_RATIO)
    ),
    "dpi": _or_null(Schema(type=OpenAPIType.NUMBER, minimum=MIN_DPI, maximum=MAX_DPI)),
    "pages": _or_null(
        Schema(
            type=OpenAPIType.ARRAY,
            items=Schema(type=OpenAPIType.INTEGER, minimum=0),
            min_items=1,
            unique_items=True,
        )
    ),
    "paper": _or_null(Schema(type=OpenAPIType.STRING, enum=[size.value for size in PaperSize])),
}
"""An export's options one by one (``domain.exports.ExportOptions``): a format, a pixel ratio
or DPI in range, distinct page indices from 0 and a paper."""

EXPORT_CHOICES = [
    Schema(
        one_of=[
            Schema(
                properties={
                    "format": Schema(
                        enum=[kind.value for kind in RenderFormat if kind is not RenderFormat.PDF]
                    ),
                    "paper": _or_null(Schema(enum=[PaperSize.DESIGN.value])),
                }
            ),
            Schema(
                properties={"format": Schema(enum=[RenderFormat.PDF.value]), "pixel_ratio": _NULL}
            ),
        ]
    ),
    Schema(any_of=[Schema(properties={"pixel_ratio": _NULL}), Schema(properties={"dpi": _NULL})]),
]
"""An export's rules across fields: a paper other than ``design`` and no pixel ratio but for
PDF; ``pixel_ratio`` or ``dpi``, not both."""


def _whole(low: int) -> Schema:
    return Schema(type=OpenAPIType.INTEGER, minimum=low, maximum=MAX_DIMENSION)


_EDIT_FIELD_SCHEMAS = {
    "x": _whole(0),
    "y": _whole(0),
    "width": _whole(1),
    "height": _whole(1),
    "degrees": Schema(type=OpenAPIType.NUMBER, minimum=-360, maximum=360),
    "axis": Schema(type=OpenAPIType.STRING, enum=[axis.value for axis in FlipAxis]),
    "color": Schema(type=OpenAPIType.STRING, pattern=HEX_COLOUR.pattern),
}


def _edit_step(name: str, fields: tuple[str, ...]) -> Schema:
    return Schema(
        type=OpenAPIType.OBJECT,
        required=["op", *fields],
        properties={
            "op": Schema(type=OpenAPIType.STRING, enum=[name]),
            **{field: _EDIT_FIELD_SCHEMAS[field] for field in fields},
        },
        additional_properties=False,
    )


PHOTO_EDIT_FIELDS = {
    "source": Schema(
        type=OpenAPIType.STRING,
        pattern=rf"^{BUCKET.pattern.strip('^$')}/{_SEGMENT}(?:/{_SEGMENT})*$",
        max_length=64 + MAX_PATH_LENGTH,
    ),
    "operations": Schema(
        type=OpenAPIType.ARRAY,
        min_items=1,
        max_items=MAX_OPERATIONS,
        items=Schema(one_of=[_edit_step(name, fields) for name, fields in EDIT_FIELDS.items()]),
    ),
}
"""A photo edit (``domain.photo_edits``): a ``{bucket}/{path}`` source (a bucket's name and an
object path as :data:`ObjectPath` states it) and 1 to 20 steps, each
an ``op`` with exactly its own fields (sizes in whole pixels up to 10,000, degrees from -360 to
360, a flip axis, a ``#rrggbb`` colour)."""
