"""POST /api/engine/targets: who a spell component hits (rumble 15 / anarchy 13).

Its request and response shapes and its view, apart from serializers.py and
views.py so the checker can grow without touching the other endpoints.
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers

from engine.spellgames import TARGETS, choose_targets
from engine.spellgames.games import MAX_HP, MAX_WIZARDS

from .fields import SeedField, StrictChoiceField, StrictIntegerField
from .serializers import StrictSerializer, _explanation, _game_field, _name
from .views import CheckerPostView, _errors, post_schema

MAX_RANDOM_ROLLS = 100


class TargetWizardSerializer(StrictSerializer):
    name = _name("The wizard's name (unique at the table).")
    hp = StrictIntegerField(min_value=0, max_value=MAX_HP,
                            help_text="Hit Points now; 0 is a slain wizard (no legal target).")


class Targets(StrictSerializer):
    game = _game_field()
    caster = _name("Who casts the component (one of `wizards`).")
    wizards = TargetWizardSerializer(
        many=True, min_length=2, max_length=MAX_WIZARDS,
        help_text="Every wizard clockwise: each one's left is the next in the list.")
    target = StrictChoiceField(choices=list(TARGETS), help_text=f"One of {', '.join(TARGETS)}.")
    rolls = serializers.ListField(
        child=StrictIntegerField(min_value=1, max_value=6), required=False,
        max_length=MAX_RANDOM_ROLLS,
        help_text="random-foe: the die rolls, used in order (re-rolls included).")
    seed = SeedField(required=False, allow_null=True,
                     help_text="random-foe: rolls not given come from this seed.")
    choice = _name("Rumble: the caster's pick among foes tied for strongest or weakest.",
                   required=False)


class TargetsResponse(serializers.Serializer):
    target = serializers.CharField()
    targets = serializers.ListField(
        child=serializers.CharField(),
        help_text="Who the component hits. Empty when nobody is a legal target, or when a "
        "Rumble tie awaits the caster's `choice`.")
    ties = serializers.ListField(
        child=serializers.CharField(),
        help_text="The foes tied for strongest or weakest (the candidates in Rumble).")
    choice_needed = serializers.BooleanField(help_text="Rumble: a tie and no `choice` given.")
    rolls = serializers.ListField(child=serializers.IntegerField(), required=False,
                                  help_text="random-foe: every die used.")
    faces = serializers.DictField(child=serializers.ListField(child=serializers.IntegerField()),
                                  required=False, help_text="random-foe: each foe's faces.")
    reroll = serializers.ListField(child=serializers.IntegerField(), required=False,
                                   help_text="random-foe: faces that are rolled again.")
    explanation = _explanation()


@post_schema(
    Targets, TargetsResponse,
    summary="Who a component hits: strongest / weakest foe, left, right, random, each foe.",
    examples=[
        OpenApiExample("A Rumble tie for strongest", request_only=True, value={
            "game": "rumble", "caster": "Me", "target": "strongest-foe", "choice": "Bo",
            "wizards": [{"name": "Me", "hp": 25}, {"name": "Ann", "hp": 18},
                        {"name": "Bo", "hp": 18}, {"name": "Cy", "hp": 4}]}),
        OpenApiExample("Anarchy: every tied foe", response_only=True, value={
            "target": "strongest-foe", "targets": ["Ann", "Bo"], "ties": ["Ann", "Bo"],
            "choice_needed": False, "explanation": [
                {"rule": "anarchy 13.4.2", "text": "a tie: every tied foe is affected"}]}),
        *_errors(("Choice not tied", {"status": 400, "code": "not-a-candidate",
                                      "detail": "choice: 'Cy' is not one of the tied foes "
                                      "(Ann, Bo)", "field": "choice"}))])
class TargetsView(CheckerPostView):
    """The targets of one component: the strongest or weakest foe (Rumble: the caster
    chooses among tied foes, given as `choice`; Anarchy: every tied foe is affected), the foe
    to the left or right, a random foe (rolls, then seed) or each foe. Nobody is their own
    foe, and a wizard at 0 HP is no target."""

    request_serializer = Targets

    def answer(self, data: dict) -> dict:
        return choose_targets(data["game"], data["caster"], data["wizards"], data["target"],
                              rolls=data.get("rolls"), seed=data.get("seed"),
                              choice=data.get("choice"))
