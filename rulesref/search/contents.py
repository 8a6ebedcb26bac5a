"""Answers from the catalog's own facts rather than its texts: how many of a thing
a game's box holds (its contents list) and how many players a game is for.

"How many penta coins" is answered by the line "40 Penta-Coins" of Satanic
Panic's contents list, with its count or that the rulebook does not give it;
"how many players can play demoniac" by the game's player count. The facts are
a few dozen rows, kept per catalog version: no query per search.
"""
from __future__ import annotations

import re
from functools import lru_cache

from cardsite.models import Component, Game
from cardsite.web.response_cache import catalog_version
from rulesref.search import links
from rulesref.search.backends import tokens_of
from rulesref.search.stopwords import STOP_WORDS
from rulesref.search.syntax import Query


def _folded(tokens) -> frozenset[str]:
    """Words as a contents list and a question may both write them: "cards" and
    "card" alike, stop words ("and", "of") left out."""
    return frozenset(t[:-1] if len(t) > 3 and t.endswith("s") else t
                     for t in tokens if t not in STOP_WORDS)


# Besides a component's name, what "how many X ..." may say of the box and no more:
# "how many dice do i roll" asks about a roll, not about the box's dice.
ABOUT_THE_BOX = _folded(("come", "comes", "box", "game", "games", "total", "altogether",
                         "include", "includes", "included", "contain", "contains", "copies",
                         "copy"))
SERIES = ("epic", "spell", "wars")  # "... come in epic spell wars rumble"
PLAYERS = _folded(("player", "players", "people"))  # "how many players can play demoniac"
ABOUT_PLAYERS = PLAYERS | _folded(("play",)) | ABOUT_THE_BOX


@lru_cache(maxsize=4)
def _games(version) -> tuple[dict, ...]:
    return tuple(Game.objects.order_by("position").values("slug", "short_name", "name", "players"))


def games(version) -> tuple[tuple[str, str, str], ...]:
    """(slug, short name, name) of each game: the same four every search, read again
    after any write to the catalog (a renamed game bumps the catalog version)."""
    return tuple((g["slug"], g["short_name"], g["name"]) for g in _games(version))


@lru_cache(maxsize=4)
def _named_terms(version) -> frozenset[str]:
    from rulesref.models import GlossaryTerm  # the models module imports this package

    names = {t for g in _games(version) for t in (g["slug"], g["short_name"].lower())}
    return frozenset(GlossaryTerm.objects.filter(slug__in=names).values_list("slug", flat=True))


def games_named_as_terms(version) -> frozenset[str]:
    """The games whose one-word name is also a glossary term of theirs: a victim becomes
    "a demoniac" in Demoniac. Such a name after "a" or "my" is a word, not only the game."""
    return _named_terms(version)


@lru_cache(maxsize=4)
def _components(version) -> tuple[tuple[frozenset[str], dict], ...]:
    """Every game's contents list, each line with its name's words."""
    rows = Component.objects.values("slug", "name", "count", "source", "game__slug",
                                    "game__short_name")
    return tuple((_folded(tokens_of(row["name"])), row) for row in rows)


def answer(query: Query, game: str | None) -> dict | None:
    """For a question of how many (``Understood.asks_count``), an answer box from the
    catalog's facts, or None."""
    tokens = [t for text in query.texts(positive_only=True) for t in tokens_of(text.value)]
    for i in range(len(tokens) - len(SERIES) + 1):
        if tuple(tokens[i:i + len(SERIES)]) == SERIES:
            tokens[i:i + len(SERIES)] = []
            break
    asked, version = _folded(tokens), catalog_version()
    return _players(asked, game, version) or _component(asked, game, version)


RANGE = re.compile(r"(\d)\s*[-\u2013]\s*(\d)")
# "can 7 people play", "is demoniac ok for two players", "can we play it with 5":
# what a yes/no question about a number of players may say besides it.
ABOUT_PLAYING = ABOUT_PLAYERS | _folded(("can", "could", "we", "you", "i", "it", "is",
                                         "ok", "okay", "fine", "work", "works", "good",
                                         "possible", "allowed", "up", "only", "just"))
NUMBER_WORDS = {w: n for n, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve".split(), 1)}
NUMBER_WORDS.update(solo=1, alone=1)  # "can i play demoniac solo"


def _players(asked: frozenset[str], game: str | None, version) -> dict | None:
    """For "how many players": a game whose rulebook gives its player count."""
    row = next((g for g in _games(version) if g["slug"] == game and g["players"]), None)
    if row is None or not asked & PLAYERS or not asked <= ABOUT_PLAYERS:
        return None
    players = RANGE.sub(r"\1 to \2", row["players"].lower())  # "2-4" as said: "2 to 4"
    return {"kind": "game", "title": row["short_name"],
            "text": f"{row['short_name']} is for {players}.",
            "listed_in": _players_rule(row["slug"], row["players"], version),
            "url": links.game_url(row["slug"]), "game": row["slug"],
            "game_name": row["short_name"], "citation": f"{row['short_name']} rulebook"}


@lru_cache(maxsize=16)
def _players_rule(game: str, players: str, version) -> str | None:
    """The number of the game's first rule that states its player count ("Demoniac is for
    2 to 4 players, ..."), or None."""
    from rulesref.models import Rule  # the models module imports this package

    found = RANGE.search(players)
    if found is None:
        return None
    low, high = found.groups()
    stated = re.compile(rf"\b{low}\s*(?:-|\u2013|to)\s*{high}\s+players\b", re.I)
    return next((number for number, text in Rule.objects.filter(game__slug=game)
                 .order_by("id").values_list("number", "text") if stated.search(text)), None)


def players_allowed(query: Query, game: str | None) -> dict | None:
    """For a yes/no question whether a number of players can play a game ("can 7
    people play demoniac"): yes or no from the player count its rulebook gives."""
    tokens = [t for text in query.texts(positive_only=True) for t in tokens_of(text.value)]
    counts = [int(t) if t.isdigit() else NUMBER_WORDS[t] for t in tokens
              if t.isdigit() or t in NUMBER_WORDS]
    asked = _folded(t for t in tokens if not (t.isdigit() or t in NUMBER_WORDS))
    alone = bool({"solo", "alone"} & set(tokens))
    if len(counts) != 1 or not (asked & PLAYERS or alone) or not asked <= ABOUT_PLAYING:
        return None
    version = catalog_version()
    row = next((g for g in _games(version) if g["slug"] == game and g["players"]), None)
    bounds = RANGE.search(row["players"]) if row else None  # "2-4 Players"
    if bounds is None:
        return None
    low, high = int(bounds.group(1)), int(bounds.group(2))
    found = _players(frozenset(PLAYERS), game, version)
    verdict = "Yes" if low <= counts[0] <= high else "No"
    return {**found, "text": f"{verdict}. {found['text']}"}


@lru_cache(maxsize=4)
def _listing_rules(version) -> dict[tuple[str, str], str]:
    """(game, contents line's slug) -> the number of the one rule of the contents list's
    section that names the line's thing with its count ("6 skull life counters, 6
    six-sided dice and 1 Anarchy Standee" for the dice)."""
    from rulesref.models import Rule  # the models module imports this package

    rules = [(row, [next(iter(_folded([t])), "") for t in tokens_of(row["text"])])
             for row in Rule.objects.values("game__slug", "number", "source", "text")]
    found = {}
    for _, line in _components(version):
        if line["count"] is None:
            continue
        named, said, head = _folded(tokens_of(line["name"])), _said(line["count"]), \
            _head(line["name"])
        after = [str(line["count"])]
        # the count just before the thing, with only words of its name between ("six
        # exorcists", "6 six-sided dice", not "8 Wild Magic cards" for the Hero cards), or
        # just after it ("Dead Wizard Tokens, 42"); of several rules, the first in the
        # book's order ("one of the four relics" at setup)
        listing = [rule["number"] for rule, words in rules
                   if rule["game__slug"] == line["game__slug"] and rule["source"] == line["source"]
                   and any(word == head and (_counted_before(words[:i], said, named)
                                             or words[i + 1:i + 2] == after)
                           for i, word in enumerate(words))]
        if listing:
            found[(line["game__slug"], line["slug"])] = listing[0]
    return found


def _counted_before(words: list[str], said: set[str], named: frozenset[str]) -> bool:
    """Whether ``words`` end with the count, then only words of the thing's name (or stop
    words: "332 game cards")."""
    for word in reversed(words[-4:]):
        if word in said:
            return True
        if word and word not in named:
            return False
    return False


def _said(count: int) -> set[str]:
    """A count as a rule may write it: "6" or "six"."""
    return {str(count)} | {word for word, n in NUMBER_WORDS.items() if n == count}


def _head(name: str) -> str:
    """A contents line's last word, folded: the thing it counts ("Six-Sided Dice")."""
    return next(iter(_folded(tokens_of(name)[-1:])), "")


def _component(asked: frozenset[str], game: str | None, version) -> dict | None:
    """The line of the contents list when exactly one (in the game asked about, if
    any) has its whole name among the words asked and the other words only speak
    of the box (the longest such name: "dead wizard tokens" is not "wizard tokens");
    its count, or that the rulebook does not give it."""
    lines = [(words, row) for words, row in _components(version)
             if words and (game is None or row["game__slug"] == game)]
    named = [(len(words), row) for words, row in lines if words <= asked <= words | ABOUT_THE_BOX]
    if not named:
        # "how many dice come in the box": the one line named by its last word ("Six-Sided
        # Dice"), the words asked all its own or the box's ("how many cards": many lines)
        named = [(0, row) for words, row in lines
                 if _head(row["name"]) in asked <= words | ABOUT_THE_BOX]
    if not named:
        return None
    longest = max(n for n, _ in named)
    best = [row for n, row in named if n == longest]
    if len(best) != 1:
        return None  # "how many treasure cards": in Rumble's box and in Anarchy's
    row = best[0]
    text = (f"The box holds {row['count']} {row['name']}." if row["count"] is not None else
            f"How many {row['name']} the box holds is unknown: the rulebook does not say.")
    return {"kind": "component", "title": row["name"], "text": text,
            "listed_in": _listing_rules(version).get((row["game__slug"], row["slug"])),
            "url": links.component_url(row["game__slug"], row["slug"]),
            "game": row["game__slug"], "game_name": row["game__short_name"],
            "citation": f"{row['game__short_name']} rulebook · {row['source']}".rstrip(" ·")}
