"""Small images made on the spot for the image tests, and a corpus of hostile SVG."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image


def raster(fmt: str, width: int = 64, height: int = 48, *, alpha: bool = False) -> bytes:
    """A gradient image in ``fmt`` (JPEG, PNG, WEBP, AVIF, GIF, BMP, TIFF)."""
    mode = "RGBA" if alpha else "RGB"
    image = Image.new(mode, (width, height))
    image.putdata(
        [
            (
                x * 255 // max(1, width - 1),
                y * 255 // max(1, height - 1),
                128,
                200 if alpha else 255,
            )[: len(mode)]
            for y in range(height)
            for x in range(width)
        ]
    )
    buffer = io.BytesIO()
    image.save(buffer, fmt)
    return buffer.getvalue()


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_declaring(width: int, height: int) -> bytes:
    """A PNG of a few dozen bytes whose header declares ``width`` x ``height`` pixels: a
    decompression bomb if anything tried to decode it."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + _chunk(b"IEND", b"")
    )


SVG_NS = 'xmlns="http://www.w3.org/2000/svg"'
XLINK_NS = 'xmlns:xlink="http://www.w3.org/1999/xlink"'

SAFE_SVG = (
    f'<svg {SVG_NS} viewBox="0 0 10 10" width="10" height="10">'
    '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>'
    '<rect width="10" height="10" fill="url(#g)"/><text x="1" y="8">Ọjọ́ ₦</text></svg>'
).encode()

HOSTILE_SVG: dict[str, tuple[bytes, bytes]] = {
    # name: (document, a fragment that must not survive sanitising)
    "script element": (
        f"<svg {SVG_NS}><script>alert(1)</script><rect width='1' height='1'/></svg>".encode(),
        b"alert",
    ),
    "script in another case": (
        f"<svg {SVG_NS}><SCRIPT>alert(2)</SCRIPT></svg>".encode(),
        b"alert",
    ),
    "onload attribute": (f'<svg {SVG_NS} onload="alert(3)"></svg>'.encode(), b"alert"),
    "onclick on a child": (
        f"<svg {SVG_NS}><rect onclick=\"alert(4)\" width='1' height='1'/></svg>".encode(),
        b"alert",
    ),
    "xlink javascript href": (
        f'<svg {SVG_NS} {XLINK_NS}><a xlink:href="javascript:alert(5)"><rect/></a></svg>'.encode(),
        b"javascript",
    ),
    "href with hidden javascript": (
        f'<svg {SVG_NS}><use href=" java&#x09;script:alert(6)"/></svg>'.encode(),
        b"script",
    ),
    "foreignObject": (
        f"<svg {SVG_NS}><foreignObject><body xmlns='http://www.w3.org/1999/xhtml'>"
        "<iframe src='https://evil.example'/></body></foreignObject></svg>".encode(),
        b"iframe",
    ),
    "data url of html": (
        f'<svg {SVG_NS}><image href="data:text/html;base64,PHNjcmlwdD4="/></svg>'.encode(),
        b"data:",
    ),
    "data url of svg": (
        f'<svg {SVG_NS} {XLINK_NS}><image xlink:href="data:image/svg+xml;base64,PHN2Zz4="/>'
        "</svg>".encode(),
        b"data:",
    ),
    "external image": (
        f'<svg {SVG_NS}><image href="https://tracker.example/pixel.png"/></svg>'.encode(),
        b"tracker",
    ),
    "external use": (
        f'<svg {SVG_NS}><use href="https://evil.example/sprite.svg#icon"/></svg>'.encode(),
        b"evil",
    ),
    "external paint server": (
        f'<svg {SVG_NS}><rect fill="url(https://evil.example/p.svg#g)"/></svg>'.encode(),
        b"evil",
    ),
    "style import": (
        f"<svg {SVG_NS}><style>@import url(https://evil.example/x.css);</style></svg>".encode(),
        b"evil",
    ),
    "style attribute fetch": (
        f'<svg {SVG_NS}><rect style="fill:url(https://evil.example/#a)"/></svg>'.encode(),
        b"evil",
    ),
    "css escape": (
        f"<svg {SVG_NS}><style>rect {{ background: u\\72l(https://evil.example) }}</style>"
        "</svg>".encode(),
        b"evil",
    ),
    "set rewrites href": (
        f'<svg {SVG_NS}><a><set attributeName="href" to="javascript:alert(7)"/></a></svg>'.encode(),
        b"javascript",
    ),
    "feImage fetch": (
        f"<svg {SVG_NS}><filter id='f'><feImage href='https://evil.example/i.png'/></filter>"
        "</svg>".encode(),
        b"evil",
    ),
    "iframe in xhtml namespace": (
        f"<svg {SVG_NS}><x:iframe xmlns:x='http://www.w3.org/1999/xhtml' src='https://evil.example'/>"
        "</svg>".encode(),
        b"evil",
    ),
    "processing instruction stylesheet": (
        b"<?xml-stylesheet href='https://evil.example/s.css'?>" + f"<svg {SVG_NS}/>".encode(),
        b"evil",
    ),
}

REFUSED_SVG: dict[str, bytes] = {
    "billion laughs": (
        b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">'
        b"]><svg xmlns='http://www.w3.org/2000/svg'><text>&c;</text></svg>"
    ),
    "external entity": (
        b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b"<svg xmlns='http://www.w3.org/2000/svg'><text>&x;</text></svg>"
    ),
    "external dtd": (
        b'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://evil.example/svg11.dtd">'
        b"<svg xmlns='http://www.w3.org/2000/svg'/>"
    ),
}
