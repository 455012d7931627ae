"""An in-memory creator directory over a template catalogue."""

from __future__ import annotations

import threading

from designcore.domain.creators import Creator, CreatorListing, username_key
from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.templates import TemplateSummary
from designcore.ports.catalogue import TemplateCatalogue


def _not_found(creator_id: str) -> NotFound:
    return NotFound(f"no creator {creator_id!r}", code="creator_not_found")


class InMemoryCreatorDirectory:
    """Creators in a dict by id, attributions in a dict by template id; templates are read
    from ``catalogue`` (an attribution of a template it lacks counts for nothing)."""

    def __init__(self, catalogue: TemplateCatalogue) -> None:
        self._catalogue = catalogue
        self._creators: dict[str, Creator] = {}
        self._published_by: dict[str, str] = {}
        self._lock = threading.Lock()

    def _check_unique(self, creator: Creator) -> None:
        for other in self._creators.values():
            if other.id == creator.id:
                continue
            if other.username_key == creator.username_key:
                raise Conflict(f"username {creator.username!r} is taken", code="username_taken")
            if creator.user_id is not None and other.user_id == creator.user_id:
                raise Conflict("this user already has a creator profile", code="creator_exists")

    def add(self, creator: Creator) -> None:
        """Store a new creator."""
        with self._lock:
            if creator.id in self._creators:
                raise Conflict(f"creator {creator.id} exists", code="creator_exists")
            self._check_unique(creator)
            self._creators[creator.id] = creator

    def update(self, creator: Creator) -> None:
        """Overwrite a creator's profile."""
        with self._lock:
            if creator.id not in self._creators:
                raise _not_found(creator.id)
            self._check_unique(creator)
            self._creators[creator.id] = creator

    def by_username(self, username: str) -> Creator | None:
        """Case ignored."""
        key = username_key(username)
        return next((c for c in self._creators.values() if c.username_key == key), None)

    def by_user(self, user_id: str) -> Creator | None:
        """The user's own profile."""
        return next((c for c in self._creators.values() if c.user_id == user_id), None)

    def attribute(self, template_id: str, creator_id: str) -> None:
        """Record the template's creator."""
        with self._lock:
            if creator_id not in self._creators:
                raise _not_found(creator_id)
            self._published_by[template_id] = creator_id

    def creator_of(self, template_id: str) -> Creator | None:
        """Who published it."""
        creator_id = self._published_by.get(template_id)
        return None if creator_id is None else self._creators.get(creator_id)

    def _summaries(self, creator_id: str) -> list[TemplateSummary]:
        found = []
        for template_id, owner in list(self._published_by.items()):
            if owner != creator_id:
                continue
            try:
                found.append(self._catalogue.get_summary(template_id))
            except NotFound:
                continue
        found.sort(key=lambda t: t.id)
        found.sort(key=lambda t: t.created_at, reverse=True)
        return found

    def published(self, request: PageRequest) -> Page[CreatorListing]:
        """Most templates first."""
        listings = [
            CreatorListing(creator, len(self._summaries(creator.id)))
            for creator in list(self._creators.values())
        ]
        shown = [listing for listing in listings if listing.template_count > 0]
        shown.sort(key=lambda x: (-x.template_count, x.creator.username_key))
        return Page.slice(shown, request)

    def templates(self, creator_id: str, request: PageRequest) -> Page[TemplateSummary]:
        """Newest first."""
        return Page.slice(self._summaries(creator_id), request)
