"""The sandbox pages: a table per permalink, actions posted as forms.

Every page works without JavaScript (form posts, then a 303 redirect back to
the table); with JavaScript (static/sandbox/sandbox.js) the same forms post
in the background with ``X-Sandbox-Fragment`` and the answer is the table
fragment alone, swapped in place. Refusals answer 400 (bad or illegal
action), 409 (stale version) or 404 (unknown sandbox) with the reason shown.
"""
from __future__ import annotations

import re

from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.core import EngineError
from engine.families import family_for
from engine.seat_views import seats

from . import store
from .bot_play import sandbox_bots
from .catalog_cards import card_named, champions
from .forms import action_from_post, options_from_post
from .links import key_path, key_paths
from .presenters import for_seat, present
from .service import (
    Access,
    SandboxError,
    SandboxNotFound,
    SandboxRefused,
    check_action_throttle,
    check_creation_throttle,
    sandbox_access,
    sandbox_act,
    sandbox_create,
    sandbox_replay,
    sandbox_undo,
    seat_links,
)
from .wording import sentence

DIGITS = re.compile(r"[0-9]{1,12}")
FRAGMENT_HEADER = "HTTP_X_SANDBOX_FRAGMENT"
LOG_SHOWN = 200  # the newest entries beside the table
PATHS = ("detail", "replay", "undo", "bots")  # the table's own links its page shows


@require_GET
def sandbox_index(request):
    return render(request, "sandbox/index.html", {"champions": champions()})


@require_POST
def sandbox_new(request):
    return _new_table(request, request.POST.get("game", ""), request.POST)


# "Play a game" on the home and game pages: one click to a dealt table with the
# new-table form's defaults. Exempt from CSRF because those pages are cached for
# everyone (no per-visitor token) and a forged post only opens an anonymous table
# the forger never sees, spending the visitor's creation allowance at most.
PLAY_DEFAULTS = {
    "rumble": {"wizards": "Alice, Bob", "variant": "match"},
    "anarchy": {"wizards": "Alice, Bob"},
    "satanic-panic": {"players": "2"},
    "demoniac": {"players": "2"},
}


@csrf_exempt
@require_http_methods(["GET", "POST"])
def sandbox_play(request, game):
    if game not in PLAY_DEFAULTS:
        raise Http404("no sandbox for this game")
    if request.method == "GET":  # a bookmarked or shared button: the game's full form
        return HttpResponseRedirect(reverse("sandbox-index") + f"#new-{game}", status=303)
    return _new_table(request, game, PLAY_DEFAULTS[game])


def _new_table(request, game, post):
    try:
        options = options_from_post(game, post)
        seed = post.get("seed", "").strip()
        if seed and not DIGITS.fullmatch(seed):
            raise SandboxRefused("seed must be a whole number (or left empty for a random one)")
        check_creation_throttle(request)
        sandbox = sandbox_create(game, options, int(seed) if seed else None)
    except (EngineError, SandboxError) as exc:
        response = render(request, "sandbox/index.html",
                          {"champions": champions(), "error": exc.message, "game": game},
                          status=getattr(exc, "status", 400))
        if hasattr(exc, "retry_after"):
            response["Retry-After"] = str(int(exc.retry_after + 0.999))
        return response
    return HttpResponseRedirect(key_path("sandbox-detail", sandbox.id), status=303)


def _context(access: Access, *, message: str = "", status: str = "", state=None,
             step=None) -> dict:
    """The page of one link: the owner's shows everything and every seat's controls (and
    the seats' links to hand out); a seat's its own hand and moves; a spectator's the table."""
    sandbox = access.sandbox
    family = family_for(sandbox.game)
    # The page only reads the state: the row this request read is not copied again.
    loaded = family.load(state if state is not None else sandbox.state, copy=False)
    view = present(sandbox.game, loaded)
    readonly = step is not None
    if not access.owner and not view["terminal"]:
        for_seat(view, access.seat)
        readonly = readonly or access.seat is None or view["actor"] not in (None, access.seat)
    key = access.key
    act_url, *paths = key_paths(key, "sandbox-act", *(f"sandbox-{name}" for name in PATHS))
    return {"sandbox": sandbox, "key": key, "access": access, "view": view,
            "game_name": sandbox.get_game_display(),  # the page writes it three times
            # every move's form posts here: written once, not once per button
            "act_url": act_url,
            "paths": dict(zip(PATHS, paths, strict=True)),
            "seats": seats(sandbox.game, sandbox.state),
            "message": message, "message_status": status,
            "log": _newest_events(sandbox, step),
            "readonly": readonly, "step": step,
            "links": [{**link, "path": key_path("sandbox-detail", link["key"])}
                      for link in seat_links(sandbox)] if access.owner and step is None else []}


def _newest_events(sandbox, step) -> list[dict]:
    read = getattr(sandbox, "page_log", None)  # read with the table (sandbox_access)
    if step is None and read is not None and read[0] == LOG_SHOWN:
        return read[1]
    return store.newest_events(sandbox.pk, LOG_SHOWN, step)


BOTS_SESSION = "sandbox_bots"  # table key -> {"person", "policy"}: a solo game's bots


def _bots_remembered(request, key) -> dict | None:
    return (request.session.get(BOTS_SESSION) or {}).get(str(key))


def _not_found(request, exc: SandboxNotFound):
    return render(request, "sandbox/not_found.html", {"message": exc.message}, status=404)


def _table(request, access: Access, *, message="", status_code=200):
    context = _context(access, message=message,
                       status="error" if status_code >= 400 else "ok")
    # No bots yet: the keys the template reads, empty (not a failed lookup for each seat).
    context["bots"] = _bots_remembered(request, access.key) or {"person": "", "policy": ""}
    template = ("sandbox/_table.html" if request.META.get(FRAGMENT_HEADER)
                else "sandbox/detail.html")
    return render(request, template, context, status=status_code)


@require_GET
def sandbox_detail(request, sandbox_id):
    try:
        access = sandbox_access(sandbox_id, page_log=LOG_SHOWN)
    except SandboxNotFound as exc:
        return _not_found(request, exc)
    return _table(request, access)


def _after_write(request, sandbox_id, write):
    """Run a write; redirect (plain form) or answer the fragment (JavaScript)."""
    try:
        check_action_throttle(request)
        write()
    except SandboxNotFound as exc:
        return _not_found(request, exc)
    except (SandboxError, EngineError) as exc:
        status = getattr(exc, "status", 400)
        response = _table(request, sandbox_access(sandbox_id), message=exc.message,
                          status_code=status)
        if hasattr(exc, "retry_after"):
            response["Retry-After"] = str(int(exc.retry_after + 0.999))
        return response
    if request.META.get(FRAGMENT_HEADER):
        return _table(request, sandbox_access(sandbox_id, page_log=LOG_SHOWN))
    return HttpResponseRedirect(reverse("sandbox-detail", args=[sandbox_id]) + "#table",
                                status=303)


@require_POST
def sandbox_act_view(request, sandbox_id):
    def write():
        try:
            action = action_from_post(request.POST)
        except EngineError as exc:
            sandbox_access(sandbox_id)  # SandboxNotFound first
            raise SandboxRefused(sentence(exc.message)) from exc
        picked = request.POST.get("catalog_card", "").strip()
        if picked:  # a free table's search field: the card of that name
            game = sandbox_access(sandbox_id).sandbox.game
            card = card_named(game, picked, request.POST.get("catalog_type") or None)
            if card is None:
                raise SandboxRefused(f"No {game} card named like {picked[:80]!r} in the catalog.")
            action["card"] = card
        outcome = sandbox_act(sandbox_id, action, request.POST.get("version"))
        solo = _bots_remembered(request, sandbox_id)
        if solo:  # a solo game: the bots answer the person's move at once
            try:
                sandbox_bots(sandbox_id, outcome.sandbox.version, policy=solo["policy"],
                             persons=[solo["person"]])
            except SandboxError:
                pass  # still the person's move, or the game is over
        return outcome
    return _after_write(request, sandbox_id, write)


@require_POST
def sandbox_bots_view(request, sandbox_id):
    """Let the bots play the seats that are not the person's (to the end with nobody)."""
    person = request.POST.get("person", "").strip()
    policy = request.POST.get("policy", "greedy")

    def write():
        remembered = dict(request.session.get(BOTS_SESSION) or {})
        if person:
            remembered[str(sandbox_id)] = {"person": person, "policy": policy}
        else:
            remembered.pop(str(sandbox_id), None)
        request.session[BOTS_SESSION] = remembered
        return sandbox_bots(sandbox_id, request.POST.get("version"), policy=policy,
                            persons=[person] if person else None)
    return _after_write(request, sandbox_id, write)


@require_POST
def sandbox_undo_view(request, sandbox_id):
    return _after_write(request, sandbox_id,
                        lambda: sandbox_undo(sandbox_id, request.POST.get("version")))


@require_GET
def sandbox_replay_view(request, sandbox_id):
    step = request.GET.get("step", "")
    try:
        replay = sandbox_replay(sandbox_id, int(step) if DIGITS.fullmatch(step) else None)
        access = sandbox_access(sandbox_id)
    except SandboxNotFound as exc:
        return _not_found(request, exc)
    except SandboxError as exc:  # a seat's link before the end
        return _table(request, sandbox_access(sandbox_id), message=exc.message,
                      status_code=exc.status)
    context = _context(access, state=replay["state"], step=replay["step"])
    context.update(replay=replay)
    return render(request, "sandbox/replay.html", context)
