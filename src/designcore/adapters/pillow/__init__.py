"""Pillow adapters: the raster image codec (sniffing, resizing, re-encoding uploads)."""

from designcore.adapters.pillow.images import PillowImageCodec

__all__ = ["PillowImageCodec"]
