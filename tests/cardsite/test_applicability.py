"""Which attributes apply to which entry type (cardsite.catalog.games): not applicable is
not unknown, on the pages, in the API and in coverage."""
import pytest

from cardsite.browse.selectors import game_coverage
from cardsite.catalog import games
from cardsite.models import Component, Entry, Game

RULEBOOK_SECTIONS = {
    "rumble": "rumble-at-castle-tentakill.txt",
    "anarchy": "anarchy-at-the-arena.txt",
    "satanic-panic": "annihilageddon3-satanic-panic.txt",
    "demoniac": "demoniac.txt",
}


def test_rumble_source_has_a_glyph_and_no_initiative():
    assert games.applicable_attributes("rumble", "source") == ("type", "glyph", "copies")
    assert "initiative" in games.not_applicable("rumble", "source")
    assert "glyph" not in games.not_applicable("rumble", "source")
    assert games.applicable_attributes("rumble", "delivery") == ("type", "glyph", "initiative", "copies")


def test_a_token_has_neither_glyph_nor_initiative():
    na = games.not_applicable("rumble", "last-wizard-standing-token")
    assert {"glyph", "initiative"} <= set(na)
    # Anarchy's Dead Wizard tokens do carry a glyph and -2 VP (rulebook: Dead Wizard Tokens)
    assert games.applicable_attributes("anarchy", "dead-wizard-token") == ("type", "glyph", "vp", "copies")


def test_unknown_type_falls_back_to_what_its_kind_may_have():
    # a Satanic Panic token of unknown type: VP may apply (all its token types have VP)
    assert games.applicable_attributes("satanic-panic", None, "token") == ("type", "vp", "copies")
    # a Rumble card of unknown type could be a Delivery: glyph and initiative apply
    assert games.applicable_attributes("rumble", None, "card") == ("type", "glyph", "initiative", "copies")
    # other families' attributes never apply
    assert "cost" in games.not_applicable("rumble", None, "card")


def test_every_type_cites_a_section_of_its_rulebook():
    from pathlib import Path

    books = Path(__file__).resolve().parents[3] / "shared" / "rulebooks"
    for game, types in games.GAME_TYPES.items():
        for t in types:
            assert set(t.attributes) <= set(games.GAME_ATTRIBUTES[game]), (game, t.slug)
            if books.exists():
                text = (books / RULEBOOK_SECTIONS[game]).read_text(encoding="utf-8")
                assert t.source in text, (game, t.slug, t.source)


@pytest.fixture
def rumble(db):
    game = Game.objects.create(slug="rumble", name="Rumble", short_name="Rumble", family="spell",
                               rulebook="r.txt")
    sources = Component.objects.create(game=game, slug="source-cards", name="Source Cards",
                                       count=40, kind="card")
    src = Entry.objects.create(game=game, slug="adh", name="Adh", kind="card", type="source",
                               component=sources)
    token = Entry.objects.create(game=game, slug="lws", name="LWS token", kind="token",
                                 type="last-wizard-standing-token", copies=7)
    return game, src, token


def test_pages_say_unknown_only_where_the_field_applies(client, rumble):
    _, src, token = rumble
    page = client.get(src.get_absolute_url()).content.decode()
    assert "Glyph" in page and "Initiative" not in page
    assert page.count('class="unknown">unknown<') >= 1  # the glyph
    page = client.get(token.get_absolute_url()).content.decode()
    assert "Glyph" not in page and "Initiative" not in page


def test_api_lists_not_applicable_fields_and_keeps_null_for_unknown(client, rumble):
    data = client.get("/api/cards/rumble/adh/").json()
    assert data["glyph"] is None and data["initiative"] is None
    assert "glyph" in data["unknown"] and "initiative" not in data["unknown"]
    assert "initiative" in data["not_applicable"] and "glyph" not in data["not_applicable"]


def test_coverage_counts_only_applicable_fields(rumble):
    row = next(r for r in game_coverage(game="rumble") if r["component"] == "source-cards")
    names = {a["name"]: (a["applies"], a["known"]) for a in row["attributes"]}
    assert names["glyph"] == (1, 0)
    assert "initiative" not in names


def test_has_unknown_ignores_fields_that_do_not_apply(rumble):
    from cardsite.browse.selectors import card_list

    _, src, token = rumble
    found = {e.slug for e in card_list(query="has:unknown").entries}
    assert "adh" in found  # its glyph is unknown
    assert "lws" not in found  # a token with its copies: nothing applicable is missing


def test_bundled_catalog_has_no_value_in_a_field_that_does_not_apply():
    import json
    from pathlib import Path

    fixtures = Path(__file__).resolve().parents[2] / "fixtures"
    for game in games.GAME_SLUGS:
        data = json.loads((fixtures / f"{game}.json").read_text(encoding="utf-8"))
        for entry in data["games"][0]["entries"]:
            stray = [f for f in games.not_applicable(game, entry["type"], entry["kind"])
                     if entry[f] is not None]
            assert not stray, (game, entry["slug"], stray)
