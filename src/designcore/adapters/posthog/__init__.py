"""The PostHog adapter of the ``Analytics`` port (extra ``posthog``)."""

from designcore.adapters.posthog.analytics import PostHogAnalytics

__all__ = ["PostHogAnalytics"]
