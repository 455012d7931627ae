"""Conversion between the Auth API's JSON and the domain's session types, at the edge.

The JSON is the API's own shape (session = ``{access_token, token_type, expires_in, expires_at,
refresh_token, user}``), which is also what the client stores, so a stored session reads like an
answer from the service.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from designcore.client.errors import AuthInvalidTokenResponseError, AuthUnknownError
from designcore.domain.auth_session import (
    AuthUser,
    Factor,
    FactorStatus,
    FactorType,
    Identity,
    Session,
    expires_at_from,
)
from designcore.domain.errors import ValidationFailed

JsonObject = Mapping[str, Any]
"""A decoded JSON object."""


def _time(value: object) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def _time_json(value: datetime | None) -> str | None:
    if value is None:
        return None
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _str(data: JsonObject, key: str, default: str | None = None) -> str | None:
    value = data.get(key, default)
    return value if isinstance(value, str) else default


def _required_str(data: JsonObject, key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise KeyError(key)
    return value


def _mapping(value: object) -> dict[str, Any]:
    return dict(value) if isinstance(value, Mapping) else {}


def factor_from_json(data: JsonObject) -> Factor:
    """A factor from the API's ``{id, factor_type, status, friendly_name, …}``."""
    return Factor(
        id=_required_str(data, "id"),
        factor_type=FactorType(data.get("factor_type") or data.get("type")),
        status=FactorStatus(data.get("status", FactorStatus.UNVERIFIED.value)),
        friendly_name=_str(data, "friendly_name"),
        phone=_str(data, "phone") or None,
        created_at=_time(data.get("created_at")),
        updated_at=_time(data.get("updated_at")),
    )


def factor_to_json(factor: Factor) -> dict[str, Any]:
    """The API's JSON for a factor."""
    return {
        "id": factor.id,
        "factor_type": factor.factor_type.value,
        "status": factor.status.value,
        "friendly_name": factor.friendly_name,
        "phone": factor.phone,
        "created_at": _time_json(factor.created_at),
        "updated_at": _time_json(factor.updated_at),
    }


def identity_from_json(data: JsonObject) -> Identity:
    """An identity from the API's JSON."""
    return Identity(
        identity_id=_str(data, "identity_id") or _required_str(data, "id"),
        id=_required_str(data, "id"),
        user_id=_required_str(data, "user_id"),
        provider=_required_str(data, "provider"),
        identity_data=_mapping(data.get("identity_data")),
        created_at=_time(data.get("created_at")),
        last_sign_in_at=_time(data.get("last_sign_in_at")),
        updated_at=_time(data.get("updated_at")),
    )


def identity_to_json(identity: Identity) -> dict[str, Any]:
    """The API's JSON for an identity."""
    return {
        "identity_id": identity.identity_id,
        "id": identity.id,
        "user_id": identity.user_id,
        "provider": identity.provider,
        "identity_data": dict(identity.identity_data),
        "created_at": _time_json(identity.created_at),
        "last_sign_in_at": _time_json(identity.last_sign_in_at),
        "updated_at": _time_json(identity.updated_at),
    }


def user_from_json(data: object) -> AuthUser:
    """A user from the API's JSON; raises :class:`AuthUnknownError` when it is not one."""
    try:
        if not isinstance(data, Mapping):
            raise TypeError("not a JSON object")
        return AuthUser(
            id=_required_str(data, "id"),
            aud=_str(data, "aud", "authenticated") or "",
            role=_str(data, "role", "authenticated") or "",
            email=_str(data, "email") or None,
            email_confirmed_at=_time(data.get("email_confirmed_at")),
            phone=_str(data, "phone", "") or "",
            app_metadata=_mapping(data.get("app_metadata")),
            user_metadata=_mapping(data.get("user_metadata")),
            identities=tuple(identity_from_json(i) for i in data.get("identities") or ()),
            factors=tuple(factor_from_json(f) for f in data.get("factors") or ()),
            created_at=_time(data.get("created_at")),
            updated_at=_time(data.get("updated_at")),
            last_sign_in_at=_time(data.get("last_sign_in_at")),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise AuthUnknownError(
            f"the auth service answered a user this client cannot read: {exc!r}"
        ) from exc


def user_to_json(user: AuthUser) -> dict[str, Any]:
    """The API's JSON for a user."""
    return {
        "id": user.id,
        "aud": user.aud,
        "role": user.role,
        "email": user.email,
        "email_confirmed_at": _time_json(user.email_confirmed_at),
        "phone": user.phone,
        "app_metadata": dict(user.app_metadata),
        "user_metadata": dict(user.user_metadata),
        "identities": [identity_to_json(i) for i in user.identities],
        "factors": [factor_to_json(f) for f in user.factors],
        "created_at": _time_json(user.created_at),
        "updated_at": _time_json(user.updated_at),
        "last_sign_in_at": _time_json(user.last_sign_in_at),
    }


def has_session(data: object) -> bool:
    """Whether an answer carries a session (auth-js ``hasSession``): an access token, a refresh
    token and a lifetime."""
    return (
        isinstance(data, Mapping)
        and bool(data.get("access_token"))
        and bool(data.get("refresh_token"))
        and bool(data.get("expires_in"))
    )


def session_from_json(data: object, now: datetime) -> Session:
    """A session from an answer or from storage; ``expires_at`` is computed from ``now`` when
    the answer lacks it. Raises :class:`AuthInvalidTokenResponseError` when it is not one."""
    if not has_session(data) or not isinstance(data, Mapping):
        raise AuthInvalidTokenResponseError()
    user = data.get("user")
    if not isinstance(user, Mapping):
        raise AuthInvalidTokenResponseError()
    try:
        expires_in = int(data["expires_in"])
        expires_at = data.get("expires_at")
        return Session(
            access_token=str(data["access_token"]),
            refresh_token=str(data["refresh_token"]),
            expires_in=expires_in,
            expires_at=(
                int(expires_at) if expires_at is not None else expires_at_from(expires_in, now)
            ),
            token_type=str(data.get("token_type") or "bearer"),
            user=user_from_json(user),
        )
    except (TypeError, ValueError, ValidationFailed) as exc:
        raise AuthInvalidTokenResponseError() from exc


def session_to_json(session: Session) -> dict[str, Any]:
    """The API's JSON for a session, as stored."""
    return {
        "access_token": session.access_token,
        "token_type": session.token_type,
        "expires_in": session.expires_in,
        "expires_at": session.expires_at,
        "refresh_token": session.refresh_token,
        "user": user_to_json(session.user),
    }
