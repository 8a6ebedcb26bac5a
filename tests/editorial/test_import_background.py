"""A confirmed import runs on the background worker (manage.py db_worker) with its progress."""
import pytest
from django.core.management import call_command
from django.test import override_settings

from cardsite.editorial.models import PendingImport
from cardsite.models import Entry

DATABASE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
ROWS = 1200  # more than two of the writer's batches of 500


# The worker commits and closes its connections as in production: a real transaction.
@pytest.mark.django_db(transaction=True)
def test_a_confirmed_sheet_waits_for_the_worker_then_is_applied_with_its_rows_counted(
        client, editor, catalog):
    client.force_login(editor)
    sheet = "name,type,glyph\n" + "".join(f"Queued Source {n},source,dark\n" for n in range(ROWS))
    from django.core.files.uploadedfile import SimpleUploadedFile
    page = client.post("/admin/import/", {"file": SimpleUploadedFile(
        "many.csv", sheet.encode()), "game": "rumble"})
    pending, plan = page.context["pending"], page.context["plan"]
    assert plan.valid and plan.counts()["added"] == ROWS
    with override_settings(TASKS=DATABASE):
        answer = client.post(f"/admin/import/{pending.pk}/confirm/", {"digest": plan.digest})
        waiting = client.get(answer["Location"])
        assert "Waiting for the background worker" in waiting.content.decode()
        assert '<meta http-equiv="refresh"' in waiting.content.decode()
        assert not Entry.objects.filter(name__startswith="Queued Source").exists()
        call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0")
    state = client.get(answer["Location"], {"format": "json"}).json()
    assert state["status"] == "applied" and state["finished"], state
    assert state["progress"] == {"done": ROWS, "total": ROWS, "message": "applied"}
    assert Entry.objects.filter(name__startswith="Queued Source").count() == ROWS
    assert PendingImport.objects.get(pk=pending.pk).status == "applied"
    shown = client.get(answer["Location"]).content.decode()
    assert "Import applied" in shown and "refresh" not in shown
