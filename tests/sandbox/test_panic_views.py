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
    # Wizard 2 is asked whether they defend, holding a DEFENSE card or none (6.2.2): with
    # none, the page's one button is "No defense".
    html = page(client, sandbox)
    assert "(Wizard 1's Lucky&#x27;s Lucky Wand): <strong>Wizard 2</strong> may DEFEND" \
        in html
    controls = html[html.index('aria-label="Actions"'):].split("</section>")[0]
    assert controls.count("<button") == 1 and 'data-testid="no-defense"' in controls
    assert "Wizard 2: No defense (take the ATTACK)" in controls
    post(client, sandbox, {"type": "no-defense", "player": "Wizard 2"})
    assert sandbox.state["players"][1]["hp"] == 15 and sandbox.state["power"] == 1


def test_declining_a_defense_is_the_pages_default_and_a_defense_card_comes_second(client):
    """The attacked player holding a DEFENSE card (a Familiar, 6.1.3) is offered it, after
    the first, plain button that declines; a seat other than theirs sees the same message
    and none of their choices."""
    from engine.web.sandbox.service import seat_links

    sandbox = new_table(client, ability_tiles="1")
    rig(sandbox, lambda st: (setattr(st.players[0], "hand", ["Lucky's Lucky Wand"]),
                             setattr(st.players[1], "hand", ["Adam", "Glyph"])))
    post(client, sandbox, {"type": "play", "player": "Wizard 1", "card": "Lucky's Lucky Wand",
                           "target": "Wizard 2"})
    html = page(client, sandbox)
    controls = html[html.index('aria-label="Actions"'):].split("</section>")[0]
    assert controls.index('data-testid="no-defense"') < controls.index('data-testid="defend"')
    assert 'class="secondary" data-testid="defend">Wizard 2: DEFEND with Adam' in controls
    links = {link["seat"]: link["key"] for link in seat_links(sandbox)}
    other = client.get(f"/engine/sandbox/{links['Wizard 1']}/").content.decode()
    assert "<strong>Wizard 2</strong> may DEFEND now" in other
    assert 'data-testid="no-defense"' not in other and "DEFEND with" not in other
    post(client, sandbox, {"type": "defend", "player": "Wizard 2", "card": "Adam"})
    assert sandbox.state["players"][1]["hp"] == 20


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


def test_a_familiar_gained_by_an_effect_is_placed_from_the_page(client):
    """7.11.2: the Familiar-discount tile's owner who gained a Familiar by an effect says
    where it goes (the engine's pending familiar-top)."""
    sandbox = new_table(client)

    def gained(st):
        st.players[0].ability_tile = "familiar-discount"
        st.players[0].discard.append("Adam")
        st.pending = {"type": "familiar-top", "player": "Wizard 1", "card": "Adam"}
    rig(sandbox, gained)
    html = page(client, sandbox)
    assert "<strong>Wizard 1</strong> gained Adam: by their Ability Tile it may go on top" in html
    controls = html[html.index('aria-label="Actions"'):].split("</section>")[0]
    assert controls.index("Wizard 1: leave Adam in your discard pile") < controls.index(
        "Wizard 1: put Adam on top of your deck")
    post(client, sandbox, {"type": "familiar-top", "player": "Wizard 1", "card": "Adam",
                           "top": True})
    me = sandbox.state["players"][0]
    assert me["deck"][0] == "Adam" and "Adam" not in me["discard"]


def test_a_burning_limp_wand_played_off_a_foes_deck_is_paid_for_from_the_page(client):
    """6.12.2, 6.13.2: Wild Magic plays the top card of a foe's deck as from hand; its
    player chooses whether to pay 4 HP to destroy the Burning Limp Wand revealed."""
    sandbox = new_table(client)

    def rigged(st):
        st.devil_face_up = True
        st.players[0].hand = ["Wild Magic"]
        st.players[1].deck.insert(0, "Burning Limp Wand")
    rig(sandbox, rigged)
    post(client, sandbox, {"type": "play", "player": "Wizard 1", "card": "Wild Magic",
                           "mode": "foe-deck", "target": "Wizard 2"})
    html = page(client, sandbox)
    assert ("<strong>Wizard 1</strong> plays Burning Limp Wand off Wizard 2's deck (Wild "
            "Magic), as from their hand") in html
    assert "Play Burning Limp Wand (off Wizard 2&#x27;s deck): pay 4 HP to destroy it" in html
    post(client, sandbox, {"type": "foe-card", "player": "Wizard 1",
                           "card": "Burning Limp Wand", "pay_hp": True})
    me, foe = sandbox.state["players"][:2]
    assert me["hp"] == 16 and "Burning Limp Wand" not in foe["discard"]
    assert sandbox.state["pending"] is None


def test_the_apply_form_gives_tiles_damned_tokens_demons_and_taints(client):
    """6.16, 6.18, 6.19.4, 6.20.3: what a waiting text may call for, from the page."""
    sandbox = new_table(client)

    def rigged(st):
        st.devil_face_up = True
        st.players[0].hand = ["Satanic Wand"]  # its text is not given: applied by hand
    rig(sandbox, rigged)
    post(client, sandbox, {"type": "play", "player": "Wizard 1", "card": "Satanic Wand"})
    html = page(client, sandbox)
    form = html[html.index('data-testid="apply-by-hand"'):].split("</section>")[0]
    for effect in ("damned-wizard-tokens", "beelze-buttholes", "summon-demons"):
        assert f"<option>{effect}</option>" in form
    assert "<option>Satan&#x27;s Taint</option>" in form
    post(client, sandbox, {"type": "apply", "player": "Wizard 1"}, **{
        "f.effect.do": "beelze-buttholes", "f.effect.amount": "1", "f.effect.target": "self",
        "f.target": "Wizard 2"})
    foe = sandbox.state["players"][1]
    assert foe["beelze_buttholes"] == 1
    assert 'aria-valuemax="21" aria-valuenow="20" aria-label="Wizard 2 hit points"' in page(
        client, sandbox)  # 25 - 4 a tile: ruling beelze-butthole-amount
