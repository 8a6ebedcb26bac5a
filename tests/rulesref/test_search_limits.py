"""The query cost limits (rulesref.search.syntax.LIMITS) and the search time budget."""
import pytest
from django.db import connection

from rulesref.search import budget
from rulesref.search.syntax import LIMITS, Field, QueryLimitError, Text, parse


@pytest.mark.parametrize("q, limit, position", [
    ("x" * (LIMITS.length + 1), "length", LIMITS.length),
    (" ".join(["t:x"] * 125), "terms", 4 * LIMITS.terms),
    (" ".join(f"t:a{i:02d}" for i in range(LIMITS.terms + 1)), "terms", 6 * LIMITS.terms),
    (" ".join(f"w{i:02d}" for i in range(LIMITS.prefix_terms + 1)), "prefix_terms",
     4 * LIMITS.prefix_terms),
    ("-" * 490 + "a", "depth", LIMITS.depth),
    ("(" * 320 + "a" + ")" * 320, "length", LIMITS.length),
    ("(" * 100 + "a" + ")" * 100, "depth", LIMITS.depth),
    ("-(" * 7 + "a" + ")" * 7, "depth", 2 * (LIMITS.depth // 2)),
    (" ".join(f"-(has:ruling -t:b{i})" for i in range(20)), "lookups", 102),
    (" or ".join(f"kw:k{i:02d}" for i in range(40)), "lookups", 10 * LIMITS.lookups),
    (" ".join(f"-w{i:02d}" for i in range(20)), "lookups", 5 * LIMITS.lookups + 1),
])
def test_each_limit_is_named_with_the_position_past_it(q, limit, position):
    with pytest.raises(QueryLimitError) as raised:
        parse(q)
    assert raised.value.limit == limit
    assert raised.value.position == position
    assert str(LIMITS.__dict__[limit]) in raised.value.message


def test_queries_at_the_limits_parse():
    assert parse("x" * LIMITS.length).root == Text("x" * LIMITS.length)
    assert parse(" ".join(f"w{i:02d}" for i in range(LIMITS.prefix_terms))).root is not None
    fields = " ".join(f"t:a{i:02d}" for i in range(LIMITS.terms))
    assert len(parse(fields).fields()) == LIMITS.terms
    assert parse("-" * LIMITS.depth + "a").root is not None
    assert parse("(" * LIMITS.depth + "a" + ")" * LIMITS.depth).root == Text("a")


def test_lookups_count_only_terms_that_need_a_subquery():
    # top-level words, types and keywords share the index lookups; columns need none
    plain = " ".join([*(f"t:a{i:02d}" for i in range(15)), *(f"w{i:02d}" for i in range(15)),
                      "g:dark", "-g:arcane", "(init>3 or cost<2)", "has:text"])
    assert parse(plain).root is not None
    under = " ".join(f"-w{i:02d}" for i in range(LIMITS.lookups))
    assert len(parse(under + " has:text").texts()) == LIMITS.lookups
    with pytest.raises(QueryLimitError):
        parse(under + " has:ruling")


def test_phrases_and_fields_are_not_prefix_words():
    many = " ".join(f'"p{i}"' for i in range(LIMITS.prefix_terms + 5))
    assert len(parse(many).texts()) == LIMITS.prefix_terms + 5


def test_repeated_terms_are_kept_once():
    assert parse(" ".join(["has:ruling"] * 30)).root == Field("has", "=", "ruling")
    assert parse("bolt or bolt or dark").root.children == (Text("bolt"), Text("dark"))


@pytest.mark.django_db
def test_past_the_budget_a_statement_is_stopped(monkeypatch, django_db_blocker):
    monkeypatch.setattr(budget, "PROGRESS_STEPS", 1)
    slow = ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000000) "
            "SELECT count(*) FROM n")
    if connection.vendor == "postgresql":
        slow = "SELECT pg_sleep(2)"
    with pytest.raises(budget.SearchTimeout), budget.time_budget(50):
        with connection.cursor() as cursor:
            cursor.execute(slow)
    with connection.cursor() as cursor:  # the connection still works, without the budget
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
        if connection.vendor == "postgresql":
            cursor.execute("SELECT current_setting('statement_timeout')")
            assert cursor.fetchone() == ("0",)


def test_work_outside_the_budget_neither_is_stopped_nor_counts_against_it(db):
    import time

    from django.db import connection

    from rulesref.search.budget import outside_budget, time_budget

    with time_budget(200):
        with outside_budget():
            time.sleep(0.3)  # past the budget, but given back
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
        with connection.cursor() as cursor:  # the search goes on with its own time
            cursor.execute(MANY_STEPS)  # many VM steps
            assert cursor.fetchone() == (20000,)


MANY_STEPS = ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c "
              "WHERE x < 20000) SELECT count(*) FROM c")


def test_waiting_is_not_the_searchs_time_but_its_own_work_is(db):
    """A search waiting behind the other threads of a busy worker (here: asleep, using
    no CPU) is not stopped within WALL_FACTOR budgets of wall time; one that works
    past its budget (CPU) is, and so is one past the wall-clock backstop."""
    import time

    with budget.time_budget(200):
        time.sleep(0.3)
        with connection.cursor() as cursor:
            cursor.execute(MANY_STEPS)
            assert cursor.fetchone() == (20000,)
    with pytest.raises(budget.SearchTimeout), budget.time_budget(200):
        ends = time.thread_time() + 0.3
        while time.thread_time() < ends:  # the search's own work
            pass
        with connection.cursor() as cursor:
            cursor.execute(MANY_STEPS)
    with pytest.raises(budget.SearchTimeout), budget.time_budget(100):
        time.sleep(0.1 * budget.WALL_FACTOR + 0.05)
        with connection.cursor() as cursor:
            cursor.execute(MANY_STEPS)


@pytest.mark.django_db(transaction=True)
def test_a_search_in_autocommit_puts_its_settings_back(client):
    """Outside a transaction the budget's settings are the session's, without BEGIN and
    COMMIT: put back when the request has been answered, or when a search outside a
    request ends; the next search is budgeted again."""
    if connection.vendor != "postgresql":
        pytest.skip("statement_timeout is PostgreSQL's")

    def settings():
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_setting('statement_timeout'), "
                           "current_setting('join_collapse_limit')")
            return cursor.fetchone()

    before = settings()
    with budget.time_budget(300):
        assert settings() == ("300ms", "4")
    assert settings() == before
    assert client.get("/api/search/?q=damage").status_code == 200
    assert settings() == before
    with pytest.raises(budget.SearchTimeout), budget.time_budget(50):
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_sleep(2)")
    assert settings() == before
