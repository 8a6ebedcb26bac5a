"""The rules reference's pages (PRODUCT.md, "Pages"), included at the site's root
by cardsite.page_urls: search, rules, glossary, rulings."""
from django.urls import path

from rulesref.pages import glossary, rules, rulings, search

urlpatterns = [
    path("search/", search.search, name="search"),
    path("search/suggest/", search.suggest, name="search-suggest"),
    path("rules/<slug:game>/", rules.rule_list_page, name="rule-list"),
    path("rules/<slug:game>/<str:number>/", rules.rule_page, name="rule-detail"),
    path("glossary/", glossary.glossary_page, name="glossary"),
    path("glossary/<slug:slug>/", glossary.term_page, name="glossary-term"),
    path("rulings/", rulings.ruling_list_page, name="ruling-list"),
]
