"""Players' suggestions: the public form (no login; CSRF, honeypot, limits, rate) and
the review services (approve applies with history credit, reject and merge do not)."""
import pytest
from django.core.exceptions import ValidationError
from django.test import Client, override_settings

from cardsite.editorial.models import Suggestion
from cardsite.editorial.suggestions import suggestion_approve, suggestion_merge, suggestion_reject
from cardsite.models import Entry

pytestmark = pytest.mark.django_db
URL = "/suggest/card/rumble/tentakiller/"


def send(client, **fields):
    data = {"field": "initiative", "proposed_value": "17", "source": "Card photo: https://x.test/p.jpg",
            "contact": "", "website": ""}
    return client.post(URL, {**data, **fields})


def test_anonymous_suggestion_is_stored_pending_and_not_public(client, catalog):
    page = client.get(URL)
    assert page.status_code == 200 and "no-store" in page["Cache-Control"]
    assert send(client).status_code == 200
    s = Suggestion.objects.get()
    assert (s.status, s.field, s.current_value, s.proposed_value) == ("pending", "initiative", "16", "17")
    assert Entry.objects.get(slug="tentakiller").initiative == 16
    assert "17" not in client.get("/cards/rumble/tentakiller/").content.decode().split("Initiative")[1][:40]


def test_only_fields_that_apply_are_offered(client, catalog):
    choices = [c for c, _ in client.get(URL).context["form"].fields["field"].choices]
    assert "initiative" in choices and "cost" not in choices and "body" not in choices


def test_honeypot_and_size_limits_refuse_without_storing(client, catalog):
    assert send(client, website="http://spam.example").status_code == 400
    assert send(client, proposed_value="x" * 5000).status_code == 400
    assert send(client, source="").status_code == 400
    assert not Suggestion.objects.exists()


def test_csrf_is_enforced(catalog):
    strict = Client(enforce_csrf_checks=True)
    assert send(strict).status_code == 403
    assert not Suggestion.objects.exists()


@override_settings(SUGGESTION_RATE="2/hour")
def test_rate_limit_per_client(client, catalog):
    assert send(client).status_code == 200
    assert send(client).status_code == 200
    refused = send(client)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert Suggestion.objects.count() == 2


def test_text_is_shown_escaped_in_the_queue(client, catalog, reviewer):
    send(client, field="text", proposed_value="<script>alert(1)</script>")
    client.force_login(reviewer)
    html = client.get("/admin/suggestions/").content.decode()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html


def test_approve_applies_through_validation_and_credits_the_suggestion(client, catalog, reviewer):
    send(client)
    s = Suggestion.objects.get()
    suggestion_approve(suggestion=s, user=reviewer)
    entry = Entry.objects.get(slug="tentakiller")
    assert entry.initiative == 17
    assert entry.history.first().history_change_reason == f"Suggestion #{s.pk} approved by rev"
    s.refresh_from_db()
    assert s.status == "approved" and s.reviewed_by == reviewer


def test_an_invalid_value_is_not_applied(client, catalog, reviewer):
    send(client, proposed_value="150")
    s = Suggestion.objects.get()
    with pytest.raises(ValidationError):
        suggestion_approve(suggestion=s, user=reviewer)
    assert Entry.objects.get(slug="tentakiller").initiative == 16
    s.refresh_from_db()
    assert s.status == "pending"


def test_reject_needs_a_reason_and_changes_nothing(client, catalog, reviewer):
    send(client)
    s = Suggestion.objects.get()
    with pytest.raises(ValidationError):
        suggestion_reject(suggestion=s, user=reviewer, reason=" ")
    suggestion_reject(suggestion=s, user=reviewer, reason="The card says 16.")
    assert Entry.objects.get(slug="tentakiller").initiative == 16
    assert Suggestion.objects.get().status == "rejected"


def test_merge_duplicates_of_the_same_field(client, catalog, reviewer):
    send(client)
    send(client, proposed_value="18")
    send(client, field="text", proposed_value="Other")
    first, second, other = Suggestion.objects.order_by("pk")
    suggestion_merge(suggestion=second, into=first, user=reviewer)
    assert Suggestion.objects.get(pk=second.pk).duplicate_of_id == first.pk
    with pytest.raises(ValidationError):
        suggestion_merge(suggestion=other, into=first, user=reviewer)


def test_rule_and_ruling_pages_link_to_the_form(client, catalog):
    for page, link in (("/rules/rumble/1/", "/suggest/rule/rumble/1/"),
                       ("/cards/rumble/tentakiller/", URL),
                       ("/rulings/?game=rumble", "/suggest/ruling/rumble/zapper-first/")):
        assert link in client.get(page).content.decode()
    assert client.get("/suggest/rule/rumble/1/").status_code == 200
    assert client.get("/suggest/ruling/rumble/zapper-first/").status_code == 200
    assert client.get("/suggest/nope/rumble/x/").status_code == 404
