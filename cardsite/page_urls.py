"""The public pages (PRODUCT.md, "Pages"): the catalog's here, the rules reference's
(search, rules, glossary, rulings) from rulesref.urls. ``engine/`` is left to the engine's pages."""
from django.urls import include, path

from cardsite.pages import cards, games, home

urlpatterns = [
    path("", home.home, name="home"),
    path("cards/", cards.card_list_page, name="card-list"),
    path("cards/<slug:game>/", cards.card_list_for_game, name="card-list-game"),
    path("cards/<slug:game>/<slug:slug>/", cards.card_page, name="card-detail"),
    path("cards/<slug:game>/<slug:slug>/preview/", cards.card_preview, name="card-preview"),
    path("games/<slug:game>/", games.game_page, name="game-detail"),
    path("", include("rulesref.urls")),
]
