"""The deployment mode, production's refusals and who a request comes from."""

from __future__ import annotations

import attrs
import pytest

from designcore.domain.deployment import (
    DeploymentFacts,
    Mode,
    ProductionRefused,
    decide_mode,
    development_conveniences,
    is_loopback_host,
    parse_networks,
    production_refusals,
    resolve_client,
)

NOTHING_ON = DeploymentFacts(
    payment_sandbox=False,
    mailbox=False,
    local_outbox=False,
    key_encryption_key_missing=False,
    memory_rate_limiter=False,
    several_workers=False,
)
EVERYTHING_ON = DeploymentFacts(
    payment_sandbox=True,
    mailbox=True,
    local_outbox=True,
    key_encryption_key_missing=True,
    memory_rate_limiter=True,
    several_workers=True,
)
PROXY = parse_networks("10.0.0.0/8")


class TestLoopbackHost:
    @pytest.mark.parametrize("host", ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "localhost"])
    def test_loopback_hosts(self, host: str) -> None:
        """127.0.0.0/8, ::1 and localhost name this machine."""
        assert is_loopback_host(host)

    @pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "example.com", ""])
    def test_other_hosts(self, host: str) -> None:
        """Every interface, private addresses, names and nothing at all do not."""
        assert not is_loopback_host(host)


class TestDecideMode:
    @pytest.mark.parametrize(
        "url", ["http://127.0.0.1:8000", "http://localhost:5173/", "http://[::1]:8000"]
    )
    def test_http_on_loopback_is_development(self, url: str) -> None:
        """Unset, plain http on this machine is development."""
        assert Mode.DEVELOPMENT is decide_mode("", url)

    @pytest.mark.parametrize(
        "url",
        [
            "https://designcore.example",
            "https://127.0.0.1:8000",
            "http://designcore.example",
            "http://192.168.1.20:8000",
        ],
    )
    def test_anything_else_is_production(self, url: str) -> None:
        """Unset, https or any other host is production."""
        assert Mode.PRODUCTION is decide_mode("", url)

    def test_explicit_mode_wins(self) -> None:
        """DESIGNCORE_ENV decides whatever the URL."""
        assert Mode.DEVELOPMENT is decide_mode("development", "https://designcore.example")
        assert Mode.PRODUCTION is decide_mode("production", "http://127.0.0.1:8000")


class TestProductionRefusals:
    def test_nothing_on_starts(self) -> None:
        """With every convenience off there is nothing to refuse."""
        assert () == production_refusals(NOTHING_ON)

    @pytest.mark.parametrize(
        ("fact", "variable", "words"),
        [
            ("payment_sandbox", "DESIGNCORE_PAYMENTS_BACKEND", "payment sandbox"),
            ("mailbox", "DESIGNCORE_MAIL_BACKEND", "dev mailbox"),
            ("local_outbox", "DESIGNCORE_MAIL_BACKEND", "local outbox"),
            ("key_encryption_key_missing", "DESIGNCORE_KEY_ENCRYPTION_KEY", "key-encryption key"),
        ],
    )
    def test_each_convenience_is_refused(self, fact: str, variable: str, words: str) -> None:
        """Each convenience alone gives one reason naming the variable that fixes it."""
        refusals = production_refusals(attrs.evolve(NOTHING_ON, **{fact: True}))
        assert [variable] == [refusal.variable for refusal in refusals]
        assert words in refusals[0].reason
        assert "\n" not in refusals[0].reason

    def test_memory_rate_limiter_only_with_several_workers(self) -> None:
        """Counters in memory are refused only when several processes would each keep theirs."""
        alone = attrs.evolve(NOTHING_ON, memory_rate_limiter=True)
        assert () == production_refusals(alone)
        refusals = production_refusals(attrs.evolve(alone, several_workers=True))
        assert ["DESIGNCORE_RATE_LIMIT_BACKEND"] == [refusal.variable for refusal in refusals]

    def test_every_reason_at_once(self) -> None:
        """All reasons are listed together, one line each, in the error's message."""
        refusals = production_refusals(EVERYTHING_ON)
        error = ProductionRefused(refusals)
        assert 5 == len(refusals)
        assert 6 == len(error.message.splitlines())
        assert "production_refused" == error.code

    def test_development_names_what_is_on(self) -> None:
        """Development's start-up line names each convenience that is on, and only those."""
        assert () == development_conveniences(NOTHING_ON)
        named = development_conveniences(attrs.evolve(NOTHING_ON, payment_sandbox=True))
        assert ("payment sandbox at /sandbox/ (test cards pay)",) == named


class TestParseNetworks:
    def test_addresses_and_networks(self) -> None:
        """Addresses and CIDR networks, separated by commas, blanks ignored."""
        networks = parse_networks(" 10.0.0.5, 10.1.0.0/16,, ::1 ")
        assert ["10.0.0.5/32", "10.1.0.0/16", "::1/128"] == [str(n) for n in networks]

    def test_anything_else_is_named(self) -> None:
        """A value that is neither an address nor a network is refused by name."""
        with pytest.raises(ValueError, match=r"'proxy\.example'"):
            parse_networks("10.0.0.5, proxy.example")


class TestResolveClient:
    def test_no_forwarding(self) -> None:
        """Without forwarding headers the peer is the client."""
        origin = resolve_client("203.0.113.9", "http", {"host": "a.example"}, PROXY)
        assert ("203.0.113.9", "http", "a.example", False) == attrs.astuple(origin)

    def test_untrusted_peer_is_not_believed(self) -> None:
        """A loopback peer forwarding for an outside client is not believed, and marked."""
        headers = {"x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https"}
        origin = resolve_client("127.0.0.1", "http", headers, ())
        assert ("127.0.0.1", "http", True) == (
            origin.address,
            origin.scheme,
            origin.unvouched_forwarding,
        )

    def test_trusted_proxy_is_believed(self) -> None:
        """A trusted proxy's forwarded address, scheme and host are the client's."""
        headers = {
            "host": "10.0.0.2:8000",
            "x-forwarded-for": "203.0.113.9",
            "x-forwarded-proto": "https",
            "x-forwarded-host": "designcore.example",
        }
        origin = resolve_client("10.0.0.2", "http", headers, PROXY)
        assert ("203.0.113.9", "https", "designcore.example", False) == attrs.astuple(origin)

    def test_chain_stops_at_the_first_untrusted_hop(self) -> None:
        """Hops are read right to left while each is a trusted proxy: a spoofed left part
        is never reached."""
        headers = {"x-forwarded-for": "1.2.3.4, 198.51.100.7, 10.0.0.9"}
        origin = resolve_client("10.0.0.2", "http", headers, PROXY)
        assert "198.51.100.7" == origin.address
