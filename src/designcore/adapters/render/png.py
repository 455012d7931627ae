"""A fast PNG writer for rendered pages: one filter for every row, deflated by zlib-ng.

PNG's own choice of filter per row (libpng's and Pillow's "adaptive" filtering tries all
five on every row) cost more than the drawing: 18 of the 40 ms it took Pillow to write a
1080x1350 page went into choosing filters before a byte was compressed. Rendered designs
are large flat areas, gradients and text, where the "Up" filter (each byte minus the one
above it) leaves mostly zeros, so it is applied to every row at once with numpy, and the
result is deflated with zlib-ng, a faster implementation of the same zlib format. The file
is an ordinary 8-bit RGBA PNG that any decoder reads; the pixels are exactly the ones given
(docs/decisions.md, "PNG encoding of rendered pages").

Both numpy and zlib-ng let go of the interpreter lock while they work, so other requests of
the process keep running during a large export.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np
import numpy.typing as npt
from zlib_ng import zlib_ng

PREVIEW_LEVEL = 2
"""zlib level of previews and thumbnails: about as small as Pillow's level 6 wrote them
(123 KiB against 122 KiB for a 1080x1350 seed flyer), in 3.6 ms instead of 36."""

DOWNLOAD_LEVEL = 5
"""zlib level of downloaded PNGs: 5 % smaller than Pillow's level 6 wrote them (116 KiB), in
5.3 ms instead of 36; level 6 is no smaller and 1.4 ms slower, level 9 1 % smaller for 15
times the time."""

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_UP = 2
"""PNG filter type "Up": each byte minus the byte above it (the row above the first is 0)."""
_RGBA = 6
"""PNG colour type of 8-bit RGBA."""
_BAND_ROWS = 64
"""Rows filtered and compressed at a time (a 1080 px page: 276 KiB)."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode_png(
    pixels: bytes | bytearray | memoryview | npt.NDArray[np.uint8],
    width: int,
    height: int,
    level: int,
) -> bytes:
    """A PNG of ``pixels``: ``width`` x ``height`` unpremultiplied RGBA, 8 bits a channel, row
    after row without padding, compressed at zlib ``level`` (0-9).

    Raises ``ValueError`` when the sides are not positive, the level is out of range or the
    buffer is not exactly ``width * height * 4`` bytes."""
    if width < 1 or height < 1:
        raise ValueError(f"a PNG needs positive sides, got {width}x{height}")
    if not 0 <= level <= 9:
        raise ValueError(f"the zlib level is 0 to 9, got {level}")
    flat = (
        pixels.reshape(-1)
        if isinstance(pixels, np.ndarray)
        else np.frombuffer(pixels, dtype=np.uint8)
    )
    if flat.dtype != np.uint8:
        raise ValueError(f"the pixels must be bytes (uint8), got {flat.dtype}")
    stride = width * 4
    if flat.size != stride * height:
        raise ValueError(f"{width}x{height} RGBA needs {stride * height} bytes, got {flat.size}")
    rows = flat.reshape(height, stride)
    # Filtered and deflated a band of rows at a time, so a 50-megapixel page needs a few
    # megabytes more, not a second copy of itself.
    band = np.empty((min(_BAND_ROWS, height), stride + 1), dtype=np.uint8)
    band[:, 0] = _UP
    compressor = zlib_ng.compressobj(level)
    parts: list[bytes] = []
    for top in range(0, height, _BAND_ROWS):
        bottom = min(top + _BAND_ROWS, height)
        filtered = band[: bottom - top]
        if top == 0:
            filtered[0, 1:] = rows[0]
            np.subtract(rows[1:bottom], rows[: bottom - 1], out=filtered[1:, 1:])
        else:  # each byte minus the one above it, wrapping modulo 256 as PNG wants
            np.subtract(rows[top:bottom], rows[top - 1 : bottom - 1], out=filtered[:, 1:])
        parts.append(compressor.compress(filtered))
    parts.append(compressor.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, _RGBA, 0, 0, 0)
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", b"".join(parts)),
            _chunk(b"IEND", b""),
        )
    )
