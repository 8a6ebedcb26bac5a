"""The background task machinery: the tests' immediate backend, and the database backend
with its real worker (``manage.py db_worker``), which `make serve` runs beside the site."""
import pytest
from django.core.management import call_command
from django.test import override_settings
from django_tasks import TaskResultStatus, task_backends

from cardsite.background import progress
from tests.background.tasks import count_to, fail

pytestmark = pytest.mark.django_db

DATABASE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def test_tests_run_a_task_when_it_is_enqueued():
    result = count_to.enqueue(3)
    assert result.status == TaskResultStatus.SUCCESSFUL
    assert result.return_value == 30
    assert progress.of(result.id) == {"done": 3, "total": 3, "message": "counted 3"}
    assert progress.state(result)["finished"] is True


# The worker commits and closes its connections as in production: a real transaction.
@pytest.mark.django_db(transaction=True)
def test_the_database_backend_waits_for_the_worker_which_runs_it():
    with override_settings(TASKS=DATABASE):
        assert type(task_backends["default"]).__name__ == "DatabaseBackend"
        result = count_to.enqueue(4)
        failing = fail.enqueue()
        assert result.status == TaskResultStatus.READY
        assert progress.state(result) == {"id": str(result.id), "status": "ready",
                                          "finished": False, "progress": None}
        call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0")
        result.refresh()
        failing.refresh()
    assert result.status == TaskResultStatus.SUCCESSFUL and result.return_value == 40
    assert progress.of(result.id)["done"] == 4
    assert failing.status == TaskResultStatus.FAILED
    assert "this task fails" in failing.errors[0].traceback
