"""rulings/, rules/, glossary/ and search/."""
import pytest

from tests.api.assertions import assert_error

pytestmark = pytest.mark.django_db


def keys(body, key="slug"):
    return {item[key] for item in body["results"]}


def test_rulings_list_and_detail(api, catalog):
    body = api.get("/api/rulings/").json()
    assert body["count"] == 2 and keys(body) == {"zapper-zero", "split-hits"}
    split = api.get("/api/rulings/demoniac/split-hits/").json()
    assert split["kind"] == "open-question"
    assert split["readings"][1] == {"source": "rumble: Turn Order", "reading": "Several."}
    assert {(e["game"], e["slug"]) for e in split["entries"]} == {("demoniac", "linda"), ("rumble", "zapper")}
    assert {(r["game"], r["number"]) for r in split["rules"]} == {("demoniac", "1"), ("rumble", "1.1")}


@pytest.mark.parametrize("params, expected", [
    ({"game": "rumble"}, {"zapper-zero"}),
    ({"kind": "open-question"}, {"split-hits"}),
    ({"kind": "conflict"}, set()),
    ({"entry": "rumble/zapper"}, {"zapper-zero", "split-hits"}),
    ({"entry": "linda", "game": "demoniac"}, {"split-hits"}),
    ({"q": "split"}, {"split-hits"}),
])
def test_ruling_filters(api, catalog, params, expected):
    assert keys(api.get("/api/rulings/", params).json()) == expected


def test_bad_filter_values_are_400s_naming_the_valid_ones(api, catalog):
    body = assert_error(api.get("/api/rulings/", {"kind": "rumour"}), 400, "invalid")
    assert "clarification" in body["errors"]["kind"][0]
    assert_error(api.get("/api/rules/", {"game": "chess"}), 400, "invalid")
    assert_error(api.get("/api/rules/", {"number": "seven"}), 400, "invalid")


@pytest.mark.parametrize("url", ["/api/rulings/", "/api/rules/", "/api/glossary/"])
def test_unparsable_q_is_a_400_with_position(api, catalog, url):
    body = assert_error(api.get(url, {"q": 'split "hits'}), 400, "bad_query")
    assert body["position"] == 6


def test_unknown_ruling_is_404(api, catalog):
    assert_error(api.get("/api/rulings/rumble/nope/"), 404, "not_found")


def test_rules_list_filters_and_detail(api, catalog):
    assert api.get("/api/rules/").json()["count"] == 4
    assert keys(api.get("/api/rules/", {"game": "rumble"}).json(), "number") == {"1", "1.1", "1.2"}
    assert keys(api.get("/api/rules/", {"game": "rumble", "number": "1"}).json(), "number") == {"1", "1.1", "1.2"}
    assert keys(api.get("/api/rules/", {"game": "rumble", "number": "1.2"}).json(), "number") == {"1.2"}
    assert keys(api.get("/api/rules/", {"q": "initiative"}).json(), "number") == {"1.2"}
    rule = api.get("/api/rules/rumble/1.1/").json()
    assert rule["parent"] == "1" and rule["citation"] == "rumble 1.1" and rule["source"] == "Turn Order"
    assert_error(api.get("/api/rules/rumble/9.9/"), 404, "not_found")


def test_glossary_filters(api, catalog):
    body = api.get("/api/glossary/").json()
    assert body["count"] == 2
    assert {t["game"] for t in api.get("/api/glossary/", {"game": "demoniac"}).json()["results"]} == {"demoniac"}
    assert keys(api.get("/api/glossary/", {"q": "delivery"}).json(), "game") == {"rumble"}
    term = api.get("/api/glossary/rumble/initiative/").json()
    assert [r["number"] for r in term["rules"]] == ["1.2"]
    assert_error(api.get("/api/glossary/rumble/nope/"), 404, "not_found")


def test_unified_search(api, catalog):
    body = api.get("/api/search/", {"q": "zapper"}).json()
    assert body["count"] >= 2 and body["warnings"] == []
    kinds = {hit["kind"] for hit in body["results"]}
    assert {"card", "ruling"} <= kinds
    card = next(hit for hit in body["results"] if hit["kind"] == "card")
    assert card["title"] == "Zapper" and "<mark>" in card["snippet_html"]


def test_unified_search_answers_a_question_and_says_how_it_read_it(api, db):
    from django.core.management import call_command

    call_command("load_catalog", verbosity=0)
    body = api.get("/api/search/", {"q": "what is the max hp in rumble"}).json()
    assert body["understood"] == {
        "text": "max hp", "game": "rumble", "game_words": "rumble",
        "dropped": ["what", "is", "the", "in"], "corrections": {}, "relaxed": False}
    answer = body["answer"]
    assert answer["kind"] == "rule" and answer["url"] == "/rules/rumble/4.5/"
    assert "25" in answer["text"] and "4.5" in answer["citation"]
    assert answer["url"] == body["results"][0]["url"]  # the answer is the top hit
    typo = api.get("/api/search/", {"q": "initative tie"}).json()
    assert typo["understood"]["corrections"] == {"initative": "initiative"}
    keywords = api.get("/api/search/", {"q": "is:creature"}).json()
    assert keywords["answer"] is None  # no rule or ruling answers a card filter
    count = api.get("/api/search/", {"q": "how many penta coins"}).json()["answer"]
    assert count == {"kind": "component", "title": "Penta-Coins",
                     "url": "/games/satanic-panic/#penta-coins", "game": "satanic-panic",
                     "game_name": count["game_name"], "text": "The box holds 40 Penta-Coins.",
                     "citation": f"{count['game_name']} rulebook · Satanic Contents",
                     "answers": "number", "answered": "penta coins"}
    # A yes/no question: a ruling's answer, its kind and what it answered (issue 32).
    yes_no = api.get("/api/search/", {"q": "can i buy several cards in one turn"}).json()["answer"]
    assert yes_no["answers"] == "yes/no" and yes_no["text"].startswith("Yes")
    assert yes_no["kind"] == "ruling" and yes_no["url"].endswith("#multiple-purchases")
    assert yes_no["answered"] == "buy several cards one turn"


def test_unified_search_errors(api, catalog):
    assert_error(api.get("/api/search/"), 400, "invalid")
    body = assert_error(api.get("/api/search/", {"q": "(zapper"}), 400, "bad_query")
    assert body["position"] == 0
    body = api.get("/api/search/", {"q": "zapper colour:red"}).json()
    assert body["warnings"] and "colour" in body["warnings"][0]
    # A player's "and"/"or" with no term on one side is a word, not a 400 (issue 32).
    for q in ("and another", "zapper or", "or what?", "zapper and and"):
        assert api.get("/api/search/", {"q": q}).status_code == 200, q


def test_search_hits_copied_by_key_read_as_the_serializer_would(api, catalog):
    from rulesref.api.serializers import SearchHitSerializer

    assert set(SearchHitSerializer.plain_fields) == set(SearchHitSerializer().fields)
    body = api.get("/api/search/", {"q": "zapper"}).json()
    for hit in body["results"]:
        assert hit == SearchHitSerializer(hit).data
        assert list(hit) == list(SearchHitSerializer.plain_fields)


def test_query_parameters_checked_by_fields_built_once_unless_a_validate_method():
    from rest_framework import serializers

    from cardsite.api.base import _has_validators
    from rulesref.api.search_views import SearchKindParams

    class WithFieldCheck(serializers.Serializer):
        q = serializers.CharField()

        def validate_q(self, value):
            return value

    class WithWholeCheck(serializers.Serializer):
        q = serializers.CharField()

        def validate(self, attrs):
            return attrs

    # Every serializer has Field.validate_empty_values: not a validate method of ours.
    assert not _has_validators(SearchKindParams)
    assert _has_validators(WithFieldCheck) and _has_validators(WithWholeCheck)
