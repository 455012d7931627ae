"""Search rules: what a search term is and how it splits into words."""

from __future__ import annotations

import re
import unicodedata

MAX_TERM_LENGTH = 200
"""Longer terms are cut to this many characters (nobody types more into the box)."""

MAX_TOKENS = 8
"""Further words are ignored: they would only narrow a match that is already specific."""

_WORD = re.compile(r"\w+", re.UNICODE)


def normalise_search_term(raw: str | None) -> str | None:
    """The term to search for, or ``None`` when a blank term must do nothing.

    The term is trimmed (spec, validation rules) and cut to :data:`MAX_TERM_LENGTH`.
    """
    if raw is None:
        return None
    term = raw.strip()[:MAX_TERM_LENGTH].strip()
    return term or None


def fold(text: str) -> str:
    """Lowercase and strip diacritics so ``Ẹ̀kọ́`` matches ``ekọ`` and ``eko``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """Every folded word of a text, in order: runs of letters and digits."""
    return [word for word in (w.replace("_", "") for w in _WORD.findall(fold(text))) if word]


def search_tokens(term: str) -> tuple[str, ...]:
    """The words of a term, folded, in order, without repeats, at most :data:`MAX_TOKENS`.

    Each token matches words that start with it, and every token must match (AND).
    """
    return tuple(dict.fromkeys(words(term)))[:MAX_TOKENS]


def filter_text(name: str, category: str, description: str | None, tags: tuple[str, ...]) -> str:
    """The text the plain listing filter looks in: name, category, description and tags,
    case-folded, one per line (so a term never matches across two fields)."""
    return "\n".join(part.casefold() for part in (name, category, description or "", *tags))


def filter_needle(term: str) -> str:
    """A listing filter term as it is compared with :func:`filter_text`."""
    return term.casefold().replace("\n", " ")
