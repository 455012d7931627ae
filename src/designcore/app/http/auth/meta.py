"""``/settings``, ``/health`` and the JWKS."""

from __future__ import annotations

import msgspec
from litestar import Controller, Response, get

from designcore.app.http.auth.common import Auth
from designcore.app.http.auth.schemas import ExternalOut, HealthOut, JwksOut, SettingsOut


class MetaController(Controller):
    """What clients read before signing in."""

    path = "/"

    @get("/settings", operation_id="authSettings", sync_to_thread=False)
    def settings(self, auth: Auth) -> SettingsOut:
        """Which sign-in methods are on, and whether sign-ups are confirmed at once."""
        return SettingsOut(
            external=ExternalOut(
                email=True, phone=False, google=auth.providers.provider_enabled("google")
            ),
            disable_signup=False,
            mailer_autoconfirm=not auth.settings.confirm_email,
            phone_autoconfirm=False,
            sms_provider="",
            saml_enabled=False,
        )

    @get("/health", operation_id="authHealth", sync_to_thread=False)
    def health(self) -> HealthOut:
        """The auth service answers."""
        return HealthOut()

    @get("/.well-known/jwks.json", operation_id="jwks", sync_to_thread=False)
    def jwks(self, auth: Auth) -> Response[JwksOut]:
        """The public keys access tokens verify against (cacheable for ten minutes)."""
        keys = msgspec.convert(auth.sessions.jwks(), JwksOut)
        return Response(keys, headers={"Cache-Control": "public, max-age=600"})
