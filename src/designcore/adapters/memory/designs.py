"""Saved designs in memory: the behavioural fake of ``DesignRepository`` (``memory://`` and
the unit tests), with the same ownership, compare-and-set and version-keeping rules as the
tables."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import datetime

import attrs

from designcore.domain.designs import (
    KEPT_VERSIONS,
    Design,
    DesignNotFound,
    DesignSummary,
    DesignVersion,
    ScheduleFilter,
    VersionConflict,
    is_gone,
)
from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import Page, PageRequest


class InMemoryDesignRepository:
    """Designs by id, their kept versions by design, one lock around every step."""

    def __init__(self) -> None:
        self._designs: dict[str, Design] = {}
        self._versions: dict[str, list[DesignVersion]] = {}
        self._lock = threading.Lock()

    def _find(self, owner_id: str, design_id: str, now: datetime, include_deleted: bool) -> Design:
        design = self._designs.get(design_id)
        if (
            design is None
            or design.owner_id != owner_id
            or is_gone(design, now)
            or (design.deleted_at is not None and not include_deleted)
        ):
            raise DesignNotFound(f"no design {design_id}")
        return design

    def add(self, design: Design) -> None:
        """Store a new design and its first version."""
        with self._lock:
            if design.id in self._designs:
                raise Conflict(f"a design with id {design.id} exists", code="design_exists")
            self._designs[design.id] = design
            self._versions[design.id] = [
                DesignVersion(design.version, design.updated_at, design.document)
            ]

    def get(
        self, owner_id: str, design_id: str, *, now: datetime, include_deleted: bool = False
    ) -> Design:
        """A live (or restorable) design of the owner."""
        with self._lock:
            return self._find(owner_id, design_id, now, include_deleted)

    def save(self, design: Design, expected_version: int) -> None:
        """Compare-and-set on the version, then keep the new version."""
        with self._lock:
            stored = self._designs.get(design.id)
            if stored is None or stored.owner_id != design.owner_id or stored.deleted_at:
                raise DesignNotFound(f"no design {design.id}")
            if stored.version != expected_version:
                raise VersionConflict(stored.version, expected_version)
            self._designs[design.id] = design
            kept = self._versions[design.id]
            kept.append(DesignVersion(design.version, design.updated_at, design.document))
            del kept[:-KEPT_VERSIONS]

    def replace(self, current: Design, changed: Design, *, now: datetime) -> None:
        """Overwrite the details, not the content, if nothing changed since ``current``."""
        with self._lock:
            stored = self._designs.get(current.id)
            if stored is None or stored.owner_id != current.owner_id or is_gone(stored, now):
                raise DesignNotFound(f"no design {current.id}")
            if _details(stored) != _details(current):
                raise VersionConflict(stored.version, current.version)
            self._designs[current.id] = attrs.evolve(
                stored,
                name=changed.name,
                scheduled_for=changed.scheduled_for,
                preview_key=changed.preview_key,
                updated_at=changed.updated_at,
                deleted_at=changed.deleted_at,
            )

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
        """The owner's live designs, newest update first."""
        term = (search or "").strip().casefold()
        with self._lock:
            kept = [
                d.summary()
                for d in self._designs.values()
                if d.owner_id == owner_id
                and d.deleted_at is None
                and (schedule is None or schedule.keeps(d.scheduled_for))
                and term in d.name.casefold()
                and (template_id is None or d.source_template_id == template_id)
            ]
        kept.sort(key=lambda d: (d.updated_at, d.id), reverse=True)
        return Page.slice(kept, request)

    def count_owned(self, owner_id: str, *, now: datetime) -> int:
        """Live and restorable designs of the owner."""
        with self._lock:
            return sum(
                1 for d in self._designs.values() if d.owner_id == owner_id and not is_gone(d, now)
            )

    def versions(self, owner_id: str, design_id: str, *, now: datetime) -> Sequence[DesignVersion]:
        """Kept versions, newest first."""
        with self._lock:
            self._find(owner_id, design_id, now, include_deleted=False)
            return list(reversed(self._versions[design_id]))

    def version(
        self, owner_id: str, design_id: str, number: int, *, now: datetime
    ) -> DesignVersion:
        """One kept version."""
        with self._lock:
            self._find(owner_id, design_id, now, include_deleted=False)
            for kept in self._versions[design_id]:
                if kept.version == number:
                    return kept
        raise NotFound(f"version {number} of this design is not kept", code="version_not_found")

    def purge(self, deleted_before: datetime) -> int:
        """Drop designs deleted before the moment."""
        with self._lock:
            going = [
                i
                for i, d in self._designs.items()
                if d.deleted_at is not None and d.deleted_at <= deleted_before
            ]
            for design_id in going:
                del self._designs[design_id]
                del self._versions[design_id]
            return len(going)


def _details(design: Design) -> tuple[object, ...]:
    return (
        design.version,
        design.name,
        design.scheduled_for,
        design.preview_key,
        design.updated_at,
        design.deleted_at,
    )
