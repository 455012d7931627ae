"""A template catalogue kept in JSON files: one file per template in a directory.

An example of an adapter written outside designcore. It stores what it is given as JSON and
answers reads through an in-memory catalogue rebuilt from the files, so the ordering, search
and pagination rules are designcore's own. Select it with
``DESIGNCORE_CATALOGUE_BACKEND=json_catalogue:JsonCatalogue`` and
``DESIGNCORE_ADAPTER_OPTIONS={"catalogue": {"directory": "…"}}`` (docs/library.md).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cattrs.preconf.json import make_converter

from designcore.adapters.memory import InMemoryTemplateCatalogue
from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.templates import Template, TemplateSummary

_json = make_converter()


class JsonCatalogue:
    """Templates in ``<directory>/<sequence>-<id>.json``, counters in ``counters.json``."""

    def __init__(self, directory: str | Path = "catalogue") -> None:
        self._directory = Path(directory)
        self._directory.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()

    # -- files ----------------------------------------------------------------------------

    def _files(self) -> dict[str, Path]:
        """Each template's file by id, in the order they were added."""
        files = sorted(self._directory.glob("*-*.json"), key=lambda p: int(p.name.split("-")[0]))
        return {path.stem.split("-", 1)[1]: path for path in files}

    def _read(self, path: Path) -> Template:
        return _json.loads(path.read_text(encoding="utf-8"), Template)

    def _snapshot(self) -> InMemoryTemplateCatalogue:
        """Every stored template, in an in-memory catalogue (added in the same order)."""
        snapshot = InMemoryTemplateCatalogue()
        for path in self._files().values():
            snapshot.add(self._read(path))
        return snapshot

    def _counters(self) -> dict[str, dict[str, int]]:
        path = self._directory / "counters.json"
        return json.loads(path.read_text()) if path.exists() else {}

    # -- writes ---------------------------------------------------------------------------

    def add(self, template: Template) -> None:
        with self._lock:
            files = self._files()
            if template.id in files:
                raise Conflict(f"template {template.id} already exists", code="duplicate_template")
            if any(self._read(path).name == template.name for path in files.values()):
                raise Conflict(f"a template named {template.name!r} exists", code="duplicate_name")
            path = self._directory / f"{len(files) + 1}-{template.id}.json"
            path.write_text(_json.dumps(template), encoding="utf-8")

    def replace(self, template: Template) -> None:
        with self._lock:
            path = self._files().get(template.id)
            if path is None:
                raise NotFound(f"no template {template.id}", code="template_not_found")
            path.write_text(_json.dumps(template), encoding="utf-8")

    def increment_views(self, template_id: str) -> int:
        return self._bump("views", template_id)

    def increment_uses(self, template_id: str) -> int:
        return self._bump("uses", template_id)

    def _bump(self, counter: str, template_id: str) -> int:
        with self._lock:
            if template_id not in self._files():
                raise NotFound(f"no template {template_id}", code="template_not_found")
            counters = self._counters()
            counts = counters.setdefault(counter, {})
            counts[template_id] = counts.get(template_id, 0) + 1
            (self._directory / "counters.json").write_text(json.dumps(counters))
            return counts[template_id]

    # -- reads ----------------------------------------------------------------------------

    def get(self, template_id: str) -> Template:
        return self._snapshot().get(template_id)

    def get_summary(self, template_id: str) -> TemplateSummary:
        return self._snapshot().get_summary(template_id)

    def count(self) -> int:
        return len(self._files())

    def by_category(self, category: str, limit: int | None = None) -> Sequence[TemplateSummary]:
        return self._snapshot().by_category(category, limit)

    def newest_in_categories(
        self, categories: Sequence[str], limit: int
    ) -> Mapping[str, Sequence[TemplateSummary]]:
        return self._snapshot().newest_in_categories(categories, limit)

    def all(self) -> Sequence[TemplateSummary]:
        return self._snapshot().all()

    def categories(self) -> Sequence[str]:
        return self._snapshot().categories()

    def sub_categories(self, category: str) -> Sequence[str]:
        return self._snapshot().sub_categories(category)

    def paginate(self, request: PageRequest, **filters: Any) -> Page[TemplateSummary]:
        return self._snapshot().paginate(request, **filters)

    def search(self, term: str, request: PageRequest) -> Page[TemplateSummary]:
        return self._snapshot().search(term, request)

    def related(self, template_id: str, limit: int) -> Sequence[TemplateSummary]:
        return self._snapshot().related(template_id, limit)
