"""Demoniac cards an editor adds play in the sandbox (issue 29/36): a dealt table uses the
catalog's disturbances, divinities, exorcists, relics and victims before stand-ins, runs
their ability-language scripts and flags what is by hand; undo replays the same cards."""
import pytest

from cardsite.catalog.abilities import entry_status
from cardsite.models import Entry, Game
from engine.demoniac.components import disturbance_id
from engine.families import family_for
from engine.web.sandbox.presenters import present_demoniac
from engine.web.sandbox.service import sandbox_create, sandbox_undo
from tests.sandbox.helpers import act

pytestmark = pytest.mark.django_db

DRAW_TWO = [{"trigger": "resolved", "effects": [{"do": "draw", "amount": 2}]}]


@pytest.fixture
def catalog():
    game = Game.objects.create(slug="demoniac", name="Demoniac", short_name="Demoniac",
                               family="demoniac", rulebook="demoniac.txt")
    whisper = Entry.objects.create(game=game, slug="unholy-whisper", name="Unholy Whisper",
                                   kind="card", type="disturbance", copies=3,
                                   abilities=DRAW_TWO)
    Entry.objects.create(game=game, slug="father-frank", name="Father Frank",
                         kind="character", type="exorcist", abilities=[
                             {"trigger": "cross", "effects": [
                                 {"do": "by-hand", "text": "Lose a possession."}]}])
    return whisper


def test_a_scripted_disturbance_is_dealt_plays_and_says_so(catalog):
    assert entry_status(catalog, [])["plays"]
    sandbox = sandbox_create("demoniac", {"players": 2}, seed=3)
    family = family_for("demoniac")
    state = family.load(sandbox.state)
    card = disturbance_id("Unholy Whisper")
    assert state.exorcist == "Father Frank"
    assert (state.deck + [c for p in state.players for c in p.hand]).count(card) == 3
    seat = state.current
    seat.hand.append(card)  # put it in hand through a stored state, as a replay would
    sandbox.state = family.dump(state)
    sandbox.save()
    view = present_demoniac("demoniac", state)
    assert any(b["label"] == "Play Disturbance: Unholy Whisper" for b in view["buttons"])
    hand = len(seat.hand)
    outcome = act(sandbox, {"type": "disturb", "player": seat.name, "card": card})
    assert len(outcome.state.current.hand) == hand - 1 + 2
    assert any("draws 2" in e["text"] for e in outcome.events)


def test_undo_replays_the_catalog_cards_the_table_was_dealt(catalog):
    sandbox = sandbox_create("demoniac", {"players": 2}, seed=3)
    first = family_for("demoniac").load(sandbox.state)
    act(sandbox, {"type": "end-turn", "player": first.current.name})
    catalog.delete()  # the catalog changes; the table keeps what it was dealt
    undone = family_for("demoniac").load(sandbox_undo(sandbox.id, sandbox.version).state)
    assert undone.deck == first.deck and undone.card_texts == first.card_texts
