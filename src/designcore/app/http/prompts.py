"""``/api/v1/search-prompts`` and ``/api/v1/prompts``: prompt records; ``/api/v1/prompts/designs``:
design prompting (a sentence in, four filled designs out)."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.openapi.spec import OpenAPIType, Schema
from litestar.params import FromPath

from designcore.app.http.api_docs import ANSWERS_FILES
from designcore.app.http.bodies import json_body
from designcore.app.http.client_origin import client_address
from designcore.app.http.dependencies import Me
from designcore.app.http.designs import DesignOut
from designcore.app.http.field_rules import NOT_BLANK
from designcore.app.http.schemas import (
    PromptIn,
    PromptOut,
    SearchPromptIn,
    SearchPromptOut,
)
from designcore.app.services import CatalogueService
from designcore.app.services.prompt_designs import (
    MAX_CORRECTION_LENGTH,
    PromptAnswer,
    PromptDesignService,
)
from designcore.domain.prompt_lexicon import FORMATS
from designcore.domain.prompting import FIELD_KEYS, FIELD_LABELS, MAX_PROMPT_LENGTH, Understanding

_NULL = Schema(type=OpenAPIType.NULL)


class PromptController(Controller):
    """``/api/v1``: search prompts and design prompts."""

    path = "/api/v1"
    tags = ["prompts"]

    @post(
        "/search-prompts",
        operation_id="recordSearchPrompt",
        sync_to_thread=True,
        dependencies={"search": json_body(SearchPromptIn)},
    )
    def search_prompt(
        self,
        catalogue: NamedDependency[CatalogueService],
        viewer: Me,
        search: NamedDependency[SearchPromptIn],
    ) -> SearchPromptOut:
        """Record a search; ``user_id`` must be null or the caller's own id."""
        return SearchPromptOut.of(catalogue.log_search(search.search_term, search.user_id, viewer))

    @post(
        "/prompts",
        operation_id="recordPrompt",
        sync_to_thread=True,
        dependencies={"asked": json_body(PromptIn)},
    )
    def prompt(
        self, catalogue: NamedDependency[CatalogueService], asked: NamedDependency[PromptIn]
    ) -> PromptOut:
        """Record a design prompt."""
        return PromptOut.of(catalogue.log_prompt(asked.prompt, asked.category, asked.sub_category))


MAX_PROMPT_BODY_BYTES = 16 * 1024

_FIELDS_SCHEMA = Schema(
    type=OpenAPIType.OBJECT,
    description="Details the person corrected: each known detail's text (empty removes it).",
    properties={
        key: Schema(type=OpenAPIType.STRING, max_length=MAX_CORRECTION_LENGTH) for key in FIELD_KEYS
    },
    additional_properties=False,
)


class PromptDesignsIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``{prompt, format?, fields?}``: what to design, the shape wanted (``flyer``,
    ``square``, ``story``, ``logo``) and corrections of what was understood."""

    needs: ClassVar[tuple[str, ...]] = ("prompt",)
    rules: ClassVar[dict[str, dict[str, Any]]] = {
        "prompt": {"pattern": NOT_BLANK, "max_length": MAX_PROMPT_LENGTH}
    }
    schemas: ClassVar[dict[str, Schema]] = {
        "format": Schema(one_of=[Schema(type=OpenAPIType.STRING, enum=list(FORMATS)), _NULL]),
        "fields": Schema(one_of=[_FIELDS_SCHEMA, _NULL]),
    }

    prompt: str | None = None
    format: str | None = None
    fields: dict[str, str] | None = None


class RegenerateIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``{fields?}``: corrections of what was understood, kept for the rest of the run."""

    schemas: ClassVar[dict[str, Schema]] = {"fields": Schema(one_of=[_FIELDS_SCHEMA, _NULL])}

    fields: dict[str, str] | None = None


class ChooseIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``{template_id, fields?}``: the design chosen and the last corrections."""

    schemas: ClassVar[dict[str, Schema]] = {"fields": Schema(one_of=[_FIELDS_SCHEMA, _NULL])}

    template_id: str
    fields: dict[str, str] | None = None


class UnderstoodFieldOut(msgspec.Struct):
    """One detail: its key, label and value; ``start``/``end`` locate it in the prompt (both
    null when the person typed it)."""

    key: str
    label: str
    value: str
    start: int | None
    end: int | None


class UnderstoodOut(msgspec.Struct):
    """What was understood: the category, sub-category and format (null when the prompt does
    not say), the details, and who read it (``rules``, ``model``, ``rules-fallback``)."""

    category: str | None
    sub_category: str | None
    format: str | None
    fields: list[UnderstoodFieldOut]
    source: str

    @classmethod
    def of(cls, understanding: Understanding, corrected: tuple[str, ...]) -> UnderstoodOut:
        return cls(
            category=understanding.intent.category,
            sub_category=understanding.intent.sub_category,
            format=understanding.intent.format,
            fields=[
                UnderstoodFieldOut(
                    key=field.key,
                    label=FIELD_LABELS[field.key],
                    value=field.value,
                    start=None if field.key in corrected else field.start,
                    end=None if field.key in corrected else field.end,
                )
                for field in sorted(
                    understanding.fields, key=lambda f: (FIELD_KEYS.index(f.key), f.start)
                )
            ],
            source=understanding.source,
        )


class PromptedDesignOut(msgspec.Struct):
    """One filled design: its template, a card preview and the fields filled."""

    template_id: str
    name: str
    category: str
    sub_category: str | None
    is_premium: bool
    preview_url: str
    filled: list[str]


class PromptDesignsOut(msgspec.Struct):
    """Four filled designs (fewer at the end), what was understood, and whether more come."""

    id: str
    round: int
    understood: UnderstoodOut
    designs: list[PromptedDesignOut]
    matched: bool
    message: str | None
    has_more: bool
    credits_spent: int

    @classmethod
    def of(cls, answer: PromptAnswer) -> PromptDesignsOut:
        return cls(
            id=answer.run_id,
            round=answer.round,
            understood=UnderstoodOut.of(answer.understanding, answer.corrected),
            designs=[
                PromptedDesignOut(
                    template_id=d.template_id,
                    name=d.name,
                    category=d.category,
                    sub_category=d.sub_category,
                    is_premium=d.is_premium,
                    preview_url=d.preview_url,
                    filled=list(d.filled),
                )
                for d in answer.designs
            ],
            matched=answer.matched,
            message=answer.message,
            has_more=answer.has_more,
            credits_spent=answer.credits_spent,
        )


PromptDesigns = NamedDependency[PromptDesignService]


class PromptDesignController(Controller):
    """``/api/v1/prompts``: design prompting."""

    path = "/api/v1/prompts"
    tags = ["prompts"]

    @post(
        "/designs",
        operation_id="promptDesigns",
        status_code=200,
        sync_to_thread=True,
        request_max_body_size=MAX_PROMPT_BODY_BYTES,
        dependencies={"asked": json_body(PromptDesignsIn)},
    )
    def designs(
        self,
        prompt_designs: PromptDesigns,
        viewer: Me,
        request: Request[Any, Any, Any],
        asked: NamedDependency[PromptDesignsIn],
    ) -> PromptDesignsOut:
        """Four designs filled with the prompt's details: ``{prompt, format?, fields?}``.
        The prompt is recorded with the category and sub-category understood. Visitors may
        try 3 a day (401 ``sign_in_required`` after); free members get 5 a day, then each
        costs a credit (409 ``insufficient_credits`` without one); premium is unlimited
        within 120 an hour (429 ``prompt_rate_limited`` with ``Retry-After``). A prompt that
        points at no category answers the best general templates with ``matched`` false and
        a ``message``. 400 for a blank or over-long prompt or an unknown format."""
        return PromptDesignsOut.of(
            prompt_designs.prompt(
                viewer,
                client_address(request),
                asked.prompt,
                asked.format,
                asked.fields,
            )
        )

    @post(
        "/designs/{run_id:str}/regenerate",
        operation_id="regeneratePromptDesigns",
        status_code=200,
        sync_to_thread=True,
        request_max_body_size=MAX_PROMPT_BODY_BYTES,
        dependencies={"asked": json_body(RegenerateIn, optional=True)},
    )
    def regenerate(
        self,
        prompt_designs: PromptDesigns,
        viewer: Me,
        request: Request[Any, Any, Any],
        run_id: FromPath[str],
        asked: NamedDependency[RegenerateIn],
    ) -> PromptDesignsOut:
        """The next four designs for the prompt ``run_id`` (``{fields?}`` corrects what was
        understood), counted and charged as a prompt. Past the last, no designs and
        ``has_more`` false. 404 ``prompt_run_not_found`` for an unknown or someone else's
        prompt."""
        return PromptDesignsOut.of(
            prompt_designs.regenerate(viewer, client_address(request), run_id, asked.fields)
        )

    @post(
        "/designs/{run_id:str}/choose",
        operation_id="choosePromptDesign",
        status_code=201,
        sync_to_thread=True,
        request_max_body_size=MAX_PROMPT_BODY_BYTES,
        dependencies={"choice": json_body(ChooseIn)},
    )
    def choose(
        self,
        prompt_designs: PromptDesigns,
        viewer: Me,
        run_id: FromPath[str],
        choice: NamedDependency[ChooseIn],
    ) -> DesignOut:
        """A new saved design of the caller's from one of the prompt's designs, with its
        details (and ``fields``, the last corrections) in place: ``{template_id, fields?}``;
        open it at ``/editor?designId={id}``. 401 ``sign_in_required``; 402
        ``upgrade_required`` for a premium template; 404 ``prompt_run_not_found`` or
        ``template_not_offered``."""
        return DesignOut.of_full(
            prompt_designs.choose(viewer, run_id, choice.template_id, choice.fields)
        )

    @get(
        "/previews/{name:str}",
        operation_id="promptPreview",
        sync_to_thread=True,
        opt={ANSWERS_FILES: ("image/webp",)},
    )
    def preview(self, prompt_designs: PromptDesigns, name: FromPath[str]) -> Response[bytes]:
        """A result card's preview (WebP, 400 px wide). Named by the hash of what it shows,
        so it never changes: cached for a year. 404 ``preview_not_found``."""
        stored = prompt_designs.preview(name)
        return Response(
            stored.data,
            media_type=stored.content_type,
            headers={
                "Cache-Control": "public, max-age=31536000, immutable",
                "X-Content-Type-Options": "nosniff",
            },
        )
