"""Pillow adapters: a stop-gap preview renderer for Polotno documents."""

from designcore.adapters.pillow.preview import PillowPreviewRenderer

__all__ = ["PillowPreviewRenderer"]
