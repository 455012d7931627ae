"""``/api/v1/creators``: the creators directory, a creator's templates, one's own profile."""

from __future__ import annotations

from datetime import datetime

import msgspec
from litestar import Controller, get, put
from litestar.di import NamedDependency
from litestar.params import FromPath

from designcore.app.http.bodies import json_body
from designcore.app.http.dependencies import Me
from designcore.app.http.field_rules import AvatarUrl, Bio, DisplayName, Username
from designcore.app.http.schemas import TemplateOut, page_fields, templates_out
from designcore.app.http.templates import Page as PageNumber
from designcore.app.http.templates import Size as PageSize
from designcore.app.services.creators import CreatorService
from designcore.domain.creators import Creator
from designcore.domain.pagination import DEFAULT_PAGE_SIZE, PageRequest

Creators = NamedDependency[CreatorService]
MAX_PROFILE_BODY = 8 * 1024
"""A profile is four short fields."""


class CreatorOut(msgspec.Struct, kw_only=True):
    """A creator's public profile."""

    username: str
    display_name: str
    avatar_url: str | None
    bio: str
    template_count: int
    """How many templates they have published."""
    created_at: datetime

    @classmethod
    def of(cls, creator: Creator, template_count: int) -> CreatorOut:
        """From the domain."""
        return cls(
            username=creator.username,
            display_name=creator.display_name,
            avatar_url=creator.avatar_url,
            bio=creator.bio,
            template_count=template_count,
            created_at=creator.created_at,
        )


class CreatorPageOut(msgspec.Struct, kw_only=True):
    """One page of creators, most templates first."""

    items: list[CreatorOut]
    total_count: int
    has_more: bool
    current_page: int
    total_pages: int


class CreatorTemplatePageOut(msgspec.Struct, kw_only=True):
    """One page of a creator's templates (light variants), newest first."""

    items: list[TemplateOut]
    total_count: int
    has_more: bool
    current_page: int
    total_pages: int


class CreatorProfileIn(msgspec.Struct, forbid_unknown_fields=True):
    """One's own creator profile."""

    username: Username
    """3 to 30 letters, digits, ``_`` or ``-``; unique regardless of case."""
    display_name: DisplayName
    """1 to 60 characters."""
    avatar_url: AvatarUrl | None = None
    """An http(s) URL or a ``/storage/v1/…`` path (an upload to your own folder)."""
    bio: Bio = ""
    """At most 500 characters."""


class CreatorController(Controller):
    """``/api/v1/creators``."""

    path = "/api/v1/creators"
    tags = ["creators"]
    request_max_body_size = MAX_PROFILE_BODY

    @get("/", operation_id="listCreators", sync_to_thread=True)
    def list_creators(
        self, creators: Creators, page: PageNumber = 1, size: PageSize = DEFAULT_PAGE_SIZE
    ) -> CreatorPageOut:
        """Creators with at least one published template, most templates first."""
        found = creators.listing(PageRequest(page, size))
        return CreatorPageOut(
            items=[CreatorOut.of(x.creator, x.template_count) for x in found.items],
            **page_fields(found),
        )

    @get("/me", operation_id="myCreatorProfile", sync_to_thread=True)
    def mine(self, creators: Creators, viewer: Me) -> CreatorOut:
        """The caller's own creator profile; 404 ``creator_not_found`` until they make one."""
        creator = creators.mine(viewer)
        return CreatorOut.of(creator, creators.template_count(creator))

    @put(
        "/me",
        operation_id="saveMyCreatorProfile",
        sync_to_thread=True,
        dependencies={"profile": json_body(CreatorProfileIn)},
    )
    def save_mine(
        self, creators: Creators, viewer: Me, profile: NamedDependency[CreatorProfileIn]
    ) -> CreatorOut:
        """Create or update the caller's own profile: 409 ``username_taken`` when another
        creator has the username (case ignored), 422 ``invalid_profile`` naming each field
        that breaks a rule."""
        creator, _created = creators.save_mine(
            viewer,
            username=profile.username,
            display_name=profile.display_name,
            avatar_url=profile.avatar_url,
            bio=profile.bio,
        )
        return CreatorOut.of(creator, creators.template_count(creator))

    @get("/{username:str}", operation_id="getCreator", sync_to_thread=True)
    def creator(self, creators: Creators, username: FromPath[str]) -> CreatorOut:
        """A creator's public profile; 404 ``creator_not_found`` for an unknown username."""
        creator = creators.profile(username)
        return CreatorOut.of(creator, creators.template_count(creator))

    @get("/{username:str}/templates", operation_id="listCreatorTemplates", sync_to_thread=True)
    def templates(
        self,
        creators: Creators,
        username: FromPath[str],
        page: PageNumber = 1,
        size: PageSize = DEFAULT_PAGE_SIZE,
    ) -> CreatorTemplatePageOut:
        """A creator's templates (light variants), newest first; 404 for an unknown
        username."""
        found = creators.templates(username, PageRequest(page, size))
        return CreatorTemplatePageOut(items=templates_out(found.items), **page_fields(found))
