"""Scripted cards, targets, Reactions and Blood costs through the sandbox JSON API.

The same rules the core tests check (tests/engine/spellgames/test_abilities.py,
test_casting.py, test_rounds_scripted.py), here posted as a client would: a free
table (``options.deal`` false) holding the bundled catalog's cards, each action
taken from ``legal_actions`` or posted as the README documents it.
"""
import json
from pathlib import Path

import pytest

from engine.rule_refs import rule

BASE = "/api/engine/sandboxes/"
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
ENTRIES = {e["slug"]: e for e in json.loads((FIXTURES / "rumble.json").read_text(
    encoding="utf-8"))["games"][0]["entries"]}

pytestmark = pytest.mark.django_db


def catalog_card(slug):
    e = ENTRIES[slug]
    return {"type": e["type"], "name": e["name"], "glyph": e["glyph"],
            "initiative": e["initiative"], "bands": e["bands"], "keywords": e["keywords"],
            "abilities": e.get("abilities") or [], "entry": slug}


def card(kind, name, *abilities, glyph="dark"):
    return {"type": kind, "name": name, "glyph": glyph, "abilities": list(abilities)}


DARK_SOURCE = card("source", "Dark Source")


def post(api, table, action, status=200):
    response = api.post(f"{BASE}{table['id']}/actions/",
                        {"version": table["version"], "action": action}, format="json")
    assert response.status_code == status, response.content
    return response.json()


def table_for(api, game, spells, seed=1, standee=None):
    """A free table, every spell built and revealed (through the API)."""
    response = api.post(BASE, {"game": game, "players": list(spells), "seed": seed,
                               "options": {"deal": False}}, format="json")
    assert response.status_code == 201, response.content
    table = response.json()
    if standee:
        table = post(api, table, {"type": "take_standee", "wizard": standee})
    for wizard, cards in spells.items():
        for c in cards:
            table = post(api, table, {"type": "add_card", "wizard": wizard, "card": c})
        table = post(api, table, {"type": "ready", "wizard": wizard})
    return post(api, table, {"type": "reveal"})


def until_caster(api, table, wizard):
    while table["actor"] != wizard:
        table = post(api, table, {"type": "next", "wizard": table["actor"]})
    return table


def hp(table):
    return {w["name"]: w["hp"] for w in table["state"]["game"]["wizards"]}


def plays(table):
    return [a for a in table["legal_actions"] if a["type"] == "play_card"]


FOES = {"Ann": [DARK_SOURCE], "Dennis": [DARK_SOURCE], "Megan": [DARK_SOURCE]}


@pytest.mark.parametrize("standee", [None, "You"])
def test_sparkling_hits_a_random_foe_and_with_the_standee_a_different_foe(api, standee):
    table = table_for(api, "rumble", {"You": [catalog_card("sparkling"),
                                              catalog_card("tentakiller")], **FOES},
                      standee=standee)
    table = until_caster(api, table, "You")
    assert plays(table) and table["state"]["queue"][0]["name"] == "Sparkling"
    before = hp(table)
    while plays(table):  # a choice ("a different foe") is one item per foe
        table = post(api, table, plays(table)[0])
    events = table["events"]
    lost = {n: before[n] - h for n, h in hp(table).items() if h != before[n]}
    random_victim = next(e["text"] for e in events if e["type"] == "random-foe"
                         and "is the victim" in e["text"])
    dice = next(e["dice"] for e in events if e["type"] == "dice")
    hit = next(n for n in lost if n in random_victim)
    if standee:
        assert len(lost) == 2 and "You" not in lost
        assert lost[hit] == sum(dice) and 2 in [v for n, v in lost.items() if n != hit]
    else:
        assert lost == {hit: sum(dice)}


@pytest.mark.parametrize(("holder", "three_damage"), [(None, False), ("Ann", True)])
def test_adh_deezis_takes_an_unheld_standee_without_the_3_damage(api, holder, three_damage):
    table = table_for(api, "rumble", {"You": [catalog_card("adh-deezis"),
                                              catalog_card("sparkling")], **FOES},
                      standee=holder)
    table = until_caster(api, table, "You")
    before = hp(table)
    table = post(api, table, plays(table)[0])
    while plays(table):
        table = post(api, table, plays(table)[0])
    assert table["state"]["game"]["standee"] == "You"
    lost = sum(before[n] - h for n, h in hp(table).items())
    assert (lost == 3) == three_damage and (lost == 0) == (not three_damage)


def test_tentakillers_5_to_9_band_deals_2_and_keeps_the_creature(api):
    for seed in range(1, 40):  # the first seed whose two-die roll lands in 5-9
        table = table_for(api, "rumble", {"You": [catalog_card("adh-deezis"),
                                                  catalog_card("tentakiller")], **FOES},
                          seed=seed)
        table = until_caster(api, table, "You")
        while plays(table):
            table = post(api, table, plays(table)[0])
        table = post(api, table, {"type": "next", "wizard": "You"})
        table = post(api, table, {"type": "power_roll", "wizard": "You"})
        if 5 <= table["state"]["roll"]["total"] <= 9:
            break
    else:
        pytest.fail("no seed rolled 5-9")
    assert table["state"]["roll"]["dice"].__len__() == 2  # two Illusion glyphs
    before = hp(table)
    while plays(table):
        table = post(api, table, plays(table)[0])
    lost = {n: before[n] - h for n, h in hp(table).items() if h != before[n]}
    assert list(lost.values()) == [2]
    you = next(w for w in table["state"]["game"]["wizards"] if w["name"] == "You")
    assert [c["name"] for c in you["creatures"]] == ["Tentakiller"]


STRONGEST = card("source", "Strong Source", {"trigger": "resolved", "effects": [
    {"do": "damage", "amount": 3, "target": "strongest-foe"}]})


def test_strongest_foe_ties_in_the_sandbox_rumble_chooses_anarchy_hits_all(api):
    spells = {"You": [STRONGEST, card("quality", "Dark Quality")], "Ann": [DARK_SOURCE],
              "Ben": [DARK_SOURCE]}
    rumble = until_caster(api, table_for(api, "rumble", spells), "You")
    choices = sorted(a["choice"] for a in plays(rumble))
    assert choices == ["Ann", "Ben"]  # rumble 15.4: the caster chooses
    after = post(api, rumble, next(a for a in plays(rumble) if a["choice"] == "Ben"))
    assert hp(after) == {"You": 20, "Ann": 20, "Ben": 17}
    assert any(e["rule"] == rule("rumble.targets.tie") for e in after["events"])

    anarchy = until_caster(api, table_for(api, "anarchy", spells), "You")
    assert [a.get("choice") for a in plays(anarchy)] == [None]  # anarchy 13.4.2: no choice
    after = post(api, anarchy, plays(anarchy)[0])
    assert hp(after) == {"You": 20, "Ann": 17, "Ben": 17}


def test_the_targets_endpoint_and_the_sandbox_agree_on_a_tie(api):
    body = {"caster": "You", "wizards": [{"name": "You", "hp": 20}, {"name": "Ann", "hp": 20},
                                         {"name": "Ben", "hp": 20}], "target": "strongest-foe"}
    rumble = api.post("/api/engine/targets", {"game": "rumble", **body}, format="json").json()
    anarchy = api.post("/api/engine/targets", {"game": "anarchy", **body}, format="json").json()
    assert rumble["targets"] == [] and sorted(rumble["ties"]) == ["Ann", "Ben"]
    assert sorted(anarchy["targets"]) == ["Ann", "Ben"]


SELF_HARM = card("source", "Self-Harm Source", {"trigger": "resolved", "effects": [
    {"do": "damage", "amount": 20, "target": "self"}]})
REVENGE = card("quality", "Revenge Quality", {"trigger": "reaction", "effects": [
    {"do": "damage", "amount": 3, "target": "each-foe"}]})


def test_a_reaction_fires_after_a_self_inflicted_death(api):
    table = table_for(api, "rumble", {"You": [SELF_HARM, REVENGE], "Ann": [DARK_SOURCE],
                                      "Ben": [DARK_SOURCE]})
    table = until_caster(api, table, "You")
    table = post(api, table, plays(table)[0])
    assert hp(table)["You"] == 0
    assert [a["type"] for a in table["legal_actions"]] == ["play_reaction"]
    refused = post(api, table, {"type": "next", "wizard": "You"}, status=400)
    assert refused["code"] == "reaction-first"
    table = post(api, table, table["legal_actions"][0])
    assert hp(table) == {"You": 0, "Ann": 17, "Ben": 17}
    assert any(e["type"] == "reaction" and "resolves" in e["text"] for e in table["events"])


KILLER = card("source", "Killer Source", {"trigger": "resolved", "effects": [
    {"do": "damage", "amount": 20, "target": "foe-left"}]})


def test_a_blood_cost_only_the_same_components_kill_would_pay_is_refused(api):
    table = table_for(api, "rumble", {"You": [KILLER, card("quality", "Dark Quality")],
                                      "Ann": [DARK_SOURCE], "Ben": [DARK_SOURCE]})
    table = until_caster(api, table, "You")
    table = post(api, table, plays(table)[0])  # kills Ann: 3 Blood
    you = next(w for w in table["state"]["game"]["wizards"] if w["name"] == "You")
    assert you["blood"] == 3
    refused = post(api, table, {"type": "pay_blood", "wizard": "You", "amount": 3,
                                "component": 0}, status=400)
    assert refused["code"] == "cost-after-acting" and refused["rule"] == "rumble 18.11"
    assert "kill" in refused["message"]


def test_a_dealt_table_lists_the_hand_and_refuses_other_cards(api):
    response = api.post(BASE, {"game": "anarchy", "players": ["Ann", "Ben"], "seed": 3},
                        format="json")
    table = response.json()
    ann = table["state"]["game"]["wizards"][0]
    adds = [a for a in table["legal_actions"] if a["type"] == "add_card" and a["wizard"] == "Ann"]
    assert len(ann["hand"]) == 8 and sorted(a["card"] for a in adds) == sorted(ann["hand"])
    refused = post(api, table, {"type": "add_card", "wizard": "Ann", "card": DARK_SOURCE},
                   status=400)
    assert "hand" in refused["detail"]
    assert len(table["state"]["deck"]["main"]) == 30 * 3 + 8 + 10 - 16
