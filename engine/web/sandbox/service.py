"""The sandbox service: create, act, undo, replay. Views and tests call only these.

Every write is conditional on the version the caller saw: ``UPDATE ... WHERE
version = expected``; a stale version changes nothing and is refused with
``SandboxStale`` (a second browser tab cannot overwrite the first one's move).
Actions are checked by the engine's read-only preflight before they run, and
a refused action leaves the row untouched. Undo and replay rebuild the state
from the seed and the action log, so every roll comes out the same again.
"""
from __future__ import annotations

import datetime
import json
import random
import re
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils import timezone

from cardsite.web import response_cache
from engine.core import EngineError, Problem, make_rng
from engine.families import MAX_SEED, family_for
from engine.seat_views import seat_may_take, seat_view, seats

from ..models import (
    DealtCatalog,
    Sandbox,
    SandboxEvent,
    SandboxSeat,
    forget_cards,
    new_sandbox_id,
    stored_state,
)
from . import store
from .throttling import SandboxActionThrottle, SandboxCreationThrottle
from .wording import sentence

MAX_REPLAY_ACTIONS = 5000  # a posted log longer than any game the bounded players play

EXPIRE_DAYS = 7  # a table untouched this long is deleted (cleanup_sandboxes)
EXPIRE_CHANCE = 0.01


class SandboxError(Exception):
    status = 400

    def __init__(self, message: str, problems: list[Problem] | None = None):
        super().__init__(message)
        self.message = message
        self.problems = problems or []


class SandboxNotFound(SandboxError):
    status = 404


class SandboxRefused(SandboxError):
    """A bad or illegal action: nothing changed."""

    status = 400


class SandboxStale(SandboxError):
    """The caller acted on an older version of the table: nothing changed."""

    status = 409

    def __init__(self, expected, current: int):
        super().__init__(
            f"This table changed since you loaded it (you had version {expected}, it is now "
            f"version {current}): your action was not applied. The table shown is now the "
            "latest version: try again if your move still applies.")
        self.current = current


class SandboxThrottled(SandboxError):
    """Too many new tables (settings.SANDBOX_CREATE_RATE) or moves
    (settings.SANDBOX_ACTION_RATE) from one client."""

    status = 429

    def __init__(self, retry_after: float, what: str = "new tables",
                 instead: str = "or go on with a table you already have"):
        super().__init__(
            f"Too many {what} from your address: try again in {retry_after:.0f} seconds"
            + (f", {instead}." if instead else "."))
        self.retry_after = retry_after


class SandboxForbidden(SandboxError):
    """A seat's or spectator's link asked for what only the table's owner may do."""

    status = 403


@dataclass
class Access:
    """Who a link lets in: the owner (the table's own id), one seat, or a spectator."""

    sandbox: Sandbox
    key: str
    seat: str | None = None
    owner: bool = True

    @property
    def sees_all(self) -> bool:
        """The owner, and everyone once the game is over."""
        return self.owner or family_for(self.sandbox.game).is_terminal(
            family_for(self.sandbox.game).load(self.sandbox.state))

    @property
    def role(self) -> str:
        return "owner" if self.owner else "seat" if self.seat else "spectator"


@dataclass
class ActOutcome:
    sandbox: Sandbox
    events: list[dict] = field(default_factory=list)
    state: object = None  # the family's live state (sandbox.state is its dump): no reload
    access: Access | None = None


def sandbox_load(sandbox_id) -> Sandbox:
    """The table, or SandboxNotFound."""
    return _load(sandbox_id)


def sandbox_access(key, *, page_log: int | None = None) -> Access:
    """The table a link leads to and what it may see and do, or SandboxNotFound.

    The owner's link (the table's id) is looked up first: the hot path of a
    bot playing every seat costs no more than before. ``page_log``: for a page, the
    owner's table is read with its newest entries and seats' keys where that saves
    round trips (``store.load_for_page``)."""
    sandbox = (store.load(str(key)) if page_log is None
               else store.load_for_page(str(key), page_log))
    if sandbox is not None:
        return Access(sandbox, sandbox.id)
    row = SandboxSeat.objects.filter(pk=str(key)).values_list("sandbox_id", "seat").first()
    sandbox = store.load(row[0]) if row else None
    if sandbox is None:
        raise SandboxNotFound(f"No sandbox {key!r}: it may have been cleaned up "
                              "after a long time unused.")
    return Access(sandbox, str(key), seat=row[1] or None, owner=False)


def seat_links(sandbox: Sandbox) -> list[dict]:
    """Each seat's key and the spectators' (seat None), made the first time they are asked for."""
    names = seats(sandbox.game, sandbox.state)
    # A table just made knows its seats' keys; else they are read.
    known = getattr(sandbox, "seat_keys", None) or store.seat_keys(sandbox.pk)
    missing = [n for n in [*names, ""] if n not in known]
    if missing:
        SandboxSeat.objects.bulk_create([SandboxSeat(sandbox=sandbox, seat=n) for n in missing],
                                        ignore_conflicts=True)
        known = store.seat_keys(sandbox.pk)
    return [{"seat": n or None, "key": known[n]} for n in [*names, ""]]


def visible_state(access: Access, state=None) -> dict:
    """The stored state as this link may see it: all of it for the owner or a finished
    game, else the seat's view (engine.seat_views)."""
    sandbox = access.sandbox
    if access.owner:
        return sandbox.state
    family = family_for(sandbox.game)
    loaded = family.load(sandbox.state) if state is None else state
    if family.is_terminal(loaded):
        return sandbox.state
    return seat_view(sandbox.game, sandbox.state, access.seat)


def require_owner(access: Access, what: str) -> None:
    if not access.owner:
        raise SandboxForbidden(f"Only the table's owner may {what}: this link is "
                               + (f"{access.seat}'s seat." if access.seat else
                                  "a spectator's."))


def _load(sandbox_id) -> Sandbox:
    sandbox = store.load(str(sandbox_id))
    if sandbox is None:
        raise SandboxNotFound(f"No sandbox {sandbox_id!r}: it may have been cleaned up "
                              "after a long time unused.")
    return sandbox


def _require_version(expected) -> int:
    if isinstance(expected, str) and re.fullmatch(r"[0-9]{1,9}", expected.strip()):
        expected = int(expected)
    if isinstance(expected, bool) or not isinstance(expected, int):
        raise SandboxRefused("version: the state version you acted on is missing")
    return expected


def check_creation_throttle(request) -> None:
    """The creation throttle hook both front ends call before ``sandbox_create``.

    Anonymous clients may open settings.SANDBOX_CREATE_RATE tables (the API's
    allowance table and algorithm, its own scope); raises SandboxThrottled.
    """
    throttle = SandboxCreationThrottle()
    if not throttle.allow_request(request, None):
        raise SandboxThrottled(throttle.wait())


def check_action_throttle(request) -> None:
    """The move throttle both front ends call before ``sandbox_act`` / ``sandbox_undo``."""
    throttle = SandboxActionThrottle()
    if not throttle.allow_request(request, None):
        raise SandboxThrottled(throttle.wait(), "moves", "")


def sandbox_create(game: str, options: dict | None = None, seed=None) -> Sandbox:
    """A new table: the engine's setup for ``options``, dealt from ``seed`` (random if None).

    Now and then a creation also deletes the tables nobody touched for
    EXPIRE_DAYS, so they expire without a scheduled job."""
    if random.random() < EXPIRE_CHANCE:
        cleanup_sandboxes(EXPIRE_DAYS)
    family = _family(game)
    options = dict(options or {})
    if seed is None:
        seed = make_rng(None).randrange(MAX_SEED)
    _require_seed(seed)
    # Dealt from the catalog as this process last saw it, checked in the table's own
    # insert (PostgreSQL): the catalog versions' read was a round trip of its own.
    guessed = response_cache.guess_versions() if store.checks_in_statement() else None
    try:
        sandbox = _dealt(family, game, options, seed, guessed)
    except Exception:
        if guessed:
            response_cache.forget_guess()
        raise
    if sandbox is None:  # the catalog changed since: deal from it as it is now
        response_cache.forget_guess()
        sandbox = _dealt(family, game, options, seed)
    return sandbox


def _dealt(family, game: str, options: dict, seed: int,
           only_if: tuple[str, list] | None = None) -> Sandbox | None:
    """A new table stored (None: ``only_if`` failed, nothing was stored)."""
    try:
        state, events = family.new(options, seed)
    except EngineError as exc:
        raise SandboxRefused(exc.message) from exc
    now = timezone.now()
    dumped = family.dump(state)
    # The cards it was dealt are stored once for every table dealt the same (DealtCatalog).
    cards = dumped.get("catalog")
    sandbox = Sandbox(game=game, options=options, seed=seed, state=dumped, version=1,
                      created=now, updated=now,
                      catalog_id=store.catalog_key(game, cards) if cards else None)
    # The seats' links now, with the table: else the owner's first view of the page would
    # be a write of its own. The table, its setup entry and its seats are one write.
    keys = {new_sandbox_id(): name for name in [*seats(game, sandbox.state), ""]}
    try:
        stored = store.create(sandbox, events, keys, only_if)
    except IntegrityError:
        if sandbox.catalog_id is None:
            raise
        # Its DealtCatalog row was cleaned up since this process wrote it: write it again.
        store.forget_written(sandbox.catalog_id)
        sandbox.catalog_id = store.catalog_key(game, cards)
        stored = store.create(sandbox, events, keys, only_if)
    if not stored:
        return None
    sandbox._state.adding = False
    sandbox.seat_keys = {name: key for key, name in keys.items()}
    return sandbox


def _require_seed(seed) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SandboxRefused(f"seed must be a whole number from 0 to {MAX_SEED}")


def _family(game):
    try:
        return family_for(game)
    except EngineError as exc:
        raise SandboxRefused(exc.message) from exc


def refusal(problems: list[Problem], prefix: str = "Not allowed: ") -> str:
    return prefix + " ".join(sentence(p.message) + (f" ({p.rule})" if p.rule else "")
                             for p in problems)


def check_action(family, state, action) -> list[Problem]:
    """The engine's preflight; malformed input becomes a Problem too."""
    try:
        return family.check(state, action)
    except EngineError as exc:
        return [Problem("bad-action", exc.message, "")]


def sandbox_act(sandbox_id, action, expected_version) -> ActOutcome:
    """Validate ``action`` with the engine, apply it, save it if nobody moved meanwhile.

    ``sandbox_id`` is any link to the table: a seat's acts for that seat only, a
    spectator's for nobody."""
    access = sandbox_access(sandbox_id)
    sandbox = access.sandbox
    expected = _require_version(expected_version)
    if sandbox.version != expected:
        raise SandboxStale(expected, sandbox.version)
    family = family_for(sandbox.game)
    # The row was just read: its state is this call's own, not copied again (a refusal
    # leaves the row as it was; its page reads it afresh).
    state = family.load(sandbox.state, copy=False)
    if not access.owner and not (isinstance(action, dict) and seat_may_take(
            action, access.seat, family.actor(state))):
        raise SandboxForbidden(
            f"This link is {access.seat}'s seat: it may only take {access.seat}'s own moves."
            if access.seat else "This link is a spectator's: it may watch, not play.")
    problems = check_action(family, state, action)
    if problems:
        raise SandboxRefused(refusal(problems), problems)
    try:
        state, events = family.apply(state, action, checked=True)
    except EngineError as exc:  # input the preflight passed but the rule code rejects
        raise SandboxRefused("Not allowed: " + sentence(exc.message)) from exc
    _save(sandbox, family.dump(state), expected, append=(action, events))
    return ActOutcome(sandbox, events, state, access)


def _save(sandbox: Sandbox, state: dict, expected: int, *, append=None, drop_last=False):
    """Store ``state`` as the next version if the row is still at ``expected``; with
    ``append`` (action, events) log the action, with ``drop_last`` remove the newest entry
    (undo). A stale version changes nothing."""
    now = timezone.now()
    try:
        if append is not None:  # an action: one write of the store's (one statement on PG)
            saved = store.save_action(sandbox.pk, expected, state=state, updated=now,
                                      action=append[0], events=append[1],
                                      catalog=sandbox.catalog_id)
        else:
            with transaction.atomic():
                saved = store.update_if_version(sandbox.pk, expected, state=state,
                                                updated=now, catalog=sandbox.catalog_id)
                if saved and drop_last:
                    sandbox.events.order_by("-seq")[:1].get().delete()
    except IntegrityError as exc:  # two writers raced for the same seq
        raise SandboxStale(expected, expected + 1) from exc
    if not saved:
        raise SandboxStale(expected, Sandbox.objects.get(pk=sandbox.pk).version)
    sandbox.state, sandbox.version, sandbox.updated = state, expected + 1, now


def rebuild(sandbox: Sandbox, actions: list) -> tuple[object, list[list[dict]]]:
    """The state after ``actions`` from the sandbox's setup and seed, with each one's events."""
    family = family_for(sandbox.game)
    state, setup = family.new(sandbox.options, sandbox.seed, like=sandbox.state)
    produced = [setup]
    for action in actions:
        state, events = family.apply(state, action)
        produced.append(events)
    return state, produced


def sandbox_log(sandbox_id) -> tuple[Sandbox, list[SandboxEvent]]:
    """The sandbox and its log: the setup (seq 0), then every action with its events.

    The actions name the cards each seat placed and held: the owner's, or
    everyone's once the game is over."""
    access = sandbox_access(sandbox_id)
    if not access.sees_all:
        require_owner(access, "read the log before the game is over (it names every hand)")
    sandbox = access.sandbox
    return sandbox, list(sandbox.events.order_by("seq"))


def sandbox_replay_log(game, options, seed, actions, like=None) -> Sandbox:
    """A new table: ``actions`` replayed from the setup and ``seed``, each one checked.
    ``like``: the replayed table's stored state (a replay by id), whose catalog cards are
    dealt again (a posted log deals the catalog of now).

    A posted log is untrusted: every action passes the engine's preflight like
    a played one, and the first refused one refuses the whole replay (nothing
    is stored).
    """
    if not isinstance(actions, list) or len(actions) > MAX_REPLAY_ACTIONS:
        raise SandboxRefused(f"actions: a list of at most {MAX_REPLAY_ACTIONS} actions")
    family = _family(game)
    _require_seed(seed)
    # Raises EngineError naming the option at fault.
    sandbox = Sandbox(game=game, options=family.check_options(dict(options or {})), seed=seed)
    try:
        state, setup = family.new(sandbox.options, seed, like=like)
    except EngineError as exc:
        raise SandboxRefused(exc.message) from exc
    produced = [(None, setup)]
    for n, action in enumerate(actions, 1):
        problems = check_action(family, state, action)
        if problems:
            raise SandboxRefused(refusal(problems, f"Action {n} of the log is not allowed: "),
                                 problems)
        try:
            state, events = family.apply(state, action, checked=True)
        except EngineError as exc:
            raise SandboxRefused(f"action {n} of the log: {exc.message}") from exc
        produced.append((action, events))
    now = timezone.now()
    dumped = family.dump(state)
    cards = dumped.get("catalog")
    sandbox.catalog_id = store.catalog_key(game, cards) if cards else None
    sandbox.state = stored_state(dumped, sandbox.catalog_id)
    sandbox.version, sandbox.updated = len(produced), now
    with transaction.atomic():
        sandbox.save(force_insert=True)
        SandboxEvent.objects.bulk_create(
            SandboxEvent(sandbox=sandbox, seq=seq, action=action, events=events, version=seq + 1)
            for seq, (action, events) in enumerate(produced))
    sandbox.state = dumped
    return sandbox


def sandbox_undo(sandbox_id, expected_version) -> Sandbox:
    """Step back one action: replay every action but the last from the seed."""
    access = sandbox_access(sandbox_id)
    require_owner(access, "undo")
    sandbox = access.sandbox
    expected = _require_version(expected_version)
    if sandbox.version != expected:
        raise SandboxStale(expected, sandbox.version)
    actions = list(sandbox.events.filter(seq__gt=0).order_by("seq").values_list("action",
                                                                                 flat=True))
    if not actions:
        raise SandboxRefused("Nothing to undo: the table is as it was set up.")
    family = family_for(sandbox.game)
    state, _ = rebuild(sandbox, actions[:-1])
    _save(sandbox, family.dump(state), expected, drop_last=True)
    return sandbox


def sandbox_replay(sandbox_id, upto: int | None = None) -> dict:
    """Rebuild the table from its seed and log (up to action ``upto``).

    Returns the rebuilt state, the steps replayed, and whether the rebuilt
    state equals the stored one (it must, when the whole log is replayed).
    """
    access = sandbox_access(sandbox_id)
    if not access.sees_all:
        require_owner(access, "replay the table before the game is over")
    sandbox = access.sandbox
    log = list(sandbox.events.filter(seq__gt=0).order_by("seq"))
    total = len(log)
    upto = total if upto is None else max(0, min(int(upto), total))
    family = family_for(sandbox.game)
    state, _ = rebuild(sandbox, [e.action for e in log[:upto]])
    dumped = family.dump(state)
    return {"sandbox": sandbox, "state": dumped, "step": upto, "steps": total,
            "matches": upto == total and _same(dumped, sandbox.state)}


def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def cleanup_sandboxes(days: int, *, dry_run: bool = False) -> int:
    """Delete the sandboxes nobody has touched for ``days`` days; returns how many."""
    cutoff = timezone.now() - datetime.timedelta(days=days)
    old = Sandbox.objects.filter(updated__lt=cutoff)
    count = old.count()
    if not dry_run:
        old.delete()
        # The dealt catalogs no table uses any more (one made since the cutoff may be
        # about to be used: it stays).
        DealtCatalog.objects.filter(created__lt=cutoff, sandboxes__isnull=True).delete()
        forget_cards()
        store.forget_written()
    return count
