"""The Satanic Panic table page: tiles, scripted cards' buttons, a Mayhem applied by hand."""
import json

import pytest
from django.urls import reverse

from engine.families import family_for
from engine.web.models import Sandbox

pytestmark = pytest.mark.django_db


def new_table(client, **fields):
    location = client.post(reverse("sandbox-new"), {"game": "satanic-panic", "players": "2",
                                                    "seed": "4", **fields})["Location"]
    return Sandbox.objects.get(pk=location.rstrip("/").split("/")[-1])


def rig(sandbox, change):
    family = family_for("satanic-panic")
    state = family.load(sandbox.state)
    change(state)
    Sandbox.objects.filter(pk=sandbox.pk).update(state=family.dump(state))
    sandbox.refresh_from_db()


def post(client, sandbox, action, **fields):
    sandbox.refresh_from_db()
    response = client.post(reverse("sandbox-act", args=[sandbox.id]), {
        "action": json.dumps(action), "version": sandbox.version, **fields})
    assert response.status_code == 303, response.content.decode()[:500]
    sandbox.refresh_from_db()
    return sandbox


def page(client, sandbox):
    return client.get(reverse("sandbox-detail", args=[sandbox.id])).content.decode()


def test_the_tiles_option_seats_the_tiles_and_a_scripted_card_plays_from_its_button(client):
    sandbox = new_table(client, ability_tiles="1")
    assert sandbox.options["ability_tiles"] == ["lucky-wand", "enslave-ball"]
    rig(sandbox, lambda st: setattr(st.players[0], "hand", ["Lucky's Lucky Wand"]))
    html = page(client, sandbox)
    assert "Tile: Replace 1 of your Starter Glyphs with Lucky&#x27;s Lucky Wand." in html
    assert "Play Lucky&#x27;s Lucky Wand at Wizard 2" in html
    assert "Play Lucky&#x27;s Lucky Wand at yourself" in html
    post(client, sandbox, {"type": "play", "player": "Wizard 1", "card": "Lucky's Lucky Wand",
                           "target": "Wizard 2"})
    assert sandbox.state["players"][1]["hp"] == 15 and sandbox.state["power"] == 1


def test_a_mayhem_is_declared_applied_by_hand_with_the_form_and_resolved(client):
    sandbox = new_table(client)

    def mayhem_next(st):
        st.devil_face_up = True  # past the first Legendary Devil's flip at this turn's end
        st.line_up.pop()
        st.main_deck[:2] = ["Mayhem", "Glyph"]
    rig(sandbox, mayhem_next)
    post(client, sandbox, {"type": "end-turn", "player": "Wizard 1"})
    html = page(client, sandbox)
    assert 'data-testid="table-event"' in html and "It is an ATTACK" in html
    post(client, sandbox, {"type": "mayhem", "player": "Wizard 2", "attack": False})
    html = page(client, sandbox)
    assert 'data-testid="apply-by-hand"' in html and "Mayhem is resolved: go on" in html
    assert "Wizard 1 takes 1 damage" in html
    # The form: an effect and amount (within apply_space), on a player it hits.
    post(client, sandbox, {"type": "apply", "player": "Wizard 2"}, **{
        "f.effect.do": "damage", "f.effect.amount": "3", "f.effect.target": "self",
        "f.target": "Wizard 1"})
    post(client, sandbox, {"type": "apply", "player": "Wizard 2"}, **{
        "f.effect.do": "gain-card", "f.effect.card": "Burning Limp Wand", "f.effect.target": "self",
        "f.target": "Wizard 1"})
    players = sandbox.state["players"]
    assert players[0]["hp"] == 17 and players[0]["discard"][-1] == "Burning Limp Wand"
    post(client, sandbox, {"type": "resolved", "player": "Wizard 2"})
    assert sandbox.state["table_event"] is None and sandbox.state["line_up"][-1] == "Glyph"
