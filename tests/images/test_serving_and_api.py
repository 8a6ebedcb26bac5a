"""Serving media, image_uris/image_status in the API and bulk export, has:image, coverage."""
import pytest
from PIL import Image

from cardsite.images.services import ImageDetails, entry_image_save
from tests.images import pictures

pytestmark = pytest.mark.django_db


@pytest.fixture
def imaged(media, zapper):
    return entry_image_save(entry=zapper, face="front", details=ImageDetails(status="scan"),
                            upload=pictures.photo_with_gps(440, 315))


def _get(client, url):
    """A media URL's body (FileResponse streams it)."""
    response = client.get(url)
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return response, body


def test_card_objects_have_image_status_and_absolute_image_uris(client, imaged):
    data = client.get("/api/cards/rumble/zapper/").json()
    assert data["image_status"] == "scan"
    assert data["image_uris"]["back"] is None
    front = data["image_uris"]["front"]
    assert set(front) == {"small", "normal", "large", "original"}
    for name, url in front.items():
        assert url.startswith("http://testserver/media/images/") and url.endswith(f"-{name}.jpg")
        response, body = _get(client, url.removeprefix("http://testserver"))
        assert response.status_code == 200 and response["Content-Type"] == "image/jpeg"
        assert b"Exif" not in body and b"GPS" not in body
    listed = client.get("/api/cards/?q=game:rumble").json()["results"]
    by_slug = {card["slug"]: card for card in listed}
    assert by_slug["zapper"]["image_uris"] == data["image_uris"]
    others = [card for slug, card in by_slug.items() if slug != "zapper"]
    assert others and all(c["image_status"] == "missing" for c in others)
    assert all(c["image_uris"] == {"front": None, "back": None} for c in others)


def test_media_headers_cache_forever_with_etag_and_nosniff(client, imaged):
    key = imaged.renditions["normal"]["webp"]
    response, body = _get(client, f"/media/{key}")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/webp"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"
    etag = response["ETag"]
    assert etag.strip('"') in key.replace("/", "")
    with Image.open(__import__("io").BytesIO(body)) as served:
        assert served.size == (488, 680)
    again = client.get(f"/media/{key}", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag


@pytest.mark.parametrize("path", [
    "images/../../settings.py", "images/ab/notahash-normal.webp", "images/ab/0123456789abcdef0123-normal.png",
    "secret.txt", "images/ab/0123456789abcdef0123-normal.webp",  # well formed, absent
])
def test_media_serves_only_existing_rendition_names(client, media, path):
    assert client.get(f"/media/{path}").status_code == 404


def test_bulk_export_has_the_image_fields_and_imports_back_unchanged(client, imaged):
    from cardsite.catalog_files.catalog_import import catalog_import

    data = client.get("/api/bulk/catalog.json").json()
    rumble = next(g for g in data["games"] if g["slug"] == "rumble")
    zapper = next(e for e in rumble["entries"] if e["slug"] == "zapper")
    assert zapper["image_status"] == "scan"
    assert zapper["image_uris"]["front"]["large"].startswith("http://testserver/media/images/")
    report = catalog_import(data={k: v for k, v in data.items() if k != "generated"}, dry_run=True)
    assert not report.updated and not report.created


def test_has_image_and_its_negation(client, imaged):
    def slugs(q):
        return {c["slug"] for c in client.get("/api/cards/", {"q": q, "page_size": 100}).json()["results"]}

    assert slugs("game:rumble has:image") == {"zapper"}
    everything = slugs("game:rumble")
    assert slugs("game:rumble -has:image") == everything - {"zapper"}
    page = client.get("/cards/", {"q": "has:image"})
    assert page.status_code == 200 and b"Zapper" in page.content
    assert b"has:image" in client.get("/search/").content  # the syntax help names it


def test_coverage_counts_images(client, imaged):
    game = client.get("/api/games/rumble/").json()
    rows = [c["coverage"] for c in game["components"]] + [game["other_entries"]]
    assert sum(r["with_image"] for r in rows) == 1
    assert all(r["with_image"] <= r["entries"] for r in rows)
