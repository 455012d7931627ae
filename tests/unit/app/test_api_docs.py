"""The API document declares the error answers once and on every operation."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from litestar.testing import TestClient

from designcore.app.cli import main
from designcore.app.http.api_docs import ERROR_STATUSES, NUL_FREE
from designcore.app.services.auth.links import LINK_KINDS
from designcore.domain.accounts import EMAIL


def _operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (path, method, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "responses" in operation
    ]


class TestApiDocument:
    def test_every_operation_declares_every_error_status_with_the_error_body(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """Each operation lists every status of the error mapping, each pointing at the shared
        error response: ``Error`` under ``/api``, GoTrue's ``AuthError`` under ``/auth/v1``."""
        document = client.get("/schema/openapi.json").json()
        wrong = []
        for path, method, operation in _operations(document):
            schema = "AuthError" if path.startswith("/auth/v1") else "Error"
            for status in ERROR_STATUSES:
                declared = operation["responses"].get(str(status), {}).get("$ref")
                if declared != f"#/components/responses/{schema}{status}":
                    wrong.append(f"{method.upper()} {path} {status}: {declared}")

        assert [] == wrong
        assert len(_operations(document)) > 80

    def test_the_error_body_is_one_component(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """``Error`` is ``{status, code, message, issues?}`` and the 400 response carries it
        (not the framework's ``{status_code, detail, extra}``)."""
        document = client.get("/schema/openapi.json").json()
        error = document["components"]["schemas"]["Error"]
        bad_request = document["components"]["responses"]["Error400"]

        assert ["status", "code", "message"] == error["required"]
        assert {"status", "code", "message", "issues"} == set(error["properties"])
        assert {"$ref": "#/components/schemas/Error"} == bad_request["content"]["application/json"][
            "schema"
        ]

    @pytest.mark.parametrize(
        ("path", "expected"),
        [
            ("/api/v1/site-settings", {"$ref": "#/components/schemas/schemas_SettingsOut"}),
            ("/fonts/fonts.json", {"additionalProperties": {}, "type": "object"}),
        ],
    )
    def test_json_answers_sent_as_bytes_are_documented_as_json(
        self,
        client: TestClient,  # type: ignore[type-arg]
        path: str,
        expected: dict[str, Any],
    ) -> None:
        """Routes that encode their own JSON (for an ETag) document its shape, not a string."""
        document = client.get("/schema/openapi.json").json()
        ok = document["paths"][path]["get"]["responses"]["200"]

        assert expected == ok["content"]["application/json"]["schema"]

    def test_the_page_limits_are_documented(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """``page`` and ``size`` of a listing carry the limits ``PageRequest`` enforces."""
        document = client.get("/schema/openapi.json").json()
        parameters = {
            p["name"]: p["schema"]
            for p in document["paths"]["/api/v1/templates"]["get"]["parameters"]
        }

        assert (1, 1_000_000) == (parameters["page"]["minimum"], parameters["page"]["maximum"])
        assert (1, 100) == (parameters["size"]["minimum"], parameters["size"]["maximum"])

    def test_strings_clients_send_are_declared_free_of_nul(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """A string parameter carries the NUL-free pattern the edge enforces, as one that has
        a pattern of its own keeps it beside the NUL-free one."""
        document = client.get("/schema/openapi.json").json()
        search = {
            p["name"]: p["schema"]
            for p in document["paths"]["/api/v1/templates/search"]["get"]["parameters"]
        }
        unpatterned = [
            f"{method.upper()} {path} {parameter['name']}"
            for path, method, operation in _operations(document)
            for parameter in operation.get("parameters", [])
            if parameter["schema"].get("type") == "string"
            and "pattern" not in parameter["schema"]
            and "enum" not in parameter["schema"]
        ]

        assert [{"pattern": NUL_FREE}] == search["q"]["allOf"]  # beside its not-blank pattern
        assert [] == unpatterned

    def test_free_form_objects_clients_send_are_declared_free_of_nul(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """User metadata, a webhook's data and a body that ignores unknown fields take any
        JSON but no NUL character in a key or a string (``NulFreeJson``, recursively)."""
        document = client.get("/schema/openapi.json").json()
        schemas = document["components"]["schemas"]
        nul_free = {"$ref": "#/components/schemas/NulFreeJson"}
        webhook = document["paths"]["/api/v1/webhooks/paystack"]["post"]["requestBody"]
        data = webhook["content"]["application/json"]["schema"]["properties"]["data"]

        assert (
            nul_free
            == schemas["UserUpdateIn"]["properties"]["data"]["oneOf"][0]["additionalProperties"]
        )
        assert nul_free == data["additionalProperties"]
        assert {"pattern": NUL_FREE} == data["propertyNames"]
        assert nul_free == schemas["ChallengeIn"]["additionalProperties"]
        assert nul_free == schemas["NulFreeJson"]["items"]
        assert nul_free == schemas["NulFreeJson"]["additionalProperties"]
        assert NUL_FREE == schemas["NulFreeJson"]["pattern"]

    def test_fields_of_any_value_clients_send_are_declared_free_of_nul(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """A site setting's value (any JSON) holds no NUL character either (``NulFreeJson``):
        the edge refuses one anywhere in a body."""
        schemas = client.get("/schema/openapi.json").json()["components"]["schemas"]

        assert {"$ref": "#/components/schemas/NulFreeJson"} == schemas["SettingIn"]["properties"][
            "setting_value"
        ]

    def test_routes_that_answer_files_state_their_media_types(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """Exports, logo files, previews and stored objects answer binary files of the media
        types they send, not the framework's JSON string."""
        paths = client.get("/schema/openapi.json").json()["paths"]

        def answered(path: str, method: str) -> set[str]:
            return set(paths[path][method]["responses"]["200"]["content"])

        assert {
            "image/png",
            "image/jpeg",
            "application/pdf",
            "image/svg+xml",
            "application/zip",
        } == answered("/api/v1/exports", "post")
        assert {"image/png", "image/svg+xml"} == answered("/api/v1/logo-maker/exports", "post")
        assert {"image/png", "image/webp"} == answered("/api/v1/designs/{design_id}/preview", "get")
        assert {"image/*"} == answered("/storage/v1/render/image/public/{bucket}/{path}", "get")
        assert {"*/*"} == answered("/storage/v1/object/public/{bucket}/{path}", "get")
        export = paths["/api/v1/exports"]["post"]["responses"]["200"]["content"]["image/png"]
        assert {"type": "string", "format": "binary"} == export["schema"]

    def test_a_search_term_is_declared_not_blank(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """``q`` of a search holds something besides white space (a blank term is 400)."""
        search = client.get("/schema/openapi.json").json()["paths"]["/api/v1/templates/search"]
        q = next(p for p in search["get"]["parameters"] if p["name"] == "q")

        assert re.search(q["schema"]["pattern"], "\t\u3000") is None
        assert re.search(q["schema"]["pattern"], " eko ") is not None
        assert (400, "validation_failed") == (
            (answer := client.get("/api/v1/templates/search", params={"q": "\t\t"})).status_code,
            answer.json()["code"],
        )

    def test_bodies_state_the_fields_their_handlers_need_and_check(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """What a handler refuses beyond the decoder is in the document: needed fields are
        required and not null, checked text carries its rule, a PKCE pair goes together, and
        ``verify`` needs ``token_hash`` or ``token``."""
        schemas = client.get("/schema/openapi.json").json()["components"]["schemas"]
        recover = schemas["RecoverIn"]
        verify = schemas["auth_schemas_VerifyIn"]

        assert ["email"] == recover["required"]
        assert "string" == recover["properties"]["email"]["type"]
        assert EMAIL.pattern == recover["properties"]["email"]["pattern"]
        assert {"code_challenge": ["code_challenge_method"]}.items() <= recover[
            "dependentRequired"
        ].items()
        assert 43 == recover["properties"]["code_challenge"]["minLength"]
        assert ["email", "type"] == schemas["ResendIn"]["required"]
        assert ["signup"] == schemas["ResendIn"]["properties"]["type"]["enum"]
        assert [["token_hash"], ["token"]] == [
            group["required"] for group in verify["allOf"][0]["anyOf"]
        ]
        assert sorted(LINK_KINDS) == verify["properties"]["type"]["enum"]
        assert 6 == schemas["UserUpdateIn"]["properties"]["password"]["oneOf"][0]["minLength"]

    def test_payment_bodies_state_the_price_and_the_reference_shape(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """``create-premium-upgrade`` must ask for the plan's price and ``verify`` must send a
        reference of our shape; both bodies refuse other fields (the two ``VerifyIn`` structs
        share a title but not their fields)."""
        schemas = client.get("/schema/openapi.json").json()["components"]["schemas"]
        upgrade = schemas["UpgradeIn"]
        verify = schemas["payments_VerifyIn"]

        assert ["amount"] == upgrade["required"]
        assert {"type": "integer", "enum": [150_000]}.items() <= upgrade["properties"][
            "amount"
        ].items()
        assert ["NGN"] == upgrade["properties"]["currency"]["enum"]
        assert re.fullmatch(verify["properties"]["reference"]["pattern"], "txn-1700000000000-ab12")
        assert not re.fullmatch(verify["properties"]["reference"]["pattern"], "txn-1-ab12")
        assert False is verify["additionalProperties"]

    def test_export_and_logo_bodies_state_the_domain_rules(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """An export names a format, a pixel ratio or DPI in range (not both), distinct pages
        and a paper only for PDF; a brand kit needs a name and takes at most two ``#rrggbb``
        colours; renamed structs that refuse unknown fields are closed under their encoded
        names."""
        schemas = client.get("/schema/openapi.json").json()["components"]["schemas"]
        export = schemas["ExportIn"]
        kit = schemas["LogoExportIn"]

        assert ["png", "jpeg", "pdf", "svg"] == export["properties"]["format"]["enum"]
        assert {"minimum": 0.1, "maximum": 10.0}.items() <= export["properties"]["pixel_ratio"][
            "oneOf"
        ][0].items()
        pages = export["properties"]["pages"]["oneOf"][0]
        assert (True, 1, 0) == (pages["uniqueItems"], pages["minItems"], pages["items"]["minimum"])
        formats, ratio_or_dpi = export["allOf"][-2:]
        assert [["png", "jpeg", "svg"], ["pdf"]] == [
            choice["properties"]["format"]["enum"] for choice in formats["oneOf"]
        ]
        assert [["pixel_ratio"], ["dpi"]] == [list(c["properties"]) for c in ratio_or_dpi["anyOf"]]
        assert False is export["additionalProperties"]
        assert "brand_name" in kit["required"]
        assert 40 == kit["properties"]["brand_name"]["maxLength"]
        assert 2 == kit["properties"]["colors"]["oneOf"][0]["maxItems"]
        assert ["png", "svg"] == kit["properties"]["format"]["enum"]
        assert False is kit["additionalProperties"]

    def test_a_method_not_declared_answers_405_allowing_exactly_the_declared_ones(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """On every documented path, each method the document does not declare answers 405
        with an ``Allow`` header naming the declared methods (HEAD and OPTIONS aside)."""
        document = client.get("/schema/openapi.json").json()
        methods = ("get", "put", "post", "delete", "patch")
        wrong = []
        for path, item in document["paths"].items():
            declared = {method.upper() for method in item if method in methods}
            concrete = path.replace("{", "x").replace("}", "")
            for method in methods:
                if method.upper() in declared:
                    continue
                answer = client.request(method.upper(), concrete)
                allowed = {m.strip() for m in answer.headers.get("allow", "").split(",")}
                if answer.status_code != 405 or allowed - {"HEAD", "OPTIONS", ""} != declared:
                    wrong.append(f"{method.upper()} {path}: {answer.status_code} {allowed}")

        assert [] == wrong


class TestBodiesReadStrictly:
    @pytest.mark.parametrize(
        ("path", "method", "struct"),
        [
            ("/api/v1/designs", "post", "DesignCreateIn"),
            ("/api/v1/designs/{design_id}", "put", "DesignSaveIn"),
            ("/api/v1/designs/{design_id}", "patch", "DesignPatchIn"),
            ("/api/v1/exports", "post", "ExportIn"),
        ],
    )
    def test_a_body_read_by_json_body_is_documented(
        self,
        client: TestClient,  # type: ignore[type-arg]
        path: str,
        method: str,
        struct: str,
    ) -> None:
        """A body read as a dependency (``json_body``) is in the document, required, with its
        struct's schema (the framework documents only its own ``data`` bodies)."""
        document = client.get("/schema/openapi.json").json()
        body = document["paths"][path][method]["requestBody"]

        assert True is body["required"]
        assert {"$ref": f"#/components/schemas/{struct}"} == body["content"]["application/json"][
            "schema"
        ]
        assert struct in document["components"]["schemas"]

    def test_exactly_one_source_is_stated(
        self,
        client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """A new design comes from a template or a blank page, never both or neither: oneOf
        alternatives each requiring one of them, present and not null."""
        schemas = client.get("/schema/openapi.json").json()["components"]["schemas"]
        one_of = schemas["DesignCreateIn"]["oneOf"]

        assert [["template_id"], ["blank"]] == [option["required"] for option in one_of]
        assert {"$ref": "#/components/schemas/BlankIn"} == one_of[1]["properties"]["blank"]
        assert {"type": "integer", "minimum": 1, "maximum": 10_000} == {
            key: schemas["BlankIn"]["properties"]["width"][key]
            for key in ("type", "minimum", "maximum")
        }


class TestOpenApiCommand:
    def test_prints_the_document_the_server_serves(
        self,
        client: TestClient,  # type: ignore[type-arg]
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        """``designcore openapi`` prints the same operations and components as
        ``/schema/openapi.json``."""
        served = client.get("/schema/openapi.json").json()

        assert 0 == main(["openapi"])
        printed = json.loads(capsys.readouterr().out)

        assert sorted(served["paths"]) == sorted(printed["paths"])
        assert served["components"] == printed["components"]
