"""Profiles, referrals and the referral-code RPC under ``/api/v1``."""

from __future__ import annotations

from datetime import datetime

import msgspec
from litestar import Controller, MediaType, Response, get, patch, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from designcore.app.http.bodies import json_body
from designcore.app.http.dependencies import Me
from designcore.app.http.field_rules import TimeZoneName
from designcore.app.services.profiles import ProfileService, ProfileView
from designcore.domain.profiles import Referral

Profiles = NamedDependency[ProfileService]


class ProfileOut(msgspec.Struct, kw_only=True):
    """The caller's profile (all columns) and credits balance."""

    id: str
    email: str
    first_name: str
    last_name: str
    subscription_status: str | None
    subscription_plan: str | None
    user_role: str | None
    username: str | None
    avatar: str | None
    referral_code: str
    time_zone: str
    """The IANA zone the calendar is in (Africa/Lagos unless the user chose another)."""
    credits: int
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, view: ProfileView) -> ProfileOut:
        """From the service."""
        p = view.profile
        return cls(
            id=p.id,
            email=p.email,
            first_name=p.first_name,
            last_name=p.last_name,
            subscription_status=p.subscription_status,
            subscription_plan=p.subscription_plan,
            user_role=p.user_role,
            username=p.username,
            avatar=p.avatar,
            referral_code=p.referral_code,
            time_zone=p.time_zone,
            credits=view.credits,
            created_at=p.created_at,
            updated_at=p.updated_at,
        )


class ProfileSettingsIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``{time_zone}``: the settings a user changes on the Account page."""

    time_zone: TimeZoneName


class ReferralOut(msgspec.Struct, kw_only=True):
    """One referral."""

    id: str
    referrer_id: str
    status: str
    credits_awarded: int
    created_at: datetime

    @classmethod
    def of(cls, referral: Referral) -> ReferralOut:
        """From the domain."""
        return cls(
            id=referral.id,
            referrer_id=referral.referrer_id,
            status=referral.status.value,
            credits_awarded=referral.credits_awarded,
            created_at=referral.created_at,
        )


class ReferralCodeIn(msgspec.Struct, forbid_unknown_fields=True):
    """``{user_id_param}``."""

    user_id_param: str


class AccountController(Controller):
    """``/api/v1``: the signed-in user's own data."""

    path = "/api/v1"
    tags = ["accounts"]

    @get("/profiles/me", operation_id="myProfile", sync_to_thread=True)
    def me(self, profiles: Profiles, viewer: Me) -> ProfileOut:
        """The caller's profile with the credits balance from the ledger."""
        return ProfileOut.of(profiles.me(viewer))

    @patch(
        "/profiles/me",
        operation_id="updateMyProfile",
        sync_to_thread=True,
        dependencies={"settings": json_body(ProfileSettingsIn)},
    )
    def update_me(
        self, profiles: Profiles, viewer: Me, settings: NamedDependency[ProfileSettingsIn]
    ) -> ProfileOut:
        """Save the caller's settings: ``{time_zone}``, an IANA name such as
        ``Africa/Lagos`` (the calendar's today and weeks). 400 naming ``time_zone`` for an
        unknown zone, 401 signed out."""
        return ProfileOut.of(profiles.set_time_zone(viewer, settings.time_zone))

    @get("/referrals", operation_id="myReferrals", sync_to_thread=True)
    def referrals(self, profiles: Profiles, viewer: Me) -> list[ReferralOut]:
        """The caller's referrals, newest first."""
        return [ReferralOut.of(r) for r in profiles.referrals(viewer)]

    @post(
        "/rpc/get_user_referral_code",
        operation_id="getUserReferralCode",
        status_code=200,
        media_type=MediaType.JSON,
        sync_to_thread=True,
    )
    def referral_code(
        self, profiles: Profiles, viewer: Me, data: JSONBody[ReferralCodeIn]
    ) -> Response[bytes]:
        """The caller's own referral code as a JSON string (another user's id is refused).
        An RPC in PostgREST's shape, so its body is Litestar's lenient ``data``
        (``app/http/bodies.py``)."""
        code = profiles.referral_code(viewer, data.user_id_param)
        return Response(msgspec.json.encode(code), media_type=MediaType.JSON)
