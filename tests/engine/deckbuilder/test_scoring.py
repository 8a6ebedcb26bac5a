"""Satanic Panic end of game scoring and tiebreaks (End of Game, token clarifications)."""
import pytest

from engine.core import EngineError
from engine.deckbuilder import satanic_panic_score


def player(name, card_vp, dwt=0, damned=0, wands=0, devils=0, coins=None):
    row = {"name": name, "card_vp": card_vp, "dead_wizard_tokens": dwt,
           "damned_wizard_tokens": damned, "burning_limp_wands": wands,
           "legendary_devils": devils}
    if coins is not None:
        row["penta_coins"] = coins
    return row


def test_vp_is_card_vp_minus_3_per_token_minus_2_per_wand():
    """End of Game: Dead Wizard Tokens -3 each, Burning Limp Wands -2 each."""
    out = satanic_panic_score([player("A", 30, dwt=2, wands=1), player("B", 20)])
    assert out["ranking"][0] == {**out["ranking"][0], "name": "A", "vp": 30 - 6 - 2}
    assert out["winner"] == "A" and out["decided_by"] == "vp"
    assert [r["name"] for r in out["ranking"]] == ["A", "B"]
    assert all(step["rule"] for step in out["explanation"])


def test_satan_penta_coins_are_3_vp_each_and_adjustable():
    """Penta-Coins: 3 VP each; the value may be moved by a point or two."""
    out = satanic_panic_score([player("Satan", 10, coins=4), player("W", 21)])
    assert out["ranking"][0]["name"] == "Satan" and out["ranking"][0]["vp"] == 22
    low = satanic_panic_score([player("Satan", 10, coins=4), player("W", 21)], penta_coin_vp=2)
    assert low["winner"] == "W"
    with pytest.raises(EngineError):
        satanic_panic_score([player("Satan", 10, coins=4)], penta_coin_vp=6)


def test_token_exceptions_dwt_11_22_are_minus_6_and_dam3_minus_10():
    """Dead and Damned Wizard Token Clarifications: DWT 11/22 -6 total, DAM3 -10 total."""
    out = satanic_panic_score([player("A", 0, dwt=["DWT 11", "DWT22", "DWT 5"],
                                      damned=["DAM3", "DAM 4"])])
    row = out["ranking"][0]
    assert row["breakdown"]["dead_wizard_tokens"] == -6 - 6 - 3
    assert row["breakdown"]["damned_wizard_tokens"] == -10 - 3
    assert row["dead_wizard_tokens"] == 3 and row["damned_wizard_tokens"] == 2


def test_satan_scores_dwt_11_and_22_at_their_base_minus_3():
    """Death as Satan: Satan ignores a token's face-up effects, so DWT 11/22 count -3
    (ruling satan-dwt-worth-on-death); the same tokens cost a wizard -6 each."""
    satan = {**player("Satan", 0, dwt=["DWT 11", "DWT 22"]), "satan": True}
    out = satanic_panic_score([satan, player("W", 0, dwt=["DWT 11", "DWT 22"])])
    by_name = {r["name"]: r["breakdown"]["dead_wizard_tokens"] for r in out["ranking"]}
    assert by_name == {"Satan": -6, "W": -12}
    assert any("Satan ignores face-up effects" in step["text"] for step in out["explanation"])
    with pytest.raises(EngineError):
        satanic_panic_score([{**player("Satan", 0), "satan": "yes"}])


def test_damned_tokens_score_minus_3_by_default_with_zero_option():
    """Damned Wizard Tokens: reading -3 each (DAM3 -10); option 0 counts DAM3 only."""
    assert satanic_panic_score([player("A", 0, damned=2)])["ranking"][0]["vp"] == -6
    out = satanic_panic_score([player("A", 0, damned=["DAM1", "DAM3"])], damned_token_vp=0)
    assert out["ranking"][0]["vp"] == -10


def test_tie_goes_to_more_legendary_devils():
    """End of Game tiebreak 1: more Legendary Devil cards."""
    out = satanic_panic_score([player("A", 20, devils=1), player("B", 20, devils=2)])
    assert out["winner"] == "B" and out["decided_by"] == "legendary-devils"


def test_second_tiebreak_fewest_dead_and_damned_tokens_by_default():
    """End of Game tiebreak 2: back cover 'Dead and Damned' (default) vs 'Dead' (option)."""
    a = player("A", 26, dwt=1, damned=1, devils=1)  # 26 - 3 - 3 = 20
    b = player("B", 23, dwt=1, damned=0, devils=1)  # 23 - 3 = 20
    both = satanic_panic_score([a, b])
    assert both["winner"] == "B" and both["decided_by"] == "fewest-tokens"
    a2 = player("A", 26, dwt=0, damned=2, devils=1)  # 20, 0 dead / 2 damned
    b2 = player("B", 23, dwt=1, damned=0, devils=1)  # 20, 1 dead
    assert satanic_panic_score([a2, b2])["winner"] == "B"
    dead_only = satanic_panic_score([a2, b2], tiebreak_tokens="dead")
    assert dead_only["winner"] == "A" and dead_only["decided_by"] == "fewest-tokens"


def test_a_full_tie_is_shared():
    """No tiebreak left: the win is shared (winner None, tied lists them)."""
    out = satanic_panic_score([player("A", 10), player("B", 10), player("C", 1)])
    assert out["winner"] is None and out["decided_by"] == "shared"
    assert out["tied"] == ["A", "B"]


@pytest.mark.parametrize("bad, field", [
    ([], "players"),
    ("x", "players"),
    ([{"name": "A"}], "players[0].card_vp"),
    ([{"name": "", "card_vp": 1}], "players[0].name"),
    ([{"name": "A", "card_vp": 1, "dead_wizard_tokens": -1}], "players[0].dead_wizard_tokens"),
    ([{"name": "A", "card_vp": 1, "dead_wizard_tokens": ["DAM3"]}],
     "players[0].dead_wizard_tokens"),
    ([{"name": "A", "card_vp": 1, "burning_limp_wands": "2"}], "players[0].burning_limp_wands"),
    ([{"name": "A", "card_vp": 1}, {"name": "A", "card_vp": 2}], "players"),
])
def test_score_rejects_bad_input_naming_the_field(bad, field):
    with pytest.raises(EngineError) as err:
        satanic_panic_score(bad)
    assert err.value.field == field
