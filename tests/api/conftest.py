"""API test set-up: a small catalog, anonymous and staff clients."""
import pytest
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from cardsite.catalog_files.catalog_import import catalog_import
from tests.catalog_sample import sample_catalog

pytest.register_assert_rewrite("tests.api.assertions")


@pytest.fixture
def catalog(db):
    catalog_import(data=sample_catalog())


@pytest.fixture
def api():
    return APIClient()


def _token_client(**user_fields) -> APIClient:
    user = User.objects.create_user(**user_fields)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


@pytest.fixture
def staff_api(db):
    return _token_client(username="editor", password="pw-editor-1234", is_staff=True)


@pytest.fixture
def user_api(db):
    return _token_client(username="reader", password="pw-reader-1234")
