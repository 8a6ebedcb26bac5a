"""Bots over the API: POST /api/engine/sandboxes/<id>/bots/ plays the seats that are not
people through the same legal actions, each move one entry of the log."""
import pytest

from engine.seat_views import action_seat
from tests.engine_web.test_api_sandboxes import BASE, bundled_catalog, create


def bots(api, table, **body):
    return api.post(f"{BASE}{table['id']}/bots/", {"version": table["version"], **body},
                    format="json")


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["rumble", "anarchy"])
def test_the_bots_play_a_table_to_the_end_and_it_replays(api, game):
    bundled_catalog(game)
    table = create(api, game=game, players=["Alice", "Bob", "Cleo"], seed=4).json()
    for _ in range(20):
        answer = bots(api, table)
        assert answer.status_code == 200, answer.content
        table = answer.json()
        if table["finished"]:
            break
        assert table["bots"]["stopped"] in ("bound", "time")
    assert table["finished"] and table["bots"]["stopped"] == "finished"
    assert table["result"] is not None and table["legal_actions"] == []
    log = api.get(table["log_url"]).json()
    assert len(log["entries"]) == table["version"]  # one entry per bot move
    replayed = api.post(BASE, {"replay": table["id"]}, format="json").json()
    assert replayed["state"] == table["state"] and replayed["finished"]
    assert bots(api, table).status_code == 400  # nothing left to play


@pytest.mark.django_db
def test_a_solo_game_stops_at_the_persons_move_and_undo_steps_back_one_bot_move(api):
    table = create(api, game="rumble", players=["Alice", "Bob"], seed=2).json()
    played = bots(api, table, persons=["Alice"], policy="random").json()
    assert played["bots"]["stopped"] == "person" and played["bots"]["actions"] >= 1
    assert {action_seat(a) for a in played["legal_actions"]} == {"Alice"}
    refused = bots(api, played, persons=["Alice"])
    assert refused.status_code == 400 and "person" in refused.json()["detail"]
    undone = api.post(f"{BASE}{played['id']}/undo/", {"version": played["version"]},
                      format="json").json()
    assert undone["version"] == played["version"] + 1
    stale = bots(api, {**played, "version": 1})
    assert stale.status_code == 409


@pytest.mark.django_db
def test_a_seat_link_lets_the_bots_play_only_the_other_seats(api):
    table = create(api, game="satanic-panic", players=2, seed=3).json()
    links = api.get(f"{BASE}{table['id']}/").json()
    owner = api.get(table["url"]).json()
    seat_links = owner.get("seats") or links.get("seats") or []
    spectator = next((link for link in seat_links if link["seat"] is None), None)
    if spectator:
        answer = api.post(f"{BASE}{spectator['key']}/bots/", {"version": table["version"]},
                          format="json")
        assert answer.status_code == 403
    assert bots(api, table, policy="chess").status_code == 400


@pytest.mark.django_db
def test_the_schema_documents_the_bots(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    path = schema["paths"]["/api/engine/sandboxes/{sandbox_id}/bots/"]["post"]
    assert "bots" in path["summary"].lower()
    ref = path["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    body = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]["properties"]
    assert set(body) >= {"version", "policy", "persons"}
    answer = path["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert "bots" in schema["components"]["schemas"][answer.rsplit("/", 1)[1]]["properties"]
