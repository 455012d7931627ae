"""The site settings the product knows, what each may hold, and the record of every change."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed
from designcore.domain.premium import PREMIUM_BUSINESS_MODEL_DEFAULT, PREMIUM_BUSINESS_MODEL_KEY

COMMUNITY_URL_KEY = "community_url"
"""The "Join community" link of the header and the avatar menu (a group chat or forum)."""
PAYMENT_HELP_URL_KEY = "payment_help_url"
"""The "Problem with your payment?" link of the upgrade dialog (a messaging chat)."""
SUPPORT_EMAIL_KEY = "support_email"
"""The address users may write to."""
FOOTER_LINKS_KEY = "footer_links"
"""The desktop footer's social links: ``[{label, url}]``, each a profile page."""

MAX_URL_LENGTH = 2000
MAX_FOOTER_LINKS = 10
MAX_LABEL_LENGTH = 40
_EMAIL = re.compile(r"^[^\s@]+@[^\s@]+\.[^\s@]+$")


def _http_url(value: object, path: str, *, profile: bool = False) -> list[FieldIssue]:
    """Issues with a link: an absolute http(s) URL with a host; with ``profile``, one that
    names a page on its site (a bare home page such as ``https://x.com/`` is not a profile)."""
    if not isinstance(value, str) or not value.strip():
        return [FieldIssue(path, "must be an http or https URL")]
    if len(value) > MAX_URL_LENGTH:
        return [FieldIssue(path, f"must be at most {MAX_URL_LENGTH} characters")]
    try:
        parts = urlsplit(value.strip())
    except ValueError:
        return [FieldIssue(path, "must be an http or https URL")]
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return [FieldIssue(path, "must be an http or https URL")]
    if profile and parts.path.strip("/") == "" and not parts.query:
        return [FieldIssue(path, "must link to a profile page, not a site's home page")]
    return []


def _optional_url(value: object) -> list[FieldIssue]:
    return [] if value is None else _http_url(value, "setting_value")


def _boolean(value: object) -> list[FieldIssue]:
    return [] if type(value) is bool else [FieldIssue("setting_value", "must be a JSON boolean")]


def _optional_email(value: object) -> list[FieldIssue]:
    if value is None or (isinstance(value, str) and len(value) <= 254 and _EMAIL.match(value)):
        return []
    return [FieldIssue("setting_value", "must be an e-mail address or null")]


def _footer_links(value: object) -> list[FieldIssue]:
    if not isinstance(value, list):
        return [FieldIssue("setting_value", "must be a list of {label, url} objects")]
    if len(value) > MAX_FOOTER_LINKS:
        return [FieldIssue("setting_value", f"must hold at most {MAX_FOOTER_LINKS} links")]
    issues: list[FieldIssue] = []
    for n, link in enumerate(value):
        path = f"setting_value[{n}]"
        if not isinstance(link, dict) or set(link) != {"label", "url"}:
            issues.append(FieldIssue(path, "must be an object with exactly label and url"))
            continue
        label = link["label"]
        if not isinstance(label, str) or not label.strip() or len(label) > MAX_LABEL_LENGTH:
            issues.append(
                FieldIssue(f"{path}.label", f"must be 1 to {MAX_LABEL_LENGTH} characters")
            )
        issues.extend(_http_url(link["url"], f"{path}.url", profile=True))
    return issues


@attrs.frozen
class KnownSetting:
    """A setting the product reads."""

    key: str
    default: Any
    """What it is while nobody has stored it."""
    check: Callable[[object], list[FieldIssue]]
    """The issues with a value (none when it may be stored)."""


KNOWN_SETTINGS: Mapping[str, KnownSetting] = {
    s.key: s
    for s in (
        KnownSetting(PREMIUM_BUSINESS_MODEL_KEY, PREMIUM_BUSINESS_MODEL_DEFAULT, _boolean),
        # Links nobody has configured are null (the app hides them) rather than an invented
        # address: the operator sets the real ones in Site Settings.
        KnownSetting(COMMUNITY_URL_KEY, None, _optional_url),
        KnownSetting(PAYMENT_HELP_URL_KEY, None, _optional_url),
        KnownSetting(SUPPORT_EMAIL_KEY, None, _optional_email),
        KnownSetting(FOOTER_LINKS_KEY, [], _footer_links),
    )
}
"""Every setting the product reads, by key, in the order Site Settings shows them."""


def check_setting_value(setting: KnownSetting, value: object) -> None:
    """Raise ``ValidationFailed`` unless ``value`` may be stored as ``setting``."""
    issues = setting.check(value)
    if issues:
        raise ValidationFailed(issues)


@attrs.frozen(kw_only=True)
class SettingChange:
    """One change of a site setting (table ``site_setting_changes``)."""

    setting_key: str
    old_value: Any
    """The value before (the default when nobody had stored one)."""
    new_value: Any
    """The value after."""
    changed_by: str | None
    """The administrator's user id; ``None`` for the operator's command line."""
    changed_by_email: str | None
    """The administrator's e-mail at the time of the change."""
    changed_at: datetime
    id: int | None = None
    """Assigned by the store."""
