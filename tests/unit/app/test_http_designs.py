"""/api/v1/designs over HTTP: the saved-designs contract the editor builds on — statuses,
bodies, ETag/If-Match, the free allowance and credits, deleting and versions, previews, and
every bad input answered with a 4xx that changes nothing."""

from __future__ import annotations

import io
import json
from datetime import timedelta
from typing import Any

import pytest
from litestar.testing import TestClient
from PIL import Image

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.domain.designs import FREE_DESIGN_ALLOWANCE, KEPT_VERSIONS, UNDO_DELETE
from designcore.domain.document import MAX_DOCUMENT_BYTES
from support import credit_balance, crowded, flyer, grant_credits, make_template

Client = TestClient  # type: ignore[type-arg]
URL = "/api/v1/designs"
BROWSER_IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
"""What a browser sends for an <img>."""
FREE = {"Authorization": "Bearer free-token"}
PREMIUM = {"Authorization": "Bearer premium-token"}


def error(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


def blank(client: Client, headers: dict[str, str] = FREE, **extra: Any) -> dict[str, Any]:
    """Create a blank 1080 x 1080 design; answer its JSON."""
    response = client.post(
        URL, json={"blank": {"width": 1080, "height": 1080}, **extra}, headers=headers
    )
    assert 201 == response.status_code, response.text
    return dict(response.json())


def put(
    client: Client, design: dict[str, Any], document: Any, version: int | None = None, **extra: Any
) -> Any:
    headers = dict(FREE)
    headers["If-Match"] = f'"{design["version"] if version is None else version}"'
    return client.put(
        f"{URL}/{design['id']}", json={"document": document, **extra}, headers=headers
    )


def total(client: Client, headers: dict[str, str] = FREE) -> int:
    return int(client.get(URL, headers=headers).json()["total_count"])


@pytest.fixture(name="template")
def fixture_template(container: Container) -> str:
    """A free template with a document."""
    template = make_template(name="Sunday Service Flyer", polotno_json=flyer())
    container.catalogue().add(template)
    return template.id


class TestCreating:
    def test_a_blank_design_answers_201_with_document_and_etag(self, client: Client) -> None:
        """201, the full design (snake_case), version 1 and ETag "1"."""
        response = client.post(
            URL, json={"blank": {"width": 1080, "height": 1350}, "name": "Promo"}, headers=FREE
        )
        assert 201 == response.status_code, response.text
        body = response.json()
        assert ('"1"', 1, "Promo", "portrait", None) == (
            response.headers["etag"],
            body["version"],
            body["name"],
            body["format"],
            body["source_template_id"],
        )
        assert 1080 == body["document"]["width"]
        assert {"created_at", "updated_at", "scheduled_for", "preview_url"} <= set(body)

    def test_from_a_template_copies_its_document_and_name(
        self, client: Client, template: str
    ) -> None:
        """The design starts as the template's document, named after it."""
        response = client.post(URL, json={"template_id": template}, headers=FREE)
        assert 201 == response.status_code, response.text
        body = response.json()
        assert ("Sunday Service Flyer", template) == (body["name"], body["source_template_id"])
        assert (
            flyer()["pages"][0]["children"][0]["text"]
            == body["document"]["pages"][0]["children"][0]["text"]
        )

    def test_a_premium_template_needs_an_upgrade(
        self, client: Client, container: Container
    ) -> None:
        """402 upgrade_required for a free user, 201 for a premium one."""
        premium = make_template(name="Gold", template_type="Premium", polotno_json=flyer())
        container.catalogue().add(premium)
        refused = client.post(URL, json={"template_id": premium.id}, headers=FREE)
        allowed = client.post(URL, json={"template_id": premium.id}, headers=PREMIUM)
        assert (402, "upgrade_required") == error(refused)
        assert 201 == allowed.status_code
        assert 0 == total(client)

    def test_a_template_without_document_is_a_clear_409(
        self, client: Client, container: Container
    ) -> None:
        """409 template_has_no_document with a message a person can read."""
        empty = make_template(name="Empty", polotno_json=None)
        container.catalogue().add(empty)
        response = client.post(URL, json={"template_id": empty.id}, headers=FREE)
        assert (409, "template_has_no_document") == error(response)
        assert "cannot be opened" in response.json()["message"]

    @pytest.mark.parametrize(
        ("body", "status", "code"),
        [
            ({}, 400, "validation_failed"),
            ({"template_id": "t", "blank": {"width": 1, "height": 1}}, 400, "validation_failed"),
            ({"blank": {"width": 0, "height": 10}}, 400, "validation_failed"),
            ({"blank": {"width": "10", "height": 10}}, 400, "validation_failed"),
            ({"blank": {"width": 10, "height": 10, "depth": 1}}, 400, "validation_failed"),
            ({"blank": {"width": 10, "height": 10}, "name": "  "}, 400, "validation_failed"),
            ({"template_id": "no-such-template"}, 404, "template_not_found"),
            ([1, 2], 400, "validation_failed"),
        ],
    )
    def test_bad_bodies_are_refused_and_nothing_is_made(
        self, client: Client, body: Any, status: int, code: str
    ) -> None:
        """Each bad body is a 4xx with its code; no design appears."""
        assert (status, code) == error(client.post(URL, json=body, headers=FREE))
        assert 0 == total(client)

    def test_malformed_json_is_refused(self, client: Client) -> None:
        """400 malformed_json for a body that is not JSON."""
        response = client.post(
            URL, content=b"{nope", headers={**FREE, "Content-Type": "application/json"}
        )
        assert (400, "malformed_json") == error(response)

    def test_visitors_must_sign_in(self, client: Client) -> None:
        """401 sign_in_required without a token, for reads and writes."""
        assert (401, "sign_in_required") == error(client.get(URL))
        assert (401, "sign_in_required") == error(
            client.post(URL, json={"blank": {"width": 10, "height": 10}})
        )


class TestAllowance:
    def test_free_users_pay_a_credit_beyond_the_allowance(
        self, client: Client, container: Container
    ) -> None:
        """The first designs are free; the next needs a credit (409 insufficient_credits
        without, nothing made); with a credit it is made and the credit spent."""
        for _ in range(FREE_DESIGN_ALLOWANCE):
            blank(client)
        refused = client.post(URL, json={"blank": {"width": 10, "height": 10}}, headers=FREE)
        assert (409, "insufficient_credits") == error(refused)
        assert FREE_DESIGN_ALLOWANCE == total(client)
        grant_credits(container.accounts(), "u-free", 2, container.clock().now())
        blank(client)
        assert 1 == credit_balance(container.accounts(), "u-free")
        assert FREE_DESIGN_ALLOWANCE + 1 == total(client)

    def test_a_duplicate_counts_as_a_design(self, client: Client) -> None:
        """Duplicating at the allowance without credits is refused too."""
        designs = [blank(client) for _ in range(FREE_DESIGN_ALLOWANCE)]
        response = client.post(f"{URL}/{designs[0]['id']}/duplicate", headers=FREE)
        assert (409, "insufficient_credits") == error(response)

    def test_premium_users_spend_nothing(self, client: Client, container: Container) -> None:
        """A premium user makes more than the allowance with no credits."""
        for _ in range(FREE_DESIGN_ALLOWANCE + 2):
            blank(client, PREMIUM)
        assert FREE_DESIGN_ALLOWANCE + 2 == total(client, PREMIUM)
        assert 0 == credit_balance(container.accounts(), "u-premium")


class TestReading:
    def test_get_answers_the_document_and_etag(self, client: Client) -> None:
        """GET answers the full design with ETag "<version>"."""
        design = blank(client)
        response = client.get(f"{URL}/{design['id']}", headers=FREE)
        assert 200 == response.status_code
        assert '"1"' == response.headers["etag"]
        assert design["document"] == response.json()["document"]

    def test_another_users_design_is_not_found(self, client: Client, container: Container) -> None:
        """404 design_not_found for every route on someone else's design, and nothing
        changes."""
        made = blank(client)
        path = f"{URL}/{made['id']}"
        assert container.designs().previews.drain(30)
        design = client.get(path, headers=FREE).json()
        answers = [
            client.get(path, headers=PREMIUM),
            client.put(path, json={"document": flyer()}, headers={**PREMIUM, "If-Match": '"1"'}),
            client.patch(path, json={"name": "Mine now"}, headers=PREMIUM),
            client.delete(path, headers=PREMIUM),
            client.post(f"{path}/duplicate", headers=PREMIUM),
            client.get(f"{path}/versions", headers=PREMIUM),
            client.post(f"{path}/versions/1/restore", headers=PREMIUM),
            client.get(f"{path}/preview", headers=PREMIUM),
        ]
        assert [(404, "design_not_found")] * len(answers) == [error(a) for a in answers]
        assert design == client.get(path, headers=FREE).json()

    def test_the_list_is_a_page_of_summaries_newest_first(
        self, client: Client, container: Container
    ) -> None:
        """{items, total_count, has_more, current_page, total_pages}; no documents."""
        first = blank(client, name="First")
        container.clock().advance(timedelta(minutes=1))
        blank(client, name="Second")
        container.clock().advance(timedelta(minutes=1))
        put(client, first, flyer())
        page = client.get(URL, params={"size": 1}, headers=FREE).json()
        assert (2, True, 1, 2) == (
            page["total_count"],
            page["has_more"],
            page["current_page"],
            page["total_pages"],
        )
        assert ["First"] == [d["name"] for d in page["items"]]
        assert "document" not in page["items"][0]
        second = client.get(URL, params={"size": 1, "page": 2}, headers=FREE).json()
        assert ["Second"] == [d["name"] for d in second["items"]]

    def test_the_list_filters_by_day_and_name(self, client: Client) -> None:
        """from/to keep designs scheduled in range; search matches names."""
        for name, day in (("Easter", "2027-03-28"), ("Christmas", "2026-12-25"), ("Idea", None)):
            design = blank(client, name=name)
            if day:
                client.patch(f"{URL}/{design['id']}", json={"scheduled_for": day}, headers=FREE)

        def names(**params: str) -> list[str]:
            response = client.get(URL, params=params, headers=FREE)
            assert 200 == response.status_code, response.text
            return sorted(d["name"] for d in response.json()["items"])

        assert ["Christmas"] == names(**{"from": "2026-12-01", "to": "2026-12-31"})
        assert ["Easter"] == names(**{"from": "2027-01-01"})
        assert ["Christmas", "Easter", "Idea"] == names()
        assert ["Christmas"] == names(search="CHRIST")

    def test_the_list_keeps_designs_made_from_a_template(
        self, client: Client, container: Container, template: str
    ) -> None:
        """template_id with size=1 answers the caller's latest design from that template."""
        first = client.post(URL, json={"template_id": template}, headers=FREE).json()
        container.clock().advance(timedelta(minutes=1))
        second = client.post(URL, json={"template_id": template}, headers=FREE).json()
        blank(client, name="Idea")
        latest = client.get(URL, params={"template_id": template, "size": 1}, headers=FREE)
        assert 200 == latest.status_code, latest.text
        assert (2, [second["id"]]) == (
            latest.json()["total_count"],
            [d["id"] for d in latest.json()["items"]],
        )
        container.clock().advance(timedelta(minutes=1))
        put(client, first, flyer())
        again = client.get(URL, params={"template_id": template, "size": 1}, headers=FREE)
        assert [first["id"]] == [d["id"] for d in again.json()["items"]]

    @pytest.mark.parametrize(
        "params",
        [
            {"from": "2026-13-01"},
            {"to": "yesterday"},
            {"from": "2026-12-31", "to": "2026-12-01"},
            {"page": "0"},
            {"size": "101"},
            {"page": "two"},
        ],
    )
    def test_bad_query_values_are_400(self, client: Client, params: dict[str, str]) -> None:
        """Bad dates, an empty range and bad page numbers are 400 validation_failed."""
        assert (400, "validation_failed") == error(client.get(URL, params=params, headers=FREE))

    def test_unknown_ids_are_404(self, client: Client) -> None:
        """An id that was never made is design_not_found."""
        assert (404, "design_not_found") == error(client.get(f"{URL}/nope", headers=FREE))


class TestSaving:
    def test_a_save_answers_the_next_version(self, client: Client) -> None:
        """200 with version 2, ETag "2", the document and name stored."""
        design = blank(client)
        response = put(client, design, flyer(width=1080, height=1920), name="Story")
        assert 200 == response.status_code, response.text
        assert ('"2"', 2, "Story", "story") == (
            response.headers["etag"],
            response.json()["version"],
            response.json()["name"],
            response.json()["format"],
        )
        stored = client.get(f"{URL}/{design['id']}", headers=FREE).json()
        assert 1920 == stored["document"]["height"]
        timing = response.headers["server-timing"]
        assert timing.startswith("save;dur=")
        assert ", cpu;dur=" in timing

    def test_a_stale_save_is_a_conflict_with_the_current_version(self, client: Client) -> None:
        """Two saves from version 1: the second is 409 version_conflict with current_version
        2, and the first one's document stays."""
        design = blank(client)
        assert 200 == put(client, design, flyer(custom={"who": "tab 1"})).status_code
        stale = put(client, design, flyer(custom={"who": "tab 2"}))
        assert (409, "version_conflict") == error(stale)
        assert 2 == stale.json()["current_version"]
        stored = client.get(f"{URL}/{design['id']}", headers=FREE).json()
        assert {"who": "tab 1"} == stored["document"]["custom"]

    def test_a_save_without_if_match_is_428(self, client: Client) -> None:
        """428 precondition_required; nothing saved."""
        design = blank(client)
        response = client.put(f"{URL}/{design['id']}", json={"document": flyer()}, headers=FREE)
        assert (428, "precondition_required") == error(response)
        assert 1 == client.get(f"{URL}/{design['id']}", headers=FREE).json()["version"]

    @pytest.mark.parametrize("if_match", ["*", '"one"', "1,2", '"-1"'])
    def test_an_if_match_without_a_version_is_400(self, client: Client, if_match: str) -> None:
        """If-Match must name one version."""
        design = blank(client)
        response = client.put(
            f"{URL}/{design['id']}",
            json={"document": flyer()},
            headers={**FREE, "If-Match": if_match},
        )
        assert (400, "validation_failed") == error(response)

    def test_bad_documents_are_refused_and_nothing_changes(self, client: Client) -> None:
        """A wrong field type (400 naming document.<path>), too many elements (413
        limit_exceeded), malformed JSON, a missing or non-object document and unknown
        fields (400) leave the design at version 1."""
        design = blank(client)
        bad_type = flyer()
        bad_type["pages"][0]["children"][0]["fontSize"] = "large"
        typed = put(client, design, bad_type)
        assert (400, "validation_failed") == error(typed)
        assert "document.pages[0].children[0].fontSize" == typed.json()["issues"][0]["path"]
        assert (413, "limit_exceeded") == error(put(client, design, crowded(201)))
        assert (400, "validation_failed") == error(put(client, design, [1]))
        assert (400, "validation_failed") == error(put(client, design, flyer(), extra=1))
        path = f"{URL}/{design['id']}"
        headers = {**FREE, "If-Match": '"1"', "Content-Type": "application/json"}
        assert (400, "malformed_json") == error(
            client.put(path, content=b'{"document":', headers=headers)
        )
        assert (400, "validation_failed") == error(client.put(path, content=b"{}", headers=headers))
        assert 1 == client.get(path, headers=FREE).json()["version"]

    def test_an_oversized_body_is_413(self, client: Client) -> None:
        """A body over the document limit is refused unread."""
        design = blank(client)
        big = json.dumps({"document": flyer(custom={"x": "y" * MAX_DOCUMENT_BYTES})})
        response = client.put(
            f"{URL}/{design['id']}",
            content=big.encode(),
            headers={**FREE, "If-Match": '"1"', "Content-Type": "application/json"},
        )
        assert 413 == response.status_code
        assert response.json()["code"] in {"request_too_large", "limit_exceeded"}

    def test_a_two_hundred_element_document_saves(self, client: Client) -> None:
        """The element limit itself is accepted (the body is above the app-wide limit)."""
        design = blank(client)
        response = put(client, design, crowded(200))
        assert 200 == response.status_code, response.text


class TestDetails:
    def test_patch_renames_and_schedules_without_a_new_version(self, client: Client) -> None:
        """name and scheduled_for change; the version does not; null unschedules."""
        design = blank(client)
        path = f"{URL}/{design['id']}"
        changed = client.patch(
            path, json={"name": "Launch", "scheduled_for": "2026-12-24"}, headers=FREE
        )
        assert 200 == changed.status_code, changed.text
        assert ("Launch", "2026-12-24", 1) == (
            changed.json()["name"],
            changed.json()["scheduled_for"],
            changed.json()["version"],
        )
        cleared = client.patch(path, json={"scheduled_for": None}, headers=FREE).json()
        assert (None, "Launch") == (cleared["scheduled_for"], cleared["name"])

    def test_a_new_day_is_not_an_edit_but_a_new_name_is(
        self, client: Client, clock: FixedClock
    ) -> None:
        """Scheduling leaves ``updated_at`` (the newest-edit order) alone; renaming moves it."""
        design = blank(client, name="Flyer")
        path = f"{URL}/{design['id']}"
        clock.advance(timedelta(minutes=5))
        moved = client.patch(path, json={"scheduled_for": "2026-12-24"}, headers=FREE).json()
        assert design["updated_at"] == moved["updated_at"]
        clock.advance(timedelta(minutes=5))
        renamed = client.patch(path, json={"name": "Carol night"}, headers=FREE).json()
        assert design["updated_at"] < renamed["updated_at"]

    @pytest.mark.parametrize(
        "body",
        [
            {"scheduled_for": "24/12/2026"},
            {"scheduled_for": "2026-02-30"},
            {"name": ""},
            {"name": 5},
            {"colour": "red"},
        ],
    )
    def test_bad_details_are_400_and_change_nothing(
        self, client: Client, body: dict[str, Any]
    ) -> None:
        """Bad dates, names and unknown fields are refused."""
        design = blank(client, name="Kept")
        path = f"{URL}/{design['id']}"
        assert (400, "validation_failed") == error(client.patch(path, json=body, headers=FREE))
        assert ("Kept", None) == tuple(
            client.get(path, headers=FREE).json()[k] for k in ("name", "scheduled_for")
        )


class TestDeleting:
    def test_delete_then_restore_within_thirty_seconds(
        self, client: Client, container: Container
    ) -> None:
        """204, then 404 and absent from the list; restore within 30 s brings it back."""
        design = blank(client)
        path = f"{URL}/{design['id']}"
        assert 204 == client.delete(path, headers=FREE).status_code
        assert (404, "design_not_found") == error(client.get(path, headers=FREE))
        assert 0 == total(client)
        container.clock().advance(UNDO_DELETE - timedelta(seconds=1))
        restored = client.post(f"{path}/restore", headers=FREE)
        assert 200 == restored.status_code, restored.text
        assert design["document"] == client.get(path, headers=FREE).json()["document"]

    def test_after_thirty_seconds_it_is_gone(self, client: Client, container: Container) -> None:
        """Restore after the window is 404; a live design's restore is 409 not_deleted."""
        design = blank(client)
        path = f"{URL}/{design['id']}"
        assert (409, "not_deleted") == error(client.post(f"{path}/restore", headers=FREE))
        client.delete(path, headers=FREE)
        container.clock().advance(UNDO_DELETE)
        assert (404, "design_not_found") == error(client.post(f"{path}/restore", headers=FREE))
        assert 1 == container.designs().purge()


class TestCopiesAndVersions:
    def test_duplicate_is_a_new_design(self, client: Client) -> None:
        """201 with a new id, the same document and a "(copy)" name."""
        design = blank(client, name="Poster")
        response = client.post(f"{URL}/{design['id']}/duplicate", headers=FREE)
        assert 201 == response.status_code
        copy = response.json()
        assert (design["document"], "Poster (copy)", 1) == (
            copy["document"],
            copy["name"],
            copy["version"],
        )
        assert copy["id"] != design["id"]

    def test_versions_list_the_last_twenty_and_restore_one(self, client: Client) -> None:
        """After 22 saves the 20 newest are listed; restoring version 10 saves its document as
        version 24."""
        design = blank(client)
        current = design
        for n in range(22):
            current = put(client, current, flyer(custom={"n": n})).json()
        path = f"{URL}/{design['id']}"
        listed = client.get(f"{path}/versions", headers=FREE).json()
        assert list(range(23, 23 - KEPT_VERSIONS, -1)) == [v["version"] for v in listed]
        assert {"version", "saved_at"} == set(listed[0])
        restored = client.post(f"{path}/versions/10/restore", headers=FREE)
        assert 200 == restored.status_code, restored.text
        assert (24, {"n": 8}) == (restored.json()["version"], restored.json()["document"]["custom"])
        assert (404, "version_not_found") == error(
            client.post(f"{path}/versions/2/restore", headers=FREE)
        )
        stale = client.post(f"{path}/versions/10/restore", headers={**FREE, "If-Match": '"23"'})
        assert (409, "version_conflict") == error(stale)


class TestPreviews:
    def test_a_save_draws_a_400_px_preview(self, client: Client, container: Container) -> None:
        """After a save the preview is drawn off the request: the summary names its URL and
        the route serves a 400 px PNG to the owner alone."""
        design = blank(client)
        saved = put(client, design, flyer(width=800, height=1000)).json()
        assert container.designs().previews.drain(30)
        listed = client.get(URL, headers=FREE).json()["items"][0]
        assert f"/api/v1/designs/{design['id']}/preview?v=2" == listed["preview_url"]
        response = client.get(listed["preview_url"], headers=FREE)
        assert 200 == response.status_code
        assert (400, 500) == Image.open(io.BytesIO(response.content)).size
        assert saved["version"] == 2
        again = client.get(
            listed["preview_url"], headers={**FREE, "If-None-Match": response.headers["etag"]}
        )
        assert 304 == again.status_code
        stored = container.storage().list("designs", "u-free/previews/")
        assert [
            f"u-free/previews/{design['id']}-v2.png",
            f"u-free/previews/{design['id']}-v2.webp",
        ] == sorted(o.path for o in stored)

    def test_a_browser_naming_webp_gets_the_webp_copy(
        self, client: Client, container: Container
    ) -> None:
        """An Accept header naming image/webp gets the WebP preview, others (wildcards
        included) the PNG; both vary on Accept and revalidate with their own ETag."""
        design = blank(client)
        put(client, design, flyer(width=800, height=1000))
        assert container.designs().previews.drain(30)
        url = f"{URL}/{design['id']}/preview"
        browser = {**FREE, "Accept": BROWSER_IMAGE_ACCEPT}
        webp = client.get(url, headers=browser)
        png = client.get(url, headers={**FREE, "Accept": "image/*,*/*;q=0.8"})
        assert ("image/webp", "image/png") == (
            webp.headers["content-type"],
            png.headers["content-type"],
        )
        assert ("Accept", "Accept") == (webp.headers["vary"], png.headers["vary"])
        assert ("WEBP", (400, 500)) == (
            Image.open(io.BytesIO(webp.content)).format,
            Image.open(io.BytesIO(webp.content)).size,
        )
        assert "PNG" == Image.open(io.BytesIO(png.content)).format
        assert webp.headers["etag"] != png.headers["etag"]
        again = client.get(url, headers={**browser, "If-None-Match": webp.headers["etag"]})
        assert 304 == again.status_code

    def test_a_preview_without_a_webp_copy_is_served_as_png(
        self, client: Client, container: Container
    ) -> None:
        """A preview drawn before WebP copies were kept is the PNG, whatever the browser asks."""
        design = blank(client)
        put(client, design, flyer(width=800, height=1000))
        assert container.designs().previews.drain(30)
        assert container.storage().delete("designs", f"u-free/previews/{design['id']}-v2.webp")
        answer = client.get(
            f"{URL}/{design['id']}/preview", headers={**FREE, "Accept": BROWSER_IMAGE_ACCEPT}
        )
        assert (200, "image/png") == (answer.status_code, answer.headers["content-type"])


def red_png() -> bytes:
    """A 20 x 20 red PNG."""
    out = io.BytesIO()
    Image.new("RGB", (20, 20), (255, 0, 0)).save(out, format="PNG")
    return out.getvalue()


def with_image(source: str) -> dict[str, Any]:
    """A 100 x 100 white document with one image filling it."""
    return {
        "width": 100,
        "height": 100,
        "pages": [
            {
                "id": "p",
                "background": "white",
                "children": [
                    {
                        "id": "i",
                        "type": "image",
                        "x": 0,
                        "y": 0,
                        "width": 100,
                        "height": 100,
                        "src": source,
                    }
                ],
            }
        ],
    }


def centre(png: bytes) -> tuple[int, ...]:
    return tuple(Image.open(io.BytesIO(png)).convert("RGB").getpixel((50, 50)))


class TestExports:
    def test_the_owner_downloads_a_design_with_the_watermark_rule(
        self, client: Client, container: Container
    ) -> None:
        """design_id renders the saved document, named after the design; a free user's file
        carries the watermark, a premium user's does not."""
        free = blank(client, name="Harvest Thanksgiving")
        premium = blank(client, PREMIUM)
        a = client.post(
            "/api/v1/exports", json={"design_id": free["id"], "format": "png"}, headers=FREE
        )
        b = client.post(
            "/api/v1/exports", json={"design_id": premium["id"], "format": "png"}, headers=PREMIUM
        )
        assert (200, "true") == (a.status_code, a.headers["x-export-watermark"])
        assert "harvest-thanksgiving" in a.headers["content-disposition"]
        assert (1080, 1080) == Image.open(io.BytesIO(a.content)).size
        assert (200, "false") == (b.status_code, b.headers["x-export-watermark"])

    def test_another_users_design_is_not_found(self, client: Client) -> None:
        """Someone else's design id is 404 design_not_found, as an unknown one."""
        design = blank(client)
        response = client.post(
            "/api/v1/exports", json={"design_id": design["id"], "format": "png"}, headers=PREMIUM
        )
        assert (404, "design_not_found") == error(response)

    def test_private_images_are_drawn_for_their_owner_only(
        self, client: Client, container: Container
    ) -> None:
        """An image in the owner's folder of the private bucket is drawn into the owner's
        download; the same reference in another user's design draws nothing."""
        container.storage().put("designs", "u-free/photo.png", red_png(), "image/png")
        source = "/storage/v1/object/authenticated/designs/u-free/photo.png"
        mine = blank(client)
        theirs = blank(client, PREMIUM)
        put(client, mine, with_image(source))
        client.put(
            f"{URL}/{theirs['id']}",
            json={"document": with_image(source)},
            headers={**PREMIUM, "If-Match": '"1"'},
        )
        own = client.post(
            "/api/v1/exports",
            json={"design_id": mine["id"], "format": "png", "spend_credit": False},
            headers=FREE,
        )
        other = client.post(
            "/api/v1/exports", json={"design_id": theirs["id"], "format": "png"}, headers=PREMIUM
        )
        assert 200 == own.status_code, own.text
        red, green, _ = centre(own.content)
        assert red > 200
        assert green < 120
        assert (255, 255, 255) == centre(other.content)


class TestOwnObjects:
    def test_the_owner_reads_their_private_image_and_nobody_else_does(
        self, client: Client, container: Container
    ) -> None:
        """/storage/v1/object/authenticated/… serves the caller's own object (304 on its
        ETag); another user's is 404, a visitor 401, and the public route still hides it."""
        container.storage().put("designs", "u-free/photo.png", red_png(), "image/png")
        url = "/storage/v1/object/authenticated/designs/u-free/photo.png"
        mine = client.get(url, headers=FREE)
        assert (200, "image/png", "private, no-cache") == (
            mine.status_code,
            mine.headers["content-type"],
            mine.headers["cache-control"],
        )
        assert red_png() == mine.content
        again = client.get(url, headers={**FREE, "If-None-Match": mine.headers["etag"]})
        assert 304 == again.status_code
        assert 404 == client.get(url, headers=PREMIUM).status_code
        assert (401, "sign_in_required") == error(client.get(url))
        public = client.get("/storage/v1/object/public/designs/u-free/photo.png")
        assert 404 == public.status_code
        missing = client.get(
            "/storage/v1/object/authenticated/designs/u-free/none.png", headers=FREE
        )
        assert 404 == missing.status_code
