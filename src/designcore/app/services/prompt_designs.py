"""Design prompting: a sentence in, four filled designs out.

The service orchestrates; the rules are the domain's: :mod:`designcore.domain.prompting` reads
the prompt (through the ``PromptUnderstanding`` port: the rules, or a language model that falls
back to them), :mod:`designcore.domain.prompt_designs` ranks the candidates, fills them and
decides who may prompt at what cost. A run (the prompt, what was understood, the person's
corrections and the ranked templates) is kept as a small JSON object in storage, so any app
process can answer its regeneration and its choice. Previews are drawn at card size and stored
under the hash of the filled document: the same design is drawn once.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import attrs

from designcore.app.services.designs import DesignService
from designcore.app.services.profiles import ProfileService
from designcore.app.services.site_settings import SiteSettingsService
from designcore.domain.designs import Design
from designcore.domain.errors import FieldIssue, NotAllowed, NotFound, ValidationFailed
from designcore.domain.images import ImageFormat, Transform
from designcore.domain.pagination import PageRequest
from designcore.domain.premium import Viewer
from designcore.domain.prompt_designs import (
    MAX_ROUNDS,
    QUOTAS,
    RESULTS_PER_ROUND,
    PromptPlan,
    PromptRefused,
    RankedTemplate,
    decide_prompt,
    fill_document,
    page_of_results,
    prompt_plan,
    rank_templates,
)
from designcore.domain.prompt_lexicon import CATEGORIES, STOP_WORDS
from designcore.domain.prompting import (
    FIELD_KEYS,
    FoundField,
    Intent,
    Understanding,
    check_format,
    check_prompt,
    normalised_words,
)
from designcore.domain.records import DesignPrompt
from designcore.domain.templates import Template, is_premium_type
from designcore.domain.text_layout import fitted_font_size
from designcore.ports.catalogue import TemplateCatalogue
from designcore.ports.clock import Clock
from designcore.ports.images import ImageCodec
from designcore.ports.prompt_understanding import PromptUnderstanding
from designcore.ports.prompts import PromptLog
from designcore.ports.rate_limit import RateLimiter
from designcore.ports.rendering import PreviewRenderer, TextFitter
from designcore.ports.storage import Storage, StoredObject

log = logging.getLogger(__name__)

RUNS_BUCKET = "prompt-runs"
"""Private bucket of the runs (``{run_id}.json``)."""
PREVIEWS_BUCKET = "prompt-previews"
"""Bucket of the card previews, named by the hash of what they show."""
CARD_WIDTH = 400
"""Pixels across a result card's preview (shown at about 200 CSS pixels, 2x dense)."""
PREVIEW_QUALITY = 80
CANDIDATES = 48
"""At most this many templates are ranked for one prompt."""
MAX_CORRECTION_LENGTH = 200
FALLBACK_SOURCE = "rules-fallback"
"""``Understanding.source`` when the language model was asked and failed."""
MODEL_DOWN_MESSAGE = (
    "our design assistant did not answer in time, so your prompt was read by our own rules: "
    "check the details below"
)
RUN_ID_BYTES = 18


@attrs.frozen
class PromptedDesign:
    """One filled design offered for a prompt."""

    template_id: str
    name: str
    category: str
    sub_category: str | None
    is_premium: bool
    preview_url: str
    filled: tuple[str, ...]
    """The template's fields the prompt's details were written into."""


@attrs.frozen
class PromptAnswer:
    """What a prompt (or a regeneration) gives."""

    run_id: str
    round: int
    understanding: Understanding
    corrected: tuple[str, ...]
    """Keys whose value the person typed (no span in the prompt)."""
    designs: tuple[PromptedDesign, ...]
    matched: bool
    """Whether the prompt pointed at a category; when not, the designs are the best general
    templates and ``message`` says so."""
    message: str | None
    has_more: bool
    credits_spent: int


@attrs.frozen
class _Run:
    id: str
    owner: str | None
    prompt: str
    format: str | None
    understanding: dict[str, Any]
    corrections: dict[str, str]
    ranked: list[str]
    round: int
    created_at: str


def _understanding_json(understanding: Understanding) -> dict[str, Any]:
    return {
        "prompt": understanding.prompt,
        "source": understanding.source,
        "intent": {
            "category": understanding.intent.category,
            "sub_category": understanding.intent.sub_category,
            "format": understanding.intent.format,
            "scores": [list(pair) for pair in understanding.intent.scores],
        },
        "fields": [attrs.asdict(field) for field in understanding.fields],
    }


def _understanding_of(raw: Mapping[str, Any]) -> Understanding:
    intent = raw["intent"]
    return Understanding(
        prompt=raw["prompt"],
        source=raw.get("source", "rules"),
        intent=Intent(
            category=intent["category"],
            sub_category=intent["sub_category"],
            format=intent["format"],
            scores=tuple((str(name), float(score)) for name, score in intent["scores"]),
        ),
        fields=tuple(FoundField(**field) for field in raw["fields"]),
    )


def check_corrections(raw: object) -> dict[str, str]:
    """The person's corrections: known keys to text (empty text removes the detail). Raises
    ``ValidationFailed`` naming each bad entry."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ValidationFailed((FieldIssue("fields", "must be an object of detail: text"),))
    issues = []
    corrections: dict[str, str] = {}
    for key, value in raw.items():
        if key not in FIELD_KEYS:
            issues.append(FieldIssue(f"fields.{key}", "is not a detail design prompting reads"))
        elif not isinstance(value, str):
            issues.append(FieldIssue(f"fields.{key}", "must be text"))
        elif "\x00" in value:
            issues.append(FieldIssue(f"fields.{key}", "must not contain NUL characters"))
        elif len(value) > MAX_CORRECTION_LENGTH:
            issues.append(
                FieldIssue(f"fields.{key}", f"must be at most {MAX_CORRECTION_LENGTH} characters")
            )
        else:
            corrections[key] = value.strip()
    if issues:
        raise ValidationFailed(tuple(issues))
    return corrections


def corrected(understanding: Understanding, corrections: Mapping[str, str]) -> Understanding:
    """``understanding`` with the person's corrections: a corrected detail replaces every value
    read for its key (and has no span: ``start == end == 0``); an empty one removes it."""
    if not corrections:
        return understanding
    kept = [f for f in understanding.fields if f.key not in corrections]
    added = [FoundField(key, value, 0, 0) for key, value in corrections.items() if value]
    return attrs.evolve(understanding, fields=tuple(kept + added))


class PromptDesignService:
    """Prompt → four filled designs, more on request, one chosen into a saved design."""

    def __init__(
        self,
        *,
        understanding: PromptUnderstanding,
        catalogue: TemplateCatalogue,
        settings: SiteSettingsService,
        limiter: RateLimiter,
        profiles: ProfileService,
        prompt_log: PromptLog,
        storage: Storage,
        renderer: PreviewRenderer,
        codec: ImageCodec,
        fitter: TextFitter,
        designs: DesignService,
        clock: Clock,
        new_id: Callable[[], str] = lambda: secrets.token_urlsafe(RUN_ID_BYTES),
    ) -> None:
        self._understanding = understanding
        self._catalogue = catalogue
        self._settings = settings
        self._limiter = limiter
        self._profiles = profiles
        self._log = prompt_log
        self._storage = storage
        self._renderer = renderer
        self._codec = codec
        self._fitter = fitter
        self._designs = designs
        self._clock = clock
        self._new_id = new_id

    # --- use cases ------------------------------------------------------------------------

    def prompt(
        self,
        viewer: Viewer,
        client: str,
        prompt: object,
        format: object = None,
        fields: object = None,
    ) -> PromptAnswer:
        """Four designs for ``prompt``. ``client`` identifies a visitor (their address).

        Raises ``ValidationFailed`` (a blank, NUL-holding or over-long prompt, an unknown
        format, bad corrections), ``NotAllowed`` (``sign_in_required``: a visitor's daily
        prompts are used), ``InsufficientCredits`` (a free member past the allowance with no
        credit), ``TooManyRequests`` (premium fair use)."""
        text = check_prompt(prompt)
        requested = check_format(format)
        corrections = check_corrections(fields)
        spend = self._allow(viewer, client)
        understanding = self._understanding.understand(text)
        ranked = self._rank(understanding, requested, viewer)
        run = _Run(
            id=self._new_id(),
            owner=viewer.user_id,
            prompt=text,
            format=requested,
            understanding=_understanding_json(understanding),
            corrections=corrections,
            ranked=[r.template.id for r in ranked[: RESULTS_PER_ROUND * MAX_ROUNDS]],
            round=0,
            created_at=self._clock.now().isoformat(),
        )
        answer = self._answer(run, ranked, spend, viewer)
        self._save(run)
        self._log.add_design_prompt(
            DesignPrompt(
                prompt=text,
                category=understanding.intent.category,
                sub_category=understanding.intent.sub_category,
                created_at=self._clock.now(),
            )
        )
        return answer

    def regenerate(
        self, viewer: Viewer, client: str, run_id: str, fields: object = None
    ) -> PromptAnswer:
        """The next four designs of a run (with corrections applied). Raises ``NotFound``
        (``prompt_run_not_found``: unknown, or someone else's), ``Conflict``-free: past the
        last round it answers no designs and ``has_more`` false; otherwise as :meth:`prompt`."""
        run = self._load(viewer, run_id)
        corrections = {**run.corrections, **check_corrections(fields)}
        if run.round + 1 >= MAX_ROUNDS or (run.round + 1) * RESULTS_PER_ROUND >= len(run.ranked):
            understanding = corrected(_understanding_of(run.understanding), corrections)
            return PromptAnswer(
                run_id=run.id,
                round=run.round,
                understanding=understanding,
                corrected=tuple(sorted(corrections)),
                designs=(),
                matched=understanding.intent.category is not None,
                message="those are all the designs for this prompt: try describing it another way",
                has_more=False,
                credits_spent=0,
            )
        spend = self._allow(viewer, client)
        moved = attrs.evolve(run, round=run.round + 1, corrections=corrections)
        templates = self._templates(moved.ranked)
        understanding = _understanding_of(moved.understanding)
        ranked = rank_templates(
            corrected(understanding, corrections),
            templates,
            requested_format=moved.format,
            allow_premium=True,
        )
        order = {template_id: n for n, template_id in enumerate(moved.ranked)}
        ranked.sort(key=lambda r: order.get(r.template.id, len(order)))
        answer = self._answer(moved, ranked, spend, viewer)
        self._save(moved)
        return answer

    def choose(
        self, viewer: Viewer, run_id: str, template_id: str, fields: object = None
    ) -> Design:
        """A new design of the caller's: ``template_id`` from the run, filled with the run's
        details and ``fields`` (the person's last corrections). Raises ``NotFound`` (an
        unknown run or a template not offered in it), and as ``DesignService.create`` does
        (signing in, premium templates, the free plan's allowance of designs)."""
        if viewer.user_id is None:
            raise NotAllowed("sign in to open a design in the editor", code="sign_in_required")
        run = self._load(viewer, run_id, adopt=True)
        if template_id not in run.ranked:
            raise NotFound(
                f"the template {template_id!r} was not offered for this prompt",
                code="template_not_offered",
            )
        corrections = {**run.corrections, **check_corrections(fields)}
        understanding = corrected(_understanding_of(run.understanding), corrections)
        template = self._catalogue.get(template_id)
        document, _ = fill_document(template, understanding, self._fit)
        design = self._designs.create(viewer, template_id=template.id, name=_design_name(run))
        return self._designs.save(
            viewer, design.id, document=document, expected_version=design.version
        )

    def preview(self, name: str) -> StoredObject:
        """A card preview by its name. Raises ``NotFound``."""
        if not _PREVIEW_NAME.fullmatch(name):
            raise NotFound("no such preview", code="preview_not_found")
        return self._storage.get(PREVIEWS_BUCKET, name)

    # --- steps ----------------------------------------------------------------------------

    def _allow(self, viewer: Viewer, client: str) -> int:
        plan = prompt_plan(viewer, premium_model_on=self._settings.premium_model_enabled())
        quota = QUOTAS[plan]
        who = viewer.user_id if plan is not PromptPlan.VISITOR else f"address:{client}"
        hit = self._limiter.hit(
            f"prompts:{plan.value}:{who}", limit=quota.limit, window_seconds=quota.window_seconds
        )
        balance = 0
        if not hit.allowed and plan is PromptPlan.FREE and viewer.user_id is not None:
            balance = self._profiles.balance(viewer.user_id)
        decision = decide_prompt(plan, within_quota=hit.allowed, credit_balance=balance)
        if isinstance(decision, PromptRefused):
            raise decision.error(hit.retry_after)
        return decision.credits

    def _rank(
        self, understanding: Understanding, requested: str | None, viewer: Viewer
    ) -> list[RankedTemplate]:
        allow_premium = (
            viewer.is_premium or viewer.is_admin or not (self._settings.premium_model_enabled())
        )
        ids = self._candidate_ids(understanding)
        return rank_templates(
            understanding,
            self._templates(ids),
            requested_format=requested,
            allow_premium=allow_premium,
        )

    def _candidate_ids(self, understanding: Understanding) -> list[str]:
        intent = understanding.intent
        ids: list[str] = []

        def add(summaries: Sequence[Any]) -> None:
            for summary in summaries:
                if summary.id not in ids and len(ids) < CANDIDATES:
                    ids.append(summary.id)

        if intent.category is not None:
            if intent.sub_category is not None:
                add(
                    self._catalogue.paginate(
                        PageRequest(size=24),
                        category=intent.category,
                        sub_category=intent.sub_category,
                    ).items
                )
            add(self._catalogue.by_category(intent.category, limit=CANDIDATES))
            # The runner-up category too, when the prompt also points at it.
            scores = [name for name, score in intent.scores[1:2] if score > 0]
            for name in scores:
                add(self._catalogue.by_category(name, limit=8))
        else:
            words = [
                w
                for w in normalised_words(understanding.prompt).split()
                if len(w) >= 4 and w not in STOP_WORDS and w.isalpha()
            ]
            for word in words[:3]:
                try:
                    add(self._catalogue.search(word, PageRequest(size=8)).items)
                except Exception:  # a search that cannot answer leaves the general rows
                    log.warning("search for prompt candidates failed", exc_info=True)
            rows = self._catalogue.newest_in_categories(list(CATEGORIES), 4)
            for category in CATEGORIES:
                add(rows.get(category, ()))
        return ids

    def _templates(self, ids: Sequence[str]) -> list[Template]:
        templates = []
        for template_id in ids:
            try:
                templates.append(self._catalogue.get(template_id))
            except NotFound:  # removed since the run began
                continue
        return templates

    def _fit(self, element: Mapping[str, Any], text: str) -> float:
        return fitted_font_size(element, text, self._fitter.line_count)

    def _answer(
        self, run: _Run, ranked: Sequence[RankedTemplate], spend: int, viewer: Viewer
    ) -> PromptAnswer:
        understanding = corrected(_understanding_of(run.understanding), run.corrections)
        chosen = page_of_results(ranked, run.round)
        # The four are filled and drawn side by side: drawing and encoding release the
        # interpreter lock, so a second core halves the wait.
        with ThreadPoolExecutor(max_workers=RESULTS_PER_ROUND) as pool:
            designs = tuple(pool.map(lambda r: self._design(r.template, understanding), chosen))
        if spend and viewer.user_id is not None:
            self._profiles.spend(viewer.user_id, spend, f"prompt:{run.id}:{run.round}")
        matched = understanding.intent.category is not None
        messages = []
        if not matched:
            messages.append(
                "we could not tell what this design is for, so here are our most popular "
                "templates: say what it is for (a birthday, a church service, a shop…)"
            )
        if understanding.source == FALLBACK_SOURCE:
            messages.append(MODEL_DOWN_MESSAGE)
        return PromptAnswer(
            run_id=run.id,
            round=run.round,
            understanding=understanding,
            corrected=tuple(sorted(run.corrections)),
            designs=designs,
            matched=matched,
            message=" ".join(m[:1].upper() + m[1:] + "." for m in messages) or None,
            has_more=(run.round + 1) * RESULTS_PER_ROUND < len(run.ranked)
            and run.round + 1 < MAX_ROUNDS,
            credits_spent=spend,
        )

    def _design(self, template: Template, understanding: Understanding) -> PromptedDesign:
        document, filled = fill_document(template, understanding, self._fit)
        return PromptedDesign(
            template_id=template.id,
            name=template.name,
            category=template.category,
            sub_category=template.sub_category,
            is_premium=is_premium_type(template.template_type),
            preview_url=f"/api/v1/prompts/previews/{self._preview(document)}",
            filled=filled,
        )

    def _preview(self, document: Mapping[str, Any]) -> str:
        canonical = json.dumps(document, sort_keys=True, separators=(",", ":"))
        digest = hashlib.sha256(f"{CARD_WIDTH}:{canonical}".encode()).hexdigest()
        name = f"{digest}.webp"
        if not self._storage.exists(PREVIEWS_BUCKET, name):
            png = self._renderer.render_png(document, width=CARD_WIDTH)
            webp = self._codec.transform(
                png, Transform(format=ImageFormat.WEBP, quality=PREVIEW_QUALITY)
            )
            self._storage.put(PREVIEWS_BUCKET, name, webp.data, content_type="image/webp")
        return name

    def _save(self, run: _Run) -> None:
        self._storage.put(
            RUNS_BUCKET,
            f"{run.id}.json",
            json.dumps(attrs.asdict(run)).encode(),
            content_type="application/json",
        )

    def _load(self, viewer: Viewer, run_id: str, *, adopt: bool = False) -> _Run:
        if not _RUN_ID.fullmatch(run_id):
            raise NotFound("no such prompt", code="prompt_run_not_found")
        try:
            raw = json.loads(self._storage.get(RUNS_BUCKET, f"{run_id}.json").data)
        except NotFound:
            raise NotFound("no such prompt", code="prompt_run_not_found") from None
        run = _Run(**raw)
        # A visitor's run may be chosen by the member they become on signing in.
        if run.owner is not None and run.owner != viewer.user_id:
            raise NotFound("no such prompt", code="prompt_run_not_found")
        if run.owner is None and adopt and viewer.user_id is not None:
            run = attrs.evolve(run, owner=viewer.user_id)
            self._save(run)
        return run


def _design_name(run: _Run) -> str:
    words = run.prompt.split()
    name = " ".join(words[:8])
    return name if len(name) <= 60 else name[:57].rstrip() + "…"


_RUN_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
_PREVIEW_NAME = re.compile(r"[0-9a-f]{64}\.webp")
