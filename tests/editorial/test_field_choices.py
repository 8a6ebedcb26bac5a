"""Suggestions for fields with a fixed list (an entry's type, its glyph): the form offers
the list, and a value typed as the site shows it ("Illusion", "Wild Card") is matched, so
what the form accepts can be approved."""
import pytest
from django.core.exceptions import ValidationError

from cardsite.editorial.field_choices import field_choices, matched_choice
from cardsite.editorial.models import Suggestion
from cardsite.editorial.suggestions import suggestion_approve
from cardsite.models import Entry
from rulesref.models import GlossaryTerm

pytestmark = pytest.mark.django_db
URL = "/suggest/card/rumble/tentakiller/"


def send(client, **fields):
    data = {"field": "glyph", "proposed_value": "Dark", "source": "Card photo", "contact": "",
            "website": ""}
    return client.post(URL, {**data, **fields})


def test_the_form_offers_each_fixed_field_as_a_list(client, catalog):
    page = client.get(URL).content.decode()
    assert '<select id="choice-glyph" name="proposed_value" disabled>' in page
    assert '<option value="illusion">Illusion</option>' in page
    assert '<option value="wild-magic">Wild magic</option>' in page  # a type of the game
    assert "Glyph: one of Arcane, Dark, Elemental, Illusion, Primal." in page  # without JS
    assert "/static/js/suggest.js" in page


@pytest.mark.parametrize("typed, stored", [
    ("Illusion", "illusion"), ("ILLUSION ", "illusion"), ("dark", "dark"),
])
def test_a_glyph_typed_as_shown_is_stored_and_approved(client, catalog, reviewer, typed, stored):
    assert send(client, proposed_value=typed).status_code == 200
    suggestion = Suggestion.objects.get()
    assert suggestion.proposed_value == stored
    suggestion_approve(suggestion=suggestion, user=reviewer)
    assert Entry.objects.get(slug="tentakiller").glyph == stored


def test_a_type_matches_its_label_plural_and_glossary_alias(catalog):
    tentakiller = Entry.objects.get(slug="tentakiller")
    GlossaryTerm.objects.create(game=tentakiller.game, slug="wild-magic", term="Wild Magic",
                                definition="A card.", aliases=["Wild Card"])
    for typed in ("Wild magic", "wild-magic", "Wild Card", "wild cards", "Wild Magic card"):
        assert matched_choice(tentakiller, "type", typed) == "wild-magic", typed
    assert matched_choice(tentakiller, "type", "Sources") == "source"
    assert matched_choice(tentakiller, "type", "  ") is None  # blank: unknown


def test_a_value_off_the_list_is_refused_on_the_form_with_the_list(client, catalog):
    response = send(client, proposed_value="Sparkly")
    assert response.status_code == 400
    assert "is not a glyph of Rumble: one of Arcane, Dark" in response.content.decode()
    assert not Suggestion.objects.exists()


def test_a_reviewer_edit_is_matched_too(client, catalog, reviewer):
    send(client, field="type", proposed_value="Delivery")
    suggestion = Suggestion.objects.get()
    assert suggestion.proposed_value == "delivery"
    with pytest.raises(ValidationError, match="not a type of Rumble"):
        suggestion_approve(suggestion=suggestion, user=reviewer, value="Spaceship")
    suggestion_approve(suggestion=suggestion, user=reviewer, value="Source Card")
    assert Entry.objects.get(slug="tentakiller").type == "source"


def test_games_without_glyphs_offer_no_glyph_list(catalog):
    linda = Entry.objects.get(slug="linda")
    assert "glyph" not in field_choices(linda) and "victim" in dict(field_choices(linda)["type"])
