"""Adapters that answer by the domain's own rules, with no model and no network."""

from designcore.adapters.rules.prompt_understanding import RuleBasedPromptUnderstanding

__all__ = ["RuleBasedPromptUnderstanding"]
