"""Whether a password is among the most common ones, from zxcvbn's ``passwords`` list.

Why a registry package rather than a list typed into this repository: the list is data with a
provenance. zxcvbn (Dropbox's strength estimator, ported to Python as ``zxcvbn`` on PyPI) ranks
its ``passwords`` list by frequency in real leaked-password corpora, the package is versioned
and licensed (MIT), and updating it is a dependency bump that review can see, not a hand edit of
thousands of lines nobody can check. A hand-made list would be shorter, unranked and of unknown
origin. The package is used for its data only; its scoring is not (the policy's rules are
``designcore.domain.passwords``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

DEFAULT_SIZE = 10_000
"""How many of the most frequent entries count as common."""


def _load_ranked_passwords() -> Sequence[str]:
    # zxcvbn ships no type information; the list is checked to be strings below.
    from zxcvbn.frequency_lists import FREQUENCY_LISTS  # type: ignore[import-untyped]

    passwords = FREQUENCY_LISTS["passwords"]
    if not isinstance(passwords, list) or not all(isinstance(p, str) for p in passwords):
        raise TypeError("zxcvbn's FREQUENCY_LISTS['passwords'] is not a list of strings")
    return passwords


class ZxcvbnCommonPasswords:
    """Answers whether a password, case-folded, is among the ``size`` most frequent passwords.

    The list is read on the first call, once per instance (thread-safe), so importing and
    building this costs nothing until a password is checked.
    """

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 1:
            raise ValueError(f"size must be at least 1, got {size}")
        self._size = size
        self._common: frozenset[str] | None = None
        self._lock = threading.Lock()

    def _words(self) -> frozenset[str]:
        common = self._common
        if common is None:
            with self._lock:
                if self._common is None:
                    ranked = _load_ranked_passwords()[: self._size]
                    self._common = frozenset(word.casefold() for word in ranked)
                common = self._common
        return common

    def __call__(self, password: str) -> bool:
        """Whether ``password`` (compared case-folded) is one of the most common passwords."""
        return password.casefold() in self._words()
