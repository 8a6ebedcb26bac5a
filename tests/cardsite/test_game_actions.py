"""What a player comes for, from the home and game pages: play a game, check a spell, find
the sandbox in the navigation, answered rulings first, a game's card list at /cards/<game>/."""
import re

import pytest

from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.pages.home import rulings_to_show
from engine.families import FAMILIES
from engine.web.sandbox.views import PLAY_DEFAULTS
from rulesref.models import Ruling
from tests.cardsite.test_pages_catalog import pages_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog():
    catalog_import(data=pages_catalog())


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_a_game_page_offers_play_a_game_and_its_checkers(client, catalog):
    rumble = page(client, "/games/rumble/")
    assert re.search(r'<form class="play-form" method="post" action="/engine/sandbox/play/rumble/">'
                     r'<button type="submit" data-testid="play-rumble">Play a game</button>', rumble)
    assert '<a class="button button-quiet" href="/engine/spells/check/?game=rumble">Check a spell</a>' in rumble
    assert 'href="/engine/sandbox/#new-rumble">more players and options</a>' in rumble
    demoniac = page(client, "/games/demoniac/")
    assert 'action="/engine/sandbox/play/demoniac/"' in demoniac
    assert "Check a spell" not in demoniac  # no spells in Demoniac: its checker is the odds
    assert 'href="/engine/odds/demoniac/">Attack odds</a>' in demoniac


def test_the_spell_checker_opens_on_the_game_it_was_sent_from(client):
    assert '<option value="anarchy" selected>' in page(client, "/engine/spells/check/?game=anarchy")
    assert "value=\"anarchy\" selected" not in page(client, "/engine/spells/check/?game=chess")


def test_home_says_there_is_a_sandbox_and_each_game_plays_in_one_click(client, catalog):
    home = page(client, "/")
    assert 'a <a href="/engine/sandbox/">sandbox</a> to play them' in home
    for game in ("rumble", "demoniac"):
        assert f'action="/engine/sandbox/play/{game}/"' in home
    assert '<a href="/engine/spells/check/?game=rumble">Check a spell</a>' in home
    # the search box comes before the games, the games before the rulings
    assert home.index('id="q"') < home.index('id="games-h"') < home.index('id="recent-h"')


def test_every_page_links_the_sandbox_in_the_navigation(client, catalog):
    for url in ("/", "/games/rumble/", "/cards/", "/rulings/", "/no/such/page/"):
        nav = client.get(url).content.decode().split('<nav class="site-nav"')[1].split("</nav>")[0]
        assert '<a href="/engine/sandbox/">Play</a>' in nav, url


def test_home_rulings_lead_with_answered_ones_from_every_game(client):
    data = pages_catalog(extra=12)  # rumble gets 12 more answered rulings, newest last
    data["games"][1]["rulings"].append({
        "slug": "linda-answered", "kind": "clarification", "question": "Linda answered?",
        "answer": "Yes.", "source": "SETUP", "entries": [], "rules": [], "readings": [],
        "engine_reading": ""})
    catalog_import(data=data)
    for i in range(8):  # eight open questions, newer than every answer
        Ruling.objects.create(game_id=Ruling.objects.first().game_id, slug=f"open-{i}",
                              kind="open-question", question=f"Open {i}?", answer="",
                              source="Turn Order")
    shown = rulings_to_show()
    assert len(shown) == 8
    assert all(r.kind == "clarification" for r in shown)
    assert {r.game.slug for r in shown[:2]} == {"rumble", "demoniac"}  # the games take turns
    home = page(client, "/")
    assert "Open 0?" not in home and "Extra question" in home and "Linda answered?" in home


def test_home_fills_with_open_questions_only_when_answers_run_out(catalog):
    kinds = [r.kind for r in rulings_to_show()]
    assert kinds[0] == "clarification" and set(kinds[1:]) == {"conflict", "open-question"}


def test_the_components_heading_is_not_said_twice(client, catalog):
    rumble = page(client, "/games/rumble/")  # its list's group is called "Components"
    assert rumble.count(">Components</h") == 1


def test_cards_slash_game_is_the_games_card_list(client, catalog):
    response = client.get("/cards/rumble/", {"q": "tent"})
    assert response.status_code == 302
    assert response["Location"] == "/cards/?q=tent&game=rumble"
    assert "Tentakiller" in client.get(response["Location"]).content.decode()
    assert client.get("/cards/nogame/").status_code == 404
    assert client.get("/cards/rumble/tentakiller/").status_code == 200  # not shadowed


def test_play_defaults_cover_every_sandbox_game():
    assert set(PLAY_DEFAULTS) == set(FAMILIES)
