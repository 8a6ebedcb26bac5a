"""import_catalog / export_catalog / load_catalog: validation, round trips, idempotence."""
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cardsite.catalog_files.catalog_export import catalog_export
from cardsite.catalog_files.catalog_format import CatalogFormatError, validate_catalog
from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.models import Component, Entry, Game, RollBand
from rulesref.models import GlossaryTerm, Rule, Ruling
from tests.catalog_sample import sample_catalog

pytestmark = pytest.mark.django_db
MODELS = (Game, Component, Entry, RollBand, Rule, GlossaryTerm, Ruling)


def snapshot():
    """Every row of every catalog model, to prove that nothing changed."""
    return {m.__name__: sorted(map(str, m.objects.values_list())) for m in MODELS}


def history_count():
    return sum(m.history.count() for m in MODELS)


def write(tmp_path: Path, data, name="catalog.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def test_sample_is_valid():
    assert validate_catalog(sample_catalog()) == []


def test_import_creates_everything_with_unknowns_kept():
    catalog_import(data=sample_catalog())
    zapper = Entry.objects.get(game__slug="rumble", slug="zapper")
    assert zapper.initiative == 0 and zapper.cost is None and zapper.text is None
    blank = Entry.objects.get(slug="blank-card")
    assert blank.text == "" and blank.initiative is None
    assert [b.label for b in zapper.bands.all()] == ["1-4", "5+"]
    assert Rule.objects.get(game__slug="rumble", number="1.1").parent.number == "1"
    ruling = Ruling.objects.get(slug="split-hits")
    assert {e.slug for e in ruling.entries.all()} == {"linda", "zapper"}
    assert {r.citation for r in ruling.rules.all()} == {"demoniac 1", "rumble 1.1"}


def test_export_import_export_is_identical(tmp_path, django_db_blocker):
    catalog_import(data=sample_catalog())
    first = tmp_path / "first.json"
    call_command("export_catalog", str(first), stderr=StringIO())
    for model in reversed(MODELS):
        model.objects.all().delete()
    assert Entry.objects.count() == 0
    call_command("import_catalog", str(first), stdout=StringIO())
    second = tmp_path / "second.json"
    call_command("export_catalog", str(second), stderr=StringIO())
    assert first.read_bytes() == second.read_bytes()
    assert json.loads(first.read_text())["games"][0]["entries"][0]["cost"] is None


def test_reimport_changes_nothing_and_writes_no_history():
    catalog_import(data=sample_catalog())
    before, history = snapshot(), history_count()
    report = catalog_import(data=sample_catalog())
    assert not report.changed
    assert snapshot() == before
    assert history_count() == history


def test_dry_run_reports_but_writes_nothing(tmp_path):
    out = StringIO()
    call_command("import_catalog", str(write(tmp_path, sample_catalog())), "--dry-run", stdout=out)
    assert "Dry run" in out.getvalue() and "Entries: 3 created" in out.getvalue()
    assert Entry.objects.count() == 0


def test_update_changes_only_what_differs():
    catalog_import(data=sample_catalog())
    data = sample_catalog()
    data["games"][0]["entries"][0]["initiative"] = 14
    report = catalog_import(data=data)
    assert report.updated["Entries"] == 1 and report.unchanged["Entries"] == 2
    assert Entry.objects.get(slug="zapper").initiative == 14


def test_prune_deletes_what_the_file_dropped():
    catalog_import(data=sample_catalog())
    data = sample_catalog()
    del data["games"][0]["entries"][1]
    catalog_import(data=data)
    assert Entry.objects.filter(slug="blank-card").exists()  # merge keeps it
    catalog_import(data=data, prune=True)
    assert not Entry.objects.filter(slug="blank-card").exists()


def _broken():
    data = sample_catalog()
    rumble = data["games"][0]
    del rumble["entries"][0]["kind"]  # missing field
    rumble["entries"][1]["slug"] = "zapper"  # duplicate slug
    rumble["entries"][0]["initiative"] = "fast"  # wrong type
    data["games"][1]["slug"] = "chess"  # unknown game
    return data


def test_broken_file_names_each_problem_and_changes_nothing(tmp_path):
    catalog_import(data=sample_catalog())
    before, history = snapshot(), history_count()
    with pytest.raises(CommandError) as excinfo:
        call_command("import_catalog", str(write(tmp_path, _broken())), stdout=StringIO())
    message = str(excinfo.value)
    assert "$.games[0].entries[0].kind: missing field" in message
    assert "$.games[0].entries[1].slug: duplicate slug 'zapper'" in message
    assert '$.games[0].entries[0].initiative: expected a whole number or null (unknown), got "fast"' in message
    assert '$.games[1].slug: unknown game "chess"' in message
    assert snapshot() == before and history_count() == history


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d.update(version=2), "$.version: unsupported version 2"),
        (lambda d: d["games"][0]["entries"][0].update(colour="red"), "entries[0].colour: unknown field"),
        (lambda d: d["games"][0]["entries"][0].update(component="nope"), "no component 'nope'"),
        (lambda d: d["games"][0]["rulings"][0].update(entries=["ghost"]), "rulings[0].entries[0]: no entry 'ghost'"),
        (lambda d: d["games"][0]["rulings"][0].update(source=""), "rulings[0].source: must not be empty"),
        (lambda d: d["games"][0]["rules"][1].update(source="Nowhere"), "'Nowhere' is not a section"),
        (lambda d: d["games"][0]["rules"][1].update(number="2.1"), "rule 2.1 has no parent rule 2"),
        (lambda d: d["games"][0]["components"][1].update(count=31), "the parts add up to 30, not to count 31"),
        (lambda d: d["games"][1]["entries"][0].update(mind=2), "exceeds the five possession spots"),
        (lambda d: d["games"][0]["entries"][0].update(initiative=-1), "-1 is out of range 0..99"),
        (lambda d: d["games"][1]["rulings"][0].update(engine_reading=""), "says which reading the engine follows"),
    ],
)
def test_each_kind_of_problem_is_reported(mutate, expected):
    data = sample_catalog()
    mutate(data)
    with pytest.raises(CatalogFormatError) as excinfo:
        catalog_import(data=data)
    assert any(expected in p for p in excinfo.value.problems), excinfo.value.problems
    assert Entry.objects.count() == 0


def test_not_json_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match=r"not valid JSON \(line 1"):
        call_command("import_catalog", str(write(tmp_path, "{oops")), stdout=StringIO())
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_catalog", str(tmp_path / "missing.json"), stdout=StringIO())
    with pytest.raises(CommandError, match="nested too deeply"):
        call_command("import_catalog", str(write(tmp_path, "[" * 5000 + "]" * 5000)),
                     stdout=StringIO())
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes('{"games": "Café"}'.encode("latin-1"))
    with pytest.raises(CommandError, match="not UTF-8 text"):
        call_command("import_catalog", str(latin1), stdout=StringIO())


def test_export_checksum_identifies_content():
    catalog_import(data=sample_catalog())
    first = catalog_export()["checksum"]
    Entry.objects.filter(slug="zapper").update(initiative=3)
    assert catalog_export()["checksum"] != first


def test_load_catalog_twice_changes_nothing(tmp_path):
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    data = sample_catalog()
    for game in data["games"]:
        write(fixtures, {**data, "games": [game]}, f"{game['slug']}.json")
    call_command("load_catalog", "--dir", str(fixtures), stdout=StringIO())
    before, history = snapshot(), history_count()
    out = StringIO()
    call_command("load_catalog", "--dir", str(fixtures), stdout=out)
    assert "No changes." in out.getvalue()
    assert snapshot() == before and history_count() == history


def test_load_catalog_on_an_empty_database_reports_what_it_created(tmp_path):
    """Links and roll bands belong to their new objects: a first load says created, and
    its counts are the rows it made (not links or bands counted again as updated)."""
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    write(fixtures, sample_catalog(), "catalog.json")
    out = StringIO()
    call_command("load_catalog", "--dir", str(fixtures), stdout=out)
    lines = out.getvalue().splitlines()[2:]  # after "Loaded ..." and "Changes:"
    assert all(" 0 updated, 0 unchanged, 0 deleted" in line for line in lines), lines
    assert {line.split(":")[0] for line in lines} == {
        "Games", "Components", "Entries", "Rules", "Glossary Terms", "Rulings"}
    for model, label in ((Entry, "Entries"), (Ruling, "Rulings"), (GlossaryTerm, "Glossary Terms")):
        assert f"{label}: {model.objects.count()} created," in out.getvalue()


def test_a_changed_link_or_roll_table_reports_its_object_updated():
    catalog_import(data=sample_catalog())
    data = sample_catalog()
    data["games"][0]["rulings"][0]["rules"] = ["1.1"]
    data["games"][0]["entries"][0]["bands"][0]["effect"] = "2 damage."
    report = catalog_import(data=data)
    assert report.updated["Rulings"] == 1 and report.unchanged["Rulings"] == 1
    assert report.updated["Entries"] == 1 and report.unchanged["Entries"] == 2
    assert set(report.updated) == {"Rulings", "Entries"}
