"""Render benchmark: a 1080x1350 seed flyer to PNG, and the same flyer on a 300 DPI A4 PDF,
plain and with a shadow on one element (shadows are rasterised in the PDF).

Run with ``./dev bench`` (or ``nox -s bench``). Writes ``docs/benchmarks-render.md``.
Targets (issue "Rendering engine"): PNG < 150 ms, 300 DPI A4 PDF < 500 ms; peak memory of a
300 DPI export is reported (measured in a fresh process, so it includes Python, skia and the
fonts).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from designcore.adapters.render import SkiaRenderer
from designcore.app.seed.catalogue import seed_templates
from designcore.domain.document import Document, parse_document
from designcore.domain.exports import DEFAULT_EXPORT_LIMITS, ExportPlan
from designcore.domain.rendering import RenderFormat
from designcore.domain.templates import Template

ROOT = Path(__file__).resolve().parents[1]
FLYER = (1080, 1350)
"""The flyer format's page size."""
A4_300_DPI = (2480, 3508)
"""A4 in pixels at 300 DPI."""
SCALED_KEYS = frozenset(
    {
        "x",
        "y",
        "width",
        "height",
        "fontSize",
        "strokeWidth",
        "cornerRadius",
        "shadowBlur",
        "shadowOffsetX",
        "shadowOffsetY",
        "blurRadius",
        "borderSize",
    }
)


def flyer_template() -> Template:
    """The first 1080x1350 seed template (the benchmark's flyer)."""
    for template in seed_templates():
        document = template.polotno_json
        if document is not None and (document["width"], document["height"]) == FLYER:
            return template
    raise LookupError("no 1080x1350 seed template")


def flyer() -> dict[str, Any]:
    """The flyer's document."""
    return dict(flyer_template().polotno_json or {})


SHADOW = {
    "shadowEnabled": True,
    "shadowBlur": 20,
    "shadowOffsetX": 6,
    "shadowOffsetY": 10,
    "shadowColor": "black",
    "shadowOpacity": 0.5,
}
"""The shadow the shadow cases put on one element."""


def with_shadow(raw: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A copy of ``raw`` whose largest rectangle (else its first element) casts a shadow, and
    a description of that element."""
    copy: dict[str, Any] = json.loads(json.dumps(raw))
    children = copy["pages"][0]["children"]
    rects = [child for child in children if child.get("subType") == "rect"]
    target = max(rects, key=lambda child: child["width"] * child["height"], default=children[0])
    target.update(SHADOW)
    kind = target.get("subType") or target["type"]
    return copy, f"a {target['width']:.0f}x{target['height']:.0f} {kind}"


def _scale(element: dict[str, Any], factor: float, shift_y: float) -> dict[str, Any]:
    scaled = {
        key: value * factor
        if key in SCALED_KEYS and isinstance(value, int | float) and not isinstance(value, bool)
        else value
        for key, value in element.items()
    }
    scaled["y"] = scaled.get("y", 0) + shift_y
    if element.get("type") == "group":
        scaled["children"] = [_scale(child, factor, 0) for child in element["children"]]
    return scaled


def a4_print(raw: dict[str, Any]) -> dict[str, Any]:
    """The flyer laid on an A4 page at 300 DPI: scaled to the page width, centred vertically."""
    width, height = A4_300_DPI
    factor = width / raw["width"]
    shift = (height - raw["height"] * factor) / 2
    pages = [
        {**page, "children": [_scale(child, factor, shift) for child in page["children"]]}
        for page in raw["pages"]
    ]
    return {**raw, "width": width, "height": height, "unit": "mm", "dpi": 300, "pages": pages}


def timings(action: Callable[[], object], runs: int, warmup: int = 3) -> dict[str, float]:
    for _ in range(warmup):
        action()
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return {
        "p50": statistics.median(samples),
        "p95": samples[max(0, round(0.95 * len(samples)) - 1)],
        "max": samples[-1],
    }


def peak_rss_mb(mode: str) -> float:
    """Peak resident memory (MB) of a fresh process doing one ``mode`` export."""
    answer = subprocess.run(
        [sys.executable, __file__, "--peak", mode],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return float(answer.stdout.strip().splitlines()[-1])


LARGEST_FREE_FORMATS = {
    "free-png": RenderFormat.PNG,
    "free-jpeg": RenderFormat.JPEG,
    "free-pdf": RenderFormat.PDF,
}
"""Peak modes of the largest export a free plan allows, by format."""


def largest_free_export() -> tuple[Document, float]:
    """The flyer repeated to the free plan's page limit, and the pixel ratio that brings the
    export to (just under) the plan's pixel limit: the most a free user's export may cost."""
    limits = DEFAULT_EXPORT_LIMITS[ExportPlan.FREE]
    raw = flyer()
    page = raw["pages"][0]
    raw["pages"] = [
        {**page, "id": f"{page.get('id', 'page')}-{n}"} for n in range(limits.max_pages)
    ]
    pixels_per_page_at_1 = FLYER[0] * FLYER[1]
    ratio = (
        math.floor(math.sqrt(limits.max_pixels / (limits.max_pages * pixels_per_page_at_1)) * 100)
        / 100
    )
    return parse_document(raw), ratio


def _peak(mode: str) -> None:
    renderer = SkiaRenderer()
    if mode in LARGEST_FREE_FORMATS:
        document, ratio = largest_free_export()
        renderer.render(
            document, format=LARGEST_FREE_FORMATS[mode], pixel_ratio=ratio, watermark=True
        )
    elif mode != "baseline":
        document = parse_document(a4_print(flyer()))
        fmt = RenderFormat.PDF if mode == "pdf" else RenderFormat.PNG
        renderer.render(document, format=fmt, dpi=300)
    else:
        renderer.render(parse_document(flyer()), format=RenderFormat.PNG, pixel_ratio=0.1)
    # VmHWM is this program's own peak: ru_maxrss also counts the parent's resident size at
    # the fork that started it (Linux keeps it across exec), so it grew with the benchmark.
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)  # kilobytes on Linux
        return
    kilobytes = next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM"))
    print(int(kilobytes) / 1024)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--output", default=str(ROOT / "docs" / "benchmarks-render.md"))
    parser.add_argument(
        "--peak", choices=["baseline", "pdf", "png", *LARGEST_FREE_FORMATS], help=argparse.SUPPRESS
    )
    options = parser.parse_args()
    if options.peak:
        _peak(options.peak)
        return 0

    renderer = SkiaRenderer()
    template = flyer_template()
    raw = dict(template.polotno_json or {})
    document: Document = parse_document(raw)
    print_document = parse_document(a4_print(raw))
    shadow_raw, shadowed = with_shadow(raw)
    shadow_document = parse_document(shadow_raw)
    shadow_print = parse_document(a4_print(shadow_raw))
    sizes: dict[str, int] = {}

    def png() -> None:
        sizes["png"] = len(renderer.render(document, format=RenderFormat.PNG).data)

    def pdf() -> None:
        sizes["pdf"] = len(renderer.render(print_document, format=RenderFormat.PDF, dpi=300).data)

    def shadow_png() -> None:
        renderer.render(shadow_document, format=RenderFormat.PNG)

    def shadow_pdf() -> None:
        sizes["shadow_pdf"] = len(
            renderer.render(shadow_print, format=RenderFormat.PDF, dpi=300).data
        )

    def parse() -> None:
        parse_document(json.loads(json.dumps(raw)))

    results = [
        ("parse the flyer's JSON", "-", timings(parse, options.runs)),
        ("flyer to PNG, 1080x1350", "< 150 ms", timings(png, options.runs)),
        ("flyer to A4 PDF, 300 DPI", "< 500 ms", timings(pdf, max(10, options.runs // 2))),
        ("flyer with a shadow to PNG, 1080x1350", "< 150 ms", timings(shadow_png, options.runs)),
        (
            "flyer with a shadow to A4 PDF, 300 DPI",
            "< 500 ms",
            timings(shadow_pdf, max(10, options.runs // 2)),
        ),
    ]
    baseline = peak_rss_mb("baseline")
    peaks = {"pdf": peak_rss_mb("pdf"), "png": peak_rss_mb("png")}
    free_peaks = {mode: peak_rss_mb(mode) for mode in LARGEST_FREE_FORMATS}
    largest, ratio = largest_free_export()
    free_pixels = len(largest.pages) * FLYER[0] * FLYER[1] * ratio * ratio
    targets = {name: float(target[2:-3]) for name, target, _ in results if target != "-"}

    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Render benchmarks",
        "",
        f"Measured {now} on {machine()}; load average at the end "
        f"{', '.join(f'{value:.2f}' for value in os.getloadavg())} (1, 5, 15 min).",
        f'Flyer: seed template "{template.name}" ({len(raw["pages"][0]["children"])} '
        "elements); the PDF case lays it on an A4 page at 300 DPI (2480x3508 px, scaled to the "
        f"page width). The shadow cases give {shadowed} of the flyer a shadow (blur 20, "
        "offset 6/10): skia draws the element in a layer only as large as the element plus the "
        "blur margin and offset, which the PDF rasterises at 300 DPI. "
        f"{options.runs} sequential renders per case (PDF: half as many, at least 10) after 3 "
        "warm-up renders, in one process. Run it again with `./dev bench`.",
        "",
        "| case | target | p50 ms | p95 ms | max ms | met |",
        "|---|---|---|---|---|---|",
    ]
    for name, target, stats in results:
        met = "-" if name not in targets else ("yes" if stats["p95"] < targets[name] else "no")
        lines.append(
            f"| {name} | {target} | {stats['p50']:.1f} | {stats['p95']:.1f} | "
            f"{stats['max']:.1f} | {met} |"
        )
    lines += [
        "",
        f"Output sizes: PNG {sizes['png'] / 1024:.0f} KiB, PDF {sizes['pdf'] / 1024:.0f} KiB, "
        f"PDF with the shadow {sizes['shadow_pdf'] / 1024:.0f} KiB.",
        "",
        "Peak resident memory of a fresh process (Python, skia and the fonts it touches "
        f"included): {baseline:.0f} MB for a tiny render, {peaks['pdf']:.0f} MB for the 300 DPI "
        f"A4 PDF, {peaks['png']:.0f} MB for a 300 DPI A4 PNG (8.7 MP).",
        "",
        "The largest export a free plan allows (the export limits of `designcore.domain.exports`: "
        f"{len(largest.pages)} flyer pages at pixel ratio {ratio:.2f}, "
        f"{free_pixels / 1e6:.0f} MP in all, watermarked), peak resident memory of a fresh "
        "process beside the tiny render's reference above: "
        + ", ".join(
            f"{mode.removeprefix('free-').upper()} {free_peaks[mode]:.0f} MB"
            for mode in LARGEST_FREE_FORMATS
        )
        + f" (reference {baseline:.0f} MB). Pages are drawn one after another, so the peak "
        "follows the largest page and the encoded files kept, not the page count.",
        "",
    ]
    Path(options.output).write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
