"""The password policy: which passwords are too weak to accept, and why.

The reasons are the strings Supabase Auth (GoTrue) answers in ``weak_password.reasons``
(``internal/api/password.go``, ``checkPasswordStrength``), so clients written against it keep
working: ``length`` (too short, or here also too long), ``characters`` (a required character
class is missing) and ``pwned`` (a known password; GoTrue asks HaveIBeenPwned, designcore asks an
injected list of common passwords). Nothing here does I/O: the list check is passed in.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

MIN_PASSWORD_LENGTH = 6
"""The shortest password accepted, in characters (the spec's rule, and GoTrue's default)."""

MAX_PASSWORD_LENGTH = 1024
"""The longest password accepted, in characters.

Argon2 has no input limit (unlike bcrypt's 72 bytes, which is why GoTrue caps at 72); the cap
only keeps a request from making the server hash megabytes.
"""

LENGTH = "length"
"""Reason: shorter than :data:`MIN_PASSWORD_LENGTH` or longer than :data:`MAX_PASSWORD_LENGTH`."""
CHARACTERS = "characters"
"""Reason: no character from one of the required character sets."""
PWNED = "pwned"
"""Reason: the password is on the list of common (leaked, guessed-first) passwords."""

REASONS = (LENGTH, CHARACTERS, PWNED)
"""Every reason, in the order :func:`password_issues` reports them (GoTrue's order)."""


def normalise_password(password: str) -> str:
    """The form of ``password`` that is checked and hashed: Unicode NFKC (NIST SP 800-63B
    section 5.1.1.2), so the same password typed on keyboards that compose characters
    differently (``é`` as one code point or as ``e`` plus an accent) is the same password."""
    return unicodedata.normalize("NFKC", password)


def password_issues(
    password: str,
    *,
    is_common: Callable[[str], bool],
    required_characters: Sequence[str] = (),
) -> tuple[str, ...]:
    """The reasons ``password`` is too weak, in :data:`REASONS` order; empty when it is fine.

    The password is checked in its :func:`normalise_password` form; length counts characters
    (code points), not bytes. ``required_characters`` works like
    GoTrue's ``GOTRUE_PASSWORD_REQUIRED_CHARACTERS``: each entry is a set of characters of which
    the password must contain at least one (for example ``("0123456789", "abc…z")``); by default
    nothing is required. ``is_common`` answers whether a password is a well-known one.
    """
    password = normalise_password(password)
    reasons: list[str] = []
    if not MIN_PASSWORD_LENGTH <= len(password) <= MAX_PASSWORD_LENGTH:
        reasons.append(LENGTH)
    if any(charset and not set(charset) & set(password) for charset in required_characters):
        reasons.append(CHARACTERS)
    if is_common(password):
        reasons.append(PWNED)
    return tuple(reasons)


def describe_password_issues(
    reasons: Sequence[str], *, required_characters: Sequence[str] = ()
) -> str:
    """One message a person can act on for the ``reasons`` :func:`password_issues` gave."""
    messages: list[str] = []
    if LENGTH in reasons:
        messages.append(
            f"Password should be between {MIN_PASSWORD_LENGTH} and {MAX_PASSWORD_LENGTH}"
            " characters."
        )
    if CHARACTERS in reasons:
        sets = ", ".join(charset for charset in required_characters if charset)
        messages.append(f"Password should contain at least one character of each: {sets}.")
    if PWNED in reasons:
        messages.append(
            "Password is known to be weak and easy to guess, please choose a different one."
        )
    return " ".join(messages)
