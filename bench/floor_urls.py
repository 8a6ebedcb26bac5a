"""The site's URLs plus /bench/lean/: the leanest search per query class, the lower
bound of bench/search_floor.py (never served by the product).

``/bench/lean/?class=C&scope=S&q=...``, C one of

- ``words``     the words AND-ed (each a word or a name's prefix, as typed names are)
- ``phrase``    the quoted words in a row
- ``sentence``  the words but stop words OR-ed (a question's relaxed ranking)
- ``field``     the bench's field filters (type:, glyph:, -glyph:, init>=, o:, kw:,
                has:ruling, game:, order:init, free words) as one WHERE on the entries
- ``misspelling`` each word corrected from the index's vocabulary (built once per
                process, as the product's is), then ``words``
- ``any``       the words OR-ed (the older bound; ``?any=1`` still means it)

and S ``all`` (every kind of document, as /search/ and /api/search/) or ``cards``
(cards only, as /cards/ and /api/cards/). Each is one ranked statement for the
top 20 (with a snippet for all kinds, the entry's fields for cards) and one COUNT,
JSON by hand: no parsing beyond splitting words, no name-first ranking, no answer
box, no DRF, no template. Never cached (``Cache-Control: no-store``)."""
import json
import re

from django.db import connection
from django.http import HttpResponse
from django.urls import path

from cardsite.urls import urlpatterns as site
from rulesref.search.models import ID_BLOCK
from rulesref.search.stopwords import STOP_WORDS

SQLITE_DOCS = """SELECT d.id, d.kind, d.name, s.score,
    snippet(rulesref_searchfts, 2, '<mark>', '</mark>', ' … ', 24)
  FROM (SELECT rowid AS id, bm25(rulesref_searchfts, 10.0, 4.0, 4.0, 1.0) AS score
        FROM rulesref_searchfts WHERE rulesref_searchfts MATCH %s{range}
        ORDER BY score LIMIT 20) s
  JOIN rulesref_searchdocument d ON d.id = s.id
  JOIN rulesref_searchfts ON rulesref_searchfts.rowid = s.id
  WHERE rulesref_searchfts MATCH %s ORDER BY s.score"""
SQLITE_CARDS = """SELECT e.id, e.slug, e.name, e.type, e.glyph, e.initiative, e.cost, e.text, s.score
  FROM (SELECT rowid AS id, bm25(rulesref_searchfts, 10.0, 4.0, 4.0, 1.0) AS score
        FROM rulesref_searchfts WHERE rulesref_searchfts MATCH %s{range}
        ORDER BY score LIMIT 20) s
  JOIN cardsite_entry e ON e.id = s.id ORDER BY s.score"""
SQLITE_COUNT = "SELECT COUNT(*) FROM rulesref_searchfts WHERE rulesref_searchfts MATCH %s{range}"
CARD_RANGE = f" AND rowid < {ID_BLOCK}"  # a card's document id is its entry's id

POSTGRES_DOCS = """SELECT d.id, d.kind, d.name, s.score,
    ts_headline('grimoire', d.body, to_tsquery('grimoire', %s),
                'StartSel=<mark>, StopSel=</mark>, MaxWords=24, MinWords=10')
  FROM (SELECT id, ts_rank_cd(vector, to_tsquery('grimoire', %s)) AS score
        FROM rulesref_searchdocument WHERE vector @@ to_tsquery('grimoire', %s){kind}
        ORDER BY score DESC LIMIT 20) s
  JOIN rulesref_searchdocument d ON d.id = s.id ORDER BY s.score DESC"""
POSTGRES_CARDS = """SELECT e.id, e.slug, e.name, e.type, e.glyph, e.initiative, e.cost, e.text, s.score
  FROM (SELECT entry_id, ts_rank_cd(vector, to_tsquery('grimoire', %s)) AS score
        FROM rulesref_searchdocument WHERE vector @@ to_tsquery('grimoire', %s){kind}
        ORDER BY score DESC LIMIT 20) s
  JOIN cardsite_entry e ON e.id = s.entry_id ORDER BY s.score DESC"""
POSTGRES_COUNT = ("SELECT COUNT(*) FROM rulesref_searchdocument "
                  "WHERE vector @@ to_tsquery('grimoire', %s){kind}")

CARD_COLUMNS = ("id", "slug", "name", "type", "glyph", "initiative", "cost", "text")
FIELD = re.compile(r"(-?)(type|glyph|init>=|o|kw|has|game|order):?(\S+)")
_vocabulary = None


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())[:24]


def _corrected(words: list[str]) -> list[str]:
    """Each word not in the index's vocabulary replaced by its closest (the product's
    vocabulary and comparison, the vocabulary built once per process)."""
    global _vocabulary
    from rulesref.search import questions

    if _vocabulary is None:
        _vocabulary = questions.vocabulary()
    return [questions._correct(w, _vocabulary) or w for w in words]


def _match(words: list[str], how: str, postgres: bool) -> str:
    """The MATCH (SQLite) or to_tsquery (PostgreSQL) text of ``words``."""
    if postgres:
        if how == "words":
            return " & ".join(f"{w}:*" for w in words)
        return (" <-> " if how == "phrase" else " | ").join(words)
    if how == "words":
        return " AND ".join(f'("{w}" OR name : "{w}"*)' for w in words)
    if how == "phrase":
        return '"' + " ".join(words) + '"'
    return " OR ".join(f'"{w}"' for w in words)


def _ranked(words: list[str], how: str, cards: bool) -> tuple[int, list[dict]]:
    postgres = connection.vendor == "postgresql"
    match = _match(words, how, postgres)
    with connection.cursor() as cursor:
        if postgres:
            kind = " AND kind = 'card'" if cards else ""
            cursor.execute(POSTGRES_COUNT.format(kind=kind), [match])
            count = cursor.fetchone()[0]
            if cards:
                cursor.execute(POSTGRES_CARDS.format(kind=kind), [match, match])
            else:
                cursor.execute(POSTGRES_DOCS.format(kind=kind), [match, match, match])
        else:
            where = CARD_RANGE if cards else ""
            cursor.execute(SQLITE_COUNT.format(range=where), [match])
            count = cursor.fetchone()[0]
            if cards:
                cursor.execute(SQLITE_CARDS.format(range=where), [match])
            else:
                cursor.execute(SQLITE_DOCS.format(range=where), [match, match])
        rows = cursor.fetchall()
    if cards:
        return count, [dict(zip((*CARD_COLUMNS, "score"), row, strict=True)) for row in rows]
    return count, [{"id": i, "kind": kind, "title": name, "score": score, "snippet_html": snippet}
                   for i, kind, name, score, snippet in rows]


def _filtered(text: str) -> tuple[int, list[dict]]:
    """The bench's field filters as one WHERE on the entries, ordered by name (or
    initiative), the top 20 and a COUNT (window) in one statement."""
    postgres = connection.vendor == "postgresql"
    where, params, order, free = [], [], "e.name", []
    for token in text.split():
        found = FIELD.fullmatch(token.lower())
        if not found:
            free += _words(token)
            continue
        negated, name, value = found.groups()
        if name == "type":
            where.append("e.type = %s")
            params.append(value)
        elif name == "glyph":
            if negated:
                where.append("e.glyph IS NOT NULL AND e.glyph <> %s")
            else:
                where.append("e.glyph = %s")
            params.append(value)
        elif name == "init>=":
            where.append("e.initiative >= %s")
            params.append(int(value))
        elif name == "game":
            where.append("e.game_id = (SELECT id FROM cardsite_game WHERE slug = %s)")
            params.append(value)
        elif name == "has":
            where.append("EXISTS (SELECT 1 FROM rulesref_ruling_entries r WHERE r.entry_id = e.id)")
        elif name == "kw":
            where.append("EXISTS (SELECT 1 FROM jsonb_array_elements_text(e.keywords) k "
                         "WHERE lower(k) = %s)" if postgres else
                         "EXISTS (SELECT 1 FROM json_each(e.keywords) k WHERE lower(k.value) = %s)")
            params.append(value)
        elif name == "o":
            words = _words(value)
            if postgres:
                where.append("e.id IN (SELECT entry_id FROM rulesref_searchdocument "
                             "WHERE kind = 'card' AND vector @@ to_tsquery('grimoire', %s))")
                params.append(" <-> ".join(f"{w}:C" for w in words))
            else:
                where.append(f"e.id IN (SELECT rowid FROM rulesref_searchfts WHERE "
                             f"rulesref_searchfts MATCH %s{CARD_RANGE})")
                params.append('body : "' + " ".join(words) + '"')
        elif name == "order":
            order = "e.initiative DESC NULLS LAST, e.name" if postgres else \
                "e.initiative IS NULL, e.initiative DESC, e.name"
    if free:
        if postgres:
            where.append("e.id IN (SELECT entry_id FROM rulesref_searchdocument "
                         "WHERE kind = 'card' AND vector @@ to_tsquery('grimoire', %s))")
        else:
            where.append(f"e.id IN (SELECT rowid FROM rulesref_searchfts WHERE "
                         f"rulesref_searchfts MATCH %s{CARD_RANGE})")
        params.append(_match(free, "words", postgres))
    sql = (f"SELECT {', '.join('e.' + c for c in CARD_COLUMNS)}, COUNT(*) OVER () "
           f"FROM cardsite_entry e WHERE {' AND '.join(where) or '1 = 1'} "
           f"ORDER BY {order} LIMIT 20")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return (rows[0][-1] if rows else 0), [dict(zip(CARD_COLUMNS, row[:-1], strict=True))
                                         for row in rows]


def lean(request):
    q = request.GET.get("q", "")
    klass = request.GET.get("class") or ("any" if request.GET.get("any") == "1" else "words")
    cards = request.GET.get("scope") == "cards"
    if klass == "field":
        count, hits = _filtered(q)
    else:
        words = _words(q)
        if klass == "sentence":
            words = [w for w in words if w not in STOP_WORDS] or words
        elif klass == "misspelling":
            words = _corrected(words)
        how = {"phrase": "phrase", "sentence": "any", "any": "any"}.get(klass, "words")
        count, hits = _ranked(words, how, cards) if words else (0, [])
    response = HttpResponse(json.dumps({"count": count, "results": hits}),
                            content_type="application/json")
    response["Cache-Control"] = "no-store"
    return response


urlpatterns = [path("bench/lean/", lean), *site]
