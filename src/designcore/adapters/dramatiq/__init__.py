"""The job queue over Dramatiq (extra ``jobs``): Redis or RabbitMQ as the broker."""

from designcore.adapters.dramatiq.queue import DramatiqJobQueue

__all__ = ["DramatiqJobQueue"]
