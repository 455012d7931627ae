"""Pillow adapters: the raster image codec (sniffing, resizing, re-encoding uploads) and the
admin photo editor's steps."""

from designcore.adapters.pillow.images import PillowImageCodec
from designcore.adapters.pillow.photo_editor import PillowPhotoEditor

__all__ = ["PillowImageCodec", "PillowPhotoEditor"]
