import pytest


@pytest.fixture
def media(settings, tmp_path):
    """Images stored under a fresh directory (the filesystem default storage)."""
    root = tmp_path / "media"
    settings.STORAGES = {**settings.STORAGES, "default": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": root, "base_url": "/media/", "allow_overwrite": True}}}
    settings.MEDIA_ROOT = root
    settings.MEDIA_URL = "/media/"
    return root


def stored_files(root) -> list:
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


@pytest.fixture
def catalog(db):
    from cardsite.catalog_import import catalog_import
    from tests.cardsite.test_pages_catalog import pages_catalog
    catalog_import(data=pages_catalog())


@pytest.fixture
def zapper(catalog):
    from cardsite.models import Entry
    return Entry.objects.get(game__slug="rumble", slug="zapper")
