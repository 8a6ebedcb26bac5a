"""The checker endpoints: validate with a serializer, answer with the engine.

They change nothing, so anyone may call them, POSTs included: no
authentication (hence no CSRF) and no permissions. Each answer is the
engine's dict, with ``explanation`` citing the rules applied.
"""
from __future__ import annotations

import json
from functools import cache

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse
from django.utils.cache import patch_cache_control
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_view
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.utils.json import strict_constant
from rest_framework.views import APIView

from cardsite.api.base import refuse_empty_parameters
from cardsite.api.parsers import TOO_DEEP
from engine import odds
from engine.core import EngineError
from engine.deckbuilder import satanic_panic_score, satanic_panic_setup
from engine.spellgames import anarchy_score, quick_match_score, rumble_match_score
from engine.web import catalog_cards

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

    def get_exception_handler(self):
        return checker_exception_handler


class ShortPostPath:
    """A JSON POST that passes takes a short path: throttle, parse, check, answer, render
    with the view's JSON renderer (its first).

    DRF's request and response wrapping cost more than the engine's answer, so
    it is kept for everything else: errors (400, 409, 429, 500 in the API's
    shapes), 405, 415 and OPTIONS all go through ``APIView.dispatch`` as
    before, and so do bodies in other encodings. ``short_answer`` must change
    nothing when it raises one of ``short_path_refusals``: DRF's path then
    runs the request again and answers the error exactly as it always has.
    """

    short_path_refusals: tuple[type[Exception], ...] = (APIException, EngineError,
                                                         RequestDataTooBig)
    short_status = 200

    def short_answer(self, request, body, **kwargs) -> dict:
        raise NotImplementedError

    def dispatch(self, request, *args, **kwargs):
        if request.method != "POST" or not _utf8_json(request):
            return super().dispatch(request, *args, **kwargs)
        drf_request = self.initialize_request(request, *args, **kwargs)
        try:  # as DRF's path sees the caller (checkers authenticate no one)
            self.check_throttles(drf_request)
        except APIException:
            # DRF asks again (a refusal is not counted) and answers the 429 (or the 401
            # of a bad token).
            return super().dispatch(request, *args, **kwargs)
        try:
            answer = self.short_answer(request, _json_body(request), **kwargs)
        except self.short_path_refusals:
            self.throttle_classes = ()  # this request is already counted
            return super().dispatch(request, *args, **kwargs)
        response = HttpResponse(self.renderer_classes[0]().render(answer),
                                content_type="application/json", status=self.short_status)
        response["Allow"] = ", ".join(self.allowed_methods)
        response["Vary"] = "Accept"
        return response


class CheckerPostView(ShortPostPath, CheckerView):
    """A checker that takes a JSON body: ``answer`` turns the checked body into the reply."""

    request_serializer: type[s.serializers.Serializer]

    def answer(self, data: dict) -> dict:
        raise NotImplementedError

    def post(self, request):
        try:
            data = request.data
        except RecursionError as exc:  # DRF's parser lets it through
            raise ParseError(TOO_DEEP) from exc
        return Response(self.answer(validated(self.request_serializer, data)))

    def short_answer(self, request, body) -> dict:
        return self.answer(validated(self.request_serializer, body))


def _utf8_json(request) -> bool:
    return (request.content_type == "application/json"
            and request.content_params.get("charset", "utf-8").lower() in ("utf-8", "utf8"))


def _json_body(request):
    """The body as DRF's JSONParser reads it (strict JSON; an empty body is ``{}``)."""
    if not request.body:
        return {}
    try:
        return json.loads(request.body, parse_constant=strict_constant)
    except ValueError as exc:
        raise ParseError(f"JSON parse error - {exc}") from exc
    except RecursionError as exc:
        raise ParseError(TOO_DEEP) from exc


def validated(serializer_class, data) -> dict:
    """The request's data checked by ``serializer_class``, as plain dicts and lists (the
    engine takes JSON-like input); a ValidationError names the field."""
    return _request_validator(serializer_class).run_validation(data)


@cache
def _request_validator(serializer_class):
    """One serializer per class, reused: DRF deep-copies every declared field
    per instance, which cost more than the engine's answer. ``run_validation``
    keeps no state on the serializer, so sharing it is safe."""
    return serializer_class()


def _odds_response(answer: dict) -> Response:
    response = Response(answer)
    patch_cache_control(response, public=True, max_age=ODDS_MAX_AGE)
    return response


def _errors(*examples):
    return [OpenApiExample(name, value=value, response_only=True, status_codes=["400"])
            for name, value in examples]


TAGS = ["engine"]


def post_schema(request, response, **kwargs):
    """The schema of a POST checker: its body, its answer, and the 400 every checker has."""
    return extend_schema_view(post=extend_schema(
        tags=TAGS, request=request, responses={200: response, 400: s.ErrorResponse}, **kwargs))


@post_schema(
    s.SpellCheck, s.SpellCheckResponse,
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
class SpellCheckView(CheckerPostView):
    """Judge a placed spell: legality with reasons, component count, initiative and name.

    Components may name a catalog `card`; its type, glyph, initiative and name are filled in
    from the catalog (values given win). A catalog value that is unknown stays null."""

    request_serializer = s.SpellCheck

    def answer(self, data: dict) -> dict:
        return catalog_cards.check_spell(
            game=data["game"], components=data["components"], wizard=data.get("wizard"))


@post_schema(
    s.SpellOrder, s.SpellOrderResponse,
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
class SpellOrderView(CheckerPostView):
    """The round's turn order: fewer components first, then higher initiative, then die
    roll-offs (from `rolls`, then from `seed`), with every roll shown."""

    request_serializer = s.SpellOrder

    def answer(self, data: dict) -> dict:
        return catalog_cards.order_spells(
            game=data["game"], spells=data["spells"], rolls=data.get("rolls"),
            seed=data.get("seed"))


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
        refuse_empty_parameters(request.query_params)  # ?bands= is no "any": as the catalog's
        query = validated(s.PowerRollQuery, request.query_params)
        return _odds_response(odds.power_roll_odds(query["dice"], query.get("bands") or None))


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
        refuse_empty_parameters(request.query_params)
        data = validated(s.DemoniacQuery, request.query_params)
        return _odds_response(odds.demoniac_attack_odds(data["dice"], data["actions"],
                                                        data["hits"]))


@post_schema(
    s.SatanicPanicSetup, s.SatanicPanicSetupResponse,
    summary="A Satanic Panic table for 2 to 5 players, replayable by seed.",
    examples=[
        OpenApiExample("4 players with Satan", request_only=True,
                       value={"players": 4, "satan": True, "seed": 7}),
        OpenApiExample("3 wizards with Ability Tiles", request_only=True,
                       value={"players": 3, "seed": 7,
                              "ability_tiles": ["lucky-wand", None, "lil-buddies"]}),
        *_errors(("Six players", {"status": 400, "code": "range",
                                  "detail": "players: Ensure this value is less than or "
                                  "equal to 5.", "field": "players"}))])
class SatanicPanicSetupView(CheckerPostView):
    """Set up Satanic Panic for 2 to 5 players (Satan included): starting decks, the
    Wizard Ability Tiles (`ability_tiles`, one per wizard in turn order: the tile, its quoted
    text and the cards it brings), the Legendary Devil stack, the Dead Wizard Token stack and
    the Line-Up. A seed replays it."""

    request_serializer = s.SatanicPanicSetup

    def answer(self, data: dict) -> dict:
        return satanic_panic_setup(data.pop("players"), data.pop("satan"),
                                   data.pop("seed", None), **data)


@post_schema(
    s.SatanicPanicScore, s.ScoreResponse,
    summary="Satanic Panic end-of-game VP, ranking and tiebreaks.",
    examples=[OpenApiExample("Two players", request_only=True, value={"players": [
        {"name": "Ann", "card_vp": 30, "dead_wizard_tokens": ["DWT 11"],
         "damned_wizard_tokens": 0, "burning_limp_wands": 1, "legendary_devils": 2},
        {"name": "Bo", "card_vp": 25, "dead_wizard_tokens": 0, "damned_wizard_tokens": 0,
         "burning_limp_wands": 0, "legendary_devils": 1}]})])
class SatanicPanicScoreView(CheckerPostView):
    """Score a finished Satanic Panic game: VP, ranking, winner and the tiebreak used."""

    request_serializer = s.SatanicPanicScore

    def answer(self, data: dict) -> dict:
        return satanic_panic_score(data.pop("players"), **data)


@post_schema(
    s.AnarchyScore, s.ScoreResponse,
    summary="Anarchy at the Arena end-of-game VP, ranking and tiebreaks.",
    examples=[OpenApiExample("Three wizards", request_only=True, value={"wizards": [
        {"name": "Ann", "applause": [2, 3], "dead_wizard_tokens": 1, "treasures": 2},
        {"name": "Bo", "applause": [4], "dead_wizard_tokens": 0, "treasures": 0},
        {"name": "Cy", "applause": [], "dead_wizard_tokens": 0, "treasures": 1}]})])
class AnarchyScoreView(CheckerPostView):
    """Score a finished Anarchy at the Arena game: Applause VP less Dead Wizard tokens,
    then the tiebreaks."""

    request_serializer = s.AnarchyScore

    def answer(self, data: dict) -> dict:
        return anarchy_score(data["wizards"])


@post_schema(
    s.RumbleScore, s.ScoreResponse,
    summary="Rumble match (two Last Wizard Standing tokens) or Quick Match points.",
    examples=[OpenApiExample("Quick Match", request_only=True, value={
        "variant": "quick-match", "wizards": ["Ann", "Bo", "Cy"], "games": [
            {"last_standing": "Ann", "kills": {"Ann": 2}},
            {"last_standing": "Bo", "kills": {"Bo": 1, "Cy": 1}},
            {"last_standing": "Cy", "kills": {"Cy": 1, "Ann": 1}}]})])
class RumbleScoreView(CheckerPostView):
    """Score a Rumble match (two Last Wizard Standing tokens win) or a Quick Match."""

    request_serializer = s.RumbleScore

    def answer(self, data: dict) -> dict:
        score = quick_match_score if data["variant"] == "quick-match" else rumble_match_score
        return score(data["wizards"], data["games"])

