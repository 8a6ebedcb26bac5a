"""Entry.abilities: checked on save, on import and in the admin; shown on card and game pages."""
import copy
import json
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from cardsite.catalog_files.catalog_export import catalog_export
from cardsite.catalog_files.catalog_format import validate_catalog
from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.models import Entry
from tests.catalog_sample import sample_catalog

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"

SCRIPT = [{"trigger": "resolved", "effects": [
    {"do": "damage", "amount": {"dice": 1}, "target": "random-foe"},
    {"do": "damage", "amount": 2, "target": "different-foe", "if": "holds-standee"}]}]


def scripted_sample(abilities=SCRIPT):
    data = copy.deepcopy(sample_catalog())
    data["games"][0]["entries"][0]["abilities"] = abilities  # rumble's Zapper
    return data


def test_import_accepts_abilities_and_export_keeps_them():
    assert validate_catalog(scripted_sample()) == []
    catalog_import(data=scripted_sample())
    assert Entry.objects.get(slug="zapper").abilities == SCRIPT
    entries = catalog_export()["games"][0]["entries"]
    assert entries[[e["slug"] for e in entries].index("zapper")]["abilities"] == SCRIPT
    assert all("abilities" not in e for e in entries if e["slug"] != "zapper")


def test_import_refuses_a_bad_ability_naming_its_path():
    bad = [{"trigger": "resolved", "effects": [{"do": "damage", "amount": 2}]}]
    problems = validate_catalog(scripted_sample(bad))
    assert len(problems) == 1
    assert "entries[0].abilities" in problems[0] and "effects[0].target" in problems[0]


def test_save_and_the_admins_validation_refuse_a_bad_ability():
    catalog_import(data=sample_catalog())
    entry = Entry.objects.get(slug="zapper")
    entry.abilities = [{"trigger": "whenever"}]
    with pytest.raises(ValidationError) as info:
        entry.full_clean()
    assert "abilities" in info.value.message_dict
    with pytest.raises(ValidationError):
        entry.save()
    assert Entry.objects.get(slug="zapper").abilities == []


def test_admin_form_shows_the_abilities_field(admin_client):
    catalog_import(data=scripted_sample())
    entry = Entry.objects.get(slug="zapper")
    page = admin_client.get(f"/admin/cardsite/entry/{entry.pk}/change/").content.decode()
    assert 'name="abilities"' in page


def test_card_page_reads_the_abilities_and_says_it_plays(client):
    catalog_import(data=scripted_sample())
    page = client.get("/cards/rumble/zapper/").content.decode()
    assert "When resolved: deal one die of damage to a random foe; then if you hold the Standee, " \
           "deal 2 damage to a different foe." in page
    assert "Plays in the sandbox" in page


def test_unscripted_card_with_text_is_applied_by_hand(client):
    data = sample_catalog()
    data["games"][0]["entries"][0]["text"] = "Deal 1 damage to each foe."
    catalog_import(data=data)
    page = client.get("/cards/rumble/zapper/").content.decode()
    assert "Applied by hand" in page and "not scripted yet" in page


def test_game_page_counts_scripted_entries(client):
    catalog_import(data=scripted_sample())
    page = client.get("/games/rumble/").content.decode()
    assert "Scripted abilities: <strong>1</strong> of the" in page
    assert "1 plays in the sandbox" in page


def test_satanic_panic_pages_count_what_the_deck_builder_plays(client):
    """The bundled Satanic Panic data: 13 scripted entries, 3 played by the interpreter."""
    catalog_import(data=json.loads((FIXTURES / "satanic-panic.json").read_text()))
    page = client.get("/games/satanic-panic/").content.decode()
    assert "Scripted abilities: <strong>13</strong> of the" in page
    assert "3 play in the sandbox, 10 scripted but applied by hand" in page
    assert "Plays in the sandbox" in client.get("/cards/satanic-panic/luckys-lucky-wand/"
                                                ).content.decode()
    card = client.get("/cards/satanic-panic/enslave-em-all-ball/").content.decode()
    assert "Plays in the sandbox" not in card and "Applied by hand" in card
