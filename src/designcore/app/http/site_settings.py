"""``/api/v1/site-settings``: the public site settings and their admin changes."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
from litestar import Controller, MediaType, Request, Response, get, put
from litestar.di import NamedDependency
from litestar.openapi import ResponseSpec
from litestar.params import FromPath

from designcore.app.http.bodies import json_body
from designcore.app.http.dependencies import Me
from designcore.app.http.schemas import (
    SettingChangeOut,
    SettingChangePageOut,
    SettingIn,
    SettingOut,
    SettingRecordOut,
    SettingsOut,
    page_fields,
)
from designcore.app.http.templates import Page as PageNumber
from designcore.app.http.templates import Size as PageSize
from designcore.app.services import SiteSettingsService
from designcore.domain.pagination import DEFAULT_PAGE_SIZE, PageRequest

SETTING_MAX_AGE = 300
"""Seconds a client may cache a site setting (spec: 5 minutes)."""


class SiteSettingsController(Controller):
    """``/api/v1/site-settings``."""

    path = "/api/v1/site-settings"
    tags = ["settings"]

    @get(
        "/",
        operation_id="listSiteSettings",
        sync_to_thread=True,
        responses={
            200: ResponseSpec(
                SettingsOut, generate_examples=False, description="Every setting, with an ETag"
            ),
            304: ResponseSpec(
                None, generate_examples=False, description="Not modified since the ETag sent"
            ),
        },
    )
    def list_settings(
        self, site_settings: NamedDependency[SiteSettingsService], request: Request[Any, Any, Any]
    ) -> Response[bytes]:
        """Every setting the product knows, stored or default, with who changed it last.

        The web app keeps it five minutes (its own cache) and reads it again right after an
        admin's change, so the browser must not answer from its HTTP cache: ``no-cache`` with
        an ETag, and 304 when nothing changed."""
        body = msgspec.json.encode(
            SettingsOut(settings=[SettingRecordOut.of(s) for s in site_settings.all()])
        )
        etag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
        headers = {"Cache-Control": "no-cache", "ETag": etag}
        if etag in request.headers.get("if-none-match", ""):
            return Response(b"", status_code=304, headers=headers)
        return Response(body, media_type=MediaType.JSON, headers=headers)

    @get("/changes", operation_id="listSiteSettingChanges", sync_to_thread=True)
    def changes(
        self,
        site_settings: NamedDependency[SiteSettingsService],
        viewer: Me,
        page: PageNumber = 1,
        size: PageSize = DEFAULT_PAGE_SIZE,
    ) -> SettingChangePageOut:
        """Who changed which setting from what to what, newest first (administrators only)."""
        found = site_settings.changes(PageRequest(page, size), by=viewer)
        return SettingChangePageOut(
            items=[SettingChangeOut.of(c) for c in found.items], **page_fields(found)
        )

    @get("/{key:str}", operation_id="getSiteSetting", sync_to_thread=True)
    def get_setting(
        self, site_settings: NamedDependency[SiteSettingsService], key: FromPath[str]
    ) -> Response[SettingOut]:
        """A site setting; clients may cache it for five minutes."""
        return Response(
            SettingOut.of(site_settings.get(key)),
            headers={"Cache-Control": f"public, max-age={SETTING_MAX_AGE}"},
        )

    @put(
        "/{key:str}",
        operation_id="setSiteSetting",
        sync_to_thread=True,
        dependencies={"setting": json_body(SettingIn)},
    )
    def set_setting(
        self,
        site_settings: NamedDependency[SiteSettingsService],
        viewer: Me,
        key: FromPath[str],
        setting: NamedDependency[SettingIn],
    ) -> SettingOut:
        """Change a site setting (administrators only)."""
        return SettingOut.of(site_settings.set(key, setting.setting_value, by=viewer))
