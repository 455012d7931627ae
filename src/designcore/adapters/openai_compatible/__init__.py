"""Adapters over services that speak the chat-completions API (a hosted language model, or one
served on one's own machines), through httpx."""

from designcore.adapters.openai_compatible.prompt_understanding import (
    ChatCompletionsPromptUnderstanding,
)

__all__ = ["ChatCompletionsPromptUnderstanding"]
