"""The template catalogue, called on the service directly: home rows, listings and search,
related and matching templates, categories by slug, the customise decision, counts and the
search log."""

from __future__ import annotations

from datetime import timedelta

import pytest

from designcore.app import Container
from designcore.app.services.catalogue import CatalogueService
from designcore.domain.errors import Conflict, NotAllowed, NotFound, ValidationFailed
from designcore.domain.pagination import PageRequest
from designcore.domain.premium import PREMIUM_BUSINESS_MODEL_KEY, Viewer
from designcore.domain.templates import HOME_CATEGORIES, Template
from designcore.testing.builders import EPOCH, make_template

FREE = Viewer(user_id="u-free")
PREMIUM = Viewer(user_id="u-premium", subscription_status="active", subscription_plan="premium")


@pytest.fixture(name="catalogue")
def fixture_catalogue(memory_container: Container) -> CatalogueService:
    """The catalogue service of the in-memory container."""
    service: CatalogueService = memory_container.catalogue_service()
    return service


def stock(container: Container, *templates: Template) -> list[Template]:
    """Add ``templates`` to the catalogue; answers them."""
    for template in templates:
        container.catalogue().add(template)
    return list(templates)


def minutes(n: int) -> object:
    return EPOCH + timedelta(minutes=n)


class TestHomeAndListings:
    def test_home_rows_are_the_five_categories_newest_first(
        self, catalogue: CatalogueService, memory_container: Container
    ) -> None:
        """The home answer is one row per home category in display order, newest first, at
        most ``limit`` templates a row; an empty category is an empty row."""
        _, new, newest = stock(
            memory_container,
            *(make_template(category="Church", created_at=minutes(n)) for n in range(3)),
        )
        stock(memory_container, make_template(category="Birthdays"))
        rows = catalogue.home_rows(limit=2)
        assert list(HOME_CATEGORIES) == [row.category for row in rows]
        assert [newest.id, new.id] == [t.id for t in rows[0].templates]
        assert (1, 0) == (len(rows[1].templates), len(rows[4].templates))

    @pytest.mark.parametrize("limit", [0, 101])
    def test_a_limit_out_of_range_is_refused(self, catalogue: CatalogueService, limit: int) -> None:
        """Row and related limits must be 1 to 100."""
        with pytest.raises(ValidationFailed):
            catalogue.home_rows(limit=limit)
        with pytest.raises(ValidationFailed):
            catalogue.related("any", limit=limit)

    def test_listing_filters_and_a_blank_search_filters_nothing(
        self, catalogue: CatalogueService, memory_container: Container
    ) -> None:
        """A category keeps its templates; a sub-category narrows further; a blank search
        term is no filter."""
        stock(
            memory_container,
            make_template(category="Church", sub_category="Sunday Service"),
            make_template(category="Church", sub_category="Crusade"),
            make_template(category="Birthdays", sub_category="Kids"),
        )
        everything = PageRequest(1, 10)
        assert 2 == catalogue.listing(everything, category="Church").total_count
        assert 1 == catalogue.listing(everything, sub_category="Crusade").total_count
        assert 3 == catalogue.listing(everything, search="   ").total_count

    def test_search_finds_by_words_and_refuses_a_blank_term(
        self, catalogue: CatalogueService, memory_container: Container
    ) -> None:
        """A term finds the templates whose name or tags carry its words; a blank one is a
        validation failure on q."""
        wedding, _ = stock(
            memory_container,
            make_template(name="Golden wedding anniversary", tags=("wedding",)),
            make_template(name="Harvest thanksgiving"),
        )
        assert [wedding.id] == [t.id for t in catalogue.search("wedding", PageRequest(1, 10)).items]
        with pytest.raises(ValidationFailed) as refused:
            catalogue.search("  ", PageRequest(1, 10))
        assert ["q"] == [issue.path for issue in refused.value.issues]


class TestRelatedAndMatch:
    def test_related_are_of_the_same_sub_category_without_itself(
        self, catalogue: CatalogueService, memory_container: Container
    ) -> None:
        """Related templates share the sub-category and leave the template itself out."""
        this, sibling, _ = stock(
            memory_container,
            make_template(sub_category="Crusade"),
            make_template(sub_category="Crusade"),
            make_template(sub_category="Sunday Service"),
        )
        assert [sibling.id] == [t.id for t in catalogue.related(this.id)]

    def test_match_puts_the_sub_category_first_without_repeats(
        self, catalogue: CatalogueService, memory_container: Container
    ) -> None:
        """The sub-category's templates come first, then the category's newest, each once,
        at most ``limit``."""
        crusade, _, newest = stock(
            memory_container,
            make_template(category="Church", sub_category="Crusade", created_at=minutes(0)),
            make_template(category="Church", sub_category="Vigil", created_at=minutes(1)),
            make_template(category="Church", sub_category="Vigil", created_at=minutes(2)),
        )
        found = catalogue.match(category="Church", sub_category="Crusade", limit=2)
        assert [crusade.id, newest.id] == [t.id for t in found]
        assert 3 == len(catalogue.match(category="Church", sub_category="Crusade", limit=10))

    def test_match_with_neither_is_the_newest(
        self, catalogue: CatalogueService, memory_container: Container
    ) -> None:
        """Neither a category nor a sub-category matches the catalogue's newest templates."""
        _, middle, newest = stock(
            memory_container,
            make_template(category="Church", sub_category="Crusade", created_at=minutes(0)),
            make_template(category="Birthdays", sub_category="Adult", created_at=minutes(1)),
            make_template(category="Church", sub_category="Vigil", created_at=minutes(2)),
        )

        found = catalogue.match(category=None, sub_category="", limit=2)

        assert [newest.id, middle.id] == [t.id for t in found]


class TestCategories:
    def test_a_category_by_slug_with_its_sub_categories(
        self, catalogue: CatalogueService, memory_container: Container
    ) -> None:
        """ "business-and-industries" is the category "Business & Industries" with its
        sub-categories; its templates are listed newest first."""
        old, new = stock(
            memory_container,
            make_template(
                category="Business & Industries", sub_category="Bakery", created_at=minutes(0)
            ),
            make_template(
                category="Business & Industries", sub_category="Salon", created_at=minutes(1)
            ),
        )
        detail = catalogue.category("business-and-industries")
        assert "Business & Industries" == detail.category.name
        assert {"Bakery", "Salon"} == {sub.name for sub in detail.sub_categories}
        assert [new.id, old.id] == [
            t.id for t in catalogue.by_category_slug("business-and-industries")
        ]
        assert "business-and-industries" in {c.slug for c in catalogue.categories()}

    def test_an_unknown_slug_is_not_found(self, catalogue: CatalogueService) -> None:
        """A slug of no category is category_not_found."""
        with pytest.raises(NotFound) as refused:
            catalogue.category("no-such-category")
        assert "category_not_found" == refused.value.code


class TestCustomise:
    def test_a_free_template_opens_for_members_and_asks_visitors_to_sign_in(
        self, catalogue: CatalogueService, memory_container: Container
    ) -> None:
        """A member gets the full template with its document; a visitor is
        sign_in_required."""
        (template,) = stock(memory_container, make_template())
        assert template.polotno_json == catalogue.open_document(template.id, FREE).polotno_json
        with pytest.raises(NotAllowed) as refused:
            catalogue.open_document(template.id, Viewer())
        assert "sign_in_required" == refused.value.code

    def test_a_premium_template_needs_premium_while_the_model_is_on(
        self, catalogue: CatalogueService, memory_container: Container
    ) -> None:
        """A free member is upgrade_required and a premium one opens it; with the premium
        model switched off the free member opens it too."""
        (template,) = stock(memory_container, make_template(template_type="premium"))
        with pytest.raises(NotAllowed) as refused:
            catalogue.open_document(template.id, FREE)
        assert "upgrade_required" == refused.value.code
        assert template.id == catalogue.open_document(template.id, PREMIUM).id
        memory_container.site_settings().set(PREMIUM_BUSINESS_MODEL_KEY, False, by=None)
        assert template.id == catalogue.open_document(template.id, FREE).id

    def test_a_template_without_a_document_cannot_be_opened(
        self, catalogue: CatalogueService, memory_container: Container
    ) -> None:
        """No editor document is the no_document conflict; an unknown id is NotFound."""
        (template,) = stock(memory_container, make_template(polotno_json={}))
        with pytest.raises(Conflict) as refused:
            catalogue.open_document(template.id, FREE)
        assert "no_document" == refused.value.code
        with pytest.raises(NotFound):
            catalogue.open_document("no-such-template", FREE)


class TestCountsAndLog:
    def test_views_and_uses_are_counted(
        self, catalogue: CatalogueService, memory_container: Container
    ) -> None:
        """Each view and each use adds one to its own count."""
        (template,) = stock(memory_container, make_template())
        assert [1, 2] == [catalogue.record_view(template.id) for _ in range(2)]
        assert 1 == catalogue.record_use(template.id, "u-free")

    def test_a_search_is_logged_trimmed_for_its_own_searcher(
        self, catalogue: CatalogueService
    ) -> None:
        """The log keeps the trimmed term and the searcher; a blank term and another user's
        id are refused."""
        logged = catalogue.log_search("  wedding flyer ", "u-free", FREE)
        assert ("wedding flyer", "u-free") == (logged.search_term, logged.user_id)
        with pytest.raises(ValidationFailed):
            catalogue.log_search(" ", None, FREE)
        with pytest.raises(NotAllowed) as refused:
            catalogue.log_search("wedding", "u-premium", FREE)
        assert "not_your_user_id" == refused.value.code
