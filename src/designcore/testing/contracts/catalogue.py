"""The contract of :class:`~designcore.ports.catalogue.TemplateCatalogue`.

Subclass :class:`CatalogueContract` in a test module and give it a ``catalogue`` fixture that
answers a new, empty catalogue of your adapter; pytest then runs every rule below on it::

    class TestMyCatalogue(CatalogueContract):
        @pytest.fixture
        def catalogue(self, tmp_path):
            return MyCatalogue(tmp_path)
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import attrs

from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import PageRequest
from designcore.ports.catalogue import TemplateCatalogue
from designcore.testing._requires import missing
from designcore.testing.builders import EPOCH, make_template

try:
    import pytest
except ModuleNotFoundError as error:  # pragma: no cover - depends on the installation
    raise missing("pytest", __name__, error) from error

__all__ = ["CatalogueContract"]


def at(minutes: int) -> datetime:
    return EPOCH - timedelta(minutes=minutes)


class _Storing:
    def test_get_returns_what_was_added(self, catalogue: TemplateCatalogue) -> None:
        """A stored template comes back equal, document and requirements included."""
        template = make_template(tags=("a", "b"), polotno_json={"width": 5, "pages": [{"x": [1]}]})
        catalogue.add(template)
        assert template == catalogue.get(template.id)

    def test_summary_omits_the_document(self, catalogue: TemplateCatalogue) -> None:
        """The light variant equals the template's summary."""
        template = make_template()
        catalogue.add(template)
        assert template.summary() == catalogue.get_summary(template.id)

    def test_unknown_id_is_not_found(self, catalogue: TemplateCatalogue) -> None:
        """Reads of an unknown id raise NotFound."""
        with pytest.raises(NotFound):
            catalogue.get("nope")
        with pytest.raises(NotFound):
            catalogue.get_summary("nope")
        with pytest.raises(NotFound):
            catalogue.related("nope", 16)

    def test_duplicate_id_conflicts_and_keeps_the_first(self, catalogue: TemplateCatalogue) -> None:
        """Adding an id twice raises Conflict and leaves the first template intact."""
        first = make_template()
        catalogue.add(first)
        with pytest.raises(Conflict):
            catalogue.add(make_template(id=first.id))
        assert first == catalogue.get(first.id)
        assert 1 == catalogue.count()

    def test_duplicate_name_conflicts(self, catalogue: TemplateCatalogue) -> None:
        """Names are unique."""
        catalogue.add(make_template(name="Same"))
        with pytest.raises(Conflict):
            catalogue.add(make_template(name="Same"))
        assert 1 == catalogue.count()

    def test_replace_overwrites(self, catalogue: TemplateCatalogue) -> None:
        """replace changes a stored template; an unknown id is NotFound."""
        template = make_template()
        catalogue.add(template)
        changed = make_template(id=template.id, name="Renamed", tags=("new",))
        catalogue.replace(changed)
        assert changed == catalogue.get(template.id)
        with pytest.raises(NotFound):
            catalogue.replace(make_template())

    def test_template_without_document(self, catalogue: TemplateCatalogue) -> None:
        """A missing document and empty lists survive the round trip."""
        template = make_template(polotno_json=None, field_requirements=(), tags=())
        catalogue.add(template)
        assert template == catalogue.get(template.id)


class _Listings:
    def test_by_category_is_newest_first_and_limited(self, catalogue: TemplateCatalogue) -> None:
        """by_category filters exactly, orders newest first and honours the limit."""
        old, new, other = (
            make_template(created_at=at(10)),
            make_template(created_at=at(1)),
            make_template(category="Birthdays"),
        )
        for t in (old, new, other):
            catalogue.add(t)
        assert [new.id, old.id] == [t.id for t in catalogue.by_category("Church")]
        assert [new.id] == [t.id for t in catalogue.by_category("Church", 1)]
        assert [] == list(catalogue.by_category("church"))

    def test_newest_in_categories_answers_each_row_at_once(
        self, catalogue: TemplateCatalogue
    ) -> None:
        """newest_in_categories gives every named category (in the order asked, empty ones
        too) its newest templates, limited, ties broken by id, as by_category would."""
        church = [make_template(created_at=at(m)) for m in (9, 3, 3, 3, 1)]
        logos = [make_template(category="Logos", created_at=at(m)) for m in (4, 2)]
        for t in (*church, *logos, make_template(category="Birthdays")):
            catalogue.add(t)
        rows = catalogue.newest_in_categories(("Logos", "Church", "New Month"), 4)
        assert ["Logos", "Church", "New Month"] == list(rows)
        assert [t.id for t in catalogue.by_category("Church", 4)] == [t.id for t in rows["Church"]]
        assert [logos[1].id, logos[0].id] == [t.id for t in rows["Logos"]]
        assert [] == list(rows["New Month"])
        assert catalogue.get_summary(church[4].id) == rows["Church"][0]

    def test_listings_show_a_replaced_template_at_once(self, catalogue: TemplateCatalogue) -> None:
        """A listing read after a replace shows the new values, however often the old ones
        were read before."""
        template = make_template(tags=("old",))
        catalogue.add(template)
        for _ in range(3):
            assert ("old",) == catalogue.newest_in_categories(("Church",), 5)["Church"][0].tags
        catalogue.replace(attrs.evolve(template, name="Renamed", tags=("new",)))
        [again] = catalogue.newest_in_categories(("Church",), 5)["Church"]
        assert ("Renamed", ("new",)) == (again.name, again.tags)
        assert ("new",) == catalogue.by_category("Church")[0].tags

    def test_ties_break_by_id(self, catalogue: TemplateCatalogue) -> None:
        """Templates created at the same moment are ordered by id."""
        same = [make_template(created_at=at(5)) for _ in range(4)]
        for t in same:
            catalogue.add(t)
        assert sorted(t.id for t in same) == [t.id for t in catalogue.by_category("Church")]

    def test_all_orders_by_category_then_newest(self, catalogue: TemplateCatalogue) -> None:
        """all() sorts by category name, then newest first."""
        a = make_template(category="Birthdays", created_at=at(3))
        b = make_template(category="Birthdays", created_at=at(1))
        c = make_template(category="Church", created_at=at(2))
        for t in (c, a, b):
            catalogue.add(t)
        assert [b.id, a.id, c.id] == [t.id for t in catalogue.all()]

    def test_categories_and_sub_categories(self, catalogue: TemplateCatalogue) -> None:
        """Distinct, sorted; empty sub-categories are left out."""
        catalogue.add(make_template(category="New Month", sub_category="Happy New Month"))
        catalogue.add(make_template(category="Church", sub_category="Crusade"))
        catalogue.add(make_template(category="Church", sub_category="Crusade"))
        catalogue.add(make_template(category="Church", sub_category="Choir"))
        catalogue.add(make_template(category="Church", sub_category=None))
        assert ["Church", "New Month"] == list(catalogue.categories())
        assert ["Choir", "Crusade"] == list(catalogue.sub_categories("Church"))
        assert [] == list(catalogue.sub_categories("Nothing"))

    def test_related_is_same_sub_category_without_itself(
        self, catalogue: TemplateCatalogue
    ) -> None:
        """related() lists the sub-category's other templates, newest first, limited."""
        me = make_template(sub_category="Crusade", created_at=at(1))
        peers = [make_template(sub_category="Crusade", created_at=at(i + 2)) for i in range(3)]
        catalogue.add(make_template(sub_category="Choir"))
        for t in (me, *peers):
            catalogue.add(t)
        assert [p.id for p in peers] == [t.id for t in catalogue.related(me.id, 16)]
        assert [peers[0].id] == [t.id for t in catalogue.related(me.id, 1)]

    def test_related_of_template_without_sub_category_is_empty(
        self, catalogue: TemplateCatalogue
    ) -> None:
        """No sub-category, no related templates."""
        me = make_template(sub_category=None)
        catalogue.add(me)
        catalogue.add(make_template(sub_category=None))
        assert [] == list(catalogue.related(me.id, 16))


class _Pagination:
    def test_pages_cover_every_item_once(self, catalogue: TemplateCatalogue) -> None:
        """Walking the pages yields each template exactly once, newest first."""
        templates = [make_template(created_at=at(i % 7)) for i in range(23)]
        for t in templates:
            catalogue.add(t)
        seen: list[str] = []
        page_number = 1
        while True:
            page = catalogue.paginate(PageRequest(page_number, 5))
            assert 23 == page.total_count
            assert 5 == page.total_pages
            seen.extend(t.id for t in page.items)
            if not page.has_more:
                break
            page_number += 1
        expected = sorted(templates, key=lambda t: (-t.created_at.timestamp(), t.id))
        assert [t.id for t in expected] == seen

    def test_page_past_the_end_is_empty(self, catalogue: TemplateCatalogue) -> None:
        """A page beyond the last has no items but the right totals."""
        catalogue.add(make_template())
        page = catalogue.paginate(PageRequest(3, 24))
        assert ((), 1, False, 1) == (page.items, page.total_count, page.has_more, page.total_pages)

    def test_totals_follow_every_write(self, catalogue: TemplateCatalogue) -> None:
        """Totals per category and sub-category stay exact through adds, bulk adds, moves,
        failed writes and templates without a sub-category."""
        moving = make_template(category="Church", sub_category="Crusade")
        catalogue.add(moving)
        catalogue.add(make_template(category="Church", sub_category=None))
        catalogue.add(make_template(category="Birthdays", sub_category="60th"))
        with pytest.raises(Conflict):
            catalogue.add(make_template(id=moving.id, category="Church"))
        catalogue.replace(make_template(id=moving.id, category="Birthdays", sub_category="60th"))

        def total(**filters: str) -> int:
            return catalogue.paginate(PageRequest(), **filters).total_count

        assert (3, 1, 2, 0, 2) == (
            total(),
            total(category="Church"),
            total(category="Birthdays"),
            total(sub_category="Crusade"),
            total(category="Birthdays", sub_category="60th"),
        )
        assert 3 == catalogue.count()

    def test_filters(self, catalogue: TemplateCatalogue) -> None:
        """category and sub_category match exactly; search is a case-insensitive substring of
        name, category, description or tags."""
        a = make_template(name="Crusade Night", category="Church", sub_category="Crusade")
        b = make_template(
            name="Owambe", category="Birthdays", sub_category="60th", tags=("Party 100%",)
        )
        c = make_template(
            name="Jollof Spot", category="Business & Industries", description="Fresh JOLLOF rice"
        )
        for t in (a, b, c):
            catalogue.add(t)

        def ids(**filters: str) -> set[str]:
            return {t.id for t in catalogue.paginate(PageRequest(), **filters).items}

        assert {a.id} == ids(category="Church")
        assert {b.id} == ids(sub_category="60th")
        assert {c.id} == ids(search="jollof rice")
        assert {c.id} == ids(search="industries")
        assert {b.id} == ids(search="100%")
        assert set() == ids(search="_")
        assert {a.id} == ids(category="Church", search="night")
        assert set() == ids(category="Church", search="jollof")


class _Search:
    def test_matches_every_field_it_names(self, catalogue: TemplateCatalogue) -> None:
        """Name, description, design intent, sub-category, tags and keywords are searched;
        the category alone is not."""
        fields = {
            "name": make_template(name="Zebra Gala"),
            "description": make_template(description="A zebra themed party"),
            "design_intent": make_template(design_intent="For zebra lovers"),
            "sub_category": make_template(sub_category="Zebra Nights"),
            "tags": make_template(tags=("zebra",)),
            "semantic_keywords": make_template(semantic_keywords=("zebras",)),
        }
        catalogue.add(make_template(category="Zebra"))
        for t in fields.values():
            catalogue.add(t)
        found = {t.id for t in catalogue.search("zebra", PageRequest()).items}
        assert {t.id for t in fields.values()} == found

    def test_every_word_must_match_as_a_prefix(self, catalogue: TemplateCatalogue) -> None:
        """Words are ANDed and match the start of words, ignoring case and diacritics."""
        yoruba = make_template(name="Ẹ ku ọdun Celebration")
        party = make_template(name="Birthday Party")
        catalogue.add(yoruba)
        catalogue.add(party)

        def ids(term: str) -> list[str]:
            return [t.id for t in catalogue.search(term, PageRequest()).items]

        assert [party.id] == ids("birth PART")
        assert [] == ids("birthday celebration")
        assert [yoruba.id] == ids("odun")
        assert [yoruba.id] == ids("ọdun cele")
        assert [] == ids("irthday")

    def test_name_matches_rank_first(self, catalogue: TemplateCatalogue) -> None:
        """A match in the name outranks a match only in the description."""
        prose = make_template(description="Praise night", created_at=at(1))
        named = make_template(name="Praise Night", created_at=at(50))
        catalogue.add(prose)
        catalogue.add(named)
        assert [named.id, prose.id] == [
            t.id for t in catalogue.search("praise", PageRequest()).items
        ]

    def test_tiers_then_newest_first(self, catalogue: TemplateCatalogue) -> None:
        """Name matches, then label matches, then prose matches; newest first in each tier,
        to the second, and the later added first within one second."""
        prose_new = make_template(description="Grand harvest", created_at=at(1))
        prose_old = make_template(design_intent="For a harvest", created_at=at(90))
        label = make_template(tags=("harvest",), created_at=at(60))
        name_old = make_template(name="Harvest Thanksgiving", created_at=at(30))
        same_second = EPOCH - timedelta(minutes=10, microseconds=1)
        name_first = make_template(name="Harvest Sunday", created_at=same_second)
        name_second = make_template(
            name="Harvest Monday", created_at=same_second - timedelta(microseconds=5)
        )
        for template in (prose_new, prose_old, label, name_old, name_first, name_second):
            catalogue.add(template)
        expected = [name_second, name_first, name_old, label, prose_new, prose_old]
        assert [t.id for t in expected] == [
            t.id for t in catalogue.search("harvest", PageRequest()).items
        ]
        pages = [catalogue.search("harv", PageRequest(n, 4)) for n in (1, 2, 3)]
        assert [t.id for t in expected] == [t.id for page in pages for t in page.items]
        assert [6, 6, 6] == [page.total_count for page in pages]

    def test_every_word_in_one_tier(self, catalogue: TemplateCatalogue) -> None:
        """A template ranks by where all the words are: split over name and prose is prose."""
        split = make_template(name="Lagos Gala", description="An owambe night", created_at=at(1))
        labelled = make_template(name="Lagos Gala 2", tags=("owambe",), created_at=at(50))
        catalogue.add(split)
        catalogue.add(labelled)
        assert [labelled.id, split.id] == [
            t.id for t in catalogue.search("lagos owambe", PageRequest()).items
        ]

    def test_a_prefix_spans_words_at_every_level(self, catalogue: TemplateCatalogue) -> None:
        """One prefix starting a name word of one template and a prose word of another finds
        both, each in its tier; a word only in labels leaves the name tier empty."""
        named = make_template(name="Vigil Night", created_at=at(9))
        prose = make_template(description="Vigilant youth praying", created_at=at(1))
        labelled = make_template(tags=("vigilance",), created_at=at(5))
        for template in (named, prose, labelled):
            catalogue.add(template)

        def ids(term: str) -> list[str]:
            return [t.id for t in catalogue.search(term, PageRequest()).items]

        assert [named.id, labelled.id, prose.id] == ids("vig")
        assert [named.id, labelled.id, prose.id] == ids("vigil")
        assert [labelled.id, prose.id] == ids("vigila")
        assert [prose.id] == ids("vigil youth")

    def test_order_follows_a_changed_date(self, catalogue: TemplateCatalogue) -> None:
        """Replacing a template with another creation date moves it in the results."""
        first = make_template(name="Vigil One", created_at=at(5))
        second = make_template(name="Vigil Two", created_at=at(10))
        catalogue.add(first)
        catalogue.add(second)
        catalogue.replace(attrs.evolve(second, created_at=at(1), name="Vigil Night"))
        assert [second.id, first.id] == [
            t.id for t in catalogue.search("vigil", PageRequest()).items
        ]
        assert [second.id] == [t.id for t in catalogue.search("night", PageRequest()).items]

    def test_pages_and_counts(self, catalogue: TemplateCatalogue) -> None:
        """Search results page with a separate total count."""
        for i in range(7):
            catalogue.add(make_template(name=f"Vigil {i}", created_at=at(i)))
        catalogue.add(make_template(name="Other"))
        page = catalogue.search("vigil", PageRequest(2, 3))
        assert (7, 3, True, 3) == (
            page.total_count,
            len(page.items),
            page.has_more,
            page.total_pages,
        )

    def test_hostile_terms_are_harmless(self, catalogue: TemplateCatalogue) -> None:
        """Query syntax and SQL in a term are just words; nothing matches and nothing breaks."""
        catalogue.add(make_template(name="Safe"))
        for term in ['"', "NEAR(a b)", "a:* | b", "'; DROP TABLE design_templates; --", "*", "-"]:
            assert 0 == catalogue.search(term, PageRequest()).total_count
        assert 1 == catalogue.count()


class _Counters:
    def test_counts_views_and_uses_separately(self, catalogue: TemplateCatalogue) -> None:
        """Each increment answers the new count; views and uses are independent."""
        template = make_template()
        catalogue.add(template)
        assert [1, 2, 3] == [catalogue.increment_views(template.id) for _ in range(3)]
        assert 1 == catalogue.increment_uses(template.id)

    def test_unknown_template_is_not_found(self, catalogue: TemplateCatalogue) -> None:
        """Counting an unknown template raises NotFound."""
        with pytest.raises(NotFound):
            catalogue.increment_views("missing")
        with pytest.raises(NotFound):
            catalogue.increment_uses("missing")

    def test_parallel_increments_lose_nothing(self, catalogue: TemplateCatalogue) -> None:
        """Forty concurrent views count forty."""
        template = make_template()
        catalogue.add(template)
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda _: catalogue.increment_views(template.id), range(40)))
        assert 41 == catalogue.increment_views(template.id)


class CatalogueContract(_Storing, _Listings, _Pagination, _Search, _Counters):
    """Every rule a template catalogue keeps: storing, listings, pagination, search and
    counters. A subclass gives it a ``catalogue`` fixture answering an empty catalogue."""
