"""POST /api/engine/spells/check and spells/order: answers and 400s naming the field."""
import pytest

from tests.engine_web.conftest import assert_400, post

pytestmark = pytest.mark.django_db

SPELL_CHECK_FIELDS = {"legal", "errors", "component_count", "initiative", "name", "explanation"}


def three_card_spell(initiative):
    return [{"type": "source"}, {"type": "quality"},
            {"type": "delivery", "initiative": initiative}]


# --- spells/check ---------------------------------------------------------------

def test_check_legal_spell_with_catalog_card_and_stand_ins(api, spell_catalog):
    """Building a Spell: one Source, a Wild Magic as Quality, a catalog Delivery."""
    response = post(api, "spells/check", {"game": "rumble", "components": [
        {"type": "source", "name": "Fire Source", "glyph": "primal"},
        {"type": "wild-magic", "slot": "quality"},
        {"card": "zapper"}]})
    assert response.status_code == 200
    body = response.json()
    assert SPELL_CHECK_FIELDS <= set(body)
    assert body["legal"] is True and body["errors"] == []
    assert body["component_count"] == 3
    assert body["initiative"] == 0  # Zapper's printed initiative is 0, not unknown
    assert body["name"] == "Fire Source [Quality from Wild Magic] Zapper"
    assert body["components"][2] == {"type": "delivery", "card": "zapper", "name": "Zapper",
                                      "glyph": "illusion", "initiative": 0, "slot": "delivery"}
    assert all(set(step) == {"rule", "text"} for step in body["explanation"])
    assert any("Zapper from the catalog" in step["text"] for step in body["explanation"])


def test_check_two_deliveries_is_illegal_with_reason(api):
    """Building a Spell: at most one Delivery; the higher initiative is reported."""
    body = post(api, "spells/check", {"game": "rumble", "components": [
        {"type": "delivery", "initiative": 14}, {"type": "delivery", "initiative": 7}]}).json()
    assert body["legal"] is False
    assert [e["code"] for e in body["errors"]] == ["duplicate-delivery"]
    assert body["errors"][0]["rule"] == "rumble 8.1"  # Building a Spell: one of each type
    assert body["initiative"] == 14


def test_check_four_components_too_many(api):
    """Building a Spell: at most three components."""
    body = post(api, "spells/check", {"game": "rumble", "components": [
        *three_card_spell(5), {"type": "wild-magic"}]}).json()
    assert body["legal"] is False
    assert "too-many-components" in [e["code"] for e in body["errors"]]
    assert body["component_count"] == 4


def test_check_anarchy_rally_not_counted(api):
    """Anarchy, Rally: Rally cards go with a spell but are not components."""
    body = post(api, "spells/check", {"game": "anarchy", "components": [
        {"type": "source", "glyph": "dark"}, {"type": "delivery", "initiative": 10},
        {"type": "rally"}]}).json()
    assert body["legal"] is True
    assert body["component_count"] == 2
    assert body["initiative"] == 10


def test_check_no_delivery_has_initiative_zero(api):
    """Turn Order: no Delivery, initiative 0; Reveal Your Spell: stand-ins in the name."""
    body = post(api, "spells/check", {"game": "rumble", "components": [
        {"type": "quality", "name": "Sparkling"}], "wizard": "Ann"}).json()
    assert body["initiative"] == 0
    assert body["name"] == "Ann's Sparkling Cantrip"


def test_check_catalog_card_with_unknown_initiative_says_so(api, spell_catalog):
    response = post(api, "spells/check", {"game": "rumble", "components": [
        {"card": "mystery-bolt"}]})
    assert response.status_code == 200
    body = response.json()
    assert body["initiative"] is None  # unknown, never 0
    assert any("initiative is unknown in the catalog" in s["text"] for s in body["explanation"])


def test_check_given_value_fills_unknown_catalog_initiative(api, spell_catalog):
    body = post(api, "spells/check", {"game": "rumble", "components": [
        {"card": "mystery-bolt", "initiative": 12}]}).json()
    assert body["initiative"] == 12


def test_check_anonymous_post_needs_no_csrf_token(api):
    """The api fixture enforces CSRF checks like a browser session would."""
    assert post(api, "spells/check", {"game": "rumble", "components": []}).status_code == 200


@pytest.mark.parametrize("body, field, code", [
    ({"game": "chess", "components": []}, "game", "unknown-game"),
    ({"game": 5, "components": []}, "game", "unknown-game"),
    ({"components": []}, "game", "required"),
    ({"game": "rumble"}, "components", "required"),
    ({"game": "rumble", "components": "source"}, "components", "type"),
    ({"game": "rumble", "components": [{"type": "source"}, {"type": "delivery",
                                                             "initiative": "5"}]},
     "components[1].initiative", "type"),
    ({"game": "rumble", "components": [{"type": "delivery", "initiative": 100}]},
     "components[0].initiative", "range"),
    ({"game": "rumble", "components": [{"type": "spell"}]}, "components[0].type",
     "unknown-type"),
    ({"game": "rumble", "components": [{"type": "source", "glyph": "fire"}]},
     "components[0].glyph", "unknown-glyph"),
    ({"game": "rumble", "components": [{"type": "source", "initiatve": 5}]},
     "components[0].initiatve", "unknown-field"),
    ({"game": "rumble", "components": [{"glyph": "dark"}]}, "components[0].type", "required"),
    ({"game": "rumble", "components": [{"type": "source", "slot": "delivery"}]},
     "components[0].slot", "slot-mismatch"),
    ({"game": "rumble", "components": [{"type": "source"}] * 19}, "components", "range"),
])
def test_check_bad_input_names_the_field(api, body, field, code):
    assert_400(post(api, "spells/check", body), field, code)


def test_check_unknown_card_names_the_field(api, spell_catalog):
    body = assert_400(post(api, "spells/check", {"game": "rumble", "components": [
        {"type": "source"}, {"card": "tentakilr"}]}), "components[1].card", "unknown-card")
    assert "tentakilr" in body["detail"]


def test_check_card_of_another_game_is_unknown(api, spell_catalog):
    assert_400(post(api, "spells/check", {"game": "anarchy", "components": [{"card": "zapper"}]}),
               "components[0].card", "unknown-card")


def test_check_card_that_is_no_component(api, spell_catalog):
    assert_400(post(api, "spells/check", {"game": "rumble", "components": [
        {"card": "gold-hoard"}]}), "components[0].card", "not-a-component")


def test_check_card_type_contradicting_catalog(api, spell_catalog):
    assert_400(post(api, "spells/check", {"game": "rumble", "components": [
        {"card": "zapper", "type": "source"}]}), "components[0].type", "type-mismatch")


def test_check_malformed_json_and_non_object_body(api):
    response = api.post("/api/engine/spells/check", "{not json", content_type="application/json")
    assert_400(response, "body", "parse-error")
    assert_400(post(api, "spells/check", ["rumble"]), "body")


def test_check_is_post_only(api):
    assert api.get("/api/engine/spells/check", HTTP_ACCEPT="application/json").status_code == 405


# --- spells/order ---------------------------------------------------------------

def rulebook_example(rolls):
    """Rumble, Turn Order: one two-card spell, then 17, 14 and 14 among three-card spells."""
    return {"game": "rumble", "rolls": rolls, "spells": [
        {"wizard": "A", "components": [{"type": "source"}, {"type": "delivery",
                                                            "initiative": 2}]},
        {"wizard": "B", "components": three_card_spell(17)},
        {"wizard": "C", "components": three_card_spell(14)},
        {"wizard": "D", "components": three_card_spell(14)},
    ]}


def test_order_rulebook_example_17_14_14(api):
    """Turn Order: fewer components first, then higher initiative, then the high roller."""
    response = post(api, "spells/order", rulebook_example({"C": 2, "D": 5}))
    assert response.status_code == 200
    body = response.json()
    assert body["order"] == ["A", "B", "D", "C"]
    assert body["ties"] == [{"wizards": ["C", "D"], "component_count": 3, "initiative": 14,
                             "rolls": [{"C": 2, "D": 5}], "order": ["D", "C"]}]
    assert body["explanation"] and all(s["rule"] for s in body["explanation"])


def test_order_tied_rolls_roll_again(api):
    """Turn Order: a tied roll-off is rolled again by those still tied."""
    body = post(api, "spells/order", rulebook_example({"C": [4, 6], "D": [4, 1]})).json()
    assert body["order"] == ["A", "B", "C", "D"]
    assert body["ties"][0]["rolls"] == [{"C": 4, "D": 4}, {"C": 6, "D": 1}]


def test_order_seed_replays_the_same_rolls(api):
    first = post(api, "spells/order", {**rulebook_example(None), "seed": 42}).json()
    del first["explanation"]
    for _ in range(3):
        again = post(api, "spells/order", {**rulebook_example(None), "seed": 42}).json()
        del again["explanation"]
        assert again == first


def test_order_with_catalog_delivery(api, spell_catalog):
    body = post(api, "spells/order", {"game": "rumble", "spells": [
        {"wizard": "A", "components": [{"card": "zapper"}]},
        {"wizard": "B", "components": [{"type": "delivery", "initiative": 3}]}]}).json()
    assert body["order"] == ["B", "A"]  # Zapper's initiative 0 acts last


def test_order_catalog_delivery_with_unknown_initiative(api, spell_catalog):
    body = assert_400(post(api, "spells/order", {"game": "rumble", "spells": [
        {"wizard": "A", "components": [{"type": "source"}, {"card": "mystery-bolt"}]}]}),
        "spells[0].components[1].initiative", "unknown-initiative")
    assert "unknown in the catalog" in body["detail"]


@pytest.mark.parametrize("change, field, code", [
    ({"rolls": {"C": 7}}, "rolls.C", "type"),
    ({"rolls": {"C": "5"}}, "rolls.C", "type"),
    ({"rolls": {"Z": 5}}, "rolls.Z", "unknown-wizard"),
    ({"rolls": [5]}, "rolls", "type"),
    ({"seed": 1.5}, "seed", "type"),
    ({"spells": []}, "spells", "range"),
    ({"game": "demoniac"}, "game", "unknown-game"),
])
def test_order_bad_input_names_the_field(api, change, field, code):
    assert_400(post(api, "spells/order", {**rulebook_example(None), **change}), field, code)


def test_order_duplicate_wizard_and_missing_initiative(api):
    spells = [{"wizard": "A", "components": [{"type": "source"}]}] * 2
    assert_400(post(api, "spells/order", {"game": "rumble", "spells": spells}), "spells",
               "duplicate")
    assert_400(post(api, "spells/order", {"game": "rumble", "spells": [
        {"wizard": "A", "components": [{"type": "delivery"}]}]}),
        "spells[0].components[0].initiative", "missing")


def test_check_takes_json_only(api):
    response = api.post("/api/engine/spells/check", {"game": "rumble"})  # multipart form
    assert response.status_code == 415
