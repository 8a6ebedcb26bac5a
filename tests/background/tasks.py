"""A task for the worker's tests (a task is found by its module path, so not in a test file)."""
from django_tasks import task

from cardsite.background import progress


@task(takes_context=True)
def count_to(context, n: int) -> int:
    for i in range(1, n + 1):
        progress.report(context, i, n, f"counted {i}")
    return n * 10


@task()
def fail() -> None:
    raise ValueError("this task fails")
