"""Provider sign-ins in progress in ``flow_states`` (migration 0006).

Every server process sees every flow: the browser may come back from the provider to another
worker than the one that sent it there. Each take is one ``DELETE … RETURNING``, so a state or
an auth code is used at most once even when two requests race for it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from designcore.adapters.sqlalchemy.mapping import utc
from designcore.adapters.sqlalchemy.tables import Base
from designcore.domain.accounts import FLOW_STATE_LIFETIME, CodeChallengeMethod, FlowState


class FlowStateRow(Base):
    """``flow_states``."""

    __tablename__ = "flow_states"

    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True)
    provider: Mapped[str] = mapped_column(sa.Text)
    state_hash: Mapped[str] = mapped_column(sa.String(64), index=True)
    provider_verifier: Mapped[str] = mapped_column(sa.Text)
    redirect_to: Mapped[str] = mapped_column(sa.Text)
    code_challenge: Mapped[str | None] = mapped_column(sa.Text)
    code_challenge_method: Mapped[str | None] = mapped_column(sa.String(8))
    linking_user_id: Mapped[str | None] = mapped_column(sa.String(36))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), index=True)
    auth_code_hash: Mapped[str | None] = mapped_column(sa.String(64), unique=True)
    user_id: Mapped[str | None] = mapped_column(sa.String(36))
    authentication_method: Mapped[str] = mapped_column(sa.String(16))
    provider_access_token: Mapped[str | None] = mapped_column(sa.Text)
    provider_refresh_token: Mapped[str | None] = mapped_column(sa.Text)


FLOW_STATES = cast(sa.Table, FlowStateRow.__table__)
_F = FLOW_STATES.c


def _values(flow: FlowState) -> dict[str, Any]:
    return {
        "id": flow.id,
        "provider": flow.provider,
        "state_hash": flow.state_hash,
        "provider_verifier": flow.provider_verifier,
        "redirect_to": flow.redirect_to,
        "code_challenge": flow.code_challenge,
        "code_challenge_method": flow.code_challenge_method,
        "linking_user_id": flow.linking_user_id,
        "created_at": utc(flow.created_at),
        "auth_code_hash": flow.auth_code_hash,
        "user_id": flow.user_id,
        "authentication_method": flow.authentication_method,
        "provider_access_token": flow.provider_access_token,
        "provider_refresh_token": flow.provider_refresh_token,
    }


def _flow(row: sa.RowMapping) -> FlowState:
    method = row["code_challenge_method"]
    return FlowState(
        id=row["id"],
        provider=row["provider"],
        state_hash=row["state_hash"],
        provider_verifier=row["provider_verifier"],
        redirect_to=row["redirect_to"],
        code_challenge=row["code_challenge"],
        code_challenge_method=cast(CodeChallengeMethod, method) if method else None,
        linking_user_id=row["linking_user_id"],
        created_at=utc(row["created_at"]),
        auth_code_hash=row["auth_code_hash"],
        user_id=row["user_id"],
        authentication_method=row["authentication_method"],
        provider_access_token=row["provider_access_token"],
        provider_refresh_token=row["provider_refresh_token"],
    )


class SqlAlchemyFlowStateStore:
    """The ``FlowStateStore`` port over ``flow_states``."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def add(self, flow: FlowState) -> None:
        """Store a flow, replacing one with the same id; flows abandoned long before it are
        deleted on the way (sign-ins nobody finished do not pile up)."""
        horizon = utc(flow.created_at - 2 * FLOW_STATE_LIFETIME)
        with self._engine.begin() as conn:
            conn.execute(sa.delete(FLOW_STATES).where(_F.created_at < horizon))
            conn.execute(sa.delete(FLOW_STATES).where(_F.id == flow.id))
            conn.execute(sa.insert(FLOW_STATES).values(_values(flow)))

    def take_by_state(self, state_hash: str) -> FlowState | None:
        """Remove and answer the flow waiting for the provider with this state hash."""
        return self._take(_F.state_hash == state_hash, _F.auth_code_hash.is_(None))

    def take_by_auth_code(self, auth_code_hash: str) -> FlowState | None:
        """Remove and answer the flow whose auth code has this hash."""
        return self._take(_F.auth_code_hash == auth_code_hash)

    def _take(self, *conditions: sa.ColumnElement[bool]) -> FlowState | None:
        with self._engine.begin() as conn:
            found = conn.execute(
                sa.select(_F.id).where(*conditions).order_by(_F.created_at).limit(1)
            ).scalar_one_or_none()
            if found is None:
                return None
            row = (
                conn.execute(sa.delete(FLOW_STATES).where(_F.id == found).returning(*FLOW_STATES.c))
                .mappings()
                .first()
            )
        return None if row is None else _flow(row)
