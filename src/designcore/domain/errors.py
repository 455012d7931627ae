"""The domain's error families.

Every error the library raises on purpose derives from :class:`DesignCoreError`. The HTTP shell
maps each family to one status code (``designcore.app.http.errors``).
"""

from __future__ import annotations

import attrs


@attrs.frozen
class FieldIssue:
    """One problem with one input field."""

    path: str
    """Dotted path of the field, as the caller named it (``page``, ``body.template_id``)."""
    message: str
    """What was expected, in words a person can act on."""


class DesignCoreError(Exception):
    """Root of every deliberate designcore error."""

    code: str = "error"
    """Machine-readable code, stable across versions."""

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class ValidationFailed(DesignCoreError):
    """Input broke a rule; nothing was changed."""

    code = "validation_failed"

    def __init__(
        self, issues: tuple[FieldIssue, ...] | list[FieldIssue], message: str | None = None
    ) -> None:
        self.issues = tuple(issues)
        text = message or "; ".join(f"{issue.path}: {issue.message}" for issue in self.issues)
        super().__init__(text or "invalid input")


class NotFound(DesignCoreError):
    """The thing asked for does not exist."""

    code = "not_found"


class Conflict(DesignCoreError):
    """The request clashes with the current state (duplicate, already used, …)."""

    code = "conflict"


class NotAllowed(DesignCoreError):
    """The caller may not do this."""

    code = "not_allowed"


class IllegalTransition(DesignCoreError):
    """A state machine was asked to make a move its rules forbid."""

    code = "illegal_transition"


class Unavailable(DesignCoreError):
    """A backing service could not answer; retrying later may succeed."""

    code = "unavailable"


class TooLarge(DesignCoreError):
    """The input is bigger than a limit allows; nothing was changed."""

    code = "too_large"


class UnsupportedMedia(DesignCoreError):
    """The input is not of a kind this operation accepts (sniffed from its bytes)."""

    code = "unsupported_media_type"


class Unprocessable(DesignCoreError):
    """The input is of an accepted kind but cannot be processed (damaged, too many pixels, no
    converter for the asked output)."""

    code = "unprocessable"
