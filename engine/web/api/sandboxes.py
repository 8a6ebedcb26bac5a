"""Sandboxes over JSON under /api/engine/sandboxes/: the HTML sandbox's service, as an API.

A table is created, read, acted on, undone and replayed through
``engine.web.sandbox.service`` exactly as the HTML pages do; this module only
turns JSON into service calls and the service's outcomes into the API's
bodies and errors (the site's ``{"status", "code", "detail"}``, plus
``message``/``rule``/``problems`` for an illegal action and ``version`` for a
stale one).
"""
from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import ParseError, Throttled
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from cardsite.api.errors import ApiError
from cardsite.api.renderers import BrowsableRenderer
from engine.core import EngineError
from engine.families import family_for
from engine.seat_views import seat_actions
from engine.web.models import Sandbox
from engine.web.sandbox import service
from engine.web.sandbox.bot_play import sandbox_bots
from engine.web.sandbox.links import TOKEN, key_paths
from engine.web.sandbox.throttling import SandboxActionThrottle

from . import sandbox_serializers as s
from .table_json import TableRenderer
from .views import TAGS, TOO_DEEP, ShortPostPath, validated

# Ids are 16 URL-safe characters (engine.web.models.new_sandbox_id); saying so
# lets clients (and schemathesis' negative data) know what is not an id.
SANDBOX_ID = OpenApiParameter(
    "sandbox_id", str, OpenApiParameter.PATH, pattern=r"^[A-Za-z0-9_-]{16}$",
    description="The table's id, as `id` in the answer that created it.")


LINKS = ("engine-api-sandbox", "engine-api-sandbox-log", "sandbox-detail")


def links_of(request, key: str) -> tuple[str, str, str]:
    """The absolute ``url``, ``log_url`` and ``page_url`` of a table's link ``key``, as
    ``reverse`` and ``build_absolute_uri`` write them: the paths are reversed once, not on
    every action's answer."""
    if not TOKEN.fullmatch(key):
        return tuple(request.build_absolute_uri(reverse(name, args=[key])) for name in LINKS)
    origin = request.build_absolute_uri("/")[:-1]
    return tuple(origin + path for path in key_paths(key, *LINKS))


def table_body(request, sandbox: Sandbox, events: list[dict] | None = None,
               state=None, access: service.Access | None = None, links: bool = False) -> dict:
    """The table as the API shows it to ``access`` (default: the owner); ``state``: the
    loaded state, if the caller has it; ``links``: add each seat's link (owner only)."""
    access = access or service.Access(sandbox, sandbox.id)
    family = family_for(sandbox.game)
    # Read only here (and the row is not saved after): the stored state is not copied.
    state = family.load(sandbox.state, copy=False) if state is None else state
    finished = family.is_terminal(state)
    result = family.result(state) if finished else None
    actor, legal = family.actor(state), family.legal_actions(state)
    if not access.owner:
        legal = seat_actions(legal, access.seat, actor)
    key = access.key
    url, log_url, page_url = links_of(request, key)
    body = {
        "id": key, "game": sandbox.game, "version": sandbox.version,
        "view": "full" if access.owner or finished else access.role, "seat": access.seat,
        "state": service.visible_state(access, state), "actor": actor,
        "legal_actions": legal, "by_hand": sorted(family.by_hand),
        "finished": finished, "winner": (result or {}).get("winner"), "result": result,
        "url": url, "log_url": log_url, "page_url": page_url,
    }
    if links and access.owner:
        body["seats"] = []
        for link in service.seat_links(sandbox):
            seat_url, _, seat_page = links_of(request, link["key"])
            body["seats"].append({**link, "url": seat_url, "page_url": seat_page})
    if events is not None:
        body["events"] = events
    return body


def api_error(exc: service.SandboxError | EngineError) -> ApiError:
    """A service or engine refusal in the API's error shape."""
    if isinstance(exc, EngineError):
        return ApiError(exc.message, status_code=400, code=exc.code, field=exc.field)
    if isinstance(exc, service.SandboxNotFound):
        return ApiError(exc.message, status_code=404, code="not_found")
    if isinstance(exc, service.SandboxForbidden):
        return ApiError(exc.message, status_code=403, code="not-your-seat")
    if isinstance(exc, service.SandboxStale):
        return ApiError(exc.message, status_code=409, code="stale-version", version=exc.current)
    if exc.problems:
        first = exc.problems[0]
        return ApiError(exc.message, status_code=400, code=first.code, message=first.message,
                        rule=first.rule, problems=[{"code": p.code, "message": p.message,
                                                    "rule": p.rule} for p in exc.problems])
    return ApiError(exc.message, status_code=exc.status, code="refused")


class SandboxAutoSchema(api_settings.DEFAULT_SCHEMA_CLASS):
    """The site's schema class, without 401: anyone may play (403: a seat's link asked for
    another seat's move or the owner's undo)."""

    def _error_codes(self) -> list[str]:
        # 503: a table's write waited past the database's lock wait (SQLite busy).
        return ["400", "403", "404", "429", "503"]


STALE = OpenApiResponse(s.StaleVersion, description="The table changed since `version`: "
                        "nothing was done; the body gives the current `version`.")


class SandboxView(APIView):
    """Anyone may play: a staff token only lifts the anonymous throttles."""

    authentication_classes = [TokenAuthentication]
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]
    renderer_classes = [TableRenderer, BrowsableRenderer]
    schema = SandboxAutoSchema()

    def body(self, serializer_class) -> dict:
        try:
            data = self.request.data
        except RecursionError as exc:  # DRF's parser lets it through
            raise ParseError(TOO_DEEP) from exc
        return validated(serializer_class, data)

    def run(self, call, *args):
        try:
            return call(*args)
        except service.SandboxThrottled as exc:
            raise Throttled(wait=exc.retry_after, detail=exc.message) from exc
        except (service.SandboxError, EngineError) as exc:
            raise api_error(exc) from exc


def _log_actions(log) -> tuple[str, dict, int, list]:
    """(game, options, seed, actions) of a posted log (GET .../log/'s body)."""
    if not isinstance(log, dict) or not isinstance(log.get("entries"), list):
        raise EngineError("replay: a sandbox id, or a log with game, seed, options and "
                          "entries", field="replay")
    seed, options = log.get("seed"), log.get("options", {})
    if isinstance(seed, bool) or not isinstance(seed, int) or not isinstance(options, dict):
        raise EngineError("replay: the log's seed is a whole number and its options an "
                          "object", field="replay")
    entries = log["entries"]
    if not all(isinstance(e, dict) for e in entries):
        raise EngineError("replay.entries: objects with seq and action", field="replay.entries")
    actions = [e.get("action") for e in entries if e.get("seq") != 0]
    return log.get("game"), options, seed, actions


def _replay(replay) -> Sandbox:
    if isinstance(replay, str):
        sandbox, events = service.sandbox_log(replay)
        return service.sandbox_replay_log(sandbox.game, sandbox.options, sandbox.seed,
                                          [e.action for e in events if e.seq > 0],
                                          like=sandbox.state)
    return service.sandbox_replay_log(*_log_actions(replay))


CREATE_EXAMPLES = [
    OpenApiExample("Rumble for two", request_only=True,
                   value={"game": "rumble", "players": ["Alice", "Bob"], "seed": 7}),
    OpenApiExample("Satanic Panic with Satan", request_only=True,
                   value={"game": "satanic-panic", "players": 3, "options": {"satan": True}}),
    OpenApiExample("Replay a sandbox", request_only=True, value={"replay": "AbCdEfGhIjKlMnOp"}),
]


class SandboxListView(ShortPostPath, SandboxView):
    """A new table is a bot's or a page's first call: a passing one skips DRF's wrapping
    (its answer carries the dealt cards and every legal action)."""

    short_status = status.HTTP_201_CREATED
    short_path_refusals = (*ShortPostPath.short_path_refusals, service.SandboxError)
    booked = False  # this request's creation is counted (DRF's path, after a refusal)

    def short_answer(self, request, body) -> dict:
        return table_body(request, self._made(request, validated(s.SandboxCreate, body)),
                          links=True)

    @extend_schema(
        tags=TAGS, request=s.SandboxCreate, responses={201: s.SandboxTable},
        examples=CREATE_EXAMPLES,
        summary="Open a sandbox table, or replay a log into a new one.",
        description="A new table dealt from `seed`; or, with `replay` (a sandbox id or a "
        "log from GET .../log/), a new table where that log's actions are replayed from its "
        "seed, each one checked: the state comes out the same as the original's. Anonymous "
        "clients may open SANDBOX_CREATE_RATE tables (HTML and JSON together).")
    def post(self, request):
        data = self.body(s.SandboxCreate)
        sandbox = self.run(self._made, request, data)
        return Response(table_body(request, sandbox, links=True),
                        status=status.HTTP_201_CREATED)

    def _made(self, request, data) -> Sandbox:
        if "replay" in data:
            self._book(request)
            return _replay(data["replay"])
        family = family_for(data["game"])
        options = family.setup_options(data["players"], data.get("options", {}))
        self._book(request)
        return service.sandbox_create(data["game"], options, data.get("seed"))

    def _book(self, request) -> None:
        """Count the creation against its throttle, once: a refusal after it on the short
        path runs the request again on DRF's."""
        if not self.booked:
            service.check_creation_throttle(request)
            self.booked = True


class SandboxDetailView(SandboxView):
    @extend_schema(tags=TAGS, parameters=[SANDBOX_ID], responses={200: s.SandboxTable},
                   summary="A sandbox table: its state, who decides and every legal action.")
    def get(self, request, sandbox_id):
        access = self.run(service.sandbox_access, sandbox_id)
        return Response(table_body(request, access.sandbox, access=access, links=True))


class SandboxActionView(ShortPostPath, SandboxView):
    """The hot path (a bot's every move): a passing action skips DRF's wrapping."""

    throttle_classes = [SandboxActionThrottle]  # moves have their own allowance

    short_path_refusals = (*ShortPostPath.short_path_refusals, service.SandboxError)

    def short_answer(self, request, body, sandbox_id) -> dict:
        data = validated(s.SandboxAction, body)
        outcome = service.sandbox_act(sandbox_id, data["action"], data["version"])
        return table_body(request, outcome.sandbox, outcome.events, outcome.state,
                          outcome.access)

    @extend_schema(
        tags=TAGS, parameters=[SANDBOX_ID], request=s.SandboxAction,
        responses={200: s.SandboxTable, 409: STALE, 400: OpenApiResponse(
            s.RefusedAction, description="A malformed or illegal action: nothing was done; "
            "`code`, `message` and `rule` say why.")},
        examples=[OpenApiExample("Apply 2 damage to Bob by hand", request_only=True, value={
            "version": 12, "action": {"type": "damage", "target": "Bob", "amount": 2,
                                      "source": "Alice"}})],
        summary="Take an action (one item of legal_actions, or any action the engine allows).",
        description="The engine checks it first: an illegal action is refused with 400 "
        "(`code`, `message`, `rule`), a stale `version` with 409 (the current `version`); "
        "in both cases nothing changes.")
    def post(self, request, sandbox_id):
        data = self.body(s.SandboxAction)
        outcome = self.run(service.sandbox_act, sandbox_id, data["action"], data["version"])
        return Response(table_body(request, outcome.sandbox, outcome.events, outcome.state,
                                   outcome.access))


class SandboxUndoView(SandboxView):
    throttle_classes = [SandboxActionThrottle]

    @extend_schema(tags=TAGS, parameters=[SANDBOX_ID], request=s.SandboxUndo,
                   responses={200: s.SandboxTable, 409: STALE},
                   summary="Undo the last action: the table as it was before it.")
    def post(self, request, sandbox_id):
        data = self.body(s.SandboxUndo)
        sandbox = self.run(service.sandbox_undo, sandbox_id, data["version"])
        return Response(table_body(request, sandbox))


class SandboxLogView(SandboxView):
    @extend_schema(
        tags=TAGS, parameters=[SANDBOX_ID], responses={200: s.SandboxLog},
        summary="The sandbox's log: setup and every action with its events and rules.",
        description="Enough to replay the table from its seed: post it as `replay` to "
        "POST /api/engine/sandboxes/.")
    def get(self, request, sandbox_id):
        sandbox, events = self.run(service.sandbox_log, sandbox_id)
        by_hand = family_for(sandbox.game).by_hand
        return Response({
            "id": sandbox.id, "game": sandbox.game, "seed": sandbox.seed,
            "options": sandbox.options, "version": sandbox.version,
            "entries": [{"seq": e.seq, "version": e.version, "action": e.action,
                         "by_hand": bool(e.action) and e.action.get("type") in by_hand,
                         "events": e.events} for e in events]})


class SandboxBotsView(SandboxView):
    throttle_classes = [SandboxActionThrottle]  # a call of many moves spends one move's
    @extend_schema(
        tags=TAGS, parameters=[SANDBOX_ID], request=s.SandboxBots,
        responses={200: s.SandboxBotsTable, 409: STALE, 400: OpenApiResponse(
            s.RefusedAction, description="Nothing for the bots to do (the game is over, or "
            "a person decides now), or a bad policy.")},
        examples=[OpenApiExample("Let the bots play to the end", request_only=True,
                                 value={"version": 3, "policy": "greedy"}),
                  OpenApiExample("A solo game: Alice is a person", request_only=True,
                                 value={"version": 3, "persons": ["Alice"]})],
        summary="Let the bots play: every seat but the people's, to the end or to a "
        "person's move.",
        description="Bots act through the same legal actions and checks as a person; each "
        "move is logged as one action (`events` holds what they caused). A call makes at "
        "most 3,000 moves in about 1.5 seconds; `bots.stopped` says whether to call again.")
    def post(self, request, sandbox_id):
        data = self.body(s.SandboxBots)
        outcome = self.run(lambda: sandbox_bots(sandbox_id, data["version"],
                                                policy=data["policy"],
                                                persons=data.get("persons")))
        body = table_body(request, outcome.sandbox, outcome.events[-200:], outcome.state,
                          outcome.access)
        body["bots"] = {"actions": len(outcome.actions), "stopped": outcome.stopped}
        return Response(body)
