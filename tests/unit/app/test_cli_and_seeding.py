"""The CLI on a SQLite file, and seeding on in-memory adapters."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from PIL import Image

from designcore.app import Container
from designcore.app.cli import main
from designcore.app.container import build_container
from designcore.app.seeding import (
    PREVIEW_BUCKET,
    SEED_CREATORS,
    preview_url,
    seed,
    seed_creators,
    seeded_templates,
)
from designcore.app.settings import load_settings
from designcore.domain.pagination import PageRequest
from designcore.domain.premium import Viewer
from designcore.domain.templates import HOME_CATEGORIES, HOME_ROW_SIZE


class TestCli:
    def test_settings_round_trip(self, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """settings set stores JSON; settings get prints it back."""
        assert 0 == main(["settings", "set", "premium_business_model_enabled", "false"])
        assert 0 == main(["settings", "get", "premium_business_model_enabled"])
        assert "false" == capsys.readouterr().out.strip().splitlines()[-1]
        assert (data_dir / "designcore.db").is_file()

    def test_settings_refuses_bad_values(
        self, data_dir: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Non-JSON, wrong types and unknown keys fail with a message and change nothing: the
        setting still reads as its default."""
        assert 2 == main(["settings", "set", "premium_business_model_enabled", "maybe"])
        assert 1 == main(["settings", "set", "premium_business_model_enabled", '"true"'])
        assert 1 == main(["settings", "set", "no_such_setting", "true"])
        assert 0 == main(["settings", "get", "premium_business_model_enabled"])
        assert "true" == capsys.readouterr().out.strip().splitlines()[-1]

    def test_bad_environment_is_reported(
        self, data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A bad variable stops the command with its name."""
        monkeypatch.setenv("DESIGNCORE_PORT", "eighty")
        assert 1 == main(["migrate"])
        assert "DESIGNCORE_PORT" in capsys.readouterr().err

    def test_seed_is_idempotent(self, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """seed writes the catalogue and its previews once; a second run writes nothing."""
        count = len(seeded_templates())
        assert 0 == main(["seed"])
        assert 0 == main(["seed"])
        lines = [line for line in capsys.readouterr().out.splitlines() if "seeded" in line]
        assert [f"seeded {count} templates", "seeded 0 templates"] == lines
        previews = list((data_dir / "storage" / PREVIEW_BUCKET).glob("*.png"))
        assert count == len(previews)

    def test_prepare_seeds_and_makes_one_signing_key(
        self, data_dir: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """prepare migrates, seeds an empty catalogue and stores one signing key; run again it
        adds neither templates nor keys."""
        assert 0 == main(["prepare"])
        assert 0 == main(["prepare"])
        container = build_container(load_settings({"DESIGNCORE_DATA_DIR": str(data_dir)}))
        assert len(seeded_templates()) == container.catalogue().count()
        assert 1 == len(container.key_ring().load())
        assert 2 == capsys.readouterr().out.count("signing keys made")


class TestSeeding:
    def test_catalogue_fills_every_home_row(self, memory_container: Container) -> None:
        """Seeding stores every template, with a PNG preview, and fills the five home rows."""
        container = memory_container
        written = seed(container)
        assert len(seeded_templates()) == written == container.catalogue().count()
        rows = container.catalogue_service().home_rows()
        assert all(HOME_ROW_SIZE == len(row.templates) for row in rows)
        assert list(HOME_CATEGORIES) == [row.category for row in rows]
        first = rows[0].templates[0]
        stored = container.storage().get(PREVIEW_BUCKET, f"{first.id}.png")
        image = Image.open(io.BytesIO(stored.data))
        assert ("PNG", 800) == (image.format, image.width)

    def test_force_rewrites_what_an_operator_changed(self, memory_container: Container) -> None:
        """Without force, a changed template is kept; with force, the seed version returns."""
        container = memory_container
        seed(container)
        catalogue = container.catalogue()
        original = seeded_templates()[0]
        catalogue.replace(attrs.evolve(original, name="Changed by an operator"))
        assert 0 == seed(container)
        assert "Changed by an operator" == catalogue.get(original.id).name
        assert len(seeded_templates()) == seed(container, force=True)
        assert original == catalogue.get(original.id)

    def test_seed_templates_are_attributed_to_the_seed_studios(
        self, memory_container: Container
    ) -> None:
        """Every seed template gets a seed studio; /creators lists the studios with counts that
        add up to the catalogue; seeding again attributes nothing new."""
        seed(memory_container)
        listed = memory_container.creators().listing(PageRequest(1, 10))
        assert {c.username for c in SEED_CREATORS} == {x.creator.username for x in listed.items}
        assert len(seeded_templates()) == sum(x.template_count for x in listed.items)
        logos = [t for t in seeded_templates() if t.category == "Logos"]
        studio = memory_container.creators_directory().creator_of(logos[0].id)
        assert studio is not None
        assert "adire-lab" == studio.username
        assert 0 == seed_creators(memory_container)

    def test_an_operators_attribution_is_kept(self, memory_container: Container) -> None:
        """A template attributed to someone else before the studios are seeded keeps them."""
        seed(memory_container)
        directory = memory_container.creators_directory()
        template = seeded_templates()[0]
        mine, _ = memory_container.creators().save_mine(
            Viewer(user_id="u1"), username="kemi", display_name="Kemi", avatar_url=None, bio=""
        )
        directory.attribute(template.id, mine.id)
        assert 0 == seed_creators(memory_container)
        assert "kemi" == (directory.creator_of(template.id) or mine).username

    def test_seed_templates_are_searchable(self, memory_container: Container) -> None:
        """Search finds seeded templates by what they are for."""
        seed(memory_container)
        page = memory_container.catalogue_service().search("thanksgiving", PageRequest())
        assert page.total_count >= 1
        assert all(
            "thanksgiving"
            in json.dumps(
                [
                    t.name,
                    t.description,
                    t.sub_category,
                    t.tags,
                    t.semantic_keywords,
                    t.design_intent,
                ]
            ).lower()
            for t in page.items
        )

    def test_every_seeded_template_has_its_preview_url(self) -> None:
        """Each stored seed template points at its preview, served as an AVIF 800 px wide."""
        for template in seeded_templates():
            assert (
                (
                    f"/storage/v1/render/image/public/{PREVIEW_BUCKET}/{template.id}.png"
                    "?width=800&resize=contain&format=avif"
                )
                == template.preview_url
                == preview_url(template.id)
            )
            assert template.has_document


class TestMigration:
    def test_migrating_makes_old_problem_screenshots_private(
        self, make_memory_container: Any, tmp_path: Path
    ) -> None:
        """A database from before private screenshots (a report pointing at an object of the
        public user-uploads bucket) comes out of migrate_database with the screenshot in
        problem-screenshots and nothing left at the public address."""
        from designcore.app.seeding import migrate_database

        container: Container = make_memory_container(
            DESIGNCORE_DATABASE_URL=f"sqlite:///{tmp_path / 'old.db'}",
            DESIGNCORE_DATA_DIR=str(tmp_path),
            DESIGNCORE_SEED_ON_START="false",
        )
        migrate_database(container)
        report = container.problem_reports().report(
            Viewer(user_id="u-ade"),
            description="Blank preview",
            page_url="https://designcore.example/",
            screenshot_key=None,
        )
        container.storage().put("user-uploads", "u-ade/shot.png", b"shot", "image/png")
        old = attrs.evolve(report, screenshot_key="user-uploads/u-ade/shot.png")
        container.problem_report_store().update(old)

        migrate_database(container)

        stored = container.problem_report_store().get(report.id)
        assert "problem-screenshots/u-ade/shot.png" == stored.screenshot_key
        assert b"shot" == container.storage().get("problem-screenshots", "u-ade/shot.png").data
        assert not container.storage().exists("user-uploads", "u-ade/shot.png")
