"""What a player does with a game besides reading it: play it in the sandbox, check a spell.

The sandbox and checkers are the engine's pages (engine.web, mounted under /engine/);
a link is left out when its page is not mounted.
"""
from __future__ import annotations

from django.urls import NoReverseMatch, reverse

from engine.families import FAMILIES

# Each game's checkers: (URL name, label, query string).
CHECKERS = {
    "rumble": [("engine-spell-check", "Check a spell", "?game=rumble"),
               ("engine-power-roll", "Power-roll odds", "")],
    "anarchy": [("engine-spell-check", "Check a spell", "?game=anarchy"),
                ("engine-anarchy-score", "Score a game", "")],
    "satanic-panic": [("engine-satanic-panic-setup", "Set up a game", ""),
                      ("engine-satanic-panic-score", "Score a game", "")],
    "demoniac": [("engine-demoniac", "Attack odds", "")],
}


def _url(name: str, *args) -> str | None:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


def play_url(game: str) -> str | None:
    """Where "Play a game" posts: a dealt table with the defaults, one click away."""
    return _url("sandbox-play", game) if game in FAMILIES else None


def sandbox_url() -> str | None:
    return _url("sandbox-index")


def game_actions(game: str) -> dict:
    tools = [{"label": label, "url": url + query}
             for name, label, query in CHECKERS.get(game, ()) if (url := _url(name))]
    return {"play_url": play_url(game), "sandbox_url": sandbox_url(), "tools": tools}
