"""/engine/: the list of checkers, and the matching API endpoints."""
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse

CHECKERS = [
    ("engine-spell-check", "Spell checker",
     "Is a spell legal? Its component count, initiative and name, from catalog cards or "
     "stand-ins.", "POST /api/engine/spells/check"),
    ("engine-spell-order", "Turn order",
     "Who acts first this round: fewer components, then higher initiative, then die rolls.",
     "POST /api/engine/spells/order"),
    ("engine-power-roll", "Power-roll odds",
     "The exact chance of each total and of each band of a roll table.",
     "GET /api/engine/odds/power-roll"),
    ("engine-demoniac", "Demoniac attack odds",
     "The chance an attack reaches its hits with the best re-rolls.",
     "GET /api/engine/odds/demoniac"),
    ("engine-satanic-panic-setup", "Satanic Panic setup",
     "Starting decks, the Legendary Devil stack, tokens and the Line-Up for 2 to 5 players.",
     "POST /api/engine/satanic-panic/setup"),
    ("engine-satanic-panic-score", "Satanic Panic score",
     "End-of-game VP with token penalties and the tiebreaks.",
     "POST /api/engine/satanic-panic/score"),
    ("engine-anarchy-score", "Anarchy score",
     "Applause VP less Dead Wizard tokens, then the tiebreaks.", "POST /api/engine/anarchy/score"),
]


def engine_index(request):
    checkers = [{"url_name": u, "title": t, "what": w, "api": a} for u, t, w, a in CHECKERS]
    try:  # the sandboxes are another module's pages, mounted at /engine/sandbox/
        sandbox_url = reverse("sandbox-index")
    except NoReverseMatch:
        sandbox_url = None
    return render(request, "engine/index.html",
                  {"checkers": checkers, "sandbox_url": sandbox_url, "page": "index"})
