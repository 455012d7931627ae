"""The design-prompting port: reading what a prompt asks for."""

from __future__ import annotations

from typing import Protocol

from designcore.domain.prompting import Understanding


class PromptUnderstanding(Protocol):
    """Reads a prompt into an intent and its details (``designcore.domain.prompting``)."""

    def understand(self, prompt: str) -> Understanding:
        """What ``prompt`` (already checked by ``check_prompt``) asks for. Every field's
        ``start``/``end`` is a span of ``prompt`` whose text the value was read from, and the
        category and sub-category are the catalogue's own or ``None``.

        Never raises for a checked prompt: an adapter that asks a service answers the rule-based
        reading when the service fails, is slow or answers nonsense, and says so in
        ``Understanding.source`` (``rules-fallback``)."""
        ...
