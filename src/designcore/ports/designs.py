"""The saved-designs port: users' designs with their kept versions."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from designcore.domain.designs import Design, DesignSummary, DesignVersion, ScheduleFilter
from designcore.domain.pagination import Page, PageRequest


class DesignRepository(Protocol):
    """Designs by owner and id, each change one atomic step.

    A design is visible only to its owner: every method takes the owner's id, and a design of
    another owner answers exactly as an unknown id does (``DesignNotFound``, code
    ``design_not_found``). A design deleted at least ``UNDO_DELETE_SECONDS`` before ``now`` is
    gone for every method, as if purged.
    """

    def add(self, design: Design) -> None:
        """Store a new design and its first version (``design.version``, usually 1). Raises
        ``Conflict`` (``design_exists``) for a taken id."""
        ...

    def get(
        self, owner_id: str, design_id: str, *, now: datetime, include_deleted: bool = False
    ) -> Design:
        """A live design of the owner; with ``include_deleted`` also one deleted less than
        ``UNDO_DELETE_SECONDS`` ago. Raises ``DesignNotFound``."""
        ...

    def save(self, design: Design, expected_version: int) -> None:
        """Store ``design`` (its document, name, size, version…) over the stored one only if
        the stored version is still ``expected_version``, and keep ``design``'s document as
        its version ``design.version``, dropping all but the newest ``KEPT_VERSIONS``. The
        check and the write are one step: of two saves from the same version exactly one
        succeeds. Raises ``VersionConflict`` (with the stored version) when it moved on, and
        ``DesignNotFound`` for a design of another owner, unknown, deleted or gone."""
        ...

    def replace(self, current: Design, changed: Design, *, now: datetime) -> None:
        """Overwrite the details of a stored design that are not its content — name,
        ``scheduled_for``, ``preview_key``, ``updated_at``, ``deleted_at`` — with
        ``changed``'s, only if the stored design still has ``current``'s version and details
        (compare-and-set: a rename racing a delete cannot undo it); the document and versions
        are untouched. Raises ``VersionConflict`` (with the stored version) when the design
        moved on, ``DesignNotFound`` for another owner's, an unknown or a gone design (a deleted
        but restorable one can be replaced)."""
        ...

    def listing(
        self,
        owner_id: str,
        request: PageRequest,
        *,
        now: datetime,
        schedule: ScheduleFilter | None = None,
        search: str | None = None,
        template_id: str | None = None,
    ) -> Page[DesignSummary]:
        """One page of the owner's live designs, most recently updated first (then by id),
        kept by ``schedule`` (on ``scheduled_for``), by ``search`` (a case-insensitive
        substring of the name) and by ``template_id`` (made from that template)."""
        ...

    def count_owned(self, owner_id: str, *, now: datetime) -> int:
        """How many designs the owner holds: live ones and deleted ones still restorable."""
        ...

    def versions(self, owner_id: str, design_id: str, *, now: datetime) -> Sequence[DesignVersion]:
        """The kept versions of a live design, newest first (at most ``KEPT_VERSIONS``).
        Raises ``DesignNotFound``."""
        ...

    def version(
        self, owner_id: str, design_id: str, number: int, *, now: datetime
    ) -> DesignVersion:
        """One kept version of a live design. Raises ``DesignNotFound``, and ``NotFound``
        (``version_not_found``) for a version never saved or no longer kept."""
        ...

    def purge(self, deleted_before: datetime) -> int:
        """Remove every design deleted at or before ``deleted_before``, with its versions; answer how
        many went."""
        ...
