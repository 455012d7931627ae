"""The Logo Maker's batch of previews: every Logos template of the seed catalogue drawn with a
brand kit, in one process (no HTTP), median and p95 of repeated batches.

    python benchmarks/logo_maker.py [--runs 20]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from datetime import UTC, datetime

from designcore.app.seeding import seeded_templates
from designcore.domain.logo_maker import BrandKit
from designcore.testing.fakes import memory_container

KITS = (
    BrandKit("Ada's Kitchen", "Jollof for every party", "Food", ("#e11d48", "#0ea5e9")),
    BrandKit("Grace Assembly Ibadan", "A house of prayer", "Church", ("#4338ca",)),
    BrandKit("Adebayo Olumide Fashion House", "Tailored in Lagos", None, ()),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    container = memory_container()
    logos = [t for t in seeded_templates() if t.category == "Logos"]
    for template in logos:
        container.catalogue().add(template)
    service = container.logo_maker()
    service.previews(KITS[0])  # warm the fonts and shapers
    times = []
    for run in range(options.runs):
        started = time.perf_counter()
        previews = service.previews(KITS[run % len(KITS)])
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}: {len(previews)} logos per batch, "
        f"median {statistics.median(times):.0f} ms, p95 {p95:.0f} ms over {options.runs} batches"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
