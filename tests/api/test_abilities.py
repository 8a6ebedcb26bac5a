"""The cards API carries abilities, validated by the ability language (400 naming the path)."""
import pytest

from cardsite.models import Entry
from tests.api.assertions import assert_error

pytestmark = pytest.mark.django_db

SCRIPT = [{"trigger": "resolved", "effects": [{"do": "take-standee"}]}]


def test_staff_writes_abilities_and_reads_them_back(staff_api, api, catalog):
    response = staff_api.patch("/api/cards/rumble/zapper/", {"abilities": SCRIPT}, format="json")
    assert response.status_code == 200, response.json()
    assert Entry.objects.get(slug="zapper").abilities == SCRIPT
    assert api.get("/api/cards/rumble/zapper/").json()["abilities"] == SCRIPT


def test_a_bad_ability_is_a_400_naming_it(staff_api, catalog):
    bad = [{"trigger": "resolved", "effects": [{"do": "explode"}]}]
    body = assert_error(staff_api.patch("/api/cards/rumble/zapper/", {"abilities": bad},
                                        format="json"), 400)
    assert "effects[0].do" in str(body)
    assert Entry.objects.get(slug="zapper").abilities == []
