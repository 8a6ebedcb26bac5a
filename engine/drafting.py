"""Draft a card's abilities (the ability language, engine.abilities) from its printed text.

A small clause parser. The text is cut into sentences; a trigger label at a sentence's
start ("ATTACK:", "Activate:", "At the end of your turn,", the phrases of ``TRIGGERS``)
opens an ability, a Power Roll band ("5-9:") opens a band. Each sentence is then matched,
whole, against the patterns of what the language can say ("Deal 3 damage to the strongest
foe", "Draw a card", "Pay 2 Blood: ...", "KEEP"). A pattern must match the entire clause,
so a sentence with anything more ("unless", "instead", two targets, a condition the
language lacks) matches none and becomes a ``by-hand`` effect carrying the sentence as
printed: a draft may leave work to the player, never say what the text does not.

Pure Python, no Django: the submissions' worker and review page call ``draft_abilities``,
``bench/ability_drafts.py`` measures it against the hand-written abilities.
"""
from __future__ import annotations

import re

from .abilities import MAX_TEXT, TRIGGERS, validate
from .core import EngineError

# The trigger of text printed without a label, by game and type, where the rulebooks say
# when it happens. Rumble/Anarchy: "Resolve the effects of the cards in your spell in the
# order they are read"; Anarchy: "resolve the Champion's Rally effect"; Satanic Panic: "When
# you play a card, its game text resolves immediately", and a Dead Wizard Token's text
# without ONGOING "happens immediately".
UNLABELLED = {
    **{(game, kind): "resolved" for game in ("rumble", "anarchy")
       for kind in ("source", "quality", "delivery")},
    ("anarchy", "champion"): "rally",
    **{("satanic-panic", kind): "resolved"
       for kind in ("starter", "satan-starter", "familiar", "spell", "dead-wizard-token")},
}
# Text that stays in force while its owner has it (Satanic Panic: the Standee "is technically
# an ONGOING effect"; a Wizard Ability Tile). Its unlabelled text is applied by hand.
STANDING = {"standee", "ability-tile"}
# Triggers whose effects the language's one-off effects cannot express: a standing rule.
BY_HAND_TRIGGERS = {"ongoing"}
# Satanic Panic, "Ability Tile Cards": a tile's own cards "can either replace a Starter card,
# or are set aside for later use", when the tile is chosen at the start of the game.
AT_SETUP = re.compile(r"(?:start with|replace \S+ of your starter)\b", re.IGNORECASE)

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}
TARGET_WORDS = {
    "the strongest foe": "strongest-foe",
    "the weakest foe": "weakest-foe",
    "the foe on your left": "foe-left", "your left foe": "foe-left",
    "the foe on your right": "foe-right", "your right foe": "foe-right",
    "a random foe": "random-foe",
    "each foe": "each-foe",
    "a different foe": "different-foe",
    "a foe": "foe", "a foe of your choice": "foe",
    "a foe with no creatures in play": "foe-without-creatures",
    "your foe(s) with the most applause tokens": "foes-most-applause",
    "target player": "target-player",
}

_N = r"(?P<n>\d{1,2}|" + "|".join(NUMBERS) + ")"
_T = "(?P<t>" + "|".join(re.escape(w) for w in sorted(TARGET_WORDS, key=len, reverse=True)) + ")"
_LABEL = "(?P<label>" + "|".join(re.escape(p) for p in TRIGGERS.values()) + ")"
_TRIGGER_BY_LABEL = {phrase.lower(): trigger for trigger, phrase in TRIGGERS.items()}
_LABELLED = re.compile(rf"(?:(?P<qualifier>[^.:,()]{{1,60}}),\s+)?{_LABEL}[:,]\s*(?P<rest>.+)",
                       re.IGNORECASE)
_BAND = re.compile(r"(?P<low>\d{1,2})\s*(?:[-–]\s*(?P<high>\d{1,2})|(?P<up>\+))\s*:\s*(?P<rest>.*)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[.!?]\))\s+|\s+(?=\d{1,2}\s*(?:[-–]\s*\d{1,2}|\+)\s*:)")


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word.lower()]


def _damage(m) -> dict:
    amount = _number(m["n"])
    return {"do": "damage", "amount": {"dice": amount} if m["dice"] else amount,
            "target": TARGET_WORDS[m["t"].lower()]}


def _discard_or_more(m, context) -> dict | None:
    """'Discard a card, or 3 cards if you have another PRIDE': only this card's own name."""
    if not context["name"] or m["name"].strip().lower() != context["name"].strip().lower():
        return None
    return {"do": "discard", "amount": _number(m["n"]), "otherwise": _number(m["m"])}


def _gain_card(m, context) -> dict | None:
    card = context["card_named"](m["card"])
    return {"do": "gain-card", "card": card} if card else None


_DAMAGE = rf"{_N} (?:(?P<dice>dice|die) of )?damage"
# (pattern anchored to the whole clause, the effect it says); ``context`` names the card.
PATTERNS = [
    (rf"deal {_DAMAGE} to {_T}", lambda m, c: _damage(m)),
    (rf"{_T} takes? {_DAMAGE}", lambda m, c: _damage(m)),
    (rf"heal {_N} hp", lambda m, c: {"do": "heal", "amount": _number(m["n"])}),
    (rf"gain {_N} blood", lambda m, c: {"do": "gain-blood", "amount": _number(m["n"])}),
    (r"take the standee", lambda m, c: {"do": "take-standee"}),
    (r"keep(?: this (?:card|creature))?", lambda m, c: {"do": "keep"}),
    (rf"draw {_N} cards?", lambda m, c: {"do": "draw", "amount": _number(m["n"])}),
    (rf"discard {_N} cards?", lambda m, c: {"do": "discard", "amount": _number(m["n"])}),
    (rf"discard {_N} cards?, or (?P<m>\d{{1,2}}|{'|'.join(NUMBERS)}) cards? if you have "
     r"another (?P<name>.+)", lambda m, c: _discard_or_more(m, c)),
    (rf"destroy {_N} dead wizard tokens?",
     lambda m, c: {"do": "destroy", "amount": _number(m["n"]), "what": "Dead Wizard Tokens"}),
    (rf"destroy {_N} (?P<what>cards? in your hand or discard pile)",
     lambda m, c: {"do": "destroy", "amount": _number(m["n"]), "what": m["what"]}),
    (rf"\+{_N} power", lambda m, c: {"do": "gain-power", "amount": _number(m["n"])}),
    (rf"gain {_N} dead wizard tokens?",
     lambda m, c: {"do": "dead-wizard-tokens", "amount": _number(m["n"])}),
    (rf"gain {_N} applause tokens?", lambda m, c: {"do": "applause", "amount": _number(m["n"])}),
    # A card the game has only: "gain a Familiar" names a kind of card, not one to give.
    (r"gain an? (?P<card>.+)", lambda m, c: _gain_card(m, c)),
]
PATTERNS = [(re.compile(p, re.IGNORECASE), build) for p, build in PATTERNS]

# Condition prefixes: (pattern, condition, the effect that must come just before it).
CONDITION_PREFIXES = [
    (re.compile(r"standee:\s*(?P<rest>.+)", re.I), "holds-standee", None),
    (re.compile(r"if you hold the standee,\s*(?P<rest>.+)", re.I), "holds-standee", None),
    (re.compile(r"if you're taking it from a living foe,\s*(?P<rest>.+)", re.I),
     "taken-from-living-foe", "take-standee"),
    (re.compile(r"if you defeat them this way,\s*(?P<rest>.+)", re.I),
     "defeated-this-way", "damage"),
]
_BLOOD_COST = re.compile(rf"pay {_N} blood:\s*(?P<rest>.+)", re.IGNORECASE)
_LEADING = re.compile(r"(?:then|also),?\s+", re.IGNORECASE)


def _tidy(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", text).strip()


def _clause(text: str) -> str:
    text = text.strip().rstrip(".!").strip()
    return _LEADING.sub("", text, count=1) if _LEADING.match(text) else text


def _effect(clause: str, context: dict) -> dict | None:
    clause = _clause(clause)
    for pattern, build in PATTERNS:
        m = pattern.fullmatch(clause)
        if m:
            return build(m, context)
    return None


def _sentence_effects(sentence: str, before: list[dict], context: dict) -> list[dict] | None:
    """The effects one sentence says, or None when it is not certain of every word."""
    clause = _clause(sentence)
    cost = _BLOOD_COST.fullmatch(clause)
    if cost:
        paid = _effect(cost["rest"], context)
        if paid is None or "if" in paid:
            return None
        return [{"do": "pay-blood", "amount": _number(cost["n"])}, {**paid, "if": "paid-blood"}]
    for pattern, condition, needs in CONDITION_PREFIXES:
        m = pattern.fullmatch(clause)
        if m:
            effect = _effect(m["rest"], context)
            if effect is None or (needs and (not before or before[-1]["do"] != needs)):
                return None
            return [{**effect, "if": condition}]
    effect = _effect(clause, context)
    return None if effect is None else [effect]


def _sentences(text: str) -> list[str]:
    """Sentences, a band label ("10+:") opening one too; a parenthesis is never cut."""
    out = []
    for piece in (p for p in _SENTENCE_END.split(_tidy(text)) if p):
        if out and out[-1].count("(") > out[-1].count(")"):
            out[-1] += " " + piece
        else:
            out.append(piece)
    return out


def _by_hand(text: str) -> list[dict]:
    """By-hand effects carrying ``text``, cut at sentences (then words) to fit MAX_TEXT."""
    text = text[:1].upper() + text[1:]
    chunks = []
    for word in text.split(" "):
        if chunks and len(chunks[-1]) + 1 + len(word) <= MAX_TEXT:
            chunks[-1] += " " + word
        else:
            chunks.append(word[:MAX_TEXT])
    return [{"do": "by-hand", "text": chunk} for chunk in chunks]


class _Draft:
    """Abilities under construction: the open ability's (or band's) effects, and where the
    last sentence's effects start (a parenthesis after it may change what it says)."""

    def __init__(self, default_trigger: str, drafts_effects: bool, context: dict):
        self.abilities: list[dict] = []
        self.default, self.drafts_effects, self.context = default_trigger, drafts_effects, context
        self.effects: list[dict] | None = None
        self.sure = True
        self.last: tuple[int, str] | None = None

    def open(self, trigger: str, sure: bool) -> None:
        self.effects, self.last = [], None
        self.abilities.append({"trigger": trigger, "effects": self.effects})
        self.sure = sure and trigger not in BY_HAND_TRIGGERS

    def band(self, low: int, high: int | None) -> bool:
        """Open a Power Roll band; False when it does not follow the last one in order."""
        if not 1 <= low <= (high or low) <= 36:
            return False
        current = self.abilities[-1] if self.abilities else None
        if current is not None and "bands" in current and current["bands"]:
            previous = current["bands"][-1].get("high")
            if previous is None or low <= previous:
                return False
        else:
            current = {"trigger": self.default, "bands": []}
            self.abilities.append(current)
            self.sure = self.drafts_effects
        self.effects, self.last = [], None
        current["bands"].append({"low": low, **({"high": high} if high else {}),
                                 "effects": self.effects})
        return True

    def add(self, sentence: str) -> None:
        if self.effects is None:
            self.open(self.default, self.drafts_effects)
        if sentence.startswith("(") and self.last is not None:
            start, before = self.last  # a reminder or a change: the two stay by hand together
            del self.effects[start:]
            sentence = f"{before} {sentence}"
        said = _sentence_effects(sentence, self.effects, self.context) if self.sure else None
        if said is None and self.effects and self.effects[-1]["do"] == "by-hand" \
                and len(self.effects[-1]["text"]) + 1 + len(sentence) <= MAX_TEXT:
            self.effects[-1]["text"] += " " + sentence  # one flag for a run of sentences
            self.last = None
            return
        self.last = (len(self.effects), sentence)
        self.effects += said if said is not None else _by_hand(sentence)

    def result(self) -> list[dict]:
        out = []
        for ability in self.abilities:
            if "bands" in ability:
                ability["bands"] = [b for b in ability["bands"] if b["effects"]]
            if ability.get("bands") or ability.get("effects"):
                out.append(ability)
        return out


def draft_abilities(text: str | None, *, game: str | None = None, type: str | None = None,  # noqa: A002
                    name: str | None = None, card_named=None) -> list[dict]:
    """The abilities ``text`` says, as the language writes them (validated), with every
    sentence the parser is not sure of kept as a ``by-hand`` effect; [] for no text.

    ``game`` and ``type`` give unlabelled text its trigger (``UNLABELLED``); without them it
    is applied by hand. ``name`` is the card's own name ("if you have another PRIDE");
    ``card_named(words)`` the game's card those words name, as printed, or None ("gain a
    Little Pot o' Gold"; without it no card is gained).
    """
    if not (text or "").strip():
        return []
    kind = (type or "").strip().lower()
    default = UNLABELLED.get((game, kind))
    context = {"name": name, "card_named": card_named or (lambda words: None)}
    draft = _Draft(default or ("ongoing" if kind in STANDING else "resolved"),
                   default is not None, context)
    for sentence in _sentences(text):
        labelled = _LABELLED.fullmatch(sentence)
        band = _BAND.fullmatch(sentence)
        if labelled:
            qualifier, rest = labelled["qualifier"], labelled["rest"]
            draft.open(_TRIGGER_BY_LABEL[labelled["label"].lower()], sure=not qualifier)
            draft.add(f"{qualifier}: {rest[:1].lower()}{rest[1:]}" if qualifier else rest)
        elif band and draft.band(int(band["low"]), None if band["up"] else int(band["high"])):
            if band["rest"]:
                draft.add(band["rest"])
        elif kind == "ability-tile" and AT_SETUP.match(sentence):
            draft.open("setup", sure=False)
            draft.add(sentence)
            draft.effects = None  # what follows is the tile's standing text again
        else:
            if band:  # a band out of order: the sentence stays by hand, on its own
                draft.open(draft.default, sure=False)
            draft.add(sentence)
    abilities = draft.result()
    try:
        return validate(abilities)
    except EngineError:  # past the language's limits (too many abilities...): all by hand
        return _whole_by_hand(text, draft.default)


def _whole_by_hand(text: str, trigger: str) -> list[dict]:
    try:
        return validate([{"trigger": trigger, "effects": _by_hand(_tidy(text))}])
    except EngineError:
        return []
