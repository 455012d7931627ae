"""designcore.deprecation: an old name keeps working, with a warning naming the new one."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from designcore.deprecation import removal_version, renamed_names


@pytest.fixture(name="module")
def fixture_module() -> Iterator[types.ModuleType]:
    """A module that renamed ``old_rule`` to ``new_rule`` in 0.2.0."""
    module = types.ModuleType("designcore_renamed_example")

    def new_rule() -> str:
        return "new"

    module.new_rule = new_rule  # type: ignore[attr-defined]
    module.__getattr__ = renamed_names(  # type: ignore[method-assign]
        module.__name__, {"old_rule": ("new_rule", "0.2.0")}
    )
    sys.modules[module.__name__] = module
    yield module
    del sys.modules[module.__name__]


class TestRenamedNames:
    def test_the_old_name_answers_the_new_object_and_warns(self, module: types.ModuleType) -> None:
        with pytest.warns(DeprecationWarning, match="is deprecated since 0.2.0") as caught:
            old = module.old_rule
        assert module.new_rule is old
        assert [
            "designcore_renamed_example.old_rule is deprecated since 0.2.0 and will be removed "
            "in 0.4.0; use designcore_renamed_example.new_rule"
        ] == [str(warning.message) for warning in caught]
        assert __file__ == caught[0].filename  # the warning points at the caller

    def test_the_import_statement_warns_too(self, module: types.ModuleType) -> None:
        with pytest.warns(DeprecationWarning, match="use designcore_renamed_example.new_rule"):
            from designcore_renamed_example import old_rule  # type: ignore[attr-defined]
        assert "new" == old_rule()

    def test_unknown_names_are_attribute_errors(self, module: types.ModuleType) -> None:
        with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
            _ = module.nothing

    @pytest.mark.parametrize(("since", "removed"), [("0.2.0", "0.4.0"), ("1.9.3", "1.11.0")])
    def test_removal_two_minor_releases_later(self, since: str, removed: str) -> None:
        assert removed == removal_version(since)
