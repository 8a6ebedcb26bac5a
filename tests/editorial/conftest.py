import pytest
from django.contrib.auth.models import Group, User

from cardsite.catalog_files.catalog_import import catalog_import
from cardsite.editorial.roles import ensure_roles
from tests.cardsite.test_pages_catalog import pages_catalog


@pytest.fixture
def catalog(db):
    catalog_import(data=pages_catalog())


@pytest.fixture
def roles(db):
    # Migration editorial 0002 makes them; a flushing (transactional) test may have removed them.
    ensure_roles()


@pytest.fixture
def editor(roles):
    user = User.objects.create_user("ed", password="pw-ed-12345678", is_staff=True)
    user.groups.add(Group.objects.get(name="Editor"))
    return user


@pytest.fixture
def reviewer(roles):
    user = User.objects.create_user("rev", password="pw-rev-12345678", is_staff=True)
    user.groups.add(Group.objects.get(name="Reviewer"))
    return user


@pytest.fixture
def editor_client(client, editor):
    client.force_login(editor)
    return client
