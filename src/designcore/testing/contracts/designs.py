"""The contract of :class:`~designcore.ports.designs.DesignRepository`: users' saved designs
with their kept versions.

Subclass :class:`DesignsContract` and give it a ``designs`` fixture answering a new, empty
repository of your adapter. The suite's designs are made by
:func:`designcore.testing.builders.make_design` (owner ``u1``, created at ``EPOCH``); the
rules read them at :data:`NOW`, an hour later.
"""

from __future__ import annotations

import threading
from datetime import date, timedelta

import attrs

from designcore.domain.designs import (
    KEPT_VERSIONS,
    UNDO_DELETE,
    Design,
    DesignNotFound,
    ScheduleFilter,
    VersionConflict,
    check_document,
    saved,
)
from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import PageRequest
from designcore.ports.designs import DesignRepository
from designcore.testing._requires import missing
from designcore.testing.builders import EPOCH, crowded_document, make_design, make_document

try:
    import pytest
except ModuleNotFoundError as error:  # pragma: no cover - depends on the installation
    raise missing("pytest", __name__, error) from error

__all__ = ["NOW", "DesignsContract"]

NOW = EPOCH + timedelta(hours=1)
"""The moment the suite reads designs at: an hour after they were made."""


def save_text(designs: DesignRepository, design: Design, text: str, minutes: int = 1) -> Design:
    """Save ``design`` with a one-page document whose text is ``text``; answer the new one."""
    document = check_document(make_document(custom={"text": text}))
    after = saved(
        design,
        document=document,
        expected_version=design.version,
        now=design.updated_at + timedelta(minutes=minutes),
    )
    designs.save(after, design.version)
    return after


class _Storing:
    def test_get_returns_what_was_added(self, designs: DesignRepository) -> None:
        """A stored design comes back equal, document, dates and size included."""
        design = make_design(scheduled_for=date(2026, 12, 24), source_template_id="t-1")
        designs.add(design)
        assert design == designs.get("u1", design.id, now=NOW)

    def test_a_large_document_round_trips(self, designs: DesignRepository) -> None:
        """A 200-element document comes back unchanged."""
        design = make_design(document=check_document(crowded_document(200)))
        designs.add(design)
        assert design.document == designs.get("u1", design.id, now=NOW).document

    def test_taken_id_conflicts(self, designs: DesignRepository) -> None:
        """Adding an id twice raises Conflict and keeps the first."""
        design = make_design()
        designs.add(design)
        with pytest.raises(Conflict):
            designs.add(make_design(design_id=design.id, owner_id="u2", name="Other"))
        assert design == designs.get("u1", design.id, now=NOW)


class _Ownership:
    def test_another_owner_sees_nothing(self, designs: DesignRepository) -> None:
        """Reads, saves, updates and versions of another owner's design are DesignNotFound,
        exactly as for an unknown id, and change nothing."""
        design = make_design()
        designs.add(design)
        theirs = attrs.evolve(design, owner_id="u2")
        for owner in ("u2",):
            with pytest.raises(DesignNotFound):
                designs.get(owner, design.id, now=NOW)
            with pytest.raises(DesignNotFound):
                designs.versions(owner, design.id, now=NOW)
            with pytest.raises(DesignNotFound):
                designs.version(owner, design.id, 1, now=NOW)
        with pytest.raises(DesignNotFound):
            designs.save(attrs.evolve(theirs, version=2, name="Hijack"), 1)
        with pytest.raises(DesignNotFound):
            designs.replace(theirs, attrs.evolve(theirs, name="Hijack"), now=NOW)
        with pytest.raises(DesignNotFound):
            designs.get("u1", "unknown", now=NOW)
        assert design == designs.get("u1", design.id, now=NOW)
        assert 0 == designs.listing("u2", PageRequest(), now=NOW).total_count
        assert 0 == designs.count_owned("u2", now=NOW)


class _Versions:
    def test_a_save_moves_the_version_on(self, designs: DesignRepository) -> None:
        """A save from the stored version is kept and becomes the next version."""
        design = make_design()
        designs.add(design)
        after = save_text(designs, design, "second")
        assert after == designs.get("u1", design.id, now=NOW)
        assert 2 == designs.get("u1", design.id, now=NOW).version

    def test_a_stale_save_conflicts_with_the_current_version(
        self, designs: DesignRepository
    ) -> None:
        """A save from an older version raises VersionConflict naming the stored version and
        changes nothing."""
        design = make_design()
        designs.add(design)
        second = save_text(designs, design, "second")
        stale = attrs.evolve(second, version=2, name="Stale")
        with pytest.raises(VersionConflict) as raised:
            designs.save(stale, 1)
        assert 2 == raised.value.current_version
        assert second == designs.get("u1", design.id, now=NOW)

    def test_concurrent_saves_from_one_version_let_exactly_one_win(
        self, designs: DesignRepository
    ) -> None:
        """Eight threads saving from version 1 at once: one succeeds, seven conflict, and the
        stored design is the winner's."""
        design = make_design()
        designs.add(design)
        start = threading.Barrier(8)
        outcomes: list[str] = []
        lock = threading.Lock()

        def attempt(n: int) -> None:
            mine = saved(
                design,
                document=check_document(make_document(custom={"n": n})),
                expected_version=1,
                now=NOW,
                name=f"Writer {n}",
            )
            start.wait()
            try:
                designs.save(mine, 1)
                result = mine.name
            except VersionConflict:
                result = "conflict"
            with lock:
                outcomes.append(result)

        threads = [threading.Thread(target=attempt, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        winners = [o for o in outcomes if o != "conflict"]
        assert 1 == len(winners)
        assert 7 == outcomes.count("conflict")
        stored = designs.get("u1", design.id, now=NOW)
        assert (winners[0], 2) == (stored.name, stored.version)
        assert [2, 1] == [v.version for v in designs.versions("u1", design.id, now=NOW)]

    def test_the_last_twenty_versions_are_kept(self, designs: DesignRepository) -> None:
        """After 25 saves the newest 20 versions are listed, newest first, each with its
        document; older ones are not found."""
        design = make_design()
        designs.add(design)
        current = design
        for n in range(25):
            current = save_text(designs, current, f"save {n}")
        kept = designs.versions("u1", design.id, now=NOW)
        assert list(range(26, 26 - KEPT_VERSIONS, -1)) == [v.version for v in kept]
        assert {"text": "save 24"} == kept[0].document["custom"]
        assert {"text": "save 5"} == designs.version("u1", design.id, 7, now=NOW).document["custom"]
        with pytest.raises(NotFound) as raised:
            designs.version("u1", design.id, 6, now=NOW)
        assert "version_not_found" == raised.value.code
        with pytest.raises(NotFound):
            designs.version("u1", design.id, 99, now=NOW)

    def test_replace_keeps_the_content_and_checks_the_version(
        self, designs: DesignRepository
    ) -> None:
        """replace changes name, day and preview but never the document or version; from an
        old version, or over details changed meanwhile, it conflicts."""
        design = make_design()
        designs.add(design)
        changed = attrs.evolve(
            design,
            name="Renamed",
            scheduled_for=date(2027, 1, 2),
            preview_key="u1/previews/x.png",
            document={"ignored": True},
            updated_at=NOW,
        )
        designs.replace(design, changed, now=NOW)
        assert attrs.evolve(changed, document=design.document) == designs.get(
            "u1", design.id, now=NOW
        )
        second = save_text(designs, designs.get("u1", design.id, now=NOW), "later")
        with pytest.raises(VersionConflict):
            designs.replace(design, attrs.evolve(design, name="Stale"), now=NOW)
        assert second.name == designs.get("u1", design.id, now=NOW).name

    def test_replace_over_changed_details_conflicts(self, designs: DesignRepository) -> None:
        """A rename read before a delete cannot undo the delete: same version, other details:
        VersionConflict, and the design stays deleted."""
        design = make_design()
        designs.add(design)
        deleted = attrs.evolve(design, deleted_at=NOW)
        designs.replace(design, deleted, now=NOW)
        with pytest.raises(VersionConflict):
            designs.replace(design, attrs.evolve(design, name="Renamed"), now=NOW)
        assert deleted == designs.get("u1", design.id, now=NOW, include_deleted=True)


class _Deleting:
    def test_a_deleted_design_is_hidden_restorable_then_gone(
        self, designs: DesignRepository
    ) -> None:
        """A deleted design is absent from reads and listings but found with include_deleted
        for 30 s, counted as owned meanwhile; after that it is gone for every method."""
        design = make_design()
        designs.add(design)
        deleted = attrs.evolve(design, deleted_at=NOW)
        designs.replace(design, deleted, now=NOW)
        with pytest.raises(DesignNotFound):
            designs.get("u1", design.id, now=NOW)
        with pytest.raises(DesignNotFound):
            designs.save(attrs.evolve(design, version=2), 1)
        assert 0 == designs.listing("u1", PageRequest(), now=NOW).total_count
        later = NOW + UNDO_DELETE - timedelta(seconds=1)
        assert deleted == designs.get("u1", design.id, now=later, include_deleted=True)
        assert 1 == designs.count_owned("u1", now=later)
        gone = NOW + UNDO_DELETE
        with pytest.raises(DesignNotFound):
            designs.get("u1", design.id, now=gone, include_deleted=True)
        with pytest.raises(DesignNotFound):
            designs.replace(deleted, design, now=gone)
        assert 0 == designs.count_owned("u1", now=gone)

    def test_restoring_clears_deleted_at(self, designs: DesignRepository) -> None:
        """replace with deleted_at None brings a restorable design back."""
        design = make_design()
        designs.add(design)
        deleted = attrs.evolve(design, deleted_at=NOW)
        designs.replace(design, deleted, now=NOW)
        designs.replace(deleted, design, now=NOW + timedelta(seconds=10))
        assert design == designs.get("u1", design.id, now=NOW + timedelta(hours=1))

    def test_purge_removes_only_designs_deleted_before(self, designs: DesignRepository) -> None:
        """purge drops designs deleted before the moment, versions included, and keeps the
        rest."""
        old, recent, live = make_design(), make_design(), make_design()
        for design in (old, recent, live):
            designs.add(design)
        save_text(designs, old, "two")
        old = designs.get("u1", old.id, now=NOW)
        designs.replace(old, attrs.evolve(old, deleted_at=NOW - timedelta(minutes=5)), now=NOW)
        designs.replace(recent, attrs.evolve(recent, deleted_at=NOW), now=NOW)
        assert 1 == designs.purge(NOW - UNDO_DELETE)
        assert 2 == designs.count_owned("u1", now=NOW)
        assert 0 == designs.purge(NOW - UNDO_DELETE)
        designs.add(make_design(design_id=old.id))  # the id is free again


class _Listing:
    def test_newest_update_first_without_documents(self, designs: DesignRepository) -> None:
        """Summaries of the owner's live designs, most recently updated first."""
        first = make_design(name="First", now=EPOCH)
        second = make_design(name="Second", now=EPOCH + timedelta(minutes=1))
        designs.add(first)
        designs.add(second)
        designs.add(make_design(owner_id="u2"))
        save_text(designs, first, "edited", minutes=5)
        page = designs.listing("u1", PageRequest(), now=NOW)
        assert ["First", "Second"] == [d.name for d in page.items]
        assert 2 == page.total_count
        assert not hasattr(page.items[0], "document")

    def test_pages_cover_every_design_once(self, designs: DesignRepository) -> None:
        """Pages of 3 over 7 designs hold each design exactly once, with the right totals."""
        ids = set()
        for n in range(7):
            design = make_design(now=EPOCH + timedelta(minutes=n % 3))
            designs.add(design)
            ids.add(design.id)
        seen: list[str] = []
        for number in (1, 2, 3):
            page = designs.listing("u1", PageRequest(number, 3), now=NOW)
            assert (7, 3, number < 3) == (page.total_count, page.total_pages, page.has_more)
            seen.extend(d.id for d in page.items)
        assert len(seen) == len(set(seen))
        assert ids == set(seen)

    def test_scheduled_for_filter_keeps_days_in_range(self, designs: DesignRepository) -> None:
        """from/to keep designs scheduled within the range (ends included), never unscheduled
        ones; no filter keeps all."""
        for day in (None, date(2026, 12, 1), date(2026, 12, 15), date(2026, 12, 31)):
            designs.add(make_design(name=str(day), scheduled_for=day))

        def names(schedule: ScheduleFilter) -> set[str]:
            page = designs.listing("u1", PageRequest(), now=NOW, schedule=schedule)
            return {d.name for d in page.items}

        assert {"2026-12-01", "2026-12-15"} == names(
            ScheduleFilter(date(2026, 12, 1), date(2026, 12, 15))
        )
        assert {"2026-12-15", "2026-12-31"} == names(ScheduleFilter(start=date(2026, 12, 2)))
        assert {"2026-12-01"} == names(ScheduleFilter(end=date(2026, 12, 1)))
        assert 4 == len(names(ScheduleFilter()))

    def test_search_matches_names_case_insensitively(self, designs: DesignRepository) -> None:
        """search keeps names containing the term in any case; % and _ are literal."""
        for name in ("Sunday Service", "Birthday Bash", "50% off sale", "Board_meeting"):
            designs.add(make_design(name=name))

        def names(term: str) -> set[str]:
            return {
                d.name for d in designs.listing("u1", PageRequest(), now=NOW, search=term).items
            }

        assert {"Sunday Service", "Birthday Bash"} == names("DAY")
        assert {"50% off sale"} == names("%")
        assert {"Board_meeting"} == names("_")
        assert 4 == len(names("  "))

    def test_template_filter_keeps_designs_made_from_it_newest_first(
        self, designs: DesignRepository
    ) -> None:
        """template_id keeps the owner's live designs made from that template, newest update
        first: the first is the one to reopen."""
        older = make_design(name="older", source_template_id="t1")
        designs.add(older)
        designs.add(make_design(name="newer", source_template_id="t1", now=EPOCH + timedelta(1)))
        designs.add(make_design(name="other", source_template_id="t2"))
        designs.add(make_design(name="blank"))
        designs.add(make_design(name="theirs", owner_id="u2", source_template_id="t1"))

        def names(template_id: str) -> list[str]:
            page = designs.listing("u1", PageRequest(), now=NOW, template_id=template_id)
            return [d.name for d in page.items]

        assert ["newer", "older"] == names("t1")
        assert [] == names("t3")
        save_text(designs, older, "changed", minutes=2 * 24 * 60)
        assert ["older", "newer"] == names("t1")


class DesignsContract(_Storing, _Ownership, _Versions, _Deleting, _Listing):
    """Every rule of a design repository. A subclass gives it a ``designs`` fixture answering
    a new, empty repository."""
