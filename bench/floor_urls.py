"""The site's URLs plus /bench/lean/: the leanest full-text search, a lower bound for
bench/search_floor.py (never served by the product). One ranked statement with a
snippet per hit and one COUNT, the words AND-ed (or OR-ed with ?any=1), JSON by hand."""
import json
import re

from django.db import connection
from django.http import HttpResponse
from django.urls import path

from cardsite.urls import urlpatterns as site

SQLITE = """SELECT d.id, d.kind, d.name, s.score,
    snippet(rulesref_searchfts, 2, '<mark>', '</mark>', ' … ', 24)
  FROM (SELECT rowid AS id, bm25(rulesref_searchfts, 10.0, 4.0, 4.0, 1.0) AS score
        FROM rulesref_searchfts WHERE rulesref_searchfts MATCH %s ORDER BY score LIMIT 20) s
  JOIN rulesref_searchdocument d ON d.id = s.id
  JOIN rulesref_searchfts ON rulesref_searchfts.rowid = s.id
  WHERE rulesref_searchfts MATCH %s ORDER BY s.score"""
SQLITE_COUNT = "SELECT COUNT(*) FROM rulesref_searchfts WHERE rulesref_searchfts MATCH %s"
POSTGRES = """SELECT d.id, d.kind, d.name, s.score,
    ts_headline('english', d.body, to_tsquery('english', %s),
                'StartSel=<mark>, StopSel=</mark>, MaxWords=24, MinWords=10')
  FROM (SELECT id, ts_rank_cd(vector, to_tsquery('english', %s)) AS score
        FROM rulesref_searchdocument WHERE vector @@ to_tsquery('english', %s)
        ORDER BY score DESC LIMIT 20) s
  JOIN rulesref_searchdocument d ON d.id = s.id ORDER BY s.score DESC"""
POSTGRES_COUNT = ("SELECT COUNT(*) FROM rulesref_searchdocument "
                  "WHERE vector @@ to_tsquery('english', %s)")


def lean(request):
    words = re.findall(r"[a-z0-9]+", request.GET.get("q", "").lower())[:24]
    if not words:
        return HttpResponse('{"count": 0, "results": []}', content_type="application/json")
    any_word = request.GET.get("any") == "1"
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            match = (" | " if any_word else " & ").join(words)
            cursor.execute(POSTGRES_COUNT, [match])
            count = cursor.fetchone()[0]
            cursor.execute(POSTGRES, [match, match, match])
        else:
            match = (" OR " if any_word else " ").join(f'"{w}"' for w in words)
            cursor.execute(SQLITE_COUNT, [match])
            count = cursor.fetchone()[0]
            cursor.execute(SQLITE, [match, match])
        rows = cursor.fetchall()
    hits = [{"id": i, "kind": kind, "title": name, "score": score, "snippet_html": snippet}
            for i, kind, name, score, snippet in rows]
    return HttpResponse(json.dumps({"count": count, "results": hits}),
                        content_type="application/json")


urlpatterns = [path("bench/lean/", lean), *site]
