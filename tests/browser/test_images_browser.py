"""Card images in Chromium: the grid of images and proxies, the card page at desktop and
phone widths (the phone downloads the small rendition), alt texts, dark mode."""
import pytest
from playwright.sync_api import expect

from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.images.services import ImageDetails, entry_image_save
from cardsite.models import Entry
from tests.cardsite.test_pages_catalog import pages_catalog
from tests.images import pictures

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server, media):
    catalog_import(data=pages_catalog(extra=6))
    for seed, slug in enumerate(("zapper", "filler-1", "filler-4"), start=1):
        entry = Entry.objects.get(game__slug="rumble", slug=slug)
        picture = pictures.card_picture(630, 880, seed=seed, colour=(40 * seed, 60, 140))
        entry_image_save(entry=entry, face="front", details=ImageDetails(status="scan"),
                         upload=pictures.encoded(picture, "JPEG", quality=92))
    return live_server.url


def _image_requests(page):
    seen = []
    page.on("requestfinished", lambda r: seen.append(r.url) if "/media/images/" in r.url else None)
    return seen


def test_the_grid_shows_images_and_proxies_with_alt_texts(site, page, screenshot_dir):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + "/cards/?game=rumble&view=grid&per_page=60")
    images = page.locator(".card-tile.has-image img")
    expect(images).to_have_count(3)
    expect(page.locator(".card-tile.is-proxy .proxy").first).to_be_visible()
    assert page.locator(".card-tile.is-proxy").count() == Entry.objects.filter(
        game__slug="rumble").count() - 3
    for i in range(3):
        img = images.nth(i)
        img.scroll_into_view_if_needed()
        assert img.get_attribute("alt").endswith(" of Rumble")
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=img.element_handle())
        assert "-small.webp" in img.evaluate("img => img.currentSrc")  # 146 px columns
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=screenshot_dir / "images-grid-desktop.png", full_page=True)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=screenshot_dir / "images-grid-dark.png", full_page=True)
    # hovering a tile shows the preview with the image
    page.emulate_media(color_scheme="light")
    page.locator(".card-tile.has-image a").first.hover()
    expect(page.locator(".preview-pop .preview-image img")).to_be_visible()


def test_the_grid_on_a_phone_has_two_columns_and_no_sideways_scroll(site, browser, screenshot_dir):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = context.new_page()
    page.goto(site + "/cards/?game=rumble&view=grid")
    tiles = page.locator(".card-tile")
    first, second = tiles.nth(0).bounding_box(), tiles.nth(1).bounding_box()
    assert first["y"] == second["y"] and first["width"] > 150
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=screenshot_dir / "images-grid-phone.png", full_page=True)
    context.close()


def test_the_card_page_image_on_desktop_takes_the_normal_rendition(site, page, screenshot_dir):
    page.set_viewport_size({"width": 1280, "height": 900})
    requests = _image_requests(page)
    page.goto(site + "/cards/rumble/zapper/")
    img = page.locator(".entry-face picture img")
    expect(img).to_have_attribute("alt", "Zapper: delivery of Rumble")
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=img.element_handle())
    assert img.evaluate("img => img.currentSrc").endswith("-normal.webp")
    assert any(url.endswith("-normal.webp") for url in requests)
    box = img.bounding_box()
    assert 290 <= box["width"] <= 310
    page.screenshot(path=screenshot_dir / "images-card-desktop.png", full_page=True)
    # a click enlarges: the large rendition
    page.locator(".entry-face a.enlarge").click()
    page.wait_for_url("**/*-large.jpg")


def test_the_card_page_on_a_phone_downloads_the_small_rendition(site, browser, screenshot_dir):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = context.new_page()
    requests = _image_requests(page)
    page.goto(site + "/cards/rumble/zapper/")
    img = page.locator(".entry-face picture img")
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=img.element_handle())
    assert img.evaluate("img => img.currentSrc").endswith("-small.webp")
    page.wait_for_load_state("networkidle")
    assert [u for u in requests if "-small." in u] and not [
        u for u in requests if "-normal." in u or "-large." in u]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=screenshot_dir / "images-card-phone.png", full_page=True)
    page.goto(site + "/cards/rumble/filler-2/")  # no image: the proxy
    expect(page.locator(".entry-face .proxy")).to_be_visible()
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=screenshot_dir / "images-proxy-phone-dark.png", full_page=True)
    context.close()
