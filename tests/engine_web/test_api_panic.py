"""Satanic Panic through /api/engine/sandboxes/: scripted cards resolve themselves, a
Mayhem resolves when revealed and its unknown text is applied by hand."""
import pytest

from engine.families import family_for
from engine.web.models import Sandbox

BASE = "/api/engine/sandboxes/"
pytestmark = pytest.mark.django_db


def table(api, **options):
    response = api.post(BASE, {"game": "satanic-panic", "players": 2, "seed": 4,
                               "options": options}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def act(api, body, action):
    response = api.post(f"{BASE}{body['id']}/actions/", {"version": body["version"],
                                                         "action": action}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def rig(body, change):
    """Edit the stored state (a hand, the main deck) as a test set-up."""
    family = family_for("satanic-panic")
    sandbox = Sandbox.objects.get(pk=body["id"])
    state = family.load(sandbox.state)
    change(state)
    Sandbox.objects.filter(pk=sandbox.pk).update(state=family.dump(state))
    return {**body, "state": family.dump(state)}


def test_the_ability_tiles_option_deals_the_tiles_scripted_cards(api):
    body = table(api, ability_tiles=["lucky-wand", "enslave-ball"])
    players = body["state"]["players"]
    assert [p["ability_tile"] for p in players] == ["lucky-wand", "enslave-ball"]
    assert "Lucky's Lucky Wand" in players[0]["deck"] + players[0]["hand"]
    bad = api.post(BASE, {"game": "satanic-panic", "players": 2,
                          "options": {"ability_tiles": ["wings"]}}, format="json")
    assert bad.status_code == 400 and "ability" in bad.json()["detail"]


def test_luckys_lucky_wand_resolves_itself_through_the_api(api):
    body = rig(table(api, ability_tiles=["lucky-wand"]), lambda st: (
        setattr(st.players[0], "hand", ["Lucky's Lucky Wand"]),
        setattr(st.players[1], "hand", ["Glyph"])))
    body = api.get(body["url"]).json()
    offered = [a for a in body["legal_actions"] if a["type"] == "play"]
    assert {a["target"] for a in offered} == {"Wizard 1", "Wizard 2"}
    played = act(api, body, {"type": "play", "player": "Wizard 1", "card": "Lucky's Lucky Wand",
                             "target": "Wizard 2"})
    # Wizard 2 holds no DEFENSE card, and is asked all the same (6.2.2): declining is all
    # they may do.
    assert played["actor"] == "Wizard 2"
    assert played["legal_actions"] == [{"type": "no-defense", "player": "Wizard 2"}]
    after = act(api, played, {"type": "no-defense", "player": "Wizard 2"})
    assert after["state"]["power"] == 1 and after["state"]["players"][1]["hp"] == 15
    assert any("deals 5 damage to Wizard 2" in e["text"] for e in after["events"])
    assert not [e for e in played["events"] + after["events"] if e.get("flag")]


def test_a_mayhem_resolves_when_revealed_through_the_api(api):
    def mayhem_next(st):
        st.devil_face_up = True  # past the first Legendary Devil's flip at this turn's end
        st.line_up.pop()
        st.main_deck[:2] = ["Mayhem", "Glyph"]
    body = rig(table(api), mayhem_next)
    body = act(api, api.get(body["url"]).json(), {"type": "end-turn", "player": "Wizard 1"})
    assert body["actor"] == "Wizard 2" and body["state"]["table_event"]["card"] == "Mayhem"
    assert [a["type"] for a in body["legal_actions"]] == ["mayhem", "mayhem"]
    body = act(api, body, {"type": "mayhem", "player": "Wizard 2", "attack": False})
    hit = {"type": "apply", "player": "Wizard 2", "target": "Wizard 1",
           "effect": {"do": "damage", "amount": 4, "target": "self"}}
    assert hit in body["legal_actions"] or {**hit, "effect": {**hit["effect"], "amount": 1}} \
        in body["legal_actions"]
    body = act(api, body, hit)  # any amount: the Mayhem's text is not given
    assert body["state"]["players"][0]["hp"] == 16
    body = act(api, body, {"type": "resolved", "player": "Wizard 2"})
    assert body["state"]["table_event"] is None and "Mayhem" in body["state"]["destroyed"]
    assert body["state"]["line_up"][-1] == "Glyph"
    log = api.get(body["log_url"]).json()
    assert [e["by_hand"] for e in log["entries"][-3:]] == [False, True, False]
