"""The S3-compatible store, against a real endpoint (a moto server that .ci/run starts).

Set IMAGES_TEST_S3_ENDPOINT (e.g. http://127.0.0.1:5301) to run these; without it they
are skipped. Each test writes to a bucket of its own through django-storages, and
reads the served files over HTTP at the URLs the API gives.
"""
import os
import urllib.request
import uuid

import pytest
from PIL import Image

from cardsite.images.models import EntryImage
from cardsite.images.services import ImageDetails, entry_image_save
from cardsite.images.uploads import ImageRejected
from tests.images import pictures

ENDPOINT = os.environ.get("IMAGES_TEST_S3_ENDPOINT", "").rstrip("/")
pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(not ENDPOINT, reason="IMAGES_TEST_S3_ENDPOINT is not set")]
KEYS = {"aws_access_key_id": "testing", "aws_secret_access_key": "testing",
        "region_name": "us-east-1"}


@pytest.fixture
def bucket(settings):
    import boto3

    name = f"grimoire-test-{uuid.uuid4().hex[:12]}"
    client = boto3.client("s3", endpoint_url=ENDPOINT, **KEYS)
    client.create_bucket(Bucket=name)
    settings.STORAGES = {**settings.STORAGES, "default": {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {"bucket_name": name, "endpoint_url": ENDPOINT, "region_name": "us-east-1",
                    "access_key": "testing", "secret_key": "testing", "querystring_auth": False,
                    "file_overwrite": True, "default_acl": "public-read",
                    "object_parameters": {"CacheControl": "public, max-age=31536000, immutable"}}}}
    settings.MEDIA_URL = f"{ENDPOINT}/{name}/"
    yield client, name
    for page in client.get_paginator("list_objects_v2").paginate(Bucket=name):
        for item in page.get("Contents", []):
            client.delete_object(Bucket=name, Key=item["Key"])
    client.delete_bucket(Bucket=name)


def _keys(client, name) -> list[str]:
    return [o["Key"] for o in client.list_objects_v2(Bucket=name).get("Contents", [])]


def _fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers, response.read()


def test_upload_stores_every_rendition_in_the_bucket_and_the_api_urls_serve_them(client, bucket,
                                                                                 zapper):
    s3, name = bucket
    image = entry_image_save(entry=zapper, face="front", details=ImageDetails(status="scan"),
                             upload=pictures.photo_with_gps(440, 315))
    keys = _keys(s3, name)
    assert len(keys) == 7 and all(k.startswith("images/") for k in keys)
    head = s3.head_object(Bucket=name, Key=image.renditions["normal"]["webp"])
    assert head["ContentType"] == "image/webp"
    assert head["CacheControl"] == "public, max-age=31536000, immutable"
    front = client.get("/api/cards/rumble/zapper/").json()["image_uris"]["front"]
    for rendition, url in front.items():
        assert url == f"{ENDPOINT}/{name}/{image.renditions[rendition]['jpeg']}"
        status, headers, body = _fetch(url)
        assert status == 200 and headers["Content-Type"] == "image/jpeg"
        assert b"Exif" not in body and b"GPS" not in body and b"kitchen" not in body
    status, _, body = _fetch(f"{ENDPOINT}/{name}/{image.renditions['small']['webp']}")
    import io
    with Image.open(io.BytesIO(body)) as small:
        assert small.size == (146, 204) and not small.getexif()


def test_a_hostile_upload_leaves_the_bucket_empty(bucket, zapper):
    s3, name = bucket
    for data in (pictures.png_bomb(), pictures.SVG_WITH_SCRIPT, pictures.truncated_jpeg()):
        with pytest.raises(ImageRejected):
            entry_image_save(entry=zapper, face="front", upload=data)
    assert _keys(s3, name) == [] and not EntryImage.objects.exists()


def test_a_replaced_image_stays_in_the_bucket_and_revert_brings_it_back(bucket, zapper):
    s3, name = bucket
    first = entry_image_save(entry=zapper, face="front", upload=pictures.encoded(
        pictures.card_picture(146, 204, seed=1), "PNG"))
    old = first.renditions
    entry_image_save(entry=zapper, face="front", upload=pictures.encoded(
        pictures.card_picture(146, 204, seed=2), "PNG"))
    first.history.earliest().instance.save()
    first.refresh_from_db()
    assert first.renditions == old
    assert {info["jpeg"] for info in old.values()} <= set(_keys(s3, name))
