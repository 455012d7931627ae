"""TOTP factors: ``/factors``."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, delete, post
from litestar.params import FromPath, JSONBody

from designcore.app.http.auth.common import Auth, SignedIn, session_out
from designcore.app.http.auth.limits import limit
from designcore.app.http.auth.schemas import (
    ChallengeIn,
    ChallengeOut,
    EnrolledOut,
    EnrollIn,
    FactorIdOut,
    SessionOut,
    VerifyFactorIn,
    required,
)
from designcore.app.http.client_origin import client_address
from designcore.app.http.dependencies import Limiter


class FactorController(Controller):
    """The signed-in user's second factors and the step-up to aal2."""

    path = "/factors"

    @post("/", operation_id="enrollFactor", status_code=200, sync_to_thread=True)
    def enroll(self, auth: Auth, caller: SignedIn, data: JSONBody[EnrollIn]) -> EnrolledOut:
        """Add an unverified TOTP factor; the answer carries its secret and QR code."""
        enrolled = auth.mfa.enroll(
            caller,
            factor_type=required(data.factor_type, "factor_type"),
            friendly_name=data.friendly_name or None,
            issuer=data.issuer or None,
        )
        return EnrolledOut.of(enrolled)

    @post(
        "/{factor_id:str}/challenge",
        operation_id="challengeFactor",
        status_code=200,
        sync_to_thread=True,
    )
    def challenge(
        self,
        request: Request[Any, Any, Any],
        auth: Auth,
        caller: SignedIn,
        factor_id: FromPath[str],
        data: JSONBody[ChallengeIn | None] = None,
    ) -> ChallengeOut:
        """Start a challenge, answered from this client address within five minutes."""
        return ChallengeOut.of(auth.mfa.challenge(caller, factor_id, client_address(request)))

    @post(
        "/{factor_id:str}/verify", operation_id="verifyFactor", status_code=200, sync_to_thread=True
    )
    def verify(
        self,
        request: Request[Any, Any, Any],
        auth: Auth,
        limiter: Limiter,
        caller: SignedIn,
        factor_id: FromPath[str],
        data: JSONBody[VerifyFactorIn],
    ) -> SessionOut:
        """Check a code; the answer is the session stepped up to aal2."""
        limit(limiter, request, "mfa_verify", caller.user_id)
        issued = auth.mfa.verify_factor(
            caller,
            factor_id,
            required(data.challenge_id, "challenge_id"),
            required(data.code, "code"),
            client_address(request),
        )
        return session_out(auth, issued)

    @delete("/{factor_id:str}", operation_id="unenrollFactor", status_code=200, sync_to_thread=True)
    def unenroll(self, auth: Auth, caller: SignedIn, factor_id: FromPath[str]) -> FactorIdOut:
        """Remove a factor (a verified one only from an aal2 session)."""
        return FactorIdOut(auth.mfa.unenroll(caller, factor_id))
