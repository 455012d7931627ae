"""Signing keys in ``signing_keys``, shared by every server process.

The column ``private_pem`` keeps its name from before encryption at rest; it holds
:attr:`SigningKey.private_key`, the private half as the token signer sealed it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, OperationalError

from designcore.adapters.sqlalchemy.mapping import utc, utc_or_none
from designcore.adapters.sqlalchemy.tables import SIGNING_KEYS
from designcore.domain.errors import Conflict, NotFound, Unavailable
from designcore.domain.signing_keys import SigningKey

_K = SIGNING_KEYS.c


def _to_domain(row: sa.RowMapping) -> SigningKey:
    return SigningKey(
        kid=row["kid"],
        algorithm=row["algorithm"],
        private_key=row["private_pem"],
        public_jwk=dict(row["public_jwk"]),
        created_at=utc(row["created_at"]),
        activates_at=utc(row["activates_at"]),
        retires_at=utc_or_none(row["retires_at"]),
    )


class SqlAlchemyKeyRing:
    """The ``KeyRing`` port over a table."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def load(self) -> Sequence[SigningKey]:
        """Every stored key."""
        try:
            with self._engine.connect() as conn:
                rows = conn.execute(sa.select(SIGNING_KEYS).order_by(_K.created_at)).mappings()
                return [_to_domain(row) for row in rows]
        except OperationalError as error:
            raise Unavailable("the signing keys cannot be read") from error

    def add(self, key: SigningKey) -> None:
        """Store a new key; a known ``kid`` is a conflict."""
        try:
            with self._engine.begin() as conn:
                conn.execute(
                    sa.insert(SIGNING_KEYS).values(
                        kid=key.kid,
                        algorithm=key.algorithm,
                        private_pem=key.private_key,
                        public_jwk=dict(key.public_jwk),
                        created_at=utc(key.created_at),
                        activates_at=utc(key.activates_at),
                        retires_at=utc_or_none(key.retires_at),
                    )
                )
        except IntegrityError as error:
            raise Conflict(
                f"a signing key with kid {key.kid!r} exists", code="duplicate_kid"
            ) from error

    def retire(self, kid: str, at: datetime) -> None:
        """Set the key's retirement time, keeping an earlier one."""
        with self._engine.begin() as conn:
            row = conn.execute(sa.select(_K.retires_at).where(_K.kid == kid)).first()
            if row is None:
                raise NotFound(f"no signing key with kid {kid!r}", code="unknown_kid")
            if row.retires_at is None or utc(at) < utc(row.retires_at):
                conn.execute(
                    sa.update(SIGNING_KEYS).where(_K.kid == kid).values(retires_at=utc(at))
                )

    def replace_private_key(self, kid: str, private_key: str) -> None:
        """Store the key's private half sealed anew."""
        with self._engine.begin() as conn:
            updated = conn.execute(
                sa.update(SIGNING_KEYS).where(_K.kid == kid).values(private_pem=private_key)
            )
            if updated.rowcount == 0:
                raise NotFound(f"no signing key with kid {kid!r}", code="unknown_kid")

    def remove(self, kid: str) -> None:
        """Forget a key (no error if it is gone)."""
        with self._engine.begin() as conn:
            conn.execute(sa.delete(SIGNING_KEYS).where(_K.kid == kid))
