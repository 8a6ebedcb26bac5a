"""Play a card's abilities (engine.abilities) on a spell game (rumble, anarchy).

``resolve_ability`` runs one ability for its caster through ``combat``'s
actions, so every rule there (Creatures absorbing, death, Blood, Applause,
the Standee) applies. A choice that is a player's (a tie for strongest foe in
Rumble, "a different foe", whether a Creature absorbs) is never guessed: the
answer is ``done: false`` with ``needs`` listing the options, and the caller
runs it again with the pick appended to ``choices``. The seed makes the
replay roll the same dice. Effects a spell game's state cannot hold (draw,
discard, Power...) come back in ``by_hand`` and as ``flag`` events.
"""
from __future__ import annotations

from ..abilities import CONDITIONS, TARGETS, validate
from ..core import EngineError, make_rng, roll_die
from .combat import apply as combat_apply
from .combat import preflight as combat_preflight
from .games import cite
from .rolls import roll_random_foe
from .state import SpellGame
from .targets import choose_targets

PLAYED_TRIGGERS = ("resolved", "rally", "reaction")
# The one Champion's Challenge the rules judge (Krazztar's, anarchy 21.7): the Wizard(s)
# with the most Applause tokens gain one at the end of the round (rounds.judged_challenge).
JUDGED_CHALLENGE = [{"do": "applause", "amount": 1, "target": "most-applause"}]
PLAYED_EFFECTS = ("damage", "heal", "gain-blood", "pay-blood", "take-standee", "keep",
                  "applause")
# (a Challenge's "most-applause" is judged at the end of the round, never a card's target)
PLAYED_TARGETS = tuple(t for t in TARGETS if t not in ("target-player", "most-applause"))
PLAYED_CONDITIONS = ("holds-standee", "taken-from-living-foe", "defeated-this-way",
                     "paid-blood")


def plays(abilities) -> bool:
    """True when the spell-game interpreter runs every part of these abilities."""
    if not abilities:
        return False
    for ability in abilities:
        if ability["trigger"] == "challenge" and ability.get("effects") == JUDGED_CHALLENGE:
            continue
        if ability["trigger"] not in PLAYED_TRIGGERS:
            return False
        effects = list(ability.get("effects", []))
        for band in ability.get("bands", []):
            effects += band["effects"]
        for effect in effects:
            if effect["do"] not in PLAYED_EFFECTS or \
                    effect.get("target", "self") not in PLAYED_TARGETS + ("self",) or \
                    effect.get("if", "holds-standee") not in PLAYED_CONDITIONS:
                return False
    return True


class NeedChoice(Exception):  # noqa: N818 - not an error: a pause for the player
    def __init__(self, who: str, prompt: str, options: list, rule: str | None = None):
        super().__init__(prompt)
        self.need = {"who": who, "prompt": prompt, "options": options}
        if rule:
            self.need["rule"] = rule  # the rule that makes it a choice, when not targets


class _Run:
    def __init__(self, state: SpellGame, caster: str, card: dict, choices: list, seed,
                 component: int | None = None):
        self.state, self.caster, self.card = state, caster, card
        self.component = component  # its index in the spell being cast (Blood costs)
        self.paid = False
        self.choices, self.used = list(choices), []
        self.rng = make_rng(seed)
        self.events: list[dict] = []
        self.by_hand: list[str] = []
        self.last: list[str] = []  # who the previous effect touched ("a different foe")
        self.defeated = False
        self.taken_from: str | None = None
        self.keep = False
        self.rally = False  # a Champion's Rally: its player orders the deaths (anarchy 20.5)

    # -- choices and combat -------------------------------------------------
    def choose(self, who: str, prompt: str, options: list, rule: str | None = None):
        if len(options) == 1:
            return options[0]
        if not self.choices:
            raise NeedChoice(who, prompt, options, rule)
        pick = self.choices.pop(0)
        if pick not in options:
            raise EngineError(f"choices[{len(self.used)}]: {pick!r} is not one of "
                              f"{options!r} ({prompt})", field="choices",
                              code="not-an-option")
        self.used.append(pick)
        return pick

    def act(self, action: dict) -> list[dict]:
        result = combat_apply(self.state, action, self.rng)
        if not result.ok:
            problem = result.problems[0]
            self.flag(problem.rule, f"{action['type']} refused: {problem.message}")
            return []
        self.state = result.state
        self.events += result.events
        return result.events

    def flag(self, rule: str, text: str) -> None:
        self.events.append({"type": "flag", "rule": rule, "text": text})

    # -- targets --------------------------------------------------------------
    def foes(self, exclude=()) -> list[str]:
        return [w.name for w in self.state.wizards
                if w.name != self.caster and w.alive and w.hp > 0 and w.name not in exclude]

    def targets(self, kind: str) -> list[str]:
        game = self.state.game
        if kind == "self":
            return [self.caster]
        if kind in ("different-foe", "foe", "foe-without-creatures"):
            exclude = {"different-foe": self.last, "foe": [], "foe-without-creatures": [
                w.name for w in self.state.wizards if w.creatures]}[kind]
            options = self.foes(exclude)
            if not options:
                return []
            return [self.choose(self.caster, TARGETS[kind], options)]
        if kind == "foes-most-applause":
            foes = [self.state.wizard(n) for n in self.foes()]
            most = max((len(w.applause) for w in foes), default=0)
            return [w.name for w in foes if len(w.applause) == most]
        if kind == "random-foe":
            rolled = roll_random_foe(game, self.foes(), rng=self.rng)
            self.events += [{"type": "random-foe", **s} for s in rolled["explanation"]]
            return [rolled["victim"]] if rolled["victim"] else []
        wizards = [{"name": w.name, "hp": w.hp if w.alive else 0} for w in self.state.wizards]
        answer = choose_targets(game, self.caster, wizards, kind)
        self.events += [{"type": "targets", **s} for s in answer["explanation"]]
        if answer["choice_needed"]:
            return [self.choose(self.caster, f"{TARGETS[kind]} (a tie)", answer["ties"])]
        return answer["targets"]

    # -- effects --------------------------------------------------------------
    def condition(self, name: str | None) -> bool:
        if name is None:
            return True
        if name == "holds-standee":
            return self.state.game == "rumble" and self.state.standee == self.caster
        if name == "taken-from-living-foe":
            giver = self.taken_from
            return bool(giver and giver != self.caster and self.state.wizard(giver).alive)
        if name == "defeated-this-way":
            return self.defeated
        if name == "paid-blood":
            return self.paid
        raise EngineError(f"the condition {CONDITIONS[name]!r} is not played in spell games",
                          field="abilities", code="by-hand")

    def amount(self, raw, spell_glyphs) -> int:
        if isinstance(raw, dict) and "dice" in raw:
            faces = [roll_die(self.rng) for _ in range(raw["dice"])]
            self.events.append({"type": "dice", "rule": cite(self.state.game, "damage"),
                                "text": f"{self.caster} rolls {faces} for the amount",
                                "dice": faces})
            return sum(faces)
        if isinstance(raw, dict):
            return raw.get("each", 1) * sum(g == raw["per_glyph"] for g in spell_glyphs)
        return raw

    def effects(self, effects: list[dict], spell_glyphs) -> None:
        for effect in effects:
            if not self.condition(effect.get("if")):
                self.events.append({"type": "note", "rule": cite(self.state.game, "targets"),
                                    "text": f"{CONDITIONS[effect['if']]}: no"})
                continue
            self.effect(effect, spell_glyphs)

    def effect(self, effect: dict, spell_glyphs) -> None:
        do, game = effect["do"], self.state.game
        if do not in PLAYED_EFFECTS:
            text = effect.get("text") or do
            self.by_hand.append(text)
            self.flag(cite(game, "components"), f"apply by hand: {text}")
            return
        if do == "damage":
            targets = self.targets(effect["target"])
            amount = self.amount(effect["amount"], spell_glyphs)
            self.damage(targets, amount)
        elif do == "heal":
            self.act({"type": "heal", "target": self.caster,
                      "amount": self.amount(effect.get("amount", 1), spell_glyphs)})
        elif do == "gain-blood":
            self.act({"type": "gain_blood", "wizard": self.caster,
                      "amount": self.amount(effect.get("amount", 1), spell_glyphs)})
        elif do == "pay-blood":
            self.pay_blood(self.amount(effect.get("amount", 1), spell_glyphs))
        elif do == "take-standee":
            self.taken_from = self.state.standee
            self.last = [self.taken_from] if self.taken_from else []
            self.act({"type": "take_standee", "wizard": self.caster})
        elif do == "keep":
            self.keep = True
            if self.card.get("name") and not self.card.get("kept"):
                self.act({"type": "keep_creature", "wizard": self.caster,
                          "creature": {"name": self.card["name"], "glyph": self.card.get("glyph"),
                                       "card": self.card.get("id")}})
            else:
                self.events.append({"type": "creature", "rule": cite(game, "creature.keep"),
                                    "text": f"{self.card.get('name') or 'the Creature'} stays"})
        elif do == "applause":
            for _ in range(effect.get("amount", 1)):
                self.act({"type": "gain_applause", "wizard": self.caster})

    def pay_blood(self, amount: int) -> None:
        """A Blood cost: the caster may pay it, decided before the component deals damage
        or rolls; the effects it buys carry "if": "paid-blood"."""
        action = {"type": "pay_blood", "wizard": self.caster, "amount": amount}
        if self.component is not None:
            action["component"] = self.component
        problems = combat_preflight(self.state, action)
        if problems:
            self.flag(problems[0].rule, f"cannot pay {amount} Blood: {problems[0].message}")
            return
        if self.choose(self.caster, f"pay {amount} Blood?", [True, False]):
            self.paid = bool(self.act(action))

    def absorber(self, name: str, amount: int) -> int | None:
        """Which of the foe's face-up Creatures absorbs the damage, if any: the foe's choice
        (17.4: "one of your face-up Creatures"; rumble 17.16 / anarchy 17.14). One kind of
        Creature is a yes or no; several are one option each, by name (copies of one
        card are the same choice)."""
        pals = self.state.wizard(name).creatures
        labels: dict = {}
        for i, pal in enumerate(pals):
            same_name = [p for p in pals if p.name == pal.name and p.glyph != pal.glyph]
            labels.setdefault(f"{pal.name} ({pal.glyph})" if same_name else pal.name, i)
        if len(labels) == 1:
            prompt = f"{name}: discard {pals[0].name} to absorb {amount} damage?"
            return 0 if self.choose(name, prompt, [False, True]) else None
        pick = self.choose(name, f"{name}: discard a Creature to absorb {amount} damage? "
                           "(which one)", [False, *labels])
        return None if pick is False else labels[pick]

    def damage(self, targets: list[str], amount: int) -> None:
        absorb: dict[str, int] = {}
        for name in targets:
            wizard = self.state.wizard(name)
            if wizard.creatures and name != self.caster and amount > 0:
                index = self.absorber(name, amount)
                if index is not None:
                    absorb[name] = index
        before = len(self.state.deaths)
        if len(targets) == 1:
            self.act({"type": "damage", "target": targets[0], "amount": amount,
                      "source": self.caster, "absorb": bool(absorb),
                      "creature": absorb.get(targets[0], 0)})
        elif targets:
            order = self.death_order(targets, list(absorb), amount)
            self.act({"type": "damage_each", "targets": targets, "amount": amount,
                      "source": self.caster, "absorb": list(absorb),
                      **({"creatures": pals} if (pals := {n: i for n, i in absorb.items()
                                                            if i}) else {}),
                      **({"order": order} if order else {})})
        self.defeated = len(self.state.deaths) > before
        self.last = targets

    def death_order(self, targets: list[str], absorb: list[str], amount: int) -> list[str]:
        """Anarchy: a Champion's Rally that kills several wizards at once resolves for them
        in the order its player chooses (20.5, ruling rally-order). The order matters when
        fewer Dead Wizard tokens are left than wizards dying: the game ends at the last
        token (23.1), so the player names who dies first while tokens last; otherwise every
        order ends the same and none is asked."""
        if self.state.game != "anarchy" or not self.rally or amount <= 0:
            return []
        dying = [n for n in targets if n not in absorb and self.state.wizard(n).hp <= amount]
        left = self.state.dead_wizard_tokens_left
        order: list[str] = []
        if not 0 < left < len(dying):
            return order
        for _ in range(left):
            rest = [n for n in dying if n not in order]
            order.append(self.choose(
                self.caster, f"the Rally kills {', '.join(dying)} at once, with "
                f"{left - len(order)} Dead Wizard token(s) left: who dies first?", rest,
                cite("anarchy", "champion.rally-order")))
        return order


def resolve_ability(state: SpellGame, caster: str, ability: dict, *, card: dict | None = None,
                    roll_total: int | None = None, spell_glyphs=(), choices=(),
                    seed=None, component: int | None = None) -> dict:
    """Run one ability for ``caster``. ``card``: {"name", "glyph", "kept"} of the card
    (KEEP keeps it). ``roll_total``: the Power Roll for a band table.
    ``spell_glyphs``: the glyphs in the spell (for per-glyph amounts). ``component``: the
    card's index in the spell being cast (combat's place_spell), so a Blood cost is checked
    against what that component has already done."""
    validate([ability], path="ability")
    state.wizard(caster)
    run = _Run(state, caster, card or {}, list(choices), seed, component)
    run.rally = ability["trigger"] == "rally"
    why = []
    try:
        if "bands" in ability:
            if roll_total is None:
                raise EngineError("roll_total: a Power Roll table needs the roll",
                                  field="roll_total", code="missing")
            band = next((b for b in ability["bands"] if b["low"] <= roll_total <=
                         (b.get("high") or 99)), None)
            why.append({"type": "roll", "rule": cite(state.game, "power-roll.bands"),
                        "text": f"roll {roll_total}: " + (
                            f"band {b_label(band)}" if band else "no band covers it")})
            if band:
                run.effects(band["effects"], spell_glyphs)
            else:
                text = f"roll {roll_total}: the card's band for it is not scripted"
                run.by_hand.append(text)
                run.flag(cite(state.game, "power-roll.bands"), f"apply by hand: {text}")
        else:
            run.effects(ability["effects"], spell_glyphs)
    except NeedChoice as pause:
        return {"done": False, "state": state, "events": [], "needs": pause.need,
                "choices_used": run.used, "by_hand": [], "keep": False}
    if run.choices:
        raise EngineError(f"choices: {len(run.choices)} more than the ability asked for",
                          field="choices", code="unused-choice")
    return {"done": True, "state": run.state, "events": why + run.events, "needs": None,
            "choices_used": run.used, "by_hand": run.by_hand, "keep": run.keep}


def b_label(band: dict) -> str:
    high = band.get("high")
    return f"{band['low']}+" if high is None else f"{band['low']}-{high}"
