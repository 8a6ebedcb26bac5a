"""The rulebooks and the bundled fixtures as the data tests read them.

The rulebooks sit beside the checkout (../shared/rulebooks) on dev machines
and in CI only; tests that need them skip when they are absent.
"""
import json
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
RULEBOOKS = ROOT.parent / "shared" / "rulebooks"
NO_RULEBOOKS = "shared/rulebooks is not beside the checkout (../shared/rulebooks)"


def norm(text: str) -> str:
    """Lowercase, punctuation stripped, words separated by single spaces."""
    return re.sub(r"[^a-z0-9]+", " ", text.lower().replace("’", "'")).strip()


def words(text: str) -> list[str]:
    return norm(text).split()


@cache
def fixture_games() -> tuple[dict, ...]:
    return tuple(game for path in sorted(FIXTURES.glob("*.json"))
                 for game in json.loads(path.read_text())["games"])


@cache
def rulebook(name: str) -> str:
    return (RULEBOOKS / name).read_text()


def section_text(game: dict, heading: str) -> str:
    """The rulebook's text under ``heading`` (every occurrence) up to the next heading."""
    headings = set(game["sections"])
    out, inside = [], False
    for line in rulebook(game["rulebook"]).splitlines():
        if line.strip() in headings:
            inside = line.strip() == heading
            continue
        if inside:
            out.append(line)
    return "\n".join(out)
