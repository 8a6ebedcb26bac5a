"""Every example query a page shows finds something in the bundled catalog.

The examples are read from the rendered pages, as a player sees them: the links marked
``data-example`` (home, the search and card list syntax help, ...) and the "try: a, b"
or "Search syntax: ..." of a search box's placeholder, run on that box's form. An
example that finds nothing fails here, whatever page it was added to.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser
from io import StringIO
from urllib.parse import urlencode

from django.core.management import call_command
from django.test import TestCase

PAGES = ["/", "/search/", "/cards/", "/rulings/", "/glossary/", "/games/rumble/",
         "/games/anarchy/", "/games/satanic-panic/", "/games/demoniac/", "/engine/",
         "/engine/sandbox/", "/no/such/page/"]
PLACEHOLDER = re.compile(r"(?:try|syntax):\s*(?P<examples>[^)]+)", re.IGNORECASE)
FOUND = re.compile(r'class="result-count" role="status">(\d+) ')


class _Examples(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: list[str] = []  # URLs, each an example run where the page runs it
        self._action = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self._action = attrs.get("action")
        elif tag == "a" and "data-example" in attrs:
            self.found.append(attrs["href"])
        elif tag == "input" and self._action and (match := PLACEHOLDER.search(
                attrs.get("placeholder") or "")):
            for example in match["examples"].split(","):
                self.found.append(f"{self._action}?{urlencode({'q': example.strip()})}")

    def handle_endtag(self, tag):
        if tag == "form":
            self._action = None


class PageExamplesTests(TestCase):
    @classmethod
    def setUpTestData(cls):
        call_command("load_catalog", stdout=StringIO())

    def examples(self) -> dict[str, list[str]]:
        found = {}
        for url in PAGES:
            parser = _Examples()
            parser.feed(self.client.get(url).content.decode())
            for example in parser.found:
                found.setdefault(example, []).append(url)
        return found

    def test_the_pages_show_examples(self):
        examples = self.examples()
        self.assertGreaterEqual(len(examples), 25)
        for url in ("/", "/search/", "/cards/", "/no/such/page/"):
            self.assertTrue(any(url in pages for pages in examples.values()), url)

    def test_every_example_finds_something(self):
        for example, pages in sorted(self.examples().items()):
            with self.subTest(example=example, shown_on=pages):
                response = self.client.get(example)
                if response.status_code == 302:  # a card's exact name: its page
                    self.assertEqual(self.client.get(response["Location"]).status_code, 200)
                    continue
                self.assertEqual(response.status_code, 200)
                count = FOUND.search(response.content.decode())
                self.assertIsNotNone(count, "no result count on the page")
                self.assertGreater(int(count[1]), 0, "found nothing")
