"""The card page's picture, the grid of images and proxies, the hover preview."""
import re
from html import escape

import pytest

from cardsite.images.services import entry_image_save
from cardsite.models import Entry
from tests.images import pictures

pytestmark = pytest.mark.django_db


@pytest.fixture
def imaged(media, zapper):
    return entry_image_save(entry=zapper, face="front", upload=pictures.encoded(
        pictures.card_picture(292, 408), "PNG"))


def test_the_card_page_shows_the_image_with_srcset_sizes_lazy_and_alt(client, imaged):
    page = client.get("/cards/rumble/zapper/").content.decode()
    r = imaged.renditions
    assert f'href="/media/{r["large"]["jpeg"]}"' in page  # click to enlarge
    webp = re.search(r'<source type="image/webp" srcset="([^"]+)" sizes="([^"]+)"', page)
    assert webp and webp[1] == (f'/media/{r["small"]["webp"]} 146w, /media/{r["normal"]["webp"]} '
                                f'488w, /media/{r["large"]["webp"]} 672w')
    assert webp[2] == "(max-width: 40rem) 146px, 300px"
    img = re.search(r'<img src="([^"]+)" srcset="([^"]+)"[^>]*alt="([^"]+)"([^>]*)>', page)
    assert img[1] == f'/media/{r["normal"]["jpeg"]}' and "146w" in img[2]
    assert img[3] == "Zapper: delivery of Rumble" and 'loading="lazy"' in img[4]
    assert "No image yet" not in page


def test_an_entry_without_an_image_is_drawn_as_a_proxy(client, catalog):
    page = client.get("/cards/rumble/tentakiller/").content.decode()
    tentakiller = Entry.objects.get(slug="tentakiller")
    proxy = re.search(r'<div class="proxy proxy-rumble glyph-(\w+)" role="img" aria-label="([^"]+)"'
                      r'>(.*?)</div>\s*<figcaption>', page, re.S)
    assert proxy and proxy[1] == tentakiller.glyph
    assert proxy[2].startswith("Tentakiller: delivery of Rumble")
    assert ">Tentakiller</p>" in proxy[3] and f">{tentakiller.initiative}</span>" in proxy[3]
    assert escape(tentakiller.text) in proxy[3]  # "&lt;tentacle&gt;": escaped
    assert "No image yet: drawn from its data" in page


def test_the_grid_mixes_images_and_proxies_and_never_shows_a_hole(client, imaged):
    page = client.get("/cards/", {"game": "rumble", "view": "grid", "per_page": 60}).content.decode()
    tiles = re.findall(r'<li class="card-tile (has-image|is-proxy)">', page)
    count = Entry.objects.filter(game__slug="rumble").count()
    assert len(tiles) == count and tiles.count("has-image") == 1
    assert page.count('class="proxy ') == count - 1
    assert imaged.renditions["small"]["webp"] in page
    assert 'sizes="(max-width: 40rem) 46vw, 146px"' in page
    assert 'alt="Zapper: delivery of Rumble"' in page


def test_the_grid_costs_one_query_more_than_the_list_whatever_the_page_size(
        client, imaged):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(**params):
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/cards/", {"game": "rumble", **params}).status_code == 200
        return len(captured)

    assert queries(view="grid") == queries(view="list") + 1
    assert queries(view="grid", per_page=60) == queries(view="grid", per_page=24)


def test_the_hover_preview_shows_the_image(client, imaged):
    fragment = client.get("/cards/rumble/zapper/preview/").content.decode()
    assert imaged.renditions["small"]["webp"] in fragment and 'class="preview-image"' in fragment
    assert "<picture" not in client.get("/cards/rumble/tentakiller/preview/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_an_upload_retires_the_cached_card_page(client, settings, media):
    from django.core.cache import caches

    from cardsite.models import Game
    settings.RESPONSE_CACHE = True
    caches["responses"].clear()
    game = Game.objects.create(slug="rumble", name="Rumble", short_name="Rumble", family="spell",
                               rulebook="r.txt")
    entry = Entry.objects.create(game=game, slug="zapper", name="Zapper", kind="card")
    url = "/cards/rumble/zapper/"
    assert client.get(url)["X-Cache"] == "miss" and client.get(url)["X-Cache"] == "hit"
    image = entry_image_save(entry=entry, face="front", upload=pictures.encoded(
        pictures.card_picture(146, 204), "PNG"))
    response = client.get(url)
    assert response["X-Cache"] == "miss"
    assert image.renditions["small"]["webp"] in response.content.decode()
