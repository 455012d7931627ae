"""Adapters from outside the package, chosen by configuration: ``module:Class`` targets and
entry points of the ``designcore.adapters`` group, checked against their port at start-up."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from designcore.adapters.memory import InMemoryStorage, InMemoryTemplateCatalogue
from designcore.app.plugins import (
    AdapterMismatch,
    PluginNotFound,
    missing_members,
    protocol_members,
)
from designcore.domain.errors import ValidationFailed
from designcore.domain.pagination import PageRequest
from designcore.ports.catalogue import TemplateCatalogue
from designcore.ports.storage import Storage
from designcore.testing.builders import make_template
from designcore.testing.fakes import memory_container
from plugin_adapters import CountedAccounts

EXAMPLE = Path(__file__).parents[3] / "examples" / "json_catalogue"


@pytest.fixture(name="example_importable")
def fixture_example_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """examples/json_catalogue's module on the path, as if installed."""
    monkeypatch.syspath_prepend(str(EXAMPLE))


def install_entry_point(site: Path, distribution: str, name: str, target: str) -> None:
    """Metadata of an installed ``distribution`` in ``site`` (to be put on the path) declaring
    ``name = target`` in the ``designcore.adapters`` group."""
    info = site / f"{distribution.replace('-', '_')}-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[designcore.adapters]\n{name} = {target}\n")


@pytest.fixture(name="entry_point")
def fixture_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, example_importable: None
) -> str:
    """An installed distribution declaring the example catalogue as the entry point
    ``json-catalogue`` of the ``designcore.adapters`` group (its metadata on the path)."""
    site = tmp_path / "site"
    install_entry_point(
        site, "designcore-json-catalogue", "json-catalogue", "json_catalogue:JsonCatalogue"
    )
    monkeypatch.syspath_prepend(str(site))
    return "json-catalogue"


@pytest.fixture(name="accounts_entry_point")
def fixture_accounts_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """An installed distribution declaring ``plugin_adapters:CountedAccounts`` as the entry
    point ``counted-accounts`` of the ``designcore.adapters`` group."""
    site = tmp_path / "accounts-site"
    install_entry_point(
        site, "counted-accounts", "counted-accounts", "plugin_adapters:CountedAccounts"
    )
    monkeypatch.syspath_prepend(str(site))
    return "counted-accounts"


def options(tmp_path: Path) -> str:
    return json.dumps({"catalogue": {"directory": str(tmp_path / "catalogue")}})


class TestSelecting:
    def test_an_entry_point_adapter_serves_the_catalogue(
        self, entry_point: str, tmp_path: Path
    ) -> None:
        """The container loads the entry point's class with its options and the use cases
        run on it: what they store lands in its JSON files."""
        container = memory_container(
            {
                "DESIGNCORE_CATALOGUE_BACKEND": entry_point,
                "DESIGNCORE_ADAPTER_OPTIONS": options(tmp_path),
            }
        )
        catalogue = container.catalogue()
        assert "JsonCatalogue" == type(catalogue).__name__
        catalogue.add(make_template(name="Harvest Thanksgiving"))
        found = container.catalogue_service().search("harvest", PageRequest())
        assert ["Harvest Thanksgiving"] == [summary.name for summary in found.items]
        assert 1 == len(list((tmp_path / "catalogue").glob("*.json")))

    def test_a_module_and_class_target(self, example_importable: None, tmp_path: Path) -> None:
        """``module:Class`` imports the module and builds the class."""
        container = memory_container(
            {
                "DESIGNCORE_CATALOGUE_BACKEND": "json_catalogue:JsonCatalogue",
                "DESIGNCORE_ADAPTER_OPTIONS": options(tmp_path),
            }
        )
        assert "JsonCatalogue" == type(container.catalogue()).__name__

    def test_every_pluggable_port(self) -> None:
        """Storage, mail, rate limits and payments take a target too; the services use it."""
        container = memory_container(
            {
                "DESIGNCORE_STORAGE_BACKEND": "designcore.adapters.memory:InMemoryStorage",
                "DESIGNCORE_MAIL_BACKEND": "plugin_adapters:outbox",
                "DESIGNCORE_RATE_LIMIT_BACKEND": "plugin_adapters:rate_limiter",
                "DESIGNCORE_PAYMENTS_BACKEND": "plugin_adapters:gateway",
            }
        )
        assert ("InMemoryStorage", "InMemoryOutbox", "InMemoryRateLimiter", "SandboxGateway") == (
            type(container.storage()).__name__,
            type(container.mailer()).__name__,
            type(container.rate_limiter()).__name__,
            type(container.payment_gateway()).__name__,
        )
        assert container.payment_gateway().public_key().startswith("pk_test_")

    def test_an_entry_point_accounts_store_serves_the_accounts(
        self, accounts_entry_point: str
    ) -> None:
        """DESIGNCORE_ACCOUNTS_BACKEND names an entry point: the container builds it with its
        options, and sign-up, sign-in and the profile all go through its units of work."""
        container = memory_container(
            {
                "DESIGNCORE_ACCOUNTS_BACKEND": accounts_entry_point,
                "DESIGNCORE_ADAPTER_OPTIONS": json.dumps({"accounts": {"label": "mine"}}),
            }
        )
        (store,) = [s for s in CountedAccounts.instances if s.label == "mine"]
        CountedAccounts.instances.clear()
        auth = container.auth()
        auth.signups.sign_up(email="ada@example.com", password="kolanut-42-Lagos", data=None)
        assert 0 < store.opened
        with store.unit_of_work() as uow:
            user = uow.users.find_by_email("ada@example.com")
        assert user is not None
        assert container.accounts() == store.unit_of_work
        assert container.accounts_reader() == store.unit_of_work

    def test_a_module_and_class_accounts_store(self) -> None:
        """``module:Class`` works for the accounts too; ``memory`` keeps them in the process."""
        container = memory_container(
            {"DESIGNCORE_ACCOUNTS_BACKEND": "plugin_adapters:CountedAccounts"}
        )
        assert "CountedAccounts" == type(container.accounts().__self__).__name__
        in_memory = memory_container({"DESIGNCORE_ACCOUNTS_BACKEND": "memory"})
        assert "InMemoryAccountsStore" == type(in_memory.accounts().__self__).__name__

    def test_built_in_names_still_choose_built_in_adapters(self) -> None:
        """Without a setting, the database's catalogue; ``memory`` storage is in memory."""
        container = memory_container()
        assert isinstance(container.catalogue(), InMemoryTemplateCatalogue)
        assert isinstance(container.storage(), InMemoryStorage)


class TestRefusing:
    def test_missing_members_are_named_at_start_up(self) -> None:
        """A class lacking members of its port fails when the container is built, naming
        the setting and each missing member."""
        with pytest.raises(AdapterMismatch) as raised:
            memory_container(
                {
                    "DESIGNCORE_STORAGE_BACKEND": (
                        "designcore.adapters.memory:InMemoryTemplateCatalogue"
                    )
                }
            )
        message = str(raised.value)
        assert (
            "DESIGNCORE_STORAGE_BACKEND=designcore.adapters.memory:InMemoryTemplateCatalogue"
            in message
        )
        assert "does not implement designcore.ports.storage.Storage" in message
        assert message.endswith("missing: delete, exists, list, put, stat")

    def test_an_accounts_store_lacking_unit_of_work(self) -> None:
        """Something that is no accounts store fails at start-up, naming the setting, the
        protocol and unit_of_work."""
        with pytest.raises(AdapterMismatch) as raised:
            memory_container(
                {"DESIGNCORE_ACCOUNTS_BACKEND": "designcore.adapters.memory:InMemoryStorage"}
            )
        message = str(raised.value)
        assert message.startswith(
            "DESIGNCORE_ACCOUNTS_BACKEND=designcore.adapters.memory:InMemoryStorage: "
        )
        assert "does not implement designcore.ports.accounts.AccountsStore" in message
        assert message.endswith("missing: unit_of_work")

    def test_a_module_that_does_not_exist(self) -> None:
        """An unimportable module fails at start-up, naming the setting and the module."""
        with pytest.raises(
            PluginNotFound, match=re.escape("DESIGNCORE_CATALOGUE_BACKEND=nowhere.at_all:X")
        ):
            memory_container({"DESIGNCORE_CATALOGUE_BACKEND": "nowhere.at_all:X"})

    def test_an_attribute_that_does_not_exist(self) -> None:
        with pytest.raises(PluginNotFound, match="has no attribute Nothing"):
            memory_container({"DESIGNCORE_CATALOGUE_BACKEND": "designcore.adapters.memory:Nothing"})

    def test_options_the_class_does_not_take(self, example_importable: None) -> None:
        """Options the factory refuses fail at start-up, naming them."""
        with pytest.raises(AdapterMismatch, match="cannot build it with the options"):
            memory_container(
                {
                    "DESIGNCORE_CATALOGUE_BACKEND": "json_catalogue:JsonCatalogue",
                    "DESIGNCORE_ADAPTER_OPTIONS": '{"catalogue": {"colour": "red"}}',
                }
            )

    @pytest.mark.parametrize(
        ("name", "value"),
        [
            ("DESIGNCORE_STORAGE_BACKEND", "ftp"),
            ("DESIGNCORE_CATALOGUE_BACKEND", "no-such-entry-point"),
            ("DESIGNCORE_MAIL_BACKEND", "pigeon"),
            ("DESIGNCORE_ACCOUNTS_BACKEND", "ldap"),
            ("DESIGNCORE_ADAPTER_OPTIONS", "[1]"),
            ("DESIGNCORE_ADAPTER_OPTIONS", '{"printer": {}}'),
            ("DESIGNCORE_ADAPTER_OPTIONS", '{"catalogue": 1}'),
            ("DESIGNCORE_ADAPTER_OPTIONS", "{"),
        ],
    )
    def test_settings_refuse_what_names_nothing(self, name: str, value: str) -> None:
        """A backend that is neither built in, a target nor an installed entry point, and
        options that are not objects by known port, are refused with the settings."""
        with pytest.raises(ValidationFailed) as raised:
            memory_container({name: value})
        assert [name] == [issue.path for issue in raised.value.issues]

    @pytest.mark.parametrize(
        ("backend", "port"),
        [
            ({"DESIGNCORE_STORAGE_BACKEND": "memory"}, "storage"),
            ({}, "catalogue"),
            ({"DESIGNCORE_ACCOUNTS_BACKEND": "memory"}, "accounts"),
            ({"DESIGNCORE_RATE_LIMIT_BACKEND": "memory"}, "rate_limit"),
            ({"DESIGNCORE_MAIL_BACKEND": "outbox"}, "mail"),
            ({"DESIGNCORE_PAYMENTS_BACKEND": "sandbox"}, "payments"),
            ({"DESIGNCORE_ANALYTICS_BACKEND": "none"}, "analytics"),
        ],
    )
    def test_options_for_a_built_in_backend_are_refused(
        self, backend: dict[str, str], port: str
    ) -> None:
        """Options for a port whose backend is built in would be ignored: the settings refuse
        them, naming the port and its backend variable."""
        with pytest.raises(ValidationFailed) as raised:
            memory_container(
                {**backend, "DESIGNCORE_ADAPTER_OPTIONS": json.dumps({port: {"x": 1}})}
            )
        (issue,) = raised.value.issues
        assert "DESIGNCORE_ADAPTER_OPTIONS" == issue.path
        assert f"options are given for {port!r}" in issue.message
        variable = "DESIGNCORE_" + ("CATALOGUE" if port == "catalogue" else port.upper())
        assert variable + "_BACKEND is " in issue.message

    def test_empty_options_for_an_adapter_of_ones_own_are_fine(self) -> None:
        """Options for a port whose backend is an adapter of one's own are kept."""
        container = memory_container(
            {
                "DESIGNCORE_STORAGE_BACKEND": "designcore.adapters.memory:InMemoryStorage",
                "DESIGNCORE_ADAPTER_OPTIONS": json.dumps({"storage": {}}),
            }
        )
        assert {} == container.settings().adapters.options_of("storage")


class TestProtocolMembers:
    def test_members_of_a_port(self) -> None:
        """Every method a port declares, and nothing of Protocol itself."""
        members = protocol_members(Storage)
        assert {"put", "get", "stat", "exists", "delete", "list"} == set(members)
        assert all(members.values())
        assert "search" in protocol_members(TemplateCatalogue)

    def test_a_non_callable_attribute_counts_as_missing(self) -> None:
        class Odd:
            put = get = stat = exists = delete = 1

            def list(self) -> None: ...

        assert ["delete", "exists", "get", "put", "stat"] == missing_members(Odd(), Storage)
