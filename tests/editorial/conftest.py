import pytest
from django.contrib.auth.models import Group, User

from cardsite.catalog_import import catalog_import
from tests.cardsite.test_pages_catalog import pages_catalog


@pytest.fixture
def catalog(db):
    catalog_import(data=pages_catalog())


@pytest.fixture
def editor(db):
    user = User.objects.create_user("ed", password="pw-ed-12345678", is_staff=True)
    user.groups.add(Group.objects.get(name="Editor"))
    return user


@pytest.fixture
def reviewer(db):
    user = User.objects.create_user("rev", password="pw-rev-12345678", is_staff=True)
    user.groups.add(Group.objects.get(name="Reviewer"))
    return user


@pytest.fixture
def editor_client(client, editor):
    client.force_login(editor)
    return client
