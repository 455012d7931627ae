"""The photo editor's steps with Pillow, on pictures made in the test."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw, ImageStat

from designcore.adapters.pillow import PillowPhotoEditor
from designcore.domain.errors import Unavailable, Unprocessable, UnsupportedMedia
from designcore.domain.photo_edits import (
    Background,
    Crop,
    Enhance,
    Flip,
    FlipAxis,
    RemoveBackground,
    Resize,
    Rotate,
)
from image_samples import raster


def encoded(image: Image.Image, fmt: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, fmt)
    return buffer.getvalue()


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def quadrants() -> Image.Image:
    """40x20: left half red, right half blue; a green 6x6 block in the top-left corner."""
    image = Image.new("RGB", (40, 20), (200, 0, 0))
    image.paste((0, 0, 200), (20, 0, 40, 20))
    image.paste((0, 255, 0), (0, 0, 6, 6))
    return image


class HalfMasker:
    """A foreground masker for tests: the left half of the picture is the subject."""

    def mask(self, image: Image.Image) -> Image.Image:
        mask = Image.new("L", image.size, 0)
        mask.paste(255, (0, 0, image.width // 2, image.height))
        return mask


editor = PillowPhotoEditor()


def test_enhance_stretches_a_dull_picture() -> None:
    dull = Image.new("RGB", (64, 64))
    dull.putdata(
        [(100 + (x + y) % 40, 100 + (x * 3) % 40, 110) for y in range(64) for x in range(64)]
    )
    result = decoded(editor.apply(encoded(dull), [Enhance()]).data)
    before, after = ImageStat.Stat(dull), ImageStat.Stat(result)
    assert after.stddev[0] > 2 * before.stddev[0]
    assert (64, 64) == result.size


def test_crop_keeps_the_box() -> None:
    result = decoded(editor.apply(encoded(quadrants()), [Crop(15, 5, 10, 10)]).data)
    assert (10, 10) == result.size
    assert result.getpixel((0, 0))[0] > 150  # red side
    assert result.getpixel((9, 9))[2] > 150  # blue side


def test_resize_is_exact() -> None:
    edited = editor.apply(encoded(quadrants()), [Resize(7, 33)])
    assert (7, 33) == (edited.width, edited.height) == decoded(edited.data).size


def test_quarter_turn_anticlockwise() -> None:
    result = decoded(editor.apply(encoded(quadrants()), [Rotate(90)]).data)
    assert (20, 40) == result.size
    # The green top-left corner goes to the bottom-left after an anticlockwise quarter turn.
    r, g, _b = result.getpixel((1, 38))[:3]
    assert g > 200
    assert r < 60


def test_free_angle_leaves_transparent_corners() -> None:
    edited = editor.apply(encoded(quadrants()), [Rotate(30)])
    result = decoded(edited.data)
    assert "image/png" == edited.media_type
    assert 0 == result.getpixel((0, 0))[3]


def test_flips() -> None:
    horizontal = decoded(editor.apply(encoded(quadrants()), [Flip(FlipAxis.HORIZONTAL)]).data)
    vertical = decoded(editor.apply(encoded(quadrants()), [Flip(FlipAxis.VERTICAL)]).data)
    assert horizontal.getpixel((38, 1))[1] > 200
    assert vertical.getpixel((1, 18))[1] > 200


def test_background_fills_transparency_and_makes_jpeg() -> None:
    edited = editor.apply(raster("PNG", 20, 20, alpha=True), [Background("#00ff00")])
    assert "image/jpeg" == edited.media_type
    # alpha 200 over green: the green channel is lifted everywhere
    assert decoded(edited.data).convert("RGB").getpixel((0, 0))[1] > 40


def test_opaque_results_are_jpeg_and_transparent_ones_png() -> None:
    assert "image/jpeg" == editor.apply(encoded(quadrants()), [Enhance()]).media_type
    assert "image/png" == editor.apply(raster("PNG", 8, 8, alpha=True), [Enhance()]).media_type


def test_background_removal_is_unavailable_when_turned_off() -> None:
    turned_off = PillowPhotoEditor(masker=None)
    capability = turned_off.capability("remove_background")
    assert not capability.available
    assert "background removal" in (capability.reason or "")
    with pytest.raises(Unavailable) as error:
        turned_off.apply(encoded(quadrants()), [RemoveBackground()])
    assert "step_unavailable" == error.value.code


def test_background_removal_uses_the_masker() -> None:
    with_model = PillowPhotoEditor(masker=HalfMasker())
    assert with_model.capability("remove_background").available
    result = decoded(with_model.apply(encoded(quadrants()), [RemoveBackground()]).data)
    assert 255 == result.getpixel((5, 5))[3]
    assert 0 == result.getpixel((35, 5))[3]


def test_not_a_picture_is_refused() -> None:
    with pytest.raises(UnsupportedMedia):
        editor.size_of(b"<svg xmlns='http://www.w3.org/2000/svg'/>")


def test_size_follows_exif_orientation() -> None:
    image = Image.new("RGB", (30, 10))
    exif = image.getexif()
    exif[0x0112] = 6
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", exif=exif)
    assert (10, 30) == editor.size_of(buffer.getvalue())
    assert (10, 30) == decoded(editor.apply(buffer.getvalue(), [Enhance()]).data).size


def product_shot(
    background: tuple[int, int, int] | None = (236, 232, 225), noise: int = 24
) -> tuple[Image.Image, Image.Image]:
    """600x450: a red bottle-like shape with a blue label on a plain background (or, with
    ``background=None``, a light-grey-to-white sweep), with pixel noise of about ``noise``
    levels; and the true subject mask."""
    width, height = 600, 450
    image = Image.new("RGB", (width, height), background or (0, 0, 0))
    if background is None:
        draw = ImageDraw.Draw(image)
        for y in range(height):
            level = 205 + 50 * y // height
            draw.line((0, y, width, y), fill=(level, level, level - 5))
    truth = Image.new("L", (width, height), 0)
    for target, red, blue in ((image, (170, 30, 40), (30, 50, 140)), (truth, 255, 255)):
        draw = ImageDraw.Draw(target)
        draw.ellipse((200, 90, 400, 400), fill=red)
        draw.rectangle((270, 40, 330, 120), fill=red)
        draw.rectangle((230, 220, 370, 300), fill=blue)
    rnd = random.Random(7)
    noisy = bytes(max(0, min(255, c + rnd.randint(-noise, noise))) for c in image.tobytes())
    return Image.frombytes("RGB", image.size, noisy), truth


def shares(alpha: Image.Image, truth: Image.Image) -> tuple[float, float]:
    """(share of the background made transparent, share of the subject kept opaque)."""
    background = transparent = subject = kept = 0
    for a, t in zip(alpha.tobytes(), truth.tobytes(), strict=True):
        if t:
            subject += 1
            kept += a >= 128
        else:
            background += 1
            transparent += a < 128
    return transparent / background, kept / subject


@pytest.mark.parametrize("background", [(236, 232, 225), (20, 120, 60), None])
def test_a_plain_background_is_removed_without_a_model(
    background: tuple[int, int, int] | None,
) -> None:
    """Light, coloured and gradient (sweep) backgrounds with noise: over 95 % of the
    background goes transparent and over 95 % of the subject stays."""
    image, truth = product_shot(background)
    assert editor.capability("remove_background").available
    result = editor.apply(encoded(image), [RemoveBackground()])
    assert "image/png" == result.media_type
    cut = decoded(result.data)
    assert "RGBA" == cut.mode
    gone, kept = shares(cut.getchannel("A"), truth)
    assert gone > 0.95, gone
    assert kept > 0.95, kept
    # The edge is feathered: some alpha between the two.
    assert any(0 < a < 255 for a in cut.getchannel("A").tobytes())


def test_a_busy_background_is_refused_not_guessed() -> None:
    rnd = random.Random(3)
    busy = Image.new("RGB", (300, 200))
    draw = ImageDraw.Draw(busy)
    for x in range(0, 300, 10):
        for y in range(0, 200, 10):
            colour = (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256))
            draw.rectangle((x, y, x + 9, y + 9), fill=colour)
    with pytest.raises(Unprocessable) as error:
        editor.apply(encoded(busy), [RemoveBackground()])
    assert "background_not_plain" == error.value.code
    assert "plain" in str(error.value)


def red_circle(background: tuple[int, int, int, int], mode: str) -> Image.Image:
    """A 120x120 picture: a red (220, 40, 60) circle of radius 40 in the middle."""
    image = Image.new(mode, (120, 120), background[: len(mode)])
    ImageDraw.Draw(image).ellipse((20, 20, 100, 100), fill=(220, 40, 60, 255)[: len(mode)])
    return image


class TestEnhanceKeepsSaturatedColour:
    @pytest.mark.parametrize(
        ("background", "mode"),
        [((255, 255, 255, 255), "RGB"), ((0, 0, 0, 0), "RGBA"), ((240, 240, 235, 255), "RGB")],
        ids=["on-white", "on-transparent", "on-paper"],
    )
    def test_a_red_circle_stays_red(self, background: tuple[int, int, int, int], mode: str) -> None:
        """Auto-enhance keeps a red 220, 40, 60 circle red in the stored file, not black."""
        result = decoded(editor.apply(encoded(red_circle(background, mode)), [Enhance()]).data)
        red, green, blue = result.convert("RGB").getpixel((60, 60))  # type: ignore[misc]
        assert red >= 200, (red, green, blue)
        assert green <= 60, (red, green, blue)
        assert blue <= 80, (red, green, blue)
        assert red - max(green, blue) >= 150, (red, green, blue)
