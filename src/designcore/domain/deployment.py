"""The deployment mode and what each mode allows; which proxies may speak for a client.

Pure rules: the app layer gathers the facts (:class:`DeploymentFacts`) from its settings and
asks :func:`decide_mode`, :func:`production_refusals` and :func:`development_conveniences`;
the HTTP shell asks :func:`resolve_client` who a request comes from.
"""

from __future__ import annotations

import enum
import ipaddress
from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class Mode(enum.Enum):
    """How the product runs."""

    DEVELOPMENT = "development"
    """On a developer's machine: the conveniences (payment sandbox, mailbox, local outbox, a
    key-encryption key made on the spot, counters in memory) may be on."""
    PRODUCTION = "production"
    """Reached by the public: every convenience must be off, or the server refuses to start."""


def is_loopback_host(host: str) -> bool:
    """Whether ``host`` names this machine: 127.0.0.0/8, ``::1`` (bracketed or not) or
    ``localhost``; every other name or address, ``0.0.0.0`` included, does not."""
    bare = host.strip().removeprefix("[").removesuffix("]")
    if bare.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(bare).is_loopback
    except ValueError:
        return False


def decide_mode(explicit: str, public_url: str) -> Mode:
    """The mode: ``explicit`` (``development`` or ``production``) when given, else development
    only when the public URL is plain http on a loopback host, and production otherwise."""
    if explicit:
        return Mode(explicit)
    parts = urlsplit(public_url)
    local = parts.scheme == "http" and is_loopback_host(parts.hostname or "")
    return Mode.DEVELOPMENT if local else Mode.PRODUCTION


@attrs.frozen
class DeploymentFacts:
    """What the settings say about the conveniences of development."""

    payment_sandbox: bool
    """The payments go to the embedded Paystack sandbox (its public test cards pay)."""
    mailbox: bool
    """``/dev/mailbox`` would be served (the local outbox, and a loopback listening address)."""
    local_outbox: bool
    """Mail is kept in the data directory rather than sent."""
    key_encryption_key_missing: bool
    """Signing keys are kept at rest, and no key-encryption key is configured (one would be
    made in the data directory)."""
    memory_rate_limiter: bool
    """Rate-limit counters live in each process's memory."""
    several_workers: bool
    """More than one server process may serve requests (``DESIGNCORE_WORKERS`` is not 1)."""


@attrs.frozen
class Refusal:
    """Why production will not start: the variable to change, and the reason in one line."""

    variable: str
    """The ``DESIGNCORE_*`` variable that fixes it."""
    reason: str
    """One line a person can act on."""


class ProductionRefused(ValidationFailed):
    """Production settings turn on conveniences of development; the server does not start.
    ``issues`` name the variable to change for each, and the message gives one line each."""

    code = "production_refused"

    def __init__(self, refusals: Iterable[Refusal]) -> None:
        self.refusals = tuple(refusals)
        super().__init__(
            [FieldIssue(refusal.variable, refusal.reason) for refusal in self.refusals],
            "production refuses to start (DESIGNCORE_ENV=production):\n"
            + "\n".join(f"- {refusal.reason}" for refusal in self.refusals),
        )


def production_refusals(facts: DeploymentFacts) -> tuple[Refusal, ...]:
    """Every convenience of development that production may not run with, each once; empty
    when production may start."""
    found: list[Refusal] = []
    if facts.payment_sandbox:
        found.append(
            Refusal(
                "DESIGNCORE_PAYMENTS_BACKEND",
                "the payment sandbox is on (its public test cards make accounts premium): "
                "set DESIGNCORE_PAYMENTS_BACKEND=paystack",
            )
        )
    if facts.mailbox:
        found.append(
            Refusal(
                "DESIGNCORE_MAIL_BACKEND",
                "the dev mailbox (/dev/mailbox) would show everyone's recovery links: "
                "set DESIGNCORE_MAIL_BACKEND=smtp",
            )
        )
    if facts.local_outbox:
        found.append(
            Refusal(
                "DESIGNCORE_MAIL_BACKEND",
                "mail goes to the local outbox and is never sent: set DESIGNCORE_MAIL_BACKEND=smtp",
            )
        )
    if facts.key_encryption_key_missing:
        found.append(
            Refusal(
                "DESIGNCORE_KEY_ENCRYPTION_KEY",
                "no key-encryption key is set (`designcore keys new-encryption-key` prints one): "
                "set DESIGNCORE_KEY_ENCRYPTION_KEY",
            )
        )
    if facts.memory_rate_limiter and facts.several_workers:
        found.append(
            Refusal(
                "DESIGNCORE_RATE_LIMIT_BACKEND",
                "rate limits counted in memory are multiplied by the number of workers: "
                "set DESIGNCORE_RATE_LIMIT_BACKEND=redis or DESIGNCORE_WORKERS=1",
            )
        )
    return tuple(found)


def development_conveniences(facts: DeploymentFacts) -> tuple[str, ...]:
    """The conveniences that are on, in words, for the start-up log of development."""
    named = (
        (facts.payment_sandbox, "payment sandbox at /sandbox/ (test cards pay)"),
        (facts.mailbox, "mailbox at /dev/mailbox"),
        (facts.local_outbox, "local mail outbox (nothing is sent)"),
        (facts.key_encryption_key_missing, "key-encryption key made in the data directory"),
        (facts.memory_rate_limiter, "rate limits counted in memory"),
    )
    return tuple(text for on, text in named if on)


def parse_networks(text: str) -> tuple[Network, ...]:
    """Comma-separated addresses or CIDR networks (``10.0.0.5, 10.1.0.0/16, ::1``).

    Raises ``ValueError`` naming the first entry that is neither."""
    found: list[Network] = []
    for item in text.split(","):
        entry = item.strip()
        if not entry:
            continue
        try:
            found.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(
                f"expected addresses or networks like 10.0.0.5 or 10.0.0.0/8, got {entry!r}"
            ) from None
    return tuple(found)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip().removeprefix("[").removesuffix("]"))
    except ValueError:
        return None


def _trusted(address: str, proxies: Iterable[Network]) -> bool:
    parsed = _address(address)
    return parsed is not None and any(parsed in network for network in proxies)


FORWARDING_HEADERS = ("forwarded", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host")
"""Headers by which a proxy speaks for the client (lower case)."""


@attrs.frozen
class ClientOrigin:
    """Who a request comes from, as far as the trusted proxies vouch for it."""

    address: str
    """The client's address: the peer's own, or the one the trusted proxies forwarded."""
    scheme: str
    """``http`` or ``https``, as the client reached the first trusted proxy."""
    host: str | None
    """The host the client asked for (``X-Forwarded-Host`` from a trusted proxy, else the
    ``Host`` header)."""
    unvouched_forwarding: bool
    """The request carries forwarding headers no trusted proxy vouches for: someone
    forwarded it whom we do not know (a proxy in front of a loopback server, or a liar)."""


def resolve_client(
    peer: str | None,
    scheme: str,
    headers: Mapping[str, str],
    trusted_proxies: tuple[Network, ...],
) -> ClientOrigin:
    """The request's client: ``X-Forwarded-For`` is read right to left only while each hop is
    a trusted proxy, starting from the peer; ``X-Forwarded-Proto`` and ``-Host`` only when the
    peer itself is trusted. ``headers`` has lower-case names."""
    address = peer or "unknown"
    forwarded = any(name in headers for name in FORWARDING_HEADERS)
    if not forwarded:
        return ClientOrigin(address, scheme, headers.get("host"), unvouched_forwarding=False)
    if not _trusted(address, trusted_proxies):
        return ClientOrigin(address, scheme, headers.get("host"), unvouched_forwarding=True)
    hops = [hop.strip() for hop in headers.get("x-forwarded-for", "").split(",") if hop.strip()]
    unvouched = False
    while hops and _trusted(address, trusted_proxies):
        hop = hops.pop()
        if _address(hop) is None:
            unvouched = True
            break
        address = hop
    proto = headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    host = headers.get("x-forwarded-host", "").split(",")[0].strip()
    return ClientOrigin(
        address=address,
        scheme=proto if proto in {"http", "https"} else scheme,
        host=host or headers.get("host"),
        unvouched_forwarding=unvouched or "forwarded" in headers,
    )
