"""The checker pages' forms: typed fields, one fieldset per row, empty rows skipped.

Each form turns its rows into the engine's JSON-like input (``engine_input``),
the same input the API takes, so pages and API answer alike.
"""
from __future__ import annotations

import re

from django import forms

from engine import odds
from engine.deckbuilder.scoring import TIEBREAK_READINGS
from engine.deckbuilder.setup import MAX_PLAYERS, MIN_PLAYERS
from engine.spellgames.games import APPLAUSE_VALUES, GLYPHS, MAX_WIZARDS, SLOTS, SPELL_GAMES
from engine.spellgames.legality import MAX_INITIATIVE

GAME_NAMES = {"rumble": "Rumble at Castle Tentakill", "anarchy": "Anarchy at the Arena"}
COMPONENT_TYPE_CHOICES = [("", "— from the card —"), ("source", "Source"),
                          ("quality", "Quality"), ("delivery", "Delivery"),
                          ("wild-magic", "Wild Magic"), ("rally", "Rally (anarchy)")]
GLYPH_CHOICES = [("", "— unknown —")] + [(g, g.title()) for g in GLYPHS]
SLOT_CHOICES = [("", "— first free —")] + [(s, s.title()) for s in SLOTS]
COMPONENT_ROWS = 4  # three components, and a fourth to check an over-full spell
WIZARD_ROWS = MAX_WIZARDS


def game_field():
    return forms.ChoiceField(choices=[(g, GAME_NAMES[g]) for g in SPELL_GAMES])


def card_choices(entries, *, empty: str) -> list:
    """A <select>'s choices grouped by game; values are "game/slug"."""
    groups: dict[str, list] = {}
    for entry in entries:
        label = entry.name
        if entry.type == "delivery":
            init = "?" if entry.initiative is None else entry.initiative
            label = f"{entry.name} (initiative {init})"
        groups.setdefault(entry.game.short_name, []).append(
            (f"{entry.game.slug}/{entry.slug}", label))
    return [("", empty), *groups.items()]


def card_slug(value: str, game: str) -> str:
    """The slug of a "game/slug" choice, refusing a card of the other game."""
    card_game, _, slug = value.partition("/")
    if card_game != game:
        raise forms.ValidationError(f"that card belongs to {card_game}, not {game}")
    return slug


class RowForm(forms.Form):
    """A formset row: left blank, it is skipped."""

    def is_blank(self) -> bool:
        return not any(v is not None and v is not False and v not in ("", [])
                       for v in self.cleaned_data.values())


class RowFormSet(forms.BaseFormSet):
    def filled(self) -> list[tuple[int, RowForm]]:
        """(row number from 1, form) of the rows that were filled in."""
        return [(i + 1, f) for i, f in enumerate(self.forms)
                if getattr(f, "cleaned_data", None) and not f.is_blank()]


def row_formset(form, rows: int):
    return forms.formset_factory(form, formset=RowFormSet, extra=rows, max_num=rows,
                                 absolute_max=rows, validate_max=True)


# --- Spells --------------------------------------------------------------------------

class SpellCheckForm(forms.Form):
    game = game_field()
    wizard = forms.CharField(required=False, max_length=100,
                             help_text="Named in the spell when the Source is missing.")


class ComponentRow(RowForm):
    card = forms.ChoiceField(required=False)
    type = forms.ChoiceField(choices=COMPONENT_TYPE_CHOICES, required=False)
    glyph = forms.ChoiceField(choices=GLYPH_CHOICES, required=False)
    initiative = forms.IntegerField(min_value=0, max_value=MAX_INITIATIVE, required=False)
    name = forms.CharField(max_length=100, required=False)
    slot = forms.ChoiceField(choices=SLOT_CHOICES, required=False, label="Slot (Wild Magic)")

    def __init__(self, *args, card_choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["card"].choices = card_choices

    def clean(self):
        data = super().clean()
        if not self.is_blank() and not data.get("card") and not data.get("type"):
            raise forms.ValidationError("Choose a catalog card or a type.")
        return data

    def component(self, game: str) -> dict:
        data = self.cleaned_data
        component = {key: data[key] for key in ("type", "glyph", "initiative", "name", "slot")
                     if data.get(key) not in (None, "")}
        if data.get("card"):
            try:
                component["card"] = card_slug(data["card"], game)
            except forms.ValidationError as error:
                self.add_error("card", error)
                raise
        return component


ComponentFormSet = row_formset(ComponentRow, COMPONENT_ROWS)


class SpellOrderForm(forms.Form):
    game = game_field()
    seed = forms.CharField(required=False, max_length=40,
                           help_text="Rolls not given come from this seed (blank: random).")

    def seed_value(self):
        seed = self.cleaned_data.get("seed", "").strip()
        if not seed:
            return None
        return int(seed) if re.fullmatch(r"-?\d+", seed) else seed


class WizardSpellRow(RowForm):
    wizard = forms.CharField(max_length=100, required=False)
    components = forms.IntegerField(min_value=1, max_value=3, required=False,
                                    label="Components (1-3)")
    delivery = forms.ChoiceField(required=False, label="Delivery card")
    initiative = forms.IntegerField(min_value=0, max_value=MAX_INITIATIVE, required=False,
                                    label="or Delivery initiative")
    rolls = forms.CharField(required=False, max_length=60, label="Tie rolls",
                            help_text="e.g. 5, or 3, 6 for repeated roll-offs")

    def __init__(self, *args, card_choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["delivery"].choices = card_choices

    def clean_rolls(self):
        text = self.cleaned_data["rolls"].strip()
        if not text:
            return []
        values = [v for v in re.split(r"[\s,]+", text) if v]
        if not all(re.fullmatch(r"[1-6]", v) for v in values):
            raise forms.ValidationError("die rolls are numbers 1 to 6, separated by commas")
        return [int(v) for v in values]

    def clean(self):
        data = super().clean()
        if not self.is_blank():
            for key in ("wizard", "components"):
                if not data.get(key):
                    self.add_error(key, "needed for this row")
        return data

    def spell(self, game: str) -> dict:
        """Stand-in cards for the count, with the Delivery given (none: initiative 0)."""
        data = self.cleaned_data
        if data.get("delivery"):
            try:
                delivery = {"type": "delivery", "card": card_slug(data["delivery"], game)}
            except forms.ValidationError as error:
                self.add_error("delivery", error)
                raise
            if data.get("initiative") is not None:
                delivery["initiative"] = data["initiative"]
        elif data.get("initiative") is not None:
            delivery = {"type": "delivery", "initiative": data["initiative"]}
        else:
            delivery = None
        fillers = [{"type": "source"}, {"type": "quality"}]
        count = data["components"]
        if delivery:
            components = fillers[:count - 1] + [delivery]
        else:  # a third card without a Delivery can only be Wild Magic in that slot
            components = fillers[:count] + [{"type": "wild-magic", "slot": "delivery"}][:count - 2]
        return {"wizard": data["wizard"].strip(), "components": components}


WizardSpellFormSet = row_formset(WizardSpellRow, WIZARD_ROWS)


# --- Odds --------------------------------------------------------------------------

class PowerRollForm(forms.Form):
    dice = forms.IntegerField(min_value=1, max_value=odds.MAX_POWER_DICE, initial=2)
    bands = forms.CharField(required=False, max_length=300, initial="1-4,5-9,10+",
                            help_text="A card's roll table, e.g. 1-4,5-9,10+")


class DemoniacForm(forms.Form):
    dice = forms.IntegerField(min_value=1, max_value=odds.MAX_DEMONIAC_DICE, initial=5,
                              help_text="One per possession, one more as a demoniac.")
    actions = forms.IntegerField(min_value=1, max_value=odds.MAX_DEMONIAC_ACTIONS, initial=3,
                                 help_text="The first rolls; each later one re-rolls.")
    hits = forms.IntegerField(min_value=1, max_value=odds.MAX_DEMONIAC_DICE, initial=4,
                              help_text="Pentagrams needed.")


# --- Satanic Panic ---------------------------------------------------------------

class SatanicPanicSetupForm(forms.Form):
    players = forms.IntegerField(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS, initial=4,
                                 help_text="Everyone at the table, Satan included.")
    satan = forms.BooleanField(required=False, label="One player is Satan")
    seed = forms.IntegerField(required=False, min_value=0, help_text="Blank: a random table.")
    extended = forms.BooleanField(required=False, label="Extended game (+50%)")
    legendary_devils = forms.IntegerField(required=False, min_value=0,
                                          label="Additional Legendary Devils",
                                          help_text="Blank: the table's number.")

    def engine_input(self) -> dict:
        data = self.cleaned_data
        options = {"extended": data["extended"]}
        if data.get("legendary_devils") is not None:
            options["legendary_devils"] = data["legendary_devils"]
        return {"players": data["players"], "satan": data["satan"], "seed": data.get("seed"),
                **options}


def tokens_value(text: str):
    """A token count ("2") or labels ("DWT 11, 5"): the engine reads both."""
    text = (text or "").strip()
    if not text:
        return 0
    if re.fullmatch(r"\d+", text):
        return int(text)
    return [t.strip() for t in text.split(",") if t.strip()]


class SatanicPanicPlayerRow(RowForm):
    name = forms.CharField(max_length=100, required=False)
    card_vp = forms.IntegerField(required=False, min_value=-999, max_value=999, label="Card VP")
    dead_wizard_tokens = forms.CharField(required=False, max_length=200,
                                         label="Dead Wizard Tokens",
                                         help_text='a count, or labels: "DWT 11, DWT 3"')
    damned_wizard_tokens = forms.CharField(required=False, max_length=200,
                                           label="Damned Wizard Tokens")
    burning_limp_wands = forms.IntegerField(required=False, min_value=0)
    legendary_devils = forms.IntegerField(required=False, min_value=0)
    penta_coins = forms.IntegerField(required=False, min_value=0, label="Penta-Coins (Satan)")

    def clean(self):
        data = super().clean()
        if not self.is_blank():
            for key in ("name", "card_vp"):
                if data.get(key) in (None, ""):
                    self.add_error(key, "needed for this row")
        return data

    def player(self) -> dict:
        data = self.cleaned_data
        return {"name": data["name"], "card_vp": data["card_vp"],
                "dead_wizard_tokens": tokens_value(data["dead_wizard_tokens"]),
                "damned_wizard_tokens": tokens_value(data["damned_wizard_tokens"]),
                "burning_limp_wands": data.get("burning_limp_wands") or 0,
                "legendary_devils": data.get("legendary_devils") or 0,
                "penta_coins": data.get("penta_coins") or 0}


SatanicPanicPlayerFormSet = row_formset(SatanicPanicPlayerRow, MAX_PLAYERS)


class SatanicPanicScoreForm(forms.Form):
    tiebreak_tokens = forms.ChoiceField(
        choices=[(r, r.replace("-", " ").capitalize()) for r in TIEBREAK_READINGS],
        label="Second tiebreak counts", help_text="The rulebook's two readings.")


# --- Anarchy ------------------------------------------------------------------------

class AnarchyWizardRow(RowForm):
    name = forms.CharField(max_length=100, required=False)
    applause = forms.CharField(required=False, max_length=100, label="Applause tokens",
                               help_text="their values, e.g. 2, 3, 4")
    dead_wizard_tokens = forms.IntegerField(required=False, min_value=0)
    treasures = forms.IntegerField(required=False, min_value=0)

    def clean_applause(self):
        values = [v for v in re.split(r"[\s,]+", self.cleaned_data["applause"]) if v]
        allowed = {str(v) for v in APPLAUSE_VALUES}
        if any(v not in allowed for v in values):
            raise forms.ValidationError("Applause tokens are worth 2, 3 or 4")
        return [int(v) for v in values]

    def clean(self):
        data = super().clean()
        if not self.is_blank() and not data.get("name"):
            self.add_error("name", "needed for this row")
        return data

    def wizard(self) -> dict:
        data = self.cleaned_data
        return {"name": data["name"], "applause": data["applause"],
                "dead_wizard_tokens": data.get("dead_wizard_tokens") or 0,
                "treasures": data.get("treasures") or 0}


AnarchyWizardFormSet = row_formset(AnarchyWizardRow, MAX_WIZARDS)
