"""/glossary/ (every word, with the games that use it) and /glossary/<term>/
(each game's meaning of one word, side by side)."""
from django.http import Http404
from django.shortcuts import render

from cardsite.models import Game
from rulesref.selectors import term_list


def glossary_page(request):
    games = list(Game.objects.only("slug", "short_name"))
    game = request.GET.get("game")
    game = next((g for g in games if g.slug == game), None)
    terms = term_list()
    if game:
        terms = terms.filter(game=game)
    words = {}
    for term in terms:
        word = words.setdefault(term.slug, {"slug": term.slug, "term": term.term, "games": []})
        word["games"].append(term.game)
    letters = {}
    for word in sorted(words.values(), key=lambda w: w["term"].lower()):
        letter = word["term"][:1].upper()
        letters.setdefault(letter if letter.isalpha() else "#", []).append(word)
    return render(request, "glossary/index.html", {
        "letters": letters, "word_count": len(words), "games": games, "game": game,
    })


def term_page(request, slug):
    meanings = list(
        term_list().filter(slug=slug).prefetch_related("rules").order_by("game__position")
    )
    if not meanings:
        raise Http404(f"No glossary term {slug}.")
    return render(request, "glossary/term.html", {
        "term": meanings[0].term,
        "slug": slug,
        "meanings": meanings,
        "differ": len({m.definition.strip() for m in meanings}) > 1,
    })
