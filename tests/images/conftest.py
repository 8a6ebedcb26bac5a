import pytest


def stored_files(root) -> list:
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


@pytest.fixture
def catalog(db):
    from cardsite.catalog_files.catalog_import import catalog_import
    from tests.cardsite.test_pages_catalog import pages_catalog
    catalog_import(data=pages_catalog())


@pytest.fixture
def zapper(catalog):
    from cardsite.models import Entry
    return Entry.objects.get(game__slug="rumble", slug="zapper")
