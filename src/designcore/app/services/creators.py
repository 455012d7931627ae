"""Creators: the public directory, a creator's templates, and a user's own profile."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import attrs

from designcore.domain.creators import Creator, CreatorListing, check_profile
from designcore.domain.errors import NotAllowed, NotFound
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.premium import Viewer
from designcore.domain.templates import TemplateSummary
from designcore.ports.clock import Clock
from designcore.ports.creators import CreatorDirectory


def _new_id() -> str:
    return str(uuid.uuid4())


class CreatorService:
    """Reads the creator directory and keeps each user's own creator profile."""

    def __init__(
        self,
        *,
        directory: CreatorDirectory,
        clock: Clock,
        new_id: Callable[[], str] = _new_id,
    ) -> None:
        self._directory = directory
        self._clock = clock
        self._new_id = new_id

    def listing(self, request: PageRequest) -> Page[CreatorListing]:
        """Creators with at least one published template, most templates first."""
        return self._directory.published(request)

    def profile(self, username: str) -> Creator:
        """A creator by username (case ignored). Raises ``NotFound`` (``creator_not_found``)."""
        creator = self._directory.by_username(username)
        if creator is None:
            raise NotFound(f"no creator {username!r}", code="creator_not_found")
        return creator

    def templates(self, username: str, request: PageRequest) -> Page[TemplateSummary]:
        """A creator's templates, newest first. Raises ``NotFound`` for an unknown username."""
        return self._directory.templates(self.profile(username).id, request)

    def template_count(self, creator: Creator) -> int:
        """How many templates a creator has published."""
        return self._directory.templates(creator.id, PageRequest(1, 1)).total_count

    def mine(self, viewer: Viewer) -> Creator:
        """The caller's own profile. Raises ``NotAllowed`` (``sign_in_required``) for a
        visitor, ``NotFound`` (``creator_not_found``) while they have none."""
        user_id = self._signed_in(viewer)
        creator = self._directory.by_user(user_id)
        if creator is None:
            raise NotFound("you have no creator profile yet", code="creator_not_found")
        return creator

    def save_mine(
        self,
        viewer: Viewer,
        *,
        username: str,
        display_name: str,
        avatar_url: str | None,
        bio: str,
    ) -> tuple[Creator, bool]:
        """Create or update the caller's own profile; answer it and whether it was created.

        Raises ``ValidationFailed`` for invalid fields, ``Conflict`` (``username_taken``) when
        another creator has the username in any case."""
        user_id = self._signed_in(viewer)
        username, display_name, avatar, bio = check_profile(
            username=username, display_name=display_name, avatar_url=avatar_url, bio=bio
        )
        now = self._clock.now()
        current = self._directory.by_user(user_id)
        if current is None:
            created = Creator(
                id=self._new_id(),
                user_id=user_id,
                username=username,
                display_name=display_name,
                avatar_url=avatar,
                bio=bio,
                created_at=now,
                updated_at=now,
            )
            self._directory.add(created)
            return created, True
        updated = attrs.evolve(
            current,
            username=username,
            display_name=display_name,
            avatar_url=avatar,
            bio=bio,
            updated_at=now,
        )
        self._directory.update(updated)
        return updated, False

    @staticmethod
    def _signed_in(viewer: Viewer) -> str:
        if viewer.user_id is None:
            raise NotAllowed("sign in first", code="sign_in_required")
        return viewer.user_id
