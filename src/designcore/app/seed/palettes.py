"""The colour palettes and type pairings of the seed templates, by name.

A template's copy file names its palette and pairing (``"palette": "royal"``,
``"fonts": "modern"``); layouts only ever use the roles below, never a raw colour or family,
so one layout reads well in every palette.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs


@attrs.frozen
class Palette:
    """The colours of one template, all solid ``#RRGGBB`` strings."""

    background: str
    """Page background."""
    surface: str
    """Large secondary shapes, panels and cards."""
    accent: str
    """Highlights, rules, badges and buttons."""
    ink: str
    """Main text colour; reads on ``background`` and on ``surface``."""
    soft: str
    """Secondary text colour; reads on ``background``."""
    on_accent: str
    """Text drawn on ``accent`` shapes."""
    confetti: tuple[str, ...] = ()
    """Extra colours for scattered decoration (empty: ``accent`` and ``soft``)."""

    @property
    def party(self) -> tuple[str, ...]:
        """The colours confetti and balloons cycle through."""
        return self.confetti or (self.accent, self.soft)


@attrs.frozen
class TypePairing:
    """The font families of one template, all bundled in ``designcore_fonts`` (the ``designcore-fonts`` distribution)."""

    display: str
    """Headlines."""
    script: str
    """Handwritten accents."""
    body: str
    """Details and labels."""
    serif: str
    """Sub-headings and quotes."""


PALETTES: Mapping[str, Palette] = {
    "royal": Palette("#1E0B36", "#3F1A6B", "#E3B448", "#FFFFFF", "#D9C9F0", "#1E0B36"),
    "midnight": Palette("#0A0F24", "#1C2A5E", "#F2C14E", "#FFFFFF", "#AEB9E0", "#0A0F24"),
    "crimson": Palette("#170707", "#8E1B1B", "#F59E0B", "#FFFFFF", "#F5CFB0", "#170707"),
    "emerald": Palette("#0B3B2E", "#136B51", "#F0C75E", "#FFFFFF", "#C4E6D4", "#0B3B2E"),
    "ivory": Palette("#FBF6EC", "#EFE3C8", "#B8891F", "#2B1D0E", "#6F5B44", "#FFFFFF"),
    "teal": Palette("#0E3F4C", "#176C7A", "#FF7F50", "#FFFFFF", "#BFE4E8", "#0E3F4C"),
    "blush": Palette("#FCE9E4", "#F4C7C3", "#C8475B", "#3D1A23", "#80525C", "#FFFFFF"),
    "onyx": Palette("#101010", "#262626", "#D4AF37", "#FFFFFF", "#C9C2AE", "#101010"),
    "sunrise": Palette("#2B0F3A", "#5B1E63", "#FF8A3D", "#FFFFFF", "#F4C9DD", "#2B0F3A"),
    "kids_pop": Palette(
        "#FFF4D6",
        "#FF4F8B",
        "#13B5A7",
        "#3A0CA3",
        "#5B4B8A",
        "#FFFFFF",
        confetti=("#FF4F8B", "#13B5A7", "#FFB703", "#8338EC", "#3A86FF"),
    ),
    "kids_sky": Palette(
        "#E8F4FF",
        "#3A86FF",
        "#FFB703",
        "#1D2B64",
        "#4A5A8C",
        "#1D2B64",
        confetti=("#3A86FF", "#FFB703", "#FB5607", "#8AC926", "#FF006E"),
    ),
    "neon": Palette(
        "#0D0221",
        "#261447",
        "#F5F749",
        "#FFFFFF",
        "#C7B8FF",
        "#0D0221",
        confetti=("#F5F749", "#FF3CAC", "#2EF2E5", "#784BA0"),
    ),
    "gold_green": Palette(
        "#0F2A1D",
        "#1F4D36",
        "#E6B84C",
        "#FFFFFF",
        "#CFE3D6",
        "#0F2A1D",
        confetti=("#E6B84C", "#F3D98B", "#FFFFFF"),
    ),
    "party_blush": Palette(
        "#FCE9E4",
        "#F4C7C3",
        "#C8475B",
        "#3D1A23",
        "#80525C",
        "#FFFFFF",
        confetti=("#C8475B", "#E9A23B", "#F4C7C3", "#7A3E65"),
    ),
    "party_onyx": Palette(
        "#101010",
        "#262626",
        "#D4AF37",
        "#FFFFFF",
        "#C9C2AE",
        "#101010",
        confetti=("#D4AF37", "#F3E2A9", "#8C6D1F"),
    ),
    "jollof": Palette("#2A0A04", "#B5301F", "#FFB627", "#FFF6E9", "#F6CDB4", "#2A0A04"),
    "ankara": Palette("#1B1464", "#F7B32B", "#E94E1B", "#FFFFFF", "#D8D4FF", "#FFFFFF"),
    "navy_gold": Palette("#0B1F3A", "#16325C", "#C9A646", "#FFFFFF", "#B7C4DA", "#0B1F3A"),
    "rose_nude": Palette("#F7EDE8", "#E8CFC3", "#A4485E", "#3B2228", "#7A5F63", "#FFFFFF"),
    "dispatch": Palette("#0B2545", "#13315C", "#FF8C1A", "#FFFFFF", "#B8C7DD", "#0B2545"),
    "fintech": Palette("#04332B", "#0A5C4D", "#B6F36B", "#FFFFFF", "#BFE3D9", "#04332B"),
    "indigo_mint": Palette("#1B1340", "#2E2170", "#3DDC97", "#FFFFFF", "#C9C2F0", "#1B1340"),
    "sale_red": Palette("#111111", "#E63946", "#FFD166", "#FFFFFF", "#D6D6D6", "#111111"),
    "sale_citrus": Palette("#FFF3E0", "#FF6B35", "#1A1A2E", "#1A1A2E", "#5C5C70", "#FFFFFF"),
    "sage": Palette("#EEF2EA", "#D6E2CF", "#3E6B48", "#1F2D22", "#51604F", "#FFFFFF"),
    "clay": Palette("#F4E9DC", "#E2CBB0", "#9C4A1A", "#2E1B0F", "#6E5441", "#FFFFFF"),
    "dusk": Palette("#1A1033", "#33245E", "#FF9F68", "#FFFFFF", "#CBBEF0", "#1A1033"),
    "naija": Palette("#00562F", "#008751", "#FFFFFF", "#FFFFFF", "#D3F0E0", "#00562F"),
    "naija_light": Palette("#F8FBF9", "#008751", "#008751", "#0F3D2A", "#4D6B5C", "#FFFFFF"),
    "plum_party": Palette(
        "#2E1437",
        "#4C2459",
        "#F4B942",
        "#FFFFFF",
        "#E2CBEA",
        "#2E1437",
        confetti=("#F4B942", "#FF8FAB", "#E2CBEA", "#7FDBCA"),
    ),
    "sand_green": Palette("#FAF3E3", "#E9DCC0", "#0E6B4F", "#1E2A22", "#5E6B5F", "#FFFFFF"),
    "charcoal_lime": Palette("#16181D", "#252932", "#C6F432", "#FFFFFF", "#B4BAC6", "#16181D"),
    "berry": Palette("#3A0C2B", "#6A1B4D", "#FFC857", "#FFFFFF", "#F1C6DD", "#3A0C2B"),
    "ocean": Palette("#06304A", "#0B4F6C", "#4FD1C5", "#FFFFFF", "#B9DCEB", "#06304A"),
    "lilac": Palette("#F1EAFB", "#DCCDF5", "#6B3FA0", "#2A1846", "#6A5A86", "#FFFFFF"),
    "ice": Palette("#EAF4FB", "#CFE4F4", "#1E5F8C", "#102A43", "#4F6B84", "#FFFFFF"),
    "rose": Palette("#3B0A1E", "#6E1638", "#FF8FAB", "#FFFFFF", "#F6C6D4", "#3B0A1E"),
    "spring": Palette("#F1F8E9", "#D7EDC2", "#2E7D32", "#1B3A1E", "#55705A", "#FFFFFF"),
    "sunflower": Palette("#FFF6D5", "#FFE08A", "#C2410C", "#3A2208", "#785C34", "#FFFFFF"),
    "coral": Palette("#FFEDE6", "#FFCBB8", "#E4572E", "#3B1C12", "#7A5448", "#FFFFFF"),
    "harvest": Palette("#2D1B0E", "#5A3515", "#F2A541", "#FFFFFF", "#EBD2B4", "#2D1B0E"),
    "amber": Palette("#FDF4E7", "#F6DDB7", "#B5651D", "#3A230E", "#7A5E43", "#FFFFFF"),
    "festive": Palette("#7A0E1A", "#0F5132", "#F6D365", "#FFFFFF", "#F6D6D6", "#7A0E1A"),
    "plum_gold": Palette("#2E1437", "#4C2459", "#F4B942", "#FFFFFF", "#E2CBEA", "#2E1437"),
    "sky_coral": Palette("#F0F7FF", "#D6E8FF", "#FF6F59", "#16213E", "#4B5A78", "#FFFFFF"),
}
"""Every palette a copy file may name."""

TYPE_PAIRINGS: Mapping[str, TypePairing] = {
    "classic": TypePairing("Playfair Display", "Great Vibes", "Montserrat", "Playfair Display"),
    "bold": TypePairing("Anton", "Dancing Script", "Poppins", "Lora"),
    "modern": TypePairing("Bebas Neue", "Great Vibes", "Raleway", "Playfair Display"),
    "editorial": TypePairing("Merriweather", "Dancing Script", "Lora", "Lora"),
    "strong": TypePairing("Oswald", "Great Vibes", "Roboto", "Merriweather"),
    "playful": TypePairing("Poppins", "Dancing Script", "Poppins", "Lora"),
}
"""Every type pairing a copy file may name."""
