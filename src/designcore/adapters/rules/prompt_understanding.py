"""The embedded default :class:`~designcore.ports.prompt_understanding.PromptUnderstanding`:
the rule-based reading of :mod:`designcore.domain.prompting` (no model, no network)."""

from __future__ import annotations

from designcore.domain.prompting import Understanding, understand


class RuleBasedPromptUnderstanding:
    """Reads prompts by the domain's rules."""

    def understand(self, prompt: str) -> Understanding:
        """See :class:`~designcore.ports.prompt_understanding.PromptUnderstanding`."""
        return understand(prompt)
