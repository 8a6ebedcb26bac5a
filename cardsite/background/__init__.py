"""Background work: Django's Tasks API (django-tasks) with its database backend, and the
progress a task reports while it runs (README, "Background tasks"; /work notes aside).

Define a task with ``django_tasks.task`` in the module of the feature it serves, enqueue it
with ``.enqueue(...)``, and report progress with ``progress.report``; the worker
(``manage.py db_worker``) runs it. Tests run tasks at enqueue (the immediate backend).
"""
