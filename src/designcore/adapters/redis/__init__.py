"""Rate limiting in Redis."""

from designcore.adapters.redis.rate_limit import RedisRateLimiter

__all__ = ["RedisRateLimiter"]
