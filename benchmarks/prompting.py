"""Design prompting: how well prompts are read (the evaluation set in tests/prompt_eval/) and
how fast a prompt becomes four filled previews, on the seed catalogue in one process (no HTTP).

Writes the "Design prompting" section of ``docs/benchmarks.md``:

    python benchmarks/prompting.py [--runs 60]

Speed: each measured prompt is a different prompt of the evaluation set, so its four previews
are drawn (the card previews are cached by content: a repeated prompt draws nothing), by the
renderer at card size (400 px), encoded as WebP and stored; a regeneration draws the next four.
The reference in the same run is the time the renderer takes to draw one seed template's page
at the same size (four of them are the floor under any prompt's answer).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from catalogue import ROOT, machine
from sections import replace_section

from designcore.app.seeding import seeded_templates
from designcore.domain.premium import Viewer
from designcore.domain.prompting import understand
from designcore.testing.fakes import memory_container
from designcore.testing.prompt_eval import evaluate

SECTION = "Design prompting"
PROMPT_TARGET_MS = 400.0
REGENERATE_TARGET_MS = 300.0


def premium(n: int) -> Viewer:
    """A premium member per prompt, so the hourly fair-use limit never stops the run."""
    return Viewer(user_id=f"bench-{n}", subscription_status="active", subscription_plan="premium")


LANGUAGES = {"pcm": "Pidgin", "yo": "Yoruba", "ig": "Igbo", "ha": "Hausa"}


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def accuracy_lines() -> list[str]:
    lines = [
        "| set | prompts | category | sub-category | format | field recall | field precision |",
        "|---|---|---|---|---|---|---|",
    ]
    for name in ("dev", "held_out"):
        entries = json.loads((ROOT / "tests" / "prompt_eval" / f"{name}.json").read_text())
        groups: dict[str, list[Any]] = {"all": entries}
        for entry in entries:
            for code in entry.get("lang") or ["en"]:
                groups.setdefault(LANGUAGES.get(code, "English"), []).append(entry)
        for group, members in groups.items():
            result = evaluate(members, understand)
            label = name.replace("_", "-") + ("" if group == "all" else f", {group}")
            lines.append(
                f"| {label} | {result.prompts} | {result.category_accuracy:.1%} "
                f"| {result.sub_category_accuracy:.1%} | {result.format_accuracy:.1%} "
                f"| {result.field_recall:.1%} | {result.field_precision:.1%} |"
            )
    return lines


def speed(
    runs: int,
) -> tuple[list[float], list[float], list[float], list[float]]:
    container = memory_container()
    for template in seeded_templates():
        container.catalogue().add(template)
    service = container.prompt_designs()
    renderer = container.preview_renderer()
    entries = json.loads((ROOT / "tests" / "prompt_eval" / "dev.json").read_text())
    prompts = [entry["prompt"] for entry in entries]
    service.prompt(premium(-1), "bench", "warm the fonts and shapers")
    reference: list[float] = []
    templates = [t for t in seeded_templates() if t.polotno_json][:runs]
    for template in templates:
        started = time.perf_counter()
        renderer.render_png(template.polotno_json, width=400)
        reference.append((time.perf_counter() - started) * 1000)
    asked: list[float] = []
    asked_cpu: list[float] = []
    regenerated: list[float] = []
    for n, prompt in enumerate(prompts[:runs]):
        started, cpu = time.perf_counter(), time.process_time()
        answer = service.prompt(premium(n), "bench", prompt)
        asked.append((time.perf_counter() - started) * 1000)
        asked_cpu.append((time.process_time() - cpu) * 1000)
        if answer.has_more:
            started = time.perf_counter()
            service.regenerate(premium(n), "bench", answer.run_id)
            regenerated.append((time.perf_counter() - started) * 1000)
    return asked, asked_cpu, regenerated, reference


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--output", default=str(ROOT / "docs" / "benchmarks.md"))
    options = parser.parse_args()
    load = os.getloadavg()
    asked, asked_cpu, regenerated, reference = speed(options.runs)
    load_after = os.getloadavg()
    p95_prompt = percentile(asked, 0.95)
    p95_regenerate = percentile(regenerated, 0.95)
    lines = [
        f"## {SECTION}",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine()}; load average "
        f"{load[0]:.2f} at the start and {load_after[0]:.2f} at the end (a shared machine).",
        "Run it again with `python benchmarks/prompting.py` (also part of `nox -s bench`).",
        "",
        "### Reading prompts (the rule-based reader, `designcore.domain.prompting`)",
        "",
        "The evaluation set (`tests/prompt_eval/`, written without reading the interpreter): "
        "`dev` is tuned on, `held-out` never is. A detail counts when its key matches and its "
        "value equals the expected one or contains it (case, spacing and small words around a "
        "value ignored; `designcore.testing.prompt_eval`). The floors held by "
        "`tests/unit/domain/test_prompt_evaluation.py`: dev category 95 %, recall 92 %, "
        "precision 94 %; held-out category 90 %, recall 85 %, precision 92 % (the issue's aim: "
        "category 90 %, field recall 85 %).",
        "",
        *accuracy_lines(),
        "",
        "### A prompt to four filled previews",
        "",
        f"{len(asked)} different prompts of the dev set, each answered with its four designs "
        "filled and drawn at 400 px (WebP), as a premium member (every template a candidate), "
        f"in one process on the seed catalogue; {len(regenerated)} regenerations of those with "
        "more. Reference, same run: one seed template's page drawn at 400 px.",
        "",
        "| what | median ms | p95 ms | target p95 | met |",
        "|---|---|---|---|---|",
        f"| prompt → four previews | {statistics.median(asked):.0f} | {p95_prompt:.0f} "
        f"| < {PROMPT_TARGET_MS:.0f} | {'yes' if p95_prompt < PROMPT_TARGET_MS else 'no'} |",
        f"| regeneration → next four | {statistics.median(regenerated):.0f} "
        f"| {p95_regenerate:.0f} | < {REGENERATE_TARGET_MS:.0f} "
        f"| {'yes' if p95_regenerate < REGENERATE_TARGET_MS else 'no'} |",
        f"| reference: one page drawn at 400 px | {statistics.median(reference):.0f} "
        f"| {percentile(reference, 0.95):.0f} | | |",
        "",
        f"CPU time per prompt (all threads; what the load on a shared machine does not inflate): "
        f"median {statistics.median(asked_cpu):.0f} ms, p95 {percentile(asked_cpu, 0.95):.0f} ms.",
        "",
    ]
    output = Path(options.output)
    existing = output.read_text() if output.exists() else "# Benchmarks\n"
    output.write_text(replace_section(existing, SECTION, "\n".join(lines)))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
