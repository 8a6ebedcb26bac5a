"""Flood limits of the sandbox: new tables per client, and tables that expire."""
import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from engine.web.models import Sandbox
from engine.web.sandbox.service import EXPIRE_DAYS, sandbox_create

pytestmark = pytest.mark.django_db


def test_new_tables_per_client_are_limited(client, settings):
    settings.SANDBOX_CREATE_RATE = "3/hour"
    new = {"game": "demoniac", "players": "2"}
    for _ in range(3):
        assert client.post(reverse("sandbox-new"), new).status_code == 303
    response = client.post(reverse("sandbox-new"), new)
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    assert "Too many new tables" in response.content.decode()
    assert Sandbox.objects.count() == 3
    other = client.post(reverse("sandbox-new"), new, REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 303  # another address has its own allowance


def test_signed_in_users_are_not_limited(admin_client, settings):
    settings.SANDBOX_CREATE_RATE = "1/hour"
    for _ in range(3):
        response = admin_client.post(reverse("sandbox-new"), {"game": "demoniac", "players": "2"})
        assert response.status_code == 303


def test_untouched_tables_expire_after_seven_days(capsys):
    assert EXPIRE_DAYS == 7
    old = sandbox_create("demoniac", {"players": 2}, seed=1)
    recent = sandbox_create("demoniac", {"players": 2}, seed=2)
    now = timezone.now()
    Sandbox.objects.filter(pk=old.pk).update(updated=now - datetime.timedelta(days=8))
    Sandbox.objects.filter(pk=recent.pk).update(updated=now - datetime.timedelta(days=6))
    call_command("cleanup_sandboxes")  # the default is the expiry
    assert "deleted 1 sandbox(es) untouched for 7 day(s)" in capsys.readouterr().out.lower()
    assert list(Sandbox.objects.values_list("pk", flat=True)) == [recent.pk]


def test_creating_tables_now_and_then_expires_old_ones(monkeypatch):
    old = sandbox_create("demoniac", {"players": 2}, seed=1)
    Sandbox.objects.filter(pk=old.pk).update(updated=timezone.now() - datetime.timedelta(days=9))
    monkeypatch.setattr("engine.web.sandbox.service.EXPIRE_CHANCE", 1.0)
    fresh = sandbox_create("demoniac", {"players": 2}, seed=2)
    assert list(Sandbox.objects.values_list("pk", flat=True)) == [fresh.pk]
