"""The checker endpoints: validate with a serializer, answer with the engine.

They change nothing, so anyone may call them, POSTs included: no
authentication (hence no CSRF) and no permissions. Each answer is the
engine's dict, with ``explanation`` citing the rules applied.
"""
from __future__ import annotations

from django.utils.cache import patch_cache_control
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from engine import catalog_cards, odds
from engine.deckbuilder import satanic_panic_score, satanic_panic_setup
from engine.spells import anarchy_score, quick_match_score, rumble_match_score

from . import serializers as s
from .errors import checker_exception_handler

ODDS_MAX_AGE = 24 * 3600  # exact odds never change


class CheckerAutoSchema(api_settings.DEFAULT_SCHEMA_CLASS):
    """The site's schema class, without 401/403/404: checkers need no login."""

    def _error_codes(self) -> list[str]:
        return ["400", "429"]


class CheckerView(APIView):
    permission_classes = [AllowAny]
    authentication_classes = []
    parser_classes = [JSONParser]  # typed JSON only: a form post cannot carry the lists
    schema = CheckerAutoSchema()
    request_serializer: type[s.serializers.Serializer]

    def get_exception_handler(self):
        return checker_exception_handler

    def valid(self, data) -> dict:
        serializer = self.request_serializer(data=data)
        serializer.is_valid(raise_exception=True)
        return _plain(serializer.validated_data)


def _plain(value):
    """Validated data as plain dicts and lists (the engine takes JSON-like input)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _odds_response(answer: dict) -> Response:
    response = Response(answer)
    patch_cache_control(response, public=True, max_age=ODDS_MAX_AGE)
    return response


def _errors(*examples):
    return [OpenApiExample(name, value=value, response_only=True, status_codes=["400"])
            for name, value in examples]


TAGS = ["engine"]


class SpellCheckView(CheckerView):
    """Judge a placed spell: legality with reasons, component count, initiative and name.

    Components may name a catalog `card`; its type, glyph, initiative and name are filled in
    from the catalog (values given win). A catalog value that is unknown stays null."""

    request_serializer = s.SpellCheck

    @extend_schema(
        tags=TAGS, request=s.SpellCheck,
        responses={200: s.SpellCheckResponse, 400: s.ErrorResponse},
        summary="Is a spell legal? Its component count, initiative and name.",
        examples=[
            OpenApiExample("Catalog card and stand-ins", request_only=True, value={
                "game": "rumble", "components": [
                    {"type": "source", "name": "Adh-Deezi's", "glyph": "illusion"},
                    {"type": "wild-magic", "slot": "quality"},
                    {"type": "delivery", "card": "tentakiller"}]}),
            OpenApiExample("Two Deliveries", request_only=True, value={
                "game": "anarchy", "components": [
                    {"type": "delivery", "glyph": "dark", "initiative": 14},
                    {"type": "delivery", "glyph": "arcane", "initiative": 7},
                    {"type": "rally"}]}),
            OpenApiExample("Legal", response_only=True, value={
                "legal": True, "errors": [], "component_count": 3, "initiative": 16,
                "name": "Adh-Deezi's [Quality from Wild Magic] Tentakiller",
                "explanation": [{"rule": "rumble: Building a Spell",
                                 "text": "3 component(s); a spell holds at most 3"}]}),
            *_errors(("Unknown card", {"status": 400, "code": "unknown-card",
                                       "detail": "components[2].card: no rumble card "
                                       "'tentakilr' in the catalog",
                                       "field": "components[2].card"})),
        ])
    def post(self, request):
        data = self.valid(request.data)
        return Response(catalog_cards.check_spell(
            game=data["game"], components=data["components"], wizard=data.get("wizard")))


class SpellOrderView(CheckerView):
    """The round's turn order: fewer components first, then higher initiative, then die
    roll-offs (from `rolls`, then from `seed`), with every roll shown."""

    request_serializer = s.SpellOrder

    @extend_schema(
        tags=TAGS, request=s.SpellOrder,
        responses={200: s.SpellOrderResponse, 400: s.ErrorResponse},
        summary="The round's turn order, with tie roll-offs.",
        examples=[
            OpenApiExample("17, 14 and 14 (Rumble's Turn Order example)", request_only=True,
                           value={"game": "rumble", "spells": [
                               {"wizard": "A", "components": [
                                   {"type": "source"}, {"type": "delivery", "initiative": 9}]},
                               {"wizard": "B", "components": [
                                   {"type": "source"}, {"type": "quality"},
                                   {"type": "delivery", "initiative": 17}]},
                               {"wizard": "C", "components": [
                                   {"type": "source"}, {"type": "quality"},
                                   {"type": "delivery", "initiative": 14}]},
                               {"wizard": "D", "components": [
                                   {"type": "source"}, {"type": "quality"},
                                   {"type": "delivery", "initiative": 14}]}],
                               "rolls": {"C": 2, "D": 5}}),
            OpenApiExample("Order", response_only=True, value={
                "order": ["A", "B", "D", "C"],
                "ties": [{"wizards": ["C", "D"], "component_count": 3, "initiative": 14,
                          "rolls": [{"C": 2, "D": 5}], "order": ["D", "C"]}],
                "explanation": [{"rule": "rumble: Turn Order",
                                 "text": "fewer components act first: one, then two, then three"}]}),
        ])
    def post(self, request):
        data = self.valid(request.data)
        return Response(catalog_cards.order_spells(
            game=data["game"], spells=data["spells"], rolls=data.get("rolls"),
            seed=data.get("seed")))


class PowerRollOddsView(CheckerView):
    """Exact distribution of the sum of `dice` six-sided dice, and each band's chance."""

    @extend_schema(
        tags=TAGS, parameters=[s.PowerRollQuery],
        responses={200: s.PowerRollResponse, 400: s.ErrorResponse},
        summary="Exact distribution of a power roll and each band's chance.",
        examples=[OpenApiExample("2 dice", response_only=True, value={
            "dice": 2, "distribution": {"2": 1 / 36, "7": 6 / 36, "12": 1 / 36},
            "bands": [{"band": "10+", "low": 10, "high": None, "probability": 1 / 6,
                       "exact": "1/6"}]}),
            *_errors(("No dice", {"status": 400, "code": "range",
                                  "detail": "dice: Ensure this value is greater than or "
                                  "equal to 1.", "field": "dice"}))])
    def get(self, request):
        query = s.PowerRollQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        return _odds_response(odds.power_roll_odds(query.validated_data["dice"],
                                                   query.validated_data.get("bands") or None))


class DemoniacOddsView(CheckerView):
    """Chance that an attack ends with at least `hits` pentagrams, spending `actions`
    actions (the first rolls, each later one re-rolls) with the best re-roll policy."""

    @extend_schema(
        tags=TAGS, parameters=[s.DemoniacQuery],
        responses={200: s.DemoniacResponse, 400: s.ErrorResponse},
        summary="Chance of a Demoniac attack reaching its hits, best re-roll policy.",
        examples=[OpenApiExample("5 dice, 3 actions, 4 hits", response_only=True, value={
            "probability": 0.8792724609375, "exact": "7203/8192", "policy": "roll all dice; while short of the target, "
            "re-roll every die that is not a pentagram; stop once the target is reached",
            "dice": 5, "actions": 3, "hits": 4})])
    def get(self, request):
        query = s.DemoniacQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        return _odds_response(odds.demoniac_attack_odds(data["dice"], data["actions"],
                                                        data["hits"]))


class SatanicPanicSetupView(CheckerView):
    """Set up Satanic Panic for 2 to 5 players (Satan included): starting decks, the
    Legendary Devil stack, the Dead Wizard Token stack and the Line-Up. A seed replays it."""

    request_serializer = s.SatanicPanicSetup

    @extend_schema(
        tags=TAGS, request=s.SatanicPanicSetup,
        responses={200: s.SatanicPanicSetupResponse, 400: s.ErrorResponse},
        summary="A Satanic Panic table for 2 to 5 players, replayable by seed.",
        examples=[
            OpenApiExample("4 players with Satan", request_only=True,
                           value={"players": 4, "satan": True, "seed": 7}),
            *_errors(("Six players", {"status": 400, "code": "range",
                                      "detail": "players: Ensure this value is less than or "
                                      "equal to 5.", "field": "players"}))])
    def post(self, request):
        data = self.valid(request.data)
        return Response(satanic_panic_setup(data.pop("players"), data.pop("satan"),
                                            data.pop("seed", None), **data))


class SatanicPanicScoreView(CheckerView):
    """Score a finished Satanic Panic game: VP, ranking, winner and the tiebreak used."""

    request_serializer = s.SatanicPanicScore

    @extend_schema(
        tags=TAGS, request=s.SatanicPanicScore,
        responses={200: s.ScoreResponse, 400: s.ErrorResponse},
        summary="Satanic Panic end-of-game VP, ranking and tiebreaks.",
        examples=[OpenApiExample("Two players", request_only=True, value={"players": [
            {"name": "Ann", "card_vp": 30, "dead_wizard_tokens": ["DWT 11"],
             "damned_wizard_tokens": 0, "burning_limp_wands": 1, "legendary_devils": 2},
            {"name": "Bo", "card_vp": 25, "dead_wizard_tokens": 0, "damned_wizard_tokens": 0,
             "burning_limp_wands": 0, "legendary_devils": 1}]})])
    def post(self, request):
        data = self.valid(request.data)
        return Response(satanic_panic_score(data.pop("players"), **data))


class AnarchyScoreView(CheckerView):
    """Score a finished Anarchy at the Arena game: Applause VP less Dead Wizard tokens,
    then the tiebreaks."""

    request_serializer = s.AnarchyScore

    @extend_schema(
        tags=TAGS, request=s.AnarchyScore,
        responses={200: s.ScoreResponse, 400: s.ErrorResponse},
        summary="Anarchy at the Arena end-of-game VP, ranking and tiebreaks.",
        examples=[OpenApiExample("Three wizards", request_only=True, value={"wizards": [
            {"name": "Ann", "applause": [2, 3], "dead_wizard_tokens": 1, "treasures": 2},
            {"name": "Bo", "applause": [4], "dead_wizard_tokens": 0, "treasures": 0},
            {"name": "Cy", "applause": [], "dead_wizard_tokens": 0, "treasures": 1}]})])
    def post(self, request):
        data = self.valid(request.data)
        return Response(anarchy_score(data["wizards"]))


class RumbleScoreView(CheckerView):
    """Score a Rumble match (two Last Wizard Standing tokens win) or a Quick Match."""

    request_serializer = s.RumbleScore

    @extend_schema(
        tags=TAGS, request=s.RumbleScore,
        responses={200: s.ScoreResponse, 400: s.ErrorResponse},
        summary="Rumble match (two Last Wizard Standing tokens) or Quick Match points.",
        examples=[OpenApiExample("Quick Match", request_only=True, value={
            "variant": "quick-match", "wizards": ["Ann", "Bo", "Cy"], "games": [
                {"last_standing": "Ann", "kills": {"Ann": 2}},
                {"last_standing": "Bo", "kills": {"Bo": 1, "Cy": 1}},
                {"last_standing": "Cy", "kills": {"Cy": 1, "Ann": 1}}]})])
    def post(self, request):
        data = self.valid(request.data)
        score = quick_match_score if data["variant"] == "quick-match" else rumble_match_score
        return Response(score(data["wizards"], data["games"]))
