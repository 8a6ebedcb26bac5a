"""The rules reference's API routes, included by cardsite.api_urls inside its "api"
namespace (so their names stay "api:rule-list" ...), before its catch-all 404."""
from django.urls import path

from cardsite.api.base import crud
from rulesref.api.rules_views import GlossaryViewSet, RuleViewSet, RulingViewSet
from rulesref.api.search_views import SearchView

urlpatterns = [
    *crud("rulings", RulingViewSet, "ruling", "slug:slug"),
    *crud("rules", RuleViewSet, "rule", "str:number"),
    *crud("glossary", GlossaryViewSet, "term", "slug:slug"),
    path("search/", SearchView.as_view(), name="search"),
]
