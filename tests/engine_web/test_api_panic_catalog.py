"""Satanic Panic cards an editor adds play (issue 29): an entry saved with abilities in the
ability language is dealt into the next table's main deck as itself, in place of a
stand-in, shows in the market as the catalog's card, and plays through legal actions;
undo deals the cards the table was dealt, whatever the catalog says since.

The entry is test data (its name is the test's); its abilities are Lucky's Lucky Wand's,
as the rulebook quotes them."""
import pytest
from django.urls import reverse

from cardsite.catalog.abilities import entry_status
from cardsite.models import Entry, Game
from engine.deckbuilder.cards import BUILTIN
from engine.families import family_for
from engine.web.models import Sandbox
from engine.web.sandbox.service import sandbox_undo

BASE = "/api/engine/sandboxes/"
NAME = "Test Editor Card"
LUCKY = BUILTIN["Lucky's Lucky Wand"].abilities  # +1 Power; ATTACK: 5 damage to target player

pytestmark = pytest.mark.django_db


@pytest.fixture
def saved_entry():
    game = Game.objects.create(slug="satanic-panic", name="Satanic Panic",
                               short_name="Satanic Panic", family="deck-builder",
                               rulebook="annihilageddon3-satanic-panic.txt")
    entry = Entry(game=game, slug="test-editor-card", name=NAME, kind="card", type="spell",
                  cost=3, vp=1, copies=20, text="+1 Power. ATTACK: Deal 5 damage to target "
                  "player.", abilities=LUCKY)
    entry.full_clean()  # as the admin saves it: the abilities are checked
    entry.save()
    return entry


def table(api, seed):
    response = api.post(BASE, {"game": "satanic-panic", "players": 2, "seed": seed},
                        format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_saved_entry_is_dealt_into_the_market_and_plays_at_once(api, client, saved_entry):
    assert entry_status(saved_entry, [])["plays"]
    # Its 20 copies are 20 of the main deck's 106 cards: a seed soon shows one in the Line-Up.
    body = next(b for b in (table(api, seed) for seed in range(1, 40))
                if NAME in b["state"]["line_up"])
    state = body["state"]
    known = state["card_defs"][NAME]
    assert (known["entry"], known["stand_in"], known["cost"], known["abilities"]) == (
        "test-editor-card", False, 3, LUCKY)
    cards = state["main_deck"] + state["line_up"] + state["destroyed"] + [
        c for p in state["players"] for c in p["deck"] + p["hand"]]
    assert cards.count(NAME) == 20 and len(cards) == 26 + 106 + 4 + 2 * 10
    assert any("From the catalog, dealt as themselves: main deck: Test Editor Card" in e[
        "text"] for e in api.get(f"{BASE}{body['id']}/log/").json()["entries"][0]["events"])
    page = client.get(reverse("sandbox-detail", args=[body["id"]])).content.decode()
    assert "catalog card, plays in the sandbox" in page and " · stand-in" in page
    # In hand (a stored state set up as a test), it is offered at each player and plays.
    family = family_for("satanic-panic")
    sandbox = Sandbox.objects.get(pk=body["id"])
    stored = family.load(sandbox.state)
    me, foe = stored.current, next(p for p in stored.players if p is not stored.current)
    me.hand.append(NAME)
    foe.hand = [c for c in foe.hand if stored.card(c).kind != "familiar"]  # no DEFENSE
    Sandbox.objects.filter(pk=sandbox.pk).update(state=family.dump(stored))
    body = api.get(body["url"]).json()
    offered = [a for a in body["legal_actions"] if a["type"] == "play" and a["card"] == NAME]
    assert {a["target"] for a in offered} == {me.name, foe.name}
    hp, power = foe.hp, body["state"]["power"]
    played = api.post(f"{BASE}{body['id']}/actions/", {"version": body["version"], "action": next(
        a for a in offered if a["target"] == foe.name)}, format="json").json()
    assert played["state"]["power"] == power + 1
    # The foe is asked whether they defend, with no DEFENSE card too (6.2.2): they decline.
    assert played["legal_actions"] == [{"type": "no-defense", "player": foe.name}]
    after = api.post(f"{BASE}{body['id']}/actions/", {"version": played["version"], "action":
                     played["legal_actions"][0]}, format="json").json()
    assert after["state"]["power"] == power + 1
    assert next(p for p in after["state"]["players"] if p["name"] == foe.name)["hp"] == hp - 5
    assert any(f"{NAME} deals 5 damage to {foe.name}" in e["text"] for e in after["events"])


def test_undo_and_replay_deal_what_the_table_was_dealt_after_the_entry_changes(api, saved_entry):
    body = table(api, 3)
    family = family_for("satanic-panic")
    first = family.load(Sandbox.objects.get(pk=body["id"]).state)
    actor = first.actor()
    api.post(f"{BASE}{body['id']}/actions/", {"version": body["version"], "action": next(
        a for a in body["legal_actions"] if a["player"] == actor)}, format="json")
    saved_entry.delete()  # the catalog changes; the table keeps what it was dealt
    sandbox = Sandbox.objects.get(pk=body["id"])
    undone = family.load(sandbox_undo(sandbox.id, sandbox.version).state)
    assert undone.to_dict() == first.to_dict()
    assert undone.main_deck.count(NAME) + undone.line_up.count(NAME) > 0
    replayed = api.post(BASE, {"replay": body["id"]}, format="json")  # by id: its own cards
    assert replayed.status_code == 201, replayed.content
    assert replayed.json()["state"] == family.dump(undone)
    fresh = table(api, 3)["state"]
    assert fresh["catalog"] is None and NAME not in fresh["main_deck"]


def test_a_saved_mayhem_entry_is_shuffled_into_the_main_deck_as_itself(api, saved_entry):
    """'Mayhem cards are shuffled into the main deck' (2. The Main Deck): a catalog Mayhem,
    scripted or not (Mayhems are applied by hand), takes the place of stand-in Mayhems."""
    Entry.objects.create(game=saved_entry.game, slug="test-mayhem", name="Test Mayhem",
                         kind="card", type="mayhem", copies=2, text="test text")
    state = table(api, 3)["state"]
    cards = state["main_deck"] + state["line_up"] + state["destroyed"]
    assert cards.count("Test Mayhem") == 2 and cards.count("Mayhem") == 24
    known = state["card_defs"]["Test Mayhem"]
    assert (known["kind"], known["entry"], known["stand_in"], known["text"]) == (
        "mayhem", "test-mayhem", False, "test text")
    assert [m["name"] for m in state["catalog"]["mayhems"]] == ["Test Mayhem"]


def test_a_mayhem_entry_marked_attack_is_resolved_as_one(api, client, saved_entry):
    """"Most Mayhem cards are ATTACKS ... several Mayhem cards are not ATTACKS, and those
    cannot be avoided" (6.14.3): an entry's ATTACK keyword settles which, so the table
    offers only that reading and refuses the other with the rule."""
    Entry.objects.create(game=saved_entry.game, slug="test-mayhem", name="Test Mayhem",
                         kind="card", type="mayhem", copies=26, keywords=["ATTACK"])
    body = table(api, 3)
    family = family_for("satanic-panic")
    stored = family.load(Sandbox.objects.get(pk=body["id"]).state)
    stored.devil_face_up = True  # past the first Legendary Devil's flip at this turn's end
    stored.line_up.pop()
    stored.main_deck[:2] = ["Test Mayhem", "Glyph"]
    Sandbox.objects.filter(pk=body["id"]).update(state=family.dump(stored))
    body = api.get(body["url"]).json()
    body = api.post(f"{BASE}{body['id']}/actions/", {"version": body["version"], "action": next(
        a for a in body["legal_actions"] if a["type"] == "end-turn")}, format="json").json()
    decider = body["state"]["table_event"]["decider"]
    assert [a for a in body["legal_actions"] if a["type"] == "mayhem"] == [
        {"type": "mayhem", "player": decider, "attack": True}]
    refused = api.post(f"{BASE}{body['id']}/actions/", {"version": body["version"], "action": {
        "type": "mayhem", "player": decider, "attack": False}}, format="json")
    assert refused.status_code == 400 and "6.14.3" in refused.content.decode()
    page = client.get(reverse("sandbox-detail", args=[body["id"]])).content.decode()
    assert "Its catalog entry says it is an ATTACK: players may avoid it with a DEFENSE." in page
    assert "It is an ATTACK" in page and "It is not an ATTACK" not in page


def test_a_catalog_defense_is_offered_to_the_target_and_applies_over_the_api(api, saved_entry):
    """"each affected player has an opportunity to avoid the ATTACK with a card that has a
    DEFENSE ability" (6.2.2; its icon, 6.2.1): an entry with the DEFENSE keyword, or a
    ``defense`` ability, is offered to the ATTACK's target on the attacker's turn and
    applies; a card without one is refused with the rule. The DEFENSE text is read when
    used (6.2.8)."""
    power = [{"trigger": "resolved", "effects": [{"do": "gain-power", "amount": 1}]}]
    for slug, name, keywords, extra in (
            ("test-shield", "Test Shield", ["DEFENSE"], []),
            ("test-drawing-shield", "Test Drawing Shield", [], [
                {"trigger": "defense", "effects": [{"do": "draw", "amount": 1}]}])):
        entry = Entry(game=saved_entry.game, slug=slug, name=name, kind="card", type="spell",
                      cost=4, vp=1, copies=2, keywords=keywords, text="test text",
                      abilities=power + extra)
        entry.full_clean()
        entry.save()
    body = table(api, 5)
    family = family_for("satanic-panic")
    stored = family.load(Sandbox.objects.get(pk=body["id"]).state)
    assert stored.card("Test Shield").defense
    me, foe = stored.current, next(p for p in stored.players if p is not stored.current)
    me.hand = [NAME]
    foe.hand, foe.deck = ["Test Shield", "Test Drawing Shield", "Glyph"], ["Fizzle"]
    Sandbox.objects.filter(pk=body["id"]).update(state=family.dump(stored))
    body = api.get(body["url"]).json()
    body = api.post(f"{BASE}{body['id']}/actions/", {"version": body["version"], "action": {
        "type": "play", "player": me.name, "card": NAME, "target": foe.name}},
        format="json").json()
    assert body["legal_actions"] == [
        {"type": "defend", "player": foe.name, "card": "Test Drawing Shield"},
        {"type": "defend", "player": foe.name, "card": "Test Shield"},
        {"type": "no-defense", "player": foe.name}]
    refused = api.post(f"{BASE}{body['id']}/actions/", {"version": body["version"], "action": {
        "type": "defend", "player": foe.name, "card": "Glyph"}}, format="json")
    assert refused.status_code == 400 and "6.2.1" in refused.content.decode()
    after = api.post(f"{BASE}{body['id']}/actions/", {"version": body["version"], "action": {
        "type": "defend", "player": foe.name, "card": "Test Drawing Shield"}}, format="json")
    assert after.status_code == 200, after.content
    state = after.json()["state"]
    mine = next(p for p in state["players"] if p["name"] == foe.name)
    assert mine["hp"] == foe.hp and mine["hand"] == ["Test Shield", "Test Drawing Shield",
                                                     "Glyph", "Fizzle"]
    assert state["power"] == 1 and after.json()["legal_actions"][0]["player"] == me.name
