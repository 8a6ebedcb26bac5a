"""Scripted cards resolve themselves in a round (the flow the sandbox drives).

The Rumble Full Spell Resolution Example: A.D.H. Deezi's + Sparkling + Tentakiller,
cast with the cards as the bundled catalog scripts them.
"""
import json
from pathlib import Path

import pytest

from engine.core import EngineError
from engine.families import family_for
from engine.spellgames import rounds as sr
from tests.engine.playouts import assert_exactly_the_legal_moves, fixture_entry, krazztar

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"
ENTRIES = {e["slug"]: e for e in json.loads((FIXTURES / "rumble.json").read_text(
    encoding="utf-8"))["games"][0]["entries"]}
FOES = ["Ann", "Dennis", "Megan"]


def catalog_card(slug):
    e = ENTRIES[slug]
    return {"type": e["type"], "name": e["name"], "glyph": e["glyph"],
            "initiative": e["initiative"], "bands": e["bands"], "keywords": e["keywords"],
            "abilities": e.get("abilities", []), "entry": slug}


def stand_in():
    return {"type": "source", "glyph": "dark", "name": "Dark Source"}


def round_for(seed, standee=None):
    """Everyone built: the three foes cast a stand-in Source (they act first), You the example."""
    spells = {"You": [catalog_card(s) for s in ("adh-deezis", "sparkling", "tentakiller")],
              **{foe: [stand_in()] for foe in FOES}}
    state = sr.new_state("rumble", list(spells), seed)
    state["game"]["standee"] = standee
    return cast_until(state, spells, "You")


def cast_until(state, spells, wizard):
    """Each wizard places and announces the spell; the spells before ``wizard``'s resolve."""
    for name, cards in spells.items():
        for c in cards:
            state, _ = sr.apply(state, {"type": "add_card", "wizard": name, "card": c})
        state, _ = sr.apply(state, {"type": "ready", "wizard": name})
    state, _ = sr.apply(state, {"type": "reveal"})
    while sr.caster(state) != wizard:
        state, _ = sr.apply(state, {"type": "next", "wizard": sr.caster(state)})
    return state


def play(state, **extra):
    return sr.apply(state, {"type": "play_card", "wizard": "You", **extra})


def hp(state):
    return {w["name"]: w["hp"] for w in state["game"]["wizards"]}


def test_a_scripted_card_must_be_played_before_moving_on():
    state = round_for(1)
    assert sr.current_card(state)["name"] == "A.D.H. Deezi's"
    assert {"type": "next", "wizard": "You"} not in sr.legal_actions(state)
    assert sr.check(state, {"type": "next", "wizard": "You"})[0].code == "play-card-first"


def test_adh_deezis_takes_the_unheld_standee_without_the_3_damage():
    state, _ = play(round_for(1))
    assert state["game"]["standee"] == "You"
    assert set(hp(state).values()) == {20}


def sparkling(seed, standee=None):
    state, _ = play(round_for(seed, standee))
    state, _ = sr.apply(state, {"type": "next", "wizard": "You"})
    assert sr.current_card(state)["name"] == "Sparkling"
    return state


def offered(state):
    return [a for a in sr.legal_actions(state) if a["type"] == "play_card"]


def test_sparkling_hits_a_random_foe_then_with_the_standee_a_different_foe():
    """With the Standee (taken by Deezi's), Sparkling's 2 damage goes to a foe the caster picks
    among the others: the picks are the legal actions, the random foe is not among them."""
    state = sparkling(3)
    choices = offered(state)
    assert len(choices) == 2 and all("choice" in a for a in choices)
    assert sr.check(state, {"type": "play_card", "wizard": "You"})[0].code == "choice-needed"
    victim = next(f for f in FOES if f not in {a["choice"] for a in choices})
    other = choices[0]["choice"]
    state, events = sr.apply(state, choices[0])
    assert hp(state)[other] == 18 and 14 <= hp(state)[victim] <= 19
    assert hp(state)[next(f for f in FOES if f not in (victim, other))] == 20
    assert any(e["type"] == "random-foe" for e in events)
    assert sr.check(state, {"type": "play_card", "wizard": "You"})[0].code == "already-played"
    state, _ = sr.apply(state, {"type": "next", "wizard": "You"})
    assert sr.current_card(state)["name"] == "Tentakiller"


def test_sparkling_without_the_standee_hits_only_the_random_foe():
    state = round_for(3, standee="Ann")  # Deezi's takes it from Ann: 3 damage to another foe
    first = offered(state)
    assert sorted(a["choice"] for a in first) == ["Dennis", "Megan"]
    state, _ = sr.apply(state, first[0])
    assert hp(state)[first[0]["choice"]] == 17
    state["game"]["standee"] = None  # as if it had been lost: no Standee bonus
    state, _ = sr.apply(state, {"type": "next", "wizard": "You"})
    before = hp(state)
    state, _ = play(state)
    hurt = [w for w in FOES if hp(state)[w] < before[w]]
    assert len(hurt) == 1 and not [a for a in sr.legal_actions(state) if "choice" in a]


def tentakiller_round():
    """A seed whose two-die Power Roll lands in 5-9 (the band the rulebook gives)."""
    for seed in range(100):
        state = sparkling(seed)
        state, _ = sr.apply(state, offered(state)[0])
        state, _ = sr.apply(state, {"type": "next", "wizard": "You"})
        rolled, _ = sr.apply(state, {"type": "power_roll", "wizard": "You"})
        if 5 <= rolled["roll"]["total"] <= 9:
            return rolled
    raise AssertionError("no seed rolls 5-9")


def test_tentakillers_5_to_9_band_deals_2_and_keeps_the_creature():
    state = tentakiller_round()
    assert len(state["roll"]["dice"]) == 2  # two Illusion glyphs: Deezi's and Tentakiller
    before = hp(state)
    picks = offered(state)
    assert sorted(a["choice"] for a in picks) == sorted(FOES)  # nobody has a Creature
    state, _ = sr.apply(state, picks[-1])
    assert hp(state)[picks[-1]["choice"]] == before[picks[-1]["choice"]] - 2
    you = next(w for w in state["game"]["wizards"] if w["name"] == "You")
    assert [c["name"] for c in you["creatures"]] == ["Tentakiller"]


def test_a_bad_choice_is_refused():
    state = sparkling(3)
    problems = sr.check(state, {"type": "play_card", "wizard": "You", "choice": "Nobody"})
    assert problems[0].code == "choice-needed"


@pytest.mark.parametrize("seed", [1, 2])
def test_the_same_seed_replays_the_same_damage(seed):
    first, _ = sr.apply(sparkling(seed), offered(sparkling(seed))[0])
    again, _ = sr.apply(sparkling(seed), offered(sparkling(seed))[0])
    assert hp(first) == hp(again)


def test_the_flow_owns_the_casting_record():
    state = round_for(1)
    with pytest.raises(EngineError):
        sr.check(state, {"type": "place_spell", "wizard": "You", "components": [{"name": "X"}]})
    assert state["game"]["casting"]["wizard"] == "You"
    assert state["game"]["casting"]["components"][0]["status"] == "resolving"


def test_anarchy_end_of_round_awards_the_challenge():
    state = _round_end(["A", "B"], {"name": "C", "glyph": "dark"})
    state, events = sr.apply(state, {"type": "end_round", "challenge_winners": ["B"]})
    b = next(w for w in state["game"]["wizards"] if w["name"] == "B")
    assert len(b["applause"]) == 1 and any(e["rule"] == "anarchy 20.6" for e in events)


def _round_end(wizards: list[str], champion: dict, applause: dict[str, int] | None = None):
    """An Anarchy round with ``champion``, each wizard casting one Source, every spell
    resolved; each wizard first gains ``applause``'s count of Applause tokens."""
    state = sr.new_state("anarchy", wizards, 4, champion=champion)
    for wizard, count in (applause or {}).items():
        for _ in range(count):
            state, _ = sr.apply(state, {"type": "gain_applause", "wizard": wizard})
    for wizard in wizards:
        card = {"type": "source", "glyph": "dark", "name": f"S{wizard}"}
        state, _ = sr.apply(state, {"type": "add_card", "wizard": wizard, "card": card})
        state, _ = sr.apply(state, {"type": "ready", "wizard": wizard})
    state, _ = sr.apply(state, {"type": "reveal"})
    while state["phase"] == "resolve":
        state, _ = sr.apply(state, {"type": "next", "wizard": sr.caster(state)})
    return state


def _krazztar_round_end(applause: dict[str, int]):
    return _round_end(["A", "B", "C"], krazztar(), applause)


def _applause(state) -> dict[str, int]:
    return {w["name"]: len(w["applause"]) for w in state["game"]["wizards"]}


@pytest.mark.parametrize("held, gains", [
    ({"B": 2, "C": 1}, {"A": 0, "B": 1, "C": 0}),  # the one holding the most
    ({"A": 1, "C": 1}, {"A": 1, "B": 0, "C": 1}),  # tied for the most: each of them
    ({}, {"A": 0, "B": 0, "C": 0}),  # nobody holds one: nobody holds the most
])
def test_krazztars_challenge_is_judged_at_the_end_of_the_round(held, gains):
    """Anarchy 21.7: at the end of the round the Wizard holding the most Applause tokens
    wins Blood Lord Krazztar's Challenge and gains one (ties and none: ruling
    krazztar-challenge-ties). The end of the round is one move, naming nobody."""
    state = _krazztar_round_end(held)
    assert state["phase"] == "end"
    assert [a for a in sr.legal_actions(state) if a["type"] == "end_round"] == [
        {"type": "end_round"}]
    refused = sr.check(state, {"type": "end_round", "challenge_winners": ["A"]})
    assert refused[0].code == "challenge-judged" and refused[0].rule == "anarchy 21.7"
    before = _applause(state)
    state, events = sr.apply(state, {"type": "end_round"})
    assert {w: _applause(state)[w] - before[w] for w in before} == gains
    assert any(e["rule"] == "anarchy 21.7" for e in events)


def test_a_champions_challenge_the_rules_cannot_judge_is_named_by_hand():
    """A Champion without a judged Challenge (a by-hand one): any set of wizards may be
    named as having completed it (anarchy 20.6)."""
    state = _round_end(["A", "B"], {"name": "C", "glyph": "dark"})
    ends = [a for a in sr.legal_actions(state) if a["type"] == "end_round"]
    assert len(ends) == 4 and {"type": "end_round", "challenge_winners": ["A", "B"]} in ends


def _fixture_entry(slug):
    return fixture_entry("anarchy", slug)


def test_dreamy_djinny_kills_a_weak_foe_before_its_power_roll():
    """Anarchy 24.3: Dreamy Djinny's damage lands before its Power Roll; a foe at 5 HP or
    less is killed by it (it is damage, not an HP payment). Played from the catalog entry's
    abilities; its roll table is not printed, so the test gives it one."""
    djinny = {"type": "delivery", "name": "Dreamy Djinny", "glyph": "dark", "initiative": 1,
              "abilities": _fixture_entry("dreamy-djinny")["abilities"],
              "bands": [{"low": 1, "high": None, "effect": "a table the rulebook does not print"}]}
    state = sr.new_state("anarchy", ["A", "B"], 3)
    state, _ = sr.apply(state, {"type": "damage", "target": "B", "amount": 16, "source": "A"})
    for wizard, card in (("A", djinny), ("B", {"type": "source", "glyph": "dark"})):
        state, _ = sr.apply(state, {"type": "add_card", "wizard": wizard, "card": card})
        state, _ = sr.apply(state, {"type": "ready", "wizard": wizard})
    state, _ = sr.apply(state, {"type": "reveal"})
    if sr.caster(state) == "B":
        state, _ = sr.apply(state, {"type": "play_card", "wizard": "B"}) \
            if sr.check(state, {"type": "play_card", "wizard": "B"}) == [] else (state, [])
        state, _ = sr.apply(state, {"type": "next", "wizard": "B"})
    assert sr.current_card(state)["name"] == "Dreamy Djinny"
    early = sr.check(state, {"type": "power_roll", "wizard": "A"})
    assert early[0].code == "text-before-roll" and early[0].rule == "anarchy 24.3"
    state, events = sr.apply(state, {"type": "play_card", "wizard": "A"})
    b = next(w for w in state["game"]["wizards"] if w["name"] == "B")
    assert any(e["type"] == "death" and e["wizard"] == "B" for e in events)
    assert b["hp"] == 20 and len(b["dead_wizard_tokens"]) == 1  # Wizard Death: back to 20
    assert state["roll"] is None
    state, _ = sr.apply(state, {"type": "power_roll", "wizard": "A", "dice": [4]})
    assert state["roll"]["dice"] == [4] and state["roll"]["total"] == 4


# A casts a Rally with one Source; B and C each cast a two-card spell after A.
RALLY_AND_TWO_SPELLS = {
    "A": [{"type": "rally"}, {"type": "source", "glyph": "dark", "name": "S"}],
    "B": [{"type": "source", "glyph": "dark", "name": "T"},
          {"type": "quality", "glyph": "dark", "name": "Q"}],
    "C": [{"type": "source", "glyph": "dark", "name": "U"},
          {"type": "quality", "glyph": "dark", "name": "R"}]}


def test_krazztars_rally_plays_itself_when_a_rally_card_resolves():
    """Anarchy 20.4 / 21.3: a Rally card in the spell resolves the Champion's Rally first;
    Blood Lord Krazztar's (quoted) hits the foe(s) with the most Applause tokens."""
    champion = krazztar()
    state = sr.new_state("anarchy", ["A", "B", "C"], 5, champion=champion)
    state, _ = sr.apply(state, {"type": "gain_applause", "wizard": "B"})
    spells = {"A": [{"type": "rally"}, {"type": "source", "glyph": "dark", "name": "S"}],
              "B": [{"type": "delivery", "glyph": "dark", "initiative": 2, "name": "D"},
                    {"type": "source", "glyph": "dark", "name": "T"}],
              "C": [{"type": "quality", "glyph": "dark", "name": "Q"},
                    {"type": "source", "glyph": "dark", "name": "U"}]}
    state = cast_until(state, spells, "A")
    assert sr.current_card(state)["type"] == "rally"
    assert {"type": "play_card", "wizard": "A"} in sr.legal_actions(state)
    state, events = sr.apply(state, {"type": "play_card", "wizard": "A"})
    hp = {w["name"]: w["hp"] for w in state["game"]["wizards"]}
    assert hp["B"] == 18 and hp["C"] == 20


def _krazztar_kills_two(seed=5, tokens_left=1):
    """Krazztar's Rally (2 damage to the foe(s) with the most Applause tokens) about to hit
    B and C, both at 2 HP and tied at no tokens, with ``tokens_left`` Dead Wizard tokens."""
    champion = krazztar()
    state = sr.new_state("anarchy", ["A", "B", "C"], seed, champion=champion)
    for foe in ("B", "C"):
        state, _ = sr.apply(state, {"type": "damage", "target": foe, "amount": 18})
    state["game"]["dead_wizard_tokens_left"] = tokens_left
    return cast_until(state, RALLY_AND_TWO_SPELLS, "A")


@pytest.mark.parametrize("first", ["B", "C"])
def test_a_rally_killing_several_at_once_lets_its_player_order_the_deaths(first):
    """Anarchy 20.5 (ruling rally-order): the Rally's player chooses the order. With one
    Dead Wizard token left for two wizards dying, the one chosen first takes it and the
    game ends there (23.1); the other never dies."""
    state = _krazztar_kills_two()
    offered_plays = [a for a in sr.legal_actions(state) if a["type"] == "play_card"]
    assert offered_plays == [{"type": "play_card", "wizard": "A", "choice": n}
                             for n in ("B", "C")]
    refused = sr.check(state, {"type": "play_card", "wizard": "A"})
    assert refused[0].code == "choice-needed" and refused[0].rule == "anarchy 20.5"
    state, events = sr.apply(state, {"type": "play_card", "wizard": "A", "choice": first})
    other = {"B": "C", "C": "B"}[first]
    tokens = {w["name"]: len(w["dead_wizard_tokens"]) for w in state["game"]["wizards"]}
    assert tokens == {"A": 0, first: 1, other: 0}
    assert state["phase"] == "game-over"
    assert [e["wizard"] for e in events if e["type"] == "death"] == [first]


def test_a_rally_asks_no_order_when_every_order_ends_the_same():
    state = _krazztar_kills_two(tokens_left=6)
    assert [a for a in sr.legal_actions(state) if a["type"] == "play_card"] == [
        {"type": "play_card", "wizard": "A"}]
    state, events = sr.apply(state, {"type": "play_card", "wizard": "A"})
    assert sorted(e["wizard"] for e in events if e["type"] == "death") == ["B", "C"]


def test_a_by_hand_rally_killing_several_at_once_names_the_order():
    """A Champion whose Rally is not scripted: the Rally card's damage to each foe is
    declared by hand, and its player names who dies first (anarchy 20.5)."""
    state = sr.new_state("anarchy", ["A", "B", "C"], 5, champion={"name": "X", "glyph": "dark"},
                         deal=True)
    state["game"]["dead_wizard_tokens_left"] = 1
    for w in state["game"]["wizards"]:
        if w["name"] != "A":
            w["hp"] = 2
    state["phase"], state["order"], state["turn"], state["step"] = "resolve", ["A"], 0, 0
    state["queue"] = [{"type": "rally", "name": "Rally", "bands": [], "creature": False,
                       "abilities": []}]
    each = {"type": "damage_each", "targets": ["B", "C"], "amount": 2, "source": "A"}
    legal = [a for a in sr.legal_actions(state) if a["type"] == "damage_each"
             and a["amount"] == 2]
    assert legal == [{**each, "order": ["B"]}, {**each, "order": ["C"]}]
    refused = sr.check(state, each)
    assert refused[0].code == "death-order" and refused[0].rule == "anarchy 20.5"
    assert assert_exactly_the_legal_moves(family_for("anarchy"), state) > 100
    state, events = sr.apply(state, {**each, "order": ["C"]})
    assert [e["wizard"] for e in events if e["type"] == "death"] == ["C"]


def _krazztar_rally(applause_to=(), creatures=None, seed=5):
    """A's Rally card about to play Krazztar's Rally; ``creatures``: {foe: [names]} kept."""
    champion = krazztar()
    state = sr.new_state("anarchy", ["A", "B", "C"], seed, champion=champion)
    for foe in applause_to:
        state, _ = sr.apply(state, {"type": "gain_applause", "wizard": foe})
    for foe, names in (creatures or {}).items():
        for name in names:
            state, _ = sr.apply(state, {"type": "keep_creature", "wizard": foe,
                                        "creature": {"name": name, "glyph": "dark"}})
    return cast_until(state, RALLY_AND_TWO_SPELLS, "A")


def _kept(state, wizard):
    return [c["name"] for c in next(w for w in state["game"]["wizards"]
                                    if w["name"] == wizard)["creatures"]]


@pytest.mark.parametrize("pick", ["Imp", "Ogre"])
def test_a_scripted_hit_lets_the_foe_choose_which_creature_absorbs(pick):
    """17.4: "you may discard one of your face-up Creatures": any of them, not only the
    first. B alone has the most Applause tokens, so the Rally hits B only."""
    state = _krazztar_rally(applause_to=["B"], creatures={"B": ["Imp", "Ogre"]})
    plays = [a.get("choice") for a in sr.legal_actions(state) if a["type"] == "play_card"]
    assert plays == [False, "Imp", "Ogre"]
    state, events = sr.apply(state, {"type": "play_card", "wizard": "A", "choice": pick})
    assert _kept(state, "B") == [{"Imp": "Ogre", "Ogre": "Imp"}[pick]]
    assert hp(state)["B"] == 20
    assert any(e["type"] == "absorbed" and e["creature"] == pick for e in events)


def test_a_scripted_hit_on_each_foe_lets_each_choose_which_creature_absorbs():
    state = _krazztar_rally(creatures={"B": ["Imp", "Ogre"], "C": ["Elf"]})
    state, _ = sr.apply(state, {"type": "play_card", "wizard": "A", "choice": "Ogre"})
    assert [a.get("choice") for a in sr.legal_actions(state)
            if a["type"] == "play_card"] == [False, True]  # C: one Creature, yes or no
    state, _ = sr.apply(state, {"type": "play_card", "wizard": "A", "choice": True})
    assert _kept(state, "B") == ["Imp"] and _kept(state, "C") == []
    assert hp(state)["B"] == 20 and hp(state)["C"] == 20


def test_a_by_hand_hit_on_each_foe_offers_any_creature_to_absorb():
    """The by-hand damage_each: ``creatures`` names a Creature other than the first."""
    state = sr.new_state("anarchy", ["A", "B", "C"], 5, deal=True)
    for w in state["game"]["wizards"]:
        if w["name"] == "B":
            w["creatures"] = [{"name": "Imp", "glyph": "dark", "card": None},
                              {"name": "Ogre", "glyph": "dark", "card": None}]
    state["phase"], state["order"], state["turn"], state["step"] = "resolve", ["A"], 0, 0
    state["queue"] = [{"type": "source", "name": "S", "slot": "source", "bands": [],
                       "creature": False, "abilities": [], "text": "2 damage to each foe"}]
    each = {"type": "damage_each", "targets": ["B", "C"], "amount": 2, "source": "A"}
    legal = [a for a in sr.legal_actions(state) if a["type"] == "damage_each"]
    assert legal == [each, {**each, "absorb": ["B"]},
                     {**each, "absorb": ["B"], "creatures": {"B": 1}}]
    assert sr.check(state, {**each, "absorb": ["B"], "creatures": {"B": 0}})[0].code == \
        "first-creature"
    # The single-foe damage names the absorbing Creature; left out, it is the first.
    hit = {"type": "damage", "target": "B", "amount": 2, "source": "A"}
    assert {**hit, "absorb": True, "creature": 1} in sr.legal_actions(state)
    assert sr.canonical({**hit, "absorb": True}) == {**hit, "absorb": True, "creature": 0}
    assert sr.check(state, {**hit, "creature": 1})[0].code == "creature-without-absorb"
    with pytest.raises(EngineError):
        sr.check(state, {**hit, "absorb": ["B"]})
    assert assert_exactly_the_legal_moves(family_for("anarchy"), state) > 100
    state, _ = sr.apply(state, {**each, "absorb": ["B"], "creatures": {"B": 1}})
    assert _kept(state, "B") == ["Imp"] and hp(state) == {"A": 20, "B": 20, "C": 18}
