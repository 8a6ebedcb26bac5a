"""The public pages (PRODUCT.md, "Pages"). ``engine/`` is left to the engine's pages."""
from django.urls import path

from cardsite.pages import cards, games, glossary, home, rules, rulings, search

urlpatterns = [
    path("", home.home, name="home"),
    path("search/", search.search, name="search"),
    path("search/suggest/", search.suggest, name="search-suggest"),
    path("cards/", cards.card_list_page, name="card-list"),
    path("cards/<slug:game>/", cards.card_list_for_game, name="card-list-game"),
    path("cards/<slug:game>/<slug:slug>/", cards.card_page, name="card-detail"),
    path("cards/<slug:game>/<slug:slug>/preview/", cards.card_preview, name="card-preview"),
    path("games/<slug:game>/", games.game_page, name="game-detail"),
    path("rules/<slug:game>/", rules.rule_list_page, name="rule-list"),
    path("rules/<slug:game>/<str:number>/", rules.rule_page, name="rule-detail"),
    path("glossary/", glossary.glossary_page, name="glossary"),
    path("glossary/<slug:slug>/", glossary.term_page, name="glossary-term"),
    path("rulings/", rulings.ruling_list_page, name="ruling-list"),
]
