"""The JSON API under /api/ (PRODUCT.md, "JSON API"); URL names are "api:<name>".

Objects are addressed by game and key (``cards/<game>/<slug>/``,
``rules/<game>/<number>/``), so the routes are listed here rather than built
by a router.
"""
from django.urls import include, path, re_path

from cardsite.api.base import crud
from cardsite.api.bulk import BulkCatalogView
from cardsite.api.catalog_views import CardViewSet, GameViewSet
from cardsite.api.docs_views import ApiDocsView, ApiSchemaView
from cardsite.api.errors import api_not_found
from cardsite.api.root import ApiRootView

app_name = "api"

urlpatterns = [
    path("", ApiRootView.as_view(), name="root"),
    path("games/", GameViewSet.as_view({"get": "list"}), name="game-list"),
    path("games/<slug:game>/", GameViewSet.as_view({"get": "retrieve"}), name="game-detail"),
    path("cards/named/", CardViewSet.as_view({"get": "named"}), name="card-named"),
    path("cards/autocomplete/", CardViewSet.as_view({"get": "autocomplete"}), name="card-autocomplete"),
    path("cards/random/", CardViewSet.as_view({"get": "random"}), name="card-random"),
    *crud("cards", CardViewSet, "card", "slug:slug"),
    path("", include("rulesref.api.urls")),  # rulings/, rules/, glossary/, search/
    path("bulk/catalog.json", BulkCatalogView.as_view(), name="bulk-catalog"),
    path("schema/", ApiSchemaView.as_view(), name="schema"),
    path("docs/", ApiDocsView.as_view(url_name="api:schema"), name="docs"),
    # path("engine/", ...) belongs to the engine's endpoints (added by its owner).
]

# Keep last: any other /api/ path is a JSON 404, never Django's HTML page.
urlpatterns += [re_path(r"^(?P<path>[\s\S]*)\Z", api_not_found)]  # newlines too
