"""The creator directory port."""

from __future__ import annotations

from typing import Protocol

from designcore.domain.creators import Creator, CreatorListing
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.templates import TemplateSummary


class CreatorDirectory(Protocol):
    """Creator profiles (table ``creators``) and which creator published each template
    (``creator_templates``); it reads the catalogue's templates to list and count them."""

    def add(self, creator: Creator) -> None:
        """Store a new creator. Raises ``Conflict``: ``username_taken`` when another creator
        has the username in any case, ``creator_exists`` when the id or the user already has
        a profile."""
        ...

    def update(self, creator: Creator) -> None:
        """Overwrite a creator's profile. Raises ``NotFound`` (``creator_not_found``),
        ``Conflict`` (``username_taken``) as :meth:`add`."""
        ...

    def by_username(self, username: str) -> Creator | None:
        """The creator with this username, compared regardless of case."""
        ...

    def by_user(self, user_id: str) -> Creator | None:
        """The profile a user owns, if any."""
        ...

    def attribute(self, template_id: str, creator_id: str) -> None:
        """Record that ``creator_id`` published ``template_id`` (replacing any earlier
        creator). Raises ``NotFound`` (``creator_not_found``) for an unknown creator."""
        ...

    def creator_of(self, template_id: str) -> Creator | None:
        """Who published a template, if anyone is recorded."""
        ...

    def published(self, request: PageRequest) -> Page[CreatorListing]:
        """One page of the creators with at least one template in the catalogue, most
        templates first, then by username (case ignored), with the total count."""
        ...

    def templates(self, creator_id: str, request: PageRequest) -> Page[TemplateSummary]:
        """One page of a creator's templates (light variants), newest first (ties by id),
        with the total count; an unknown creator has none."""
        ...
