"""Request and response shapes of the checker endpoints (PRODUCT.md, "Engine").

Request serializers type-check the input (400 naming the field at fault) and
reject unknown keys, so a misspelt key is an error rather than silently
unknown. The engine checks the rules. Response serializers document the
answers in the OpenAPI schema; the views return the engine's dicts as they are.
"""
from __future__ import annotations

import re
from functools import cached_property

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers
from rest_framework.fields import SkipField, empty, get_error_detail

from engine import odds
from engine.deckbuilder.scoring import TIEBREAK_READINGS
from engine.deckbuilder.setup import ABILITY_TILES, MAX_PLAYERS, MIN_PLAYERS
from engine.spellgames.games import (
    APPLAUSE_VALUES,
    COMPONENT_TYPES,
    GLYPHS,
    MAX_WIZARDS,
    SLOTS,
    SPELL_GAMES,
)
from engine.spellgames.legality import MAX_INITIATIVE, MAX_PLACED_CARDS

from .fields import (
    DamnedWizardTokensField,
    DeadWizardTokensField,
    DieRollsField,
    SeedField,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
)

# "10+" in a raw query string decodes to "10 ": a number followed by spaces.
OPEN_BAND_DECODED = re.compile(r"\s*\d+\s+")


class StrictSerializer(serializers.Serializer):
    """Rejects keys it does not know: ``{"initiatve": 5}`` is a 400, not an unknown."""

    # (A comment, not the docstring: the schema shows the docstring.) Checker
    # bodies are JSON objects, so fields are read straight from the dict, and
    # an optional field left out is passed over without DRF's SkipField round
    # trip: a typical component gives two of its six fields, and the skipped
    # ones took most of a request's validation time. Otherwise this is DRF's loop.
    def to_internal_value(self, data):
        if not isinstance(data, dict):
            return super().to_internal_value(data)  # DRF's "expected a dict" error
        unknown = [key for key in data if key not in self.fields]
        if unknown:
            raise serializers.ValidationError(
                {unknown[0]: [serializers.ErrorDetail(
                    f"unknown field; the fields are {', '.join(self.fields)}",
                    code="unknown-field")]})
        validated, errors = {}, {}
        for name, field in self._input_fields:
            value = data.get(name, empty)
            if value is empty and not field.required and field.default is empty:
                continue
            try:
                validated[name] = field.run_validation(value)
            except serializers.ValidationError as exc:
                errors[name] = exc.detail
            except DjangoValidationError as exc:
                errors[name] = get_error_detail(exc)
            except SkipField:
                pass
        if errors:
            raise serializers.ValidationError(errors)
        return validated

    def run_validators(self, value):
        if self.validators:  # DRF gathers read-only defaults first, even with none to run
            super().run_validators(value)

    @cached_property
    def _input_fields(self) -> list[tuple[str, serializers.Field]]:
        fields = [(field.field_name, field) for field in self._writable_fields]
        for name, field in fields:  # the loop above stores each value under its name
            assert field.source == name and not hasattr(self, f"validate_{name}"), name
        return fields


def _game_field(games=SPELL_GAMES):
    return StrictChoiceField(choices=list(games), help_text=f"One of {', '.join(games)}.")


def _name(help_text: str, required: bool = True):
    return StrictCharField(max_length=100, required=required, help_text=help_text)


def _count(help_text: str, *, low: int = 0, high: int | None = None, **kwargs):
    return StrictIntegerField(min_value=low, max_value=high, help_text=help_text, **kwargs)


# --- Spells -----------------------------------------------------------------

class ComponentSerializer(StrictSerializer):
    type = StrictChoiceField(
        choices=list(COMPONENT_TYPES), required=False,
        help_text="The card's type; may be left out when `card` names a catalog card.")
    card = serializers.SlugField(
        required=False, help_text="A catalog card's slug in this game: fills type, name, glyph "
        "and initiative (values given here win).")
    name = _name("The card's name (for the spell's name).", required=False)
    glyph = StrictChoiceField(choices=list(GLYPHS), required=False, allow_null=True)
    initiative = StrictIntegerField(
        min_value=0, max_value=MAX_INITIATIVE, required=False, allow_null=True,
        help_text="A Delivery's initiative; null or absent: unknown.")
    slot = StrictChoiceField(
        choices=list(SLOTS), required=False,
        help_text="For wild-magic: the slot it fills (default: the first free one).")

    def validate(self, attrs):
        if "type" not in attrs and "card" not in attrs:
            raise serializers.ValidationError(
                {"type": [serializers.ErrorDetail("give type, or card to take it from the "
                                                  "catalog", code="required")]})
        return attrs


def _components(**kwargs):
    return ComponentSerializer(many=True, max_length=MAX_PLACED_CARDS, **kwargs)


class SpellCheck(StrictSerializer):
    game = _game_field()
    components = _components(
        help_text="The cards placed face down, Rally cards (anarchy) included.")
    wizard = _name("Used in the name when the Source is missing.", required=False)


class SpellSerializer(StrictSerializer):
    wizard = _name("Who cast it (unique in the round).")
    components = _components(min_length=1)


class SpellOrder(StrictSerializer):
    game = _game_field()
    spells = SpellSerializer(many=True, min_length=1, max_length=MAX_WIZARDS)
    rolls = serializers.DictField(
        child=DieRollsField(), required=False, allow_null=True,
        help_text="Die rolls for tie roll-offs by wizard: a number or a list used in order.")
    seed = SeedField(required=False, allow_null=True,
                     help_text="Rolls not given come from this seed.")


class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    rule = serializers.CharField(help_text="The rule citation, e.g. `rumble 6.2`.")


class ExplanationStepSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text="The rule applied (a rules-reference citation).")
    text = serializers.CharField()


def _explanation():
    return ExplanationStepSerializer(many=True, help_text="Each step with the rule it applied.")


class SpellCheckResponse(serializers.Serializer):
    legal = serializers.BooleanField()
    errors = ProblemSerializer(many=True, help_text="Why the spell is illegal; empty if legal.")
    component_count = serializers.IntegerField(help_text="Rally cards do not count.")
    initiative = serializers.IntegerField(
        allow_null=True, help_text="The Delivery slot's initiative; 0 with no Delivery or Wild "
        "Magic there; null when unknown.")
    name = serializers.CharField(help_text="Read in nameplate order: Source, Quality, Delivery.")
    explanation = _explanation()
    name_parts = serializers.ListField(child=serializers.DictField())
    rally_cards = serializers.IntegerField()
    components = serializers.ListField(child=serializers.DictField(),
                                       help_text="The components as judged (catalog filled in).")


class TieSerializer(serializers.Serializer):
    wizards = serializers.ListField(child=serializers.CharField())
    component_count = serializers.IntegerField()
    initiative = serializers.IntegerField()
    rolls = serializers.ListField(child=serializers.DictField(child=serializers.IntegerField()),
                                  help_text="Each round of the roll-off: wizard -> die.")
    order = serializers.ListField(child=serializers.CharField())


class SpellOrderResponse(serializers.Serializer):
    order = serializers.ListField(child=serializers.CharField(), help_text="First to act first.")
    ties = TieSerializer(many=True)
    explanation = _explanation()
    turns = serializers.ListField(child=serializers.DictField())
    rolls_used = serializers.DictField(child=serializers.ListField(
        child=serializers.IntegerField()))
    problems = serializers.ListField(child=serializers.DictField())


# --- Odds ---------------------------------------------------------------------

class PowerRollQuery(serializers.Serializer):
    dice = serializers.IntegerField(min_value=1, max_value=odds.MAX_POWER_DICE,
                                    help_text="Number of six-sided dice.")
    bands = serializers.CharField(
        required=False, allow_blank=True, max_length=300, trim_whitespace=False,
        help_text="Roll-table bands, comma-separated: `1-4,5-9,10+` (a bare `+` is fine).")

    def validate_bands(self, value: str) -> str:
        """Undo the query string's "+" = space: ``bands=1-4,10+`` arrives as "1-4,10 "."""
        return ",".join(f"{item.strip()}+" if OPEN_BAND_DECODED.fullmatch(item) else item
                        for item in value.split(","))


class BandSerializer(serializers.Serializer):
    band = serializers.CharField()
    low = serializers.IntegerField()
    high = serializers.IntegerField(allow_null=True, help_text="null: open-ended (`10+`).")
    probability = serializers.FloatField()
    exact = serializers.CharField(help_text="The exact fraction, e.g. `1/6`.")


class PowerRollResponse(serializers.Serializer):
    dice = serializers.IntegerField()
    distribution = serializers.DictField(child=serializers.FloatField(),
                                         help_text="P(sum) by sum.")
    bands = BandSerializer(many=True)
    distribution_exact = serializers.DictField(child=serializers.CharField())
    mean = serializers.FloatField()
    explanation = _explanation()


class DemoniacQuery(serializers.Serializer):
    dice = serializers.IntegerField(min_value=1, max_value=odds.MAX_DEMONIAC_DICE)
    actions = serializers.IntegerField(
        min_value=1, max_value=odds.MAX_DEMONIAC_ACTIONS, default=3,
        help_text="Actions spent attacking: the first rolls, each later one re-rolls.")
    hits = serializers.IntegerField(min_value=1, max_value=odds.MAX_DEMONIAC_DICE,
                                    help_text="Pentagrams needed.")


class DemoniacResponse(serializers.Serializer):
    probability = serializers.FloatField(help_text="With the best re-roll policy.")
    exact = serializers.CharField()
    policy = serializers.CharField()
    policy_table = serializers.ListField(child=serializers.DictField())
    expected_crosses = serializers.FloatField()
    expected_hits = serializers.FloatField()
    hits_distribution = serializers.DictField(child=serializers.FloatField())
    dice = serializers.IntegerField()
    actions = serializers.IntegerField()
    hits = serializers.IntegerField()
    explanation = _explanation()


# --- Satanic Panic --------------------------------------------------------------

class SatanicPanicSetup(StrictSerializer):
    players = _count("Everyone at the table, the Satan player included.", low=MIN_PLAYERS,
                     high=MAX_PLAYERS)
    satan = StrictBooleanField(required=False, default=False,
                               help_text="One player plays Satan.")
    seed = SeedField(required=False, allow_null=True,
                     help_text="Without one a seed is drawn and echoed.")
    legendary_devils = _count("Additional Legendary Devils (default: the table's number).",
                              required=False)
    extended = StrictBooleanField(required=False, help_text="The longer game of the NOTE.")
    satan_counts_for_tokens = StrictBooleanField(required=False)
    satanic_glyph = StrictBooleanField(required=False, allow_null=True)
    ability_tiles = serializers.ListField(
        child=StrictChoiceField(choices=list(ABILITY_TILES), allow_null=True),
        required=False, max_length=MAX_PLAYERS,
        help_text="The Wizard Ability Tile of each wizard in turn order (null: none), one "
        f"of {', '.join(ABILITY_TILES)}; each tile once.")


class LegendaryDevilsSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    additional = serializers.IntegerField()
    top = serializers.CharField()
    bottom = serializers.CharField()
    stack = serializers.ListField(child=serializers.CharField(), help_text="Top first.")


class AbilityTileSerializer(serializers.Serializer):
    player = serializers.CharField()
    tile = StrictChoiceField(choices=list(ABILITY_TILES))
    text = serializers.CharField(help_text="The tile's text as the rulebook quotes it.")
    setup = serializers.CharField(help_text="What the tile changes at setup and in play.")
    cards = serializers.DictField(child=serializers.IntegerField(),
                                  help_text="The tile's own cards this player starts with: in "
                                  "the deck (a Glyph swapped) or set aside.")
    rule = serializers.CharField()


class SetupDeckSerializer(serializers.Serializer):
    player = serializers.CharField()
    role = StrictChoiceField(choices=["wizard", "satan"])
    cards = serializers.DictField(child=serializers.IntegerField(),
                                  help_text="The starting deck: card -> copies.")
    ability_tile = StrictChoiceField(choices=list(ABILITY_TILES), allow_null=True)
    set_aside = serializers.DictField(child=serializers.IntegerField(),
                                      help_text="Cards set aside for this player only "
                                      "(Lil' Buddies).")


class SatanicPanicSetupResponse(serializers.Serializer):
    players = serializers.IntegerField()
    satan = serializers.BooleanField()
    seed = serializers.JSONField()
    legendary_devils = LegendaryDevilsSerializer()
    dead_wizard_tokens = serializers.IntegerField(help_text="Tokens in the face-down stack.")
    damned_wizard_tokens = serializers.IntegerField()
    starting_deck = serializers.DictField(child=serializers.IntegerField(),
                                          help_text="A wizard's starting deck: card -> copies.")
    satan_deck = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    decks = SetupDeckSerializer(many=True)
    ability_tiles = AbilityTileSerializer(many=True, help_text="The Wizard Ability Tiles in "
                                          "play, in turn order.")
    turn_order = serializers.ListField(child=serializers.CharField())
    line_up = serializers.ListField(child=serializers.CharField())
    destroyed = serializers.ListField(child=serializers.CharField(),
                                      help_text="Mayhems turned up and destroyed at setup.")
    main_deck = serializers.DictField(child=serializers.IntegerField())
    stacks = serializers.DictField(child=serializers.IntegerField())
    starting_hp = serializers.IntegerField()
    explanation = _explanation()


class SatanicPanicPlayerSerializer(StrictSerializer):
    name = _name("The player's name (unique).")
    card_vp = StrictIntegerField(min_value=-999, max_value=999,
                                 help_text="VP printed on the cards in the deck.")
    dead_wizard_tokens = DeadWizardTokensField(required=False)
    damned_wizard_tokens = DamnedWizardTokensField(required=False)
    burning_limp_wands = _count("Burning Limp Wands in the deck (-2 each).", required=False)
    legendary_devils = _count("Legendary Devils owned (first tiebreak).", required=False)
    penta_coins = _count("Satan's Penta-Coins.", required=False, allow_null=True)
    satan = StrictBooleanField(  # 0 or "yes" is not a boolean (schemathesis sent 0)
        required=False, help_text="This player is Satan: DWT 11 and DWT 22 count only their "
                                  "-3 VP (Satan ignores face-up effects).")


class SatanicPanicScore(StrictSerializer):
    players = SatanicPanicPlayerSerializer(many=True, min_length=1, max_length=MAX_PLAYERS)
    penta_coin_vp = StrictIntegerField(required=False, min_value=1, max_value=5)
    damned_token_vp = StrictIntegerField(required=False, max_value=0, min_value=-10)
    tiebreak_tokens = StrictChoiceField(choices=list(TIEBREAK_READINGS), required=False)


class RankingRowSerializer(serializers.Serializer):
    name = serializers.CharField()
    vp = serializers.IntegerField()


class ScoreResponse(serializers.Serializer):
    ranking = RankingRowSerializer(many=True, help_text="Best first, with each score's parts.")
    winner = serializers.CharField(allow_null=True, help_text="null: the tie stands.")
    decided_by = serializers.CharField(help_text="What settled it: vp, a tiebreak, or a tie.")
    explanation = _explanation()


# --- Anarchy and Rumble scoring ---------------------------------------------------

class AnarchyWizardSerializer(StrictSerializer):
    name = _name("The wizard's name (unique).")
    applause = serializers.ListField(
        child=StrictChoiceField(choices=list(APPLAUSE_VALUES)), required=False, max_length=30,
        help_text="The values of the Applause tokens held (2, 3 or 4 each).")
    dead_wizard_tokens = _count("Dead Wizard tokens held (-2 VP each).", required=False)
    treasures = _count("Treasures held (second tiebreak).", required=False)


class AnarchyScore(StrictSerializer):
    wizards = AnarchyWizardSerializer(many=True, min_length=1, max_length=MAX_WIZARDS)


class RumbleGameSerializer(StrictSerializer):
    last_standing = _name("The Last Wizard Standing of this game.")
    kills = serializers.DictField(child=StrictIntegerField(min_value=0), required=False,
                                  help_text="Foes each wizard killed (Quick Match points).")


class RumbleScore(StrictSerializer):
    variant = StrictChoiceField(choices=["match", "quick-match"], required=False,
                                default="match",
                                help_text="match: first to two Last Wizard Standing tokens; "
                                "quick-match: points over three games.")
    wizards = serializers.ListField(child=StrictCharField(max_length=100), min_length=2,
                                    max_length=MAX_WIZARDS)
    games = RumbleGameSerializer(many=True, max_length=MAX_WIZARDS + 1)


class ErrorResponse(serializers.Serializer):
    status = serializers.IntegerField(help_text="400.")
    code = serializers.CharField(help_text="e.g. `type`, `range`, `unknown-game`, `unknown-card`.")
    detail = serializers.CharField(help_text="What is wrong, for people.")
    field = serializers.CharField(help_text="The input at fault, e.g. `components[1].initiative`; "
                                  "`body` when the whole body is.")
