"""A second app process for tests/cardsite/test_response_cache_processes.py.

Reads one command per line on stdin and answers one JSON line on stdout:
``get <path>`` (an anonymous GET through the whole middleware stack: status,
X-Cache, body) or ``rename <game> <slug> <name>`` (an entry saved through the
ORM, committed, as an editor's write would be).
"""
import json
import sys

import django


def main() -> None:
    django.setup()
    from django.conf import settings
    from django.test import Client

    settings.RESPONSE_CACHE = True  # tests.settings turns it off for the suite

    from cardsite.models import Entry

    client = Client()
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        command, *args = line.rstrip("\n").split(" ", 3)
        if command == "get":
            response = client.get(args[0])
            print(json.dumps({"status": response.status_code, "cache": response.get("X-Cache"),
                              "body": response.content.decode()}), flush=True)
        elif command == "rename":
            entry = Entry.objects.get(game__slug=args[0], slug=args[1])
            entry.name = args[2]
            entry.save()
            print(json.dumps({"saved": True}), flush=True)


if __name__ == "__main__":
    main()
