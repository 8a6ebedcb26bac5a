"""The by-hand forms aim where the rules point: a foe, an empty spot, never an effect twice."""
import re

import pytest

from engine.web.sandbox.service import sandbox_create
from tests.sandbox.helpers import ARCANE_SOURCE, DARK_DELIVERY, act

pytestmark = pytest.mark.django_db


def _selected(html: str, name: str) -> str:
    """The option a <select name=...> starts on."""
    select = re.search(rf'<select name="{re.escape(name)}"[^>]*>(.*?)</select>', html, re.S)
    assert select, name
    chosen = re.search(r'<option(?: value="([^"]*)")? selected>([^<]*)<', select.group(1))
    return chosen.group(1) if chosen.group(1) is not None else chosen.group(2)


def _damage_form(html: str) -> str:
    return re.search(r'data-testid="damage-form">(.*?)</form>', html, re.S).group(1)


def test_after_a_power_roll_the_damage_form_aims_at_the_foe_from_the_caster(client):
    creature = {**DARK_DELIVERY, "name": "Dark Beast", "creature": True}
    sandbox = sandbox_create("rumble", {"wizards": ["Alice", "Bob"], "deal": False}, seed=5)
    act(sandbox, {"type": "add_card", "wizard": "Alice", "card": creature})
    act(sandbox, {"type": "add_card", "wizard": "Bob", "card": ARCANE_SOURCE})
    for step in ({"type": "ready", "wizard": "Alice"}, {"type": "ready", "wizard": "Bob"},
                 {"type": "reveal"}):
        act(sandbox, step)
    act(sandbox, {"type": "power_roll", "wizard": "Alice"})  # the only Delivery: first
    html = client.get(sandbox.get_absolute_url()).content.decode()
    form = _damage_form(html)
    assert _selected(form, "f.target") == "Bob" and _selected(form, "f.source") == "Alice"
    # Her Creature: kept once, then no second KEEP is offered.
    assert "keeps Dark Beast face up (Creature / KEEP)" in html
    act(sandbox, {"type": "keep_creature", "wizard": "Alice",
                  "creature": {"name": "Dark Beast", "glyph": "dark"}})
    assert "(Creature / KEEP)" not in client.get(sandbox.get_absolute_url()).content.decode()


def test_demoniac_possess_forms_start_on_an_empty_spot_and_say_what_they_replace(client):
    sandbox = sandbox_create("demoniac", {"players": 2}, seed=2)
    me = sandbox.state["players"][0]
    card = next(c for c in me["hand"] if "/" in c)
    act(sandbox, {"type": "possess", "player": me["name"], "card": card, "spot": "top"})
    html = client.get(sandbox.get_absolute_url()).content.decode()
    for select in re.findall(r'<select name="f.spot">(.*?)</select>', html, re.S):
        assert re.search(r'<option value="(\w+)" selected>\1 \(empty', select)
        assert re.search(r'<option value="top">top: replaces your \w+ Possession', select)
    # Names, not the engine's ids.
    shown = re.sub(r"<[^>]+>", " ", html)  # what the page says, not its forms' values
    assert not re.search(r"\b(body|mind)/", shown) and "Possession (" in shown
    log = sandbox.events.order_by("-seq").first().events[0]["text"]
    assert "Possession (" in log and "/" not in log.split(" on the ")[0]


def test_a_spell_the_turn_order_cannot_place_is_not_shown_revealable(client):
    """A free table's Delivery without an initiative: the page warns, reveal is neither
    offered nor accepted, and the refusal is a sentence (no input field path)."""
    from engine.families import family_for
    from engine.web.sandbox.service import SandboxRefused, sandbox_act

    no_initiative = {**DARK_DELIVERY, "initiative": None}
    sandbox = sandbox_create("rumble", {"wizards": ["Alice", "Bob"], "deal": False}, seed=5)
    for step in ({"type": "add_card", "wizard": "Alice", "card": no_initiative},
                 {"type": "add_card", "wizard": "Bob", "card": DARK_DELIVERY},
                 {"type": "ready", "wizard": "Alice"}, {"type": "ready", "wizard": "Bob"}):
        act(sandbox, step)
    family = family_for("rumble")
    assert {"type": "reveal"} not in family.legal_actions(sandbox.state)
    html = client.get(sandbox.get_absolute_url()).content.decode()
    assert "but its Delivery has no initiative" in html and 'class="verdict warn"' in html
    with pytest.raises(SandboxRefused) as refused:
        sandbox_act(sandbox.id, {"type": "reveal"}, sandbox.version)
    message = refused.value.message
    assert message.startswith("Not allowed: Alice's spell cannot be placed in the turn order: "
                              "Dark Delivery (the Delivery) has no initiative")
    assert "spells[" not in message and "rumble 10.3" in message
    assert "spell cannot be placed in the turn order" in html  # the same words, under Reveal
