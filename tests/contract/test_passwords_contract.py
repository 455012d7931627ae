"""The PasswordHasher contract, the password policy, and the common-password list."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.adapters.argon2 import Argon2PasswordHasher
from designcore.adapters.zxcvbn import ZxcvbnCommonPasswords
from designcore.domain.passwords import (
    MAX_PASSWORD_LENGTH,
    MIN_PASSWORD_LENGTH,
    REASONS,
    describe_password_issues,
    normalise_password,
    password_issues,
)
from designcore.ports.passwords import PasswordHasher

COMMON = ZxcvbnCommonPasswords()
FULL_WIDTH_PASSWORD = "".join(chr(ord(c) + 0xFEE0) for c in "password")
"""'password' in full-width letters, which NFKC folds to ASCII."""


@pytest.fixture(name="hasher", params=["argon2"])
def fixture_hasher(request: pytest.FixtureRequest) -> PasswordHasher:
    """Every implementation of the password hashing port, at its cheapest test settings."""
    return Argon2PasswordHasher.for_tests()


def never_common(password: str) -> bool:
    return False


class TestPasswordHasher:
    @pytest.mark.parametrize(
        "password",
        [
            "correct horse battery staple",
            "pässwörd",
            "密码密码密码",
            "🔑🔑🔑 emoji key",
            "tab\tand\nnewline",
            "x" * MAX_PASSWORD_LENGTH,
            "",
        ],
    )
    def test_round_trip(self, hasher: PasswordHasher, password: str) -> None:
        """A hash verifies the password it was made from."""
        assert hasher.verify(hasher.hash(password), password)

    def test_hashes_are_salted(self, hasher: PasswordHasher) -> None:
        """Hashing one password twice gives two different hashes that both verify."""
        first, second = hasher.hash("same password"), hasher.hash("same password")
        assert first != second
        assert hasher.verify(first, "same password")
        assert hasher.verify(second, "same password")

    def test_hash_does_not_contain_the_password(self, hasher: PasswordHasher) -> None:
        """The stored string never holds the password itself."""
        assert "hunter22" not in hasher.hash("hunter22")

    @pytest.mark.parametrize(
        "wrong", ["hunter23", "Hunter22", "hunter22 ", " hunter22", "hunter2", ""]
    )
    def test_wrong_password_is_false(self, hasher: PasswordHasher, wrong: str) -> None:
        """Any other password, however close, does not verify."""
        assert not hasher.verify(hasher.hash("hunter22"), wrong)

    @given(password=st.text(max_size=40), other=st.text(max_size=40))
    def test_only_the_same_password_verifies(self, password: str, other: str) -> None:
        """verify answers True exactly when the passwords are the same after normalisation."""
        hasher = Argon2PasswordHasher.for_tests()
        expected = normalise_password(password) == normalise_password(other)
        assert expected == hasher.verify(hasher.hash(password), other)

    def test_canonically_equivalent_passwords_verify(self, hasher: PasswordHasher) -> None:
        """'é' typed as one code point verifies a hash made from 'e' plus a combining accent."""
        assert hasher.verify(hasher.hash("caf\u0065\u0301 au lait"), "caf\u00e9 au lait")

    def test_lone_surrogates_hash_and_verify(self, hasher: PasswordHasher) -> None:
        """A string JSON can carry but UTF-8 cannot encode still hashes and verifies, without
        matching a neighbour."""
        stored = hasher.hash("abc\ud800def")
        assert hasher.verify(stored, "abc\ud800def")
        assert not hasher.verify(stored, "abc\ud801def")

    @pytest.mark.parametrize(
        "stored",
        [
            "",
            "plain text",
            "$argon2id$",
            "$argon2id$v=19$m=8,t=1,p=1$",
            "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$",
            "$argon2id$v=19$m=8,t=1,p=1$!!!!$????",
            "$argon2id$v=19$m=4194304,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
            "$argon2id$v=19$m=8,t=1000,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
            "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW",
            "pbkdf2_sha256$600000$salt$hash",
            "$argon2id$v=19$m=8,t=1,p=1$ünïcödé$hash",
            "\x00\x01\x02",
        ],
    )
    def test_malformed_hashes_are_false(self, hasher: PasswordHasher, stored: str) -> None:
        """A hash that is malformed, not Argon2, or asks absurd costs answers False."""
        assert not hasher.verify(stored, "password")

    def test_tampered_hash_is_false(self, hasher: PasswordHasher) -> None:
        """Changing one character of the digest or the salt makes the hash fail."""
        stored = hasher.hash("password")
        head, salt, digest = stored.rsplit("$", 2)
        flip = {"A": "B"}
        tampered_digest = f"{head}${salt}${flip.get(digest[0], 'A')}{digest[1:]}"
        tampered_salt = f"{head}${flip.get(salt[0], 'A')}{salt[1:]}${digest}"
        assert not hasher.verify(tampered_digest, "password")
        assert not hasher.verify(tampered_salt, "password")
        assert not hasher.verify(stored[:-4], "password")

    @given(stored=st.text(max_size=120), password=st.text(max_size=20))
    def test_verify_never_raises(self, stored: str, password: str) -> None:
        """Arbitrary text as a hash answers False instead of raising."""
        assert not Argon2PasswordHasher.for_tests().verify(stored, password)

    def test_fresh_hash_needs_no_rehash(self, hasher: PasswordHasher) -> None:
        """A hash made with the current parameters is current."""
        assert not hasher.needs_rehash(hasher.hash("password"))

    def test_unreadable_hash_needs_rehash(self, hasher: PasswordHasher) -> None:
        """A hash that cannot be read needs replacing."""
        assert hasher.needs_rehash("not a hash")


class TestArgon2PasswordHasher:
    def test_hashes_are_argon2id_with_the_configured_costs(self) -> None:
        """The PHC string names Argon2id version 19 and the costs asked for."""
        stored = Argon2PasswordHasher(time_cost=1, memory_cost=16, parallelism=2).hash("pw")
        assert stored.startswith("$argon2id$v=19$m=16,t=1,p=2$")

    def test_production_defaults(self) -> None:
        """The defaults are t=2, 46 MiB, one lane."""
        stored = Argon2PasswordHasher().hash("pw")
        assert stored.startswith("$argon2id$v=19$m=47104,t=2,p=1$")

    @pytest.mark.parametrize(
        "stronger",
        [
            {"time_cost": 2, "memory_cost": 8, "parallelism": 1},
            {"time_cost": 1, "memory_cost": 64, "parallelism": 1},
            {"time_cost": 1, "memory_cost": 16, "parallelism": 2},
        ],
    )
    def test_needs_rehash_when_parameters_grow(self, stronger: dict[str, int]) -> None:
        """A hash made with smaller costs needs rehashing under larger ones, and still
        verifies meanwhile."""
        stored = Argon2PasswordHasher.for_tests().hash("password")
        current = Argon2PasswordHasher(**stronger)
        assert current.needs_rehash(stored)
        assert current.verify(stored, "password")
        assert not current.needs_rehash(current.hash("password"))

    def test_other_argon2_variants_verify_but_need_rehash(self) -> None:
        """An Argon2i hash (older variant) verifies and is marked for rehashing to Argon2id."""
        from argon2 import PasswordHasher as Argon2CffiHasher
        from argon2 import Type

        stored = Argon2CffiHasher(time_cost=1, memory_cost=8, parallelism=1, type=Type.I).hash(
            "password"
        )
        hasher = Argon2PasswordHasher.for_tests()
        assert hasher.verify(stored, "password")
        assert hasher.needs_rehash(stored)

    @pytest.mark.parametrize(
        "costs",
        [
            {"time_cost": 0, "memory_cost": 8, "parallelism": 1},
            {"time_cost": 1, "memory_cost": 7, "parallelism": 1},
            {"time_cost": 1, "memory_cost": 8, "parallelism": 2},
            {"time_cost": 1, "memory_cost": 8, "parallelism": 0},
        ],
    )
    def test_impossible_costs_are_refused(self, costs: dict[str, int]) -> None:
        """Costs below Argon2's minimums are a configuration error."""
        with pytest.raises(ValueError):
            Argon2PasswordHasher(**costs)


class TestPasswordIssues:
    @pytest.mark.parametrize(
        ("password", "expected"),
        [
            ("correct horse battery staple", ()),
            ("Tr0ub4dor&3x", ()),
            ("sixsix", ()),
            ("", ("length",)),
            ("five5", ("length",)),
            ("x" * MAX_PASSWORD_LENGTH, ()),
            ("x" * (MAX_PASSWORD_LENGTH + 1), ("length",)),
            ("密码密码密码", ()),
            ("🔑🔑🔑🔑🔑", ("length",)),
            ("password", ("pwned",)),
            ("PassWord", ("pwned",)),
            ("123456", ("pwned",)),
            ("12345", ("length", "pwned")),
            ("qwerty", ("pwned",)),
            (FULL_WIDTH_PASSWORD, ("pwned",)),
        ],
    )
    def test_table(self, password: str, expected: tuple[str, ...]) -> None:
        """Each password gets exactly the GoTrue-style reasons listed, in GoTrue's order."""
        assert expected == password_issues(password, is_common=COMMON)

    @pytest.mark.parametrize(
        ("password", "required", "expected"),
        [
            ("abcdefgh", ("0123456789",), ("characters",)),
            ("walrusxy1", ("0123456789",), ()),
            ("walrusxy1", ("0123456789", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), ("characters",)),
            ("walrusXy1", ("0123456789", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), ()),
            ("abc", ("0123456789",), ("length", "characters")),
            ("password", ("0123456789",), ("characters", "pwned")),
            ("abcdefgh", ("",), ()),
        ],
    )
    def test_required_characters(
        self, password: str, required: tuple[str, ...], expected: tuple[str, ...]
    ) -> None:
        """Each required character set must be represented, as GoTrue's setting demands."""
        assert expected == password_issues(password, is_common=COMMON, required_characters=required)

    @given(password=st.text(max_size=MAX_PASSWORD_LENGTH + 20))
    def test_length_reason_follows_the_bounds(self, password: str) -> None:
        """'length' is given exactly when the normalised password is outside 6..1024 characters."""
        length = len(normalise_password(password))
        expected = ("length",) if not MIN_PASSWORD_LENGTH <= length <= MAX_PASSWORD_LENGTH else ()
        assert expected == password_issues(password, is_common=never_common)

    @given(common=st.sets(st.text(min_size=1, max_size=12), max_size=5), password=st.text())
    def test_pwned_reason_follows_the_injected_list(self, common: set[str], password: str) -> None:
        """'pwned' is given exactly when the injected check says the password is common."""
        issues = password_issues(password, is_common=common.__contains__)
        assert (normalise_password(password) in common) == ("pwned" in issues)

    @given(
        password=st.text(max_size=30),
        required=st.lists(st.text(max_size=4), max_size=3),
        common=st.booleans(),
    )
    def test_reasons_are_known_ordered_and_distinct(
        self, password: str, required: list[str], common: bool
    ) -> None:
        """Every reason is one of GoTrue's three, each at most once, in GoTrue's order."""
        issues = password_issues(password, is_common=lambda _: common, required_characters=required)
        assert [r for r in REASONS if r in issues] == list(issues)

    @given(password=st.text(max_size=30), common=st.booleans())
    def test_description_is_empty_only_without_issues(self, password: str, common: bool) -> None:
        """A weak password always comes with a message; a fine one with none."""
        issues = password_issues(password, is_common=lambda _: common)
        assert bool(issues) == bool(describe_password_issues(issues))


class TestZxcvbnCommonPasswords:
    @pytest.mark.parametrize("password", ["123456", "password", "qwerty", "dragon", "letmein"])
    def test_top_passwords_are_common(self, password: str) -> None:
        """The most frequent leaked passwords are on the list."""
        assert COMMON(password)

    def test_comparison_is_case_folded(self) -> None:
        """Capitals do not make a common password uncommon."""
        assert COMMON("LetMeIn")

    @pytest.mark.parametrize("password", ["correct horse battery staple", "vQ7#mZ2p!x", ""])
    def test_other_passwords_are_not(self, password: str) -> None:
        """Passwords outside the list are not common."""
        assert not COMMON(password)

    def test_only_the_top_entries_count(self) -> None:
        """An entry ranked just past the size asked for is not common for that size."""
        from zxcvbn.frequency_lists import FREQUENCY_LISTS  # type: ignore[import-untyped]

        ranked = FREQUENCY_LISTS["passwords"]
        small = ZxcvbnCommonPasswords(size=100)
        assert small(ranked[99])
        assert not small(ranked[100])
        assert COMMON(ranked[9_999])

    def test_size_must_be_positive(self) -> None:
        """An empty list is a configuration error."""
        with pytest.raises(ValueError):
            ZxcvbnCommonPasswords(size=0)
