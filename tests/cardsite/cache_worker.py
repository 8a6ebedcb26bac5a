"""A second app process for tests/cardsite/test_response_cache_processes.py.

Reads one command per line on stdin and answers one JSON line on stdout:
``get <path>`` (an anonymous GET through the whole middleware stack: status,
X-Cache, body, and how many queries read entries by id) or ``rename <game> <slug> <name>`` (an entry saved through the
ORM, committed, as an editor's write would be).
"""
import json
import os
import sys

import django


def main() -> None:
    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    # tests.settings turns both off for the suite; WORKER_RESPONSE_CACHE=0 keeps the
    # response cache off (the entries' kept JSON and rows then answer alone).
    settings.RESPONSE_CACHE = os.environ.get("WORKER_RESPONSE_CACHE", "1") == "1"
    settings.ENTRY_MEMO = True

    from cardsite.models import Entry

    client = Client()
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        command, *args = line.rstrip("\n").split(" ", 3)
        if command == "get":
            with CaptureQueriesContext(connection) as queries:
                response = client.get(args[0])
            print(json.dumps({"status": response.status_code, "cache": response.get("X-Cache"),
                              "body": response.content.decode(),
                              "entry_reads": sum('"cardsite_entry"."id" IN (' in q["sql"]
                                                 for q in queries)}), flush=True)
        elif command == "rename":
            entry = Entry.objects.get(game__slug=args[0], slug=args[1])
            entry.name = args[2]
            entry.save()
            print(json.dumps({"saved": True}), flush=True)


if __name__ == "__main__":
    main()
