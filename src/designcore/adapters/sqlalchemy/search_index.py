"""The catalogue's search words held in this process: an inverted index that ranks a search
as the database's full-text strategies do (:mod:`designcore.adapters.sqlalchemy.search`),
without asking the database anything but the page's rows and the catalogue's version.

It is a copy of the search columns (``search_name``, ``search_keys``, ``search_prose``) as of
one catalogue version (``design_template_version``, moved by the database with every change
to the catalogue), so it answers only when the database still holds that version: a search
reads the page's rows and then the version, and an index of another version answers nothing
(the caller searches the database, and the index is rebuilt). Every answer is therefore the
one the database's own search would give at that moment.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from designcore.domain.search import tier_slices
from designcore.domain.templates import TemplateSummary

_LEVELS = 3
"""Level 0: the name's words; 1: and the labels' (sub-category, tags, keywords); 2: and the
prose's (description, intent). A template's tier is the first level all the words start."""

_FLAGS = (3, 2, 1)
"""The mark of a match at each level (0 none): higher is better, so a template's best word
is the largest mark and its tier the smallest mark of its tokens."""

Positions = npt.NDArray[np.int32]
_DENSE_WORDS = 128
"""At most this many words have their marks kept in full (a byte per template each)."""
_DENSE_SHARE = 64
"""... and only words held by at least one template in this many."""
_DENSE_RANGE = 8
"""A prefix starting at most this many words, all kept in full, is answered from them."""


def _after(prefix: str) -> str:
    """The smallest string greater than every string that starts with ``prefix`` (in code
    point order, which is how the words are sorted)."""
    last = ord(prefix[-1])
    if last == 0x10FFFF:
        return _after(prefix[:-1]) if len(prefix) > 1 else "\U0010ffff" * 2
    return prefix[:-1] + chr(last + 1)


class SearchIndex:
    """The search words of every template of one catalogue version.

    Templates are numbered by recency (0 the newest, by ``search_order``); for each level,
    every distinct word has the sorted numbers of the templates holding it at that level or
    a lower one, laid end to end in word order (so the words a prefix starts, which sort
    together, have their templates in one slice).
    """

    def __init__(
        self,
        version: int,
        orders: npt.NDArray[np.int64],
        words: list[str],
        offsets: tuple[npt.NDArray[np.int64], ...],
        postings: tuple[Positions, ...],
    ) -> None:
        self.version = version
        """The catalogue version the index holds."""
        self.summaries: dict[int, TemplateSummary] = {}
        """Templates read at :attr:`version`, by ``search_order``, kept by the catalogue for
        the next searches (valid exactly as long as the index)."""
        self._orders = orders
        self._words = words
        self._offsets = offsets
        self._postings = postings
        # The commonest words' marks laid out in full: a search for a common word takes the
        # kept marks instead of scattering thousands of positions.
        held = np.diff(offsets[2])
        self._dense: dict[int, npt.NDArray[np.uint8]] = {}
        for n in np.argsort(-held, kind="stable")[:_DENSE_WORDS].tolist():
            if int(held[n]) * _DENSE_SHARE < len(orders):
                break
            self._dense[n] = self._scatter(n, n + 1)

    @classmethod
    def build(cls, version: int, rows: Iterable[Sequence[object]]) -> SearchIndex:
        """The index of ``rows``: ``(search_order, search_name, search_keys, search_prose)``
        of every template of catalogue ``version``, newest (largest ``search_order``) first.
        The columns hold the folded words of :func:`designcore.domain.search.words`, one
        space apart."""
        found: list[defaultdict[str, list[int]]] = [defaultdict(list) for _ in range(_LEVELS)]
        orders: list[int] = []
        for position, (order, name, keys, prose) in enumerate(rows):
            orders.append(int(order))  # type: ignore[call-overload]
            level = set(str(name).split())
            for word in level:
                found[0][word].append(position)
            level.update(str(keys).split())
            for word in level:
                found[1][word].append(position)
            level.update(str(prose).split())
            for word in level:
                found[2][word].append(position)
        words = sorted(found[_LEVELS - 1])
        offsets: list[npt.NDArray[np.int64]] = []
        postings: list[Positions] = []
        for per_word in found:
            lengths = np.fromiter((len(per_word.get(w, ())) for w in words), np.int64, len(words))
            ends = np.zeros(len(words) + 1, np.int64)
            np.cumsum(lengths, out=ends[1:])
            flat = np.empty(int(ends[-1]), np.int32)
            for n, word in enumerate(words):
                held = per_word.get(word)
                if held:
                    flat[ends[n] : ends[n + 1]] = held
            offsets.append(ends)
            postings.append(flat)
        return cls(version, np.array(orders, np.int64), words, tuple(offsets), tuple(postings))

    def __len__(self) -> int:
        return len(self._orders)

    def _best_levels(self, token: str) -> npt.NDArray[np.uint8] | None:
        """Per template, the best level at which some word starts with ``token``, as
        :data:`_FLAGS` (0: none), or ``None`` when no word anywhere starts with it."""
        first = bisect.bisect_left(self._words, token)
        last = bisect.bisect_left(self._words, _after(token), first)
        if first == last:
            return None
        if last - first <= _DENSE_RANGE and all(n in self._dense for n in range(first, last)):
            best = self._dense[first].copy()
            for n in range(first + 1, last):
                np.maximum(best, self._dense[n], out=best)
            return best
        return self._scatter(first, last)

    def _scatter(self, first: int, last: int) -> npt.NDArray[np.uint8]:
        """The marks of words ``first`` to ``last`` (excluded), from their positions."""
        best = np.zeros(len(self._orders), np.uint8)
        # Lower levels last: a template's word at a lower level overwrites a higher one's
        # mark (each level's templates include the lower levels' ones).
        for level in (2, 1, 0):
            ends = self._offsets[level]
            start, end = int(ends[first]), int(ends[last])
            if start < end:
                best[self._postings[level][start:end]] = _FLAGS[level]
        return best

    def search(self, tokens: Sequence[str], offset: int, limit: int) -> tuple[list[int], int]:
        """The ``search_order`` keys of the results ``[offset, offset + limit)`` of a search
        for ``tokens`` (folded words, each matching the start of a word, all required), best
        tier first and newest first within a tier, and how many results there are."""
        matched: npt.NDArray[np.uint8] | None = None
        for token in tokens:
            best = self._best_levels(token)
            if best is None:
                return [], 0
            matched = best if matched is None else np.minimum(matched, best, out=matched)
        if matched is None:
            return [], 0
        # A template's tier is that of its worst token: the smallest mark.
        per_tier = (
            int(np.count_nonzero(matched == _FLAGS[0])),
            int(np.count_nonzero(matched == _FLAGS[1])),
            int(np.count_nonzero(matched == _FLAGS[2])),
        )
        page: list[int] = []
        for part in tier_slices(per_tier, offset, limit):
            positions = _marked(matched, _FLAGS[part.tier - 1], part.offset, part.limit)
            page.extend(int(order) for order in self._orders[positions])
        return page, sum(per_tier)


_CHUNK = 8192
"""How many templates :func:`_marked` looks through at a time."""


def _marked(marks: npt.NDArray[np.uint8], mark: int, skip: int, count: int) -> npt.NDArray[np.intp]:
    """The positions of the ``count`` first templates marked ``mark`` after skipping
    ``skip`` of them, looking only as far as needed (a first page of a common word ends
    within the newest few thousand templates)."""
    found: list[npt.NDArray[np.intp]] = []
    seen = 0
    for start in range(0, len(marks), _CHUNK):
        hits = np.flatnonzero(marks[start : start + _CHUNK] == mark)
        if hits.size:
            found.append(hits + start)
            seen += hits.size
            if seen >= skip + count:
                break
    if not found:
        return np.empty(0, np.intp)
    return np.concatenate(found)[skip : skip + count]
