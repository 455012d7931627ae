"""The seed catalogue: original starter templates, as copy files and small layouts.

- ``data/*.json``: the copy (names, descriptions, tags, sample texts, field labels), read by
  :mod:`~designcore.app.seed.copy`;
- :mod:`~designcore.app.seed.layouts`: one module per layout family, drawing on a
  :class:`~designcore.app.seed.canvas.Canvas` that fits texts with the real text layout;
- :mod:`~designcore.app.seed.palettes`: the colours and type pairings;
- :mod:`~designcore.app.seed.catalogue`: builds the domain templates from all of them.
"""
