"""The site's own 404 and 500 pages (DEBUG off, as in production and `make serve DEBUG=0`)."""
import pytest
from django.conf import settings
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import path
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


def broken(request):
    raise RuntimeError("a bug")


urlpatterns = [path("broken/", broken)]


def test_a_mistyped_url_is_the_sites_404_page(client):
    response = client.get("/cardz/tentakiller/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "<h1>Not found</h1>" in page and "<code>/cardz/tentakiller/</code>" in page
    assert "/static/css/site.css" in page and 'class="site-nav"' in page  # the site's frame
    assert 'action="/search/"' in page and 'href="/engine/sandbox/">Play a game</a>' in page
    assert 'Search for <a href="/search/?q=tentakiller">tentakiller</a>?' in page  # the name
    assert "Search for" not in client.get("/404/").content.decode()  # no words, no offer


@pytest.mark.urls(__name__)
def test_an_error_is_the_sites_500_page(client):
    client.raise_request_exception = False
    response = client.get("/broken/")
    assert response.status_code == 500
    page = response.content.decode()
    assert "<h1>Something went wrong</h1>" in page and "RuntimeError" not in page
    assert 'href="/static/css/site.css"' in page and 'class="site-nav"' in page
    assert 'action="/search/"' in page


def test_the_500_page_needs_no_database_and_no_request_context():
    # Django renders 500.html with an empty context: the page must not lean on context
    # processors, the database or URL reversing, which may be what broke.
    with CaptureQueriesContext(connection) as queries:
        response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500 and not queries.captured_queries
    source = (settings.BASE_DIR / "templates" / "500.html").read_text()
    assert "{%" not in source and "{{" not in source  # no tag that could fail in turn
