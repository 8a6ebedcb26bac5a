"""Bots in the sandbox: the seats that are not people play themselves (engine.bots).

The bots act through the same legal actions and ``apply`` as a person, and each of
their moves is logged as one action (undo steps back one bot move; the log replays).
A call plays until the game is over or a person's seat must decide, within
``MAX_BOT_ACTIONS`` moves and ``BOT_TIME_BUDGET`` seconds of a worker (then
``stopped`` is "bound" or "time": call again to go on).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from engine.bots import POLICIES, playout
from engine.core import make_rng
from engine.families import family_for

from ..models import Sandbox, SandboxEvent, stored_state
from .service import (
    Access,
    SandboxForbidden,
    SandboxRefused,
    SandboxStale,
    _require_version,
    sandbox_access,
)

MAX_BOT_ACTIONS = 3000
BOT_TIME_BUDGET = 1.5  # seconds a call may spend on the bots' moves


@dataclass
class BotsOutcome:
    sandbox: Sandbox
    state: object
    access: Access
    actions: list[dict] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    stopped: str = ""


def sandbox_bots(key, expected_version, *, policy: str = "greedy", persons=None) -> BotsOutcome:
    """Bots play every seat but ``persons`` (a seat's own link: its seat is a person's)."""
    access = sandbox_access(key)
    sandbox = access.sandbox
    expected = _require_version(expected_version)
    if sandbox.version != expected:
        raise SandboxStale(expected, sandbox.version)
    if policy not in POLICIES:
        raise SandboxRefused(f"policy: one of {', '.join(POLICIES)}")
    if not access.owner and access.seat is None:
        raise SandboxForbidden("This link is a spectator's: it may watch, not play.")
    family = family_for(sandbox.game)
    state = family.load(sandbox.state)
    people = set(persons or [])
    if access.seat:
        people.add(access.seat)
    if family.is_terminal(state):
        raise SandboxRefused("The game is over: there is nothing left to play.")
    out = playout(family, state, bots={p: None for p in people}, default=policy,
                  rng=make_rng(f"{sandbox.seed}:bots:{expected}"),
                  max_actions=MAX_BOT_ACTIONS, time_budget=BOT_TIME_BUDGET)
    if not out.actions:
        raise SandboxRefused("No bot has a move now: it is a person's turn ("
                             + ", ".join(sorted(people)) + ").")
    _save_many(sandbox, family.dump(out.state), expected, out.actions, out.events)
    events = [e for batch in out.events for e in batch]
    return BotsOutcome(sandbox, out.state, access, out.actions, events, out.stopped)


def _save_many(sandbox: Sandbox, state: dict, expected: int, actions: list[dict],
               produced: list[list[dict]]) -> None:
    """Store the state as ``expected + len(actions)`` and log each action, all or nothing."""
    now, count = timezone.now(), len(actions)
    try:
        with transaction.atomic():
            if not Sandbox.objects.filter(pk=sandbox.pk, version=expected).update(
                    state=stored_state(state, sandbox.catalog_id), version=expected + count,
                    updated=now):
                raise SandboxStale(expected, Sandbox.objects.get(pk=sandbox.pk).version)
            last = SandboxEvent.objects.filter(sandbox_id=sandbox.pk).aggregate(
                top=Max("seq"))["top"] or 0
            SandboxEvent.objects.bulk_create(
                SandboxEvent(sandbox_id=sandbox.pk, seq=last + n, action=action, events=events,
                             version=expected + n, created=now)
                for n, (action, events) in enumerate(zip(actions, produced, strict=True), 1))
    except IntegrityError as exc:  # a person's move raced the bots
        raise SandboxStale(expected, expected + 1) from exc
    sandbox.state, sandbox.version, sandbox.updated = state, expected + count, now
