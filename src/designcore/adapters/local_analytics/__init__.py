"""The embedded analytics adapters: the local sink (events batched into an event store by a
background writer) and the null adapter (events dropped)."""

from designcore.adapters.local_analytics.sink import LocalAnalytics, NullAnalytics

__all__ = ["LocalAnalytics", "NullAnalytics"]
