"""Import with preview (cardsite.editorial.catalog_changes): whole-file validation by row and
column, the preview's field-by-field changes, apply with history, round trips."""
import io

import pytest
from django.core.management import call_command

from cardsite.editorial import catalog_sheets
from cardsite.editorial.catalog_changes import StalePlan, catalog_file_apply, catalog_file_plan
from cardsite.models import Entry

pytestmark = pytest.mark.django_db

HEADER = "slug,name,type,glyph,initiative,text\n"


def test_errors_are_reported_by_row_and_column_and_nothing_is_written(catalog):
    before = Entry.objects.count()
    content = (HEADER + "new-one,New One,delivery,illusion,x,Zap.\n"
               ",Second,source,plaid,,\n").encode()
    plan = catalog_file_plan(content=content, filename="new.csv", game="rumble")
    assert not plan.valid
    where = {(p.row, p.column) for p in plan.problems}
    assert (2, "initiative") in where  # "x" is not a number
    assert (3, "glyph") in where
    assert Entry.objects.count() == before


def test_a_value_in_a_field_that_does_not_apply_is_an_error(catalog):
    plan = catalog_file_plan(content=(HEADER + "s1,S1,source,dark,7,\n").encode(),
                             filename="s.csv", game="rumble")
    assert [(p.row, p.column) for p in plan.problems] == [(2, "initiative")]
    assert "does not apply" in plan.problems[0].message


def test_preview_lists_added_and_changed_fields_then_apply_records_the_reason(catalog, editor):
    content = (HEADER + "tentakiller,Tentakiller,delivery,illusion,17,Roll the dice & grab a <tentacle>.\n"
               ",Brand New,source,dark,,\n").encode()
    plan = catalog_file_plan(content=content, filename="edit.csv", game="rumble")
    assert plan.valid, plan.problems
    changed = [c for c in plan.changes if c.action == "changed"]
    assert [(c.key, c.fields) for c in changed] == [("tentakiller", [("initiative", 16, 17)])]
    added = [c for c in plan.changes if c.action == "added"]
    assert [c.key for c in added] == ["brand-new"]
    assert not [c for c in plan.changes if c.action == "removed"]  # no prune: nothing removed
    catalog_file_apply(content=content, filename="edit.csv", user=editor, game="rumble",
                       digest=plan.digest)
    entry = Entry.objects.get(slug="tentakiller")
    assert entry.initiative == 17
    latest = entry.history.first()
    assert latest.history_change_reason == "Import of edit.csv by ed"
    assert latest.history_user == editor
    assert Entry.objects.get(slug="brand-new").history.first().history_change_reason == \
        "Import of edit.csv by ed"


def test_remove_only_with_prune(catalog):
    content = (HEADER + "tentakiller,Tentakiller,delivery,illusion,16,Roll the dice & grab a <tentacle>.\n").encode()
    kept = catalog_file_plan(content=content, filename="one.csv", game="rumble")
    assert not [c for c in kept.changes if c.action == "removed"]
    pruned = catalog_file_plan(content=content, filename="one.csv", game="rumble", prune=True)
    removed = {c.key for c in pruned.changes if c.action == "removed"}
    others = set(Entry.objects.filter(game__slug="rumble").exclude(slug="tentakiller")
                 .values_list("slug", flat=True))
    assert removed == others and others


def test_a_stale_preview_is_not_applied(catalog, editor):
    content = (HEADER + "tentakiller,Tentakiller,delivery,illusion,17,Roll the dice & grab a <tentacle>.\n").encode()
    plan = catalog_file_plan(content=content, filename="edit.csv", game="rumble")
    Entry.objects.filter(slug="tentakiller").update(text="Changed meanwhile.")
    with pytest.raises(StalePlan):
        catalog_file_apply(content=content, filename="edit.csv", user=editor, game="rumble",
                           digest=plan.digest)
    assert Entry.objects.get(slug="tentakiller").initiative == 16


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_export_then_import_changes_nothing_and_keeps_unknown_apart_from_empty(catalog, fmt):
    Entry.objects.filter(slug="tentakiller").update(flavor="")  # empty, not unknown
    from cardsite.catalog_files.catalog_export import catalog_export

    entries = catalog_export(game_slugs=["rumble"])["games"][0]["entries"]
    writer = catalog_sheets.write_xlsx if fmt == "xlsx" else catalog_sheets.write_csv
    content = writer("rumble", "Rumble", entries)
    plan = catalog_file_plan(content=content, filename=f"rumble.{fmt}", game="rumble")
    assert plan.valid, plan.problems
    assert plan.changes == []
    _, rows = catalog_sheets.read_sheet(content, f"rumble.{fmt}")
    by_slug = {r.cells["slug"]: catalog_sheets.row_to_entry(r)[0] for r in rows}
    assert by_slug["tentakiller"]["flavor"] == ""
    assert by_slug["tentakiller"]["bands"][-1] == {"low": 10, "high": None,
                                                   "effect": "Deal 5 damage.", "keep": True}
    assert by_slug["zapper"]["text"] is None or isinstance(by_slug["zapper"]["text"], str)


def test_template_lists_the_games_types_and_glyphs():
    text = catalog_sheets.write_csv("rumble", "Rumble", []).decode("utf-8-sig")
    assert "delivery: glyph, initiative" in text and "arcane, dark, elemental" in text
    header, rows = catalog_sheets.read_sheet(text.encode(), "t.csv")
    assert header == list(catalog_sheets.COLUMNS) and rows == []


@pytest.mark.parametrize("content,name,message", [
    (b"\x00" * (11 * 1024 * 1024), "big.xlsx", "limit is 5 MB"),
    (b"PK\x03\x04 not really a zip", "broken.xlsx", "not a readable XLSX"),
    (b"\xff\xfe\x00garbage", "broken.csv", "not UTF-8"),
    (b"colour,name\nred,x\n", "odd.csv", "unknown column"),
])
def test_big_or_malformed_sheets_are_clear_errors(catalog, content, name, message):
    before = Entry.objects.count()
    plan = catalog_file_plan(content=content, filename=name, game="rumble")
    assert not plan.valid and message in str(plan.problems[0])
    assert Entry.objects.count() == before


def test_the_command_line_uses_the_same_service(catalog, tmp_path):
    path = tmp_path / "edit.csv"
    path.write_text(HEADER + "tentakiller,Tentakiller,delivery,illusion,18,Roll the dice & grab a <tentacle>.\n")
    out = io.StringIO()
    call_command("import_catalog", str(path), "--game", "rumble", "--dry-run", stdout=out)
    assert "initiative: 16 → 18" in out.getvalue()
    assert Entry.objects.get(slug="tentakiller").initiative == 16
    call_command("import_catalog", str(path), "--game", "rumble", stdout=io.StringIO())
    entry = Entry.objects.get(slug="tentakiller")
    assert entry.initiative == 18
    assert entry.history.first().history_change_reason == "Import of edit.csv by the command line"


def _export_with_new_entry() -> bytes:
    import json

    from cardsite.catalog_files.catalog_export import catalog_export

    document = catalog_export(game_slugs=["rumble"])
    document.pop("checksum", None)
    entries = document["games"][0]["entries"]
    entries.append({**entries[0], "slug": "brand-new", "name": "Brand New", "aliases": []})
    return json.dumps(document).encode()


def test_a_file_that_adds_entries_applies_while_others_edit_other_ones(catalog, editor):
    """Staleness is per object: the whole game's export plus one new entry, while
    another editor changes an entry the file has as it was."""
    content = _export_with_new_entry()
    plan = catalog_file_plan(content=content, filename="more.json")
    assert [c.key for c in plan.changes] == ["brand-new"]
    Entry.objects.filter(slug="zapper").update(notes="Edited meanwhile.")
    Entry.objects.filter(slug="tentakiller").delete()
    applied, _ = catalog_file_apply(content=content, filename="more.json", user=editor,
                                    preview=plan.fingerprints())
    assert [c.key for c in applied.changes] == ["brand-new"]
    assert Entry.objects.filter(slug="brand-new").exists()
    assert Entry.objects.get(slug="zapper").notes == "Edited meanwhile."  # not reverted
    assert not Entry.objects.filter(slug="tentakiller").exists()  # not brought back


def test_a_real_conflict_names_the_object(catalog, editor):
    content = (HEADER + "tentakiller,Tentakiller,delivery,illusion,17,Roll the dice & grab a <tentacle>.\n").encode()
    plan = catalog_file_plan(content=content, filename="edit.csv", game="rumble")
    Entry.objects.filter(slug="tentakiller").update(text="Changed meanwhile.")
    with pytest.raises(StalePlan) as stale:
        catalog_file_apply(content=content, filename="edit.csv", user=editor, game="rumble",
                           preview=plan.fingerprints())
    assert "entry rumble tentakiller" in str(stale.value)
    assert Entry.objects.get(slug="tentakiller").initiative == 16
