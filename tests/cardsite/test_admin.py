"""The admin as editors use it: add, history, revert, validation, access."""
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from cardsite.models import Entry, Game
from rulesref.models import Rule, Ruling

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    game = Game.objects.create(slug="rumble", name="Rumble", short_name="Rumble", family="spell",
                               rulebook="r.txt", sections=["Turn Order"])
    Rule.objects.create(game=game, number="1", title="Turn Order", source="Turn Order")
    return game


@pytest.fixture
def staff_client(client):
    user = User.objects.create_user("editor", password="pw-editor-1234", is_staff=True, is_superuser=True)
    client.force_login(user)
    return client


def form_data(client, url: str, **fields) -> dict:
    """The add/change form's current values plus ``fields``, inlines included."""
    response = client.get(url)
    assert response.status_code == 200
    data = {}
    adminform = response.context["adminform"].form
    for name, field in adminform.fields.items():
        value = adminform.initial.get(name, field.initial)
        value = value() if callable(value) else value
        value = field.prepare_value(value) if value is not None else ""
        if isinstance(value, list):
            data[name] = value
        else:
            data[name] = "" if value is None else value
    for inline in response.context.get("inline_admin_formsets") or []:
        formset = inline.formset
        management = formset.management_form
        for name in management.fields:
            data[f"{formset.prefix}-{name}"] = management.initial.get(name, management[name].value())
    data["change_reason"] = "From the rulebook"  # every admin form asks why
    data.update(fields)
    return data


def test_staff_adds_entry_sees_history_and_reverts(staff_client, game):
    add_url = reverse("admin:cardsite_entry_add")
    data = form_data(staff_client, add_url, game=game.pk, name="Tentakiller", slug="tentakiller",
                     kind="card", type="delivery", glyph="illusion", initiative="16",
                     keywords="Creature, KEEP", aliases="")
    response = staff_client.post(add_url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    entry = Entry.objects.get(slug="tentakiller")
    assert entry.initiative == 16 and entry.keywords == ["Creature", "KEEP"]
    assert entry.cost is None and entry.text is None  # blanks stay unknown

    change_url = reverse("admin:cardsite_entry_change", args=[entry.pk])
    data = form_data(staff_client, change_url, initiative="17", keywords="Creature, KEEP",
                     change_reason="Card photo shows 17")
    assert staff_client.post(change_url, data).status_code == 302
    entry.refresh_from_db()
    assert entry.initiative == 17
    assert entry.history.first().history_change_reason == "Card photo shows 17"

    history_url = reverse("admin:cardsite_entry_history", args=[entry.pk])
    page = staff_client.get(history_url).content.decode()
    assert "editor" in page and page.count("history/") >= 2
    assert "Card photo shows 17" in page
    diff = re.search(r"<strong>Initiative:</strong>(.*?)</li>", page, re.S)
    assert diff and re.sub(r"\s+|&nbsp;", "", diff.group(1)) == "16&rarr;17"  # field-by-field
    first = entry.history.earliest()
    revert_url = reverse("admin:cardsite_entry_simple_history", args=[entry.pk, first.history_id])
    response = staff_client.get(revert_url)
    assert response.status_code == 200 and b"Revert" in response.content
    data = form_data(staff_client, revert_url)
    assert staff_client.post(revert_url, data).status_code == 302
    entry.refresh_from_db()
    assert entry.initiative == 16
    assert entry.history.count() == 3


def test_staff_adds_ruling_and_it_appears_in_history(staff_client, game):
    entry = Entry.objects.create(game=game, slug="tentakiller", name="Tentakiller", kind="card")
    add_url = reverse("admin:rulesref_ruling_add")
    data = form_data(staff_client, add_url, game=game.pk, slug="tie", kind="clarification",
                     question="Who goes first on a tie?", answer="Roll off.", source="Turn Order",
                     entries=[entry.pk], rules=[Rule.objects.get().pk], readings="[]", position=0)
    response = staff_client.post(add_url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    ruling = Ruling.objects.get(slug="tie")
    assert list(ruling.entries.all()) == [entry]
    page = staff_client.get(reverse("admin:rulesref_ruling_history", args=[ruling.pk]))
    assert b"Who goes first on a tie?" in page.content or b"Created" in page.content
    assert ruling.history.count() == 1


def test_ruling_without_source_is_refused_with_a_message(staff_client, game):
    add_url = reverse("admin:rulesref_ruling_add")
    data = form_data(staff_client, add_url, game=game.pk, slug="x", kind="conflict",
                     question="Q?", answer="A.", source="", readings="[]", position=0)
    response = staff_client.post(add_url, data)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "must cite the rulebook section" in str(errors["source"])
    assert "lists the readings" in str(errors["readings"])
    assert not Ruling.objects.exists()


def test_out_of_range_initiative_is_refused(staff_client, game):
    add_url = reverse("admin:cardsite_entry_add")
    data = form_data(staff_client, add_url, game=game.pk, name="Bad", slug="bad", kind="card",
                     initiative="-3", keywords="", aliases="")
    response = staff_client.post(add_url, data)
    assert response.status_code == 200
    assert "at least 0" in str(response.context["adminform"].form.errors["initiative"])
    assert not Entry.objects.exists()


def test_entry_form_knows_the_game(staff_client, game):
    add_url = reverse("admin:cardsite_entry_add")
    page = staff_client.get(add_url).content.decode()
    assert 'data-applicability=' in page and "editorial/entry_form.js" in page
    assert "<script>" not in page.split("<body")[1]  # no inline script (CSP)
    data = form_data(staff_client, add_url, game=game.pk, name="Src", slug="src", kind="card",
                     type="source", glyph="dark", initiative="5", keywords="Creature, Bogus",
                     aliases="", change_reason="")
    errors = staff_client.post(add_url, data).context["adminform"].form.errors
    assert "has no initiative" in str(errors["initiative"])
    assert "Bogus" in str(errors["keywords"]) and "change_reason" in errors
    data.update(type="sourcery", initiative="")
    errors = staff_client.post(add_url, data).context["adminform"].form.errors
    assert "type" in errors
    assert not Entry.objects.exists()


def test_ruling_inline_rows_say_what_they_are(game):
    ruling = Ruling.objects.create(game=game, slug="r", question="Does it?", answer="Yes.",
                                   source="Turn Order")
    entry = Entry.objects.create(game=game, slug="e", name="E", kind="card")
    ruling.entries.add(entry)
    assert str(Ruling.entries.through.objects.get()) == "Ruling: Does it?"


def test_non_staff_cannot_reach_the_admin(client, game):
    user = User.objects.create_user("player", password="pw-player-1234")
    client.force_login(user)
    response = client.get(reverse("admin:cardsite_entry_changelist"))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    anonymous = client.__class__()
    response = anonymous.get(reverse("admin:index"))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.parametrize(
    "name", ["cardsite_game", "cardsite_component", "cardsite_entry", "rulesref_rule",
             "rulesref_glossaryterm", "rulesref_ruling"],
)
def test_every_changelist_filters_and_searches(staff_client, game, name):
    url = reverse(f"admin:{name}_changelist")
    assert staff_client.get(url).status_code == 200
    assert staff_client.get(url, {"q": "tentakiller"}).status_code == 200
    assert re.search(rb"<form[^>]+id=\"changelist-search\"", staff_client.get(url).content)
