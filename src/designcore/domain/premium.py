"""Premium gating: who counts as premium, whether gating is on, and the customise decision."""

from __future__ import annotations

import enum

import attrs

from designcore.domain.templates import TemplateSummary

PREMIUM_BUSINESS_MODEL_KEY = "premium_business_model_enabled"
"""Site setting that turns premium gating on or off."""
PREMIUM_BUSINESS_MODEL_DEFAULT = True
"""The switch on a site where nobody has set it: on, so a fresh database or an embedding
program gates premium templates without being seeded first."""


def is_premium_subscriber(subscription_status: str | None, subscription_plan: str | None) -> bool:
    """A user is premium only when the trimmed, lowercased status is ``active`` and the plan
    is ``premium`` (spec, premium status)."""
    status = (subscription_status or "").strip().lower()
    return status == "active" and subscription_plan == "premium"


def premium_model_enabled(stored_value: object) -> bool:
    """The premium business model is on only when the stored value is exactly ``true``.

    ``"true"``, ``1`` and every other truthy value count as off.
    """
    return stored_value is True


@attrs.frozen
class Viewer:
    """Who is asking: enough of the account to decide what they may open."""

    user_id: str | None = None
    """The signed-in user's id; ``None`` for a visitor."""
    subscription_status: str | None = None
    subscription_plan: str | None = None
    user_role: str | None = None

    @property
    def signed_in(self) -> bool:
        """Whether a user is signed in."""
        return self.user_id is not None

    @property
    def is_premium(self) -> bool:
        """Whether the viewer is an active premium subscriber."""
        return is_premium_subscriber(self.subscription_status, self.subscription_plan)

    @property
    def is_admin(self) -> bool:
        """Whether the viewer has the admin role."""
        return self.user_role == "admin"


ANONYMOUS = Viewer()
"""A visitor who is not signed in."""


class CustomiseOutcome(enum.Enum):
    """What to do when someone asks to customise a template."""

    SIGN_IN = "sign_in"
    """Show the auth dialog: visitors cannot customise."""
    UPGRADE = "upgrade"
    """Show the upgrade dialog: premium template, gating on, viewer not premium."""
    OPEN_EDITOR = "open_editor"
    """Record the use and open ``/design?templateId={id}``."""
    NO_DOCUMENT = "no_document"
    """The template has no editor document and cannot be opened."""


def decide_customise(
    template: TemplateSummary, *, has_document: bool, viewer: Viewer, premium_model_on: bool
) -> CustomiseOutcome:
    """The customise flow of the spec, as a decision.

    Signed out → sign in. Premium template while the premium model is on and the viewer is not
    premium → upgrade. No editor document → cannot open. Otherwise → open the editor.
    """
    if not viewer.signed_in:
        return CustomiseOutcome.SIGN_IN
    if premium_model_on and template.is_premium and not viewer.is_premium:
        return CustomiseOutcome.UPGRADE
    if not has_document:
        return CustomiseOutcome.NO_DOCUMENT
    return CustomiseOutcome.OPEN_EDITOR
