"""Whatever the API accepts exports and imports again (hypothesis, stateful).

Random sequences of staff writes (entries with their bands, rules, rulings,
glossary terms; creates, patches, deletes; hostile values mixed in: uppercase
slugs, NUL bytes, overlong texts, empty glyphs, unknown sections, overlapping
bands). Whatever the API answers, an export afterwards passes the importer's
validation and imports.
"""
import pytest
from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, precondition, rule

from cardsite.catalog_files.catalog_export import catalog_export
from cardsite.catalog_files.catalog_format import validate_catalog
from cardsite.catalog_files.catalog_import import catalog_import

pytestmark = pytest.mark.django_db

SECTIONS = ["Components", "Turn Order", "Power Rolls", "No Such Section", "demoniac: SETUP", ""]
texts = st.one_of(
    st.text(max_size=30), st.sampled_from(["", " ", "x\x00y", "x" * 10_001, "Fine text."]),
)
slugs = st.one_of(st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,4})?", fullmatch=True),
                  st.sampled_from(["aLsSrqv", "a_b", "-a", "a" * 130, ""]))
numbers = st.one_of(st.none(), st.integers(-5, 120))
bands = st.lists(st.fixed_dictionaries({
    "low": st.integers(-1, 101), "high": st.one_of(st.none(), st.integers(-1, 101)),
    "effect": texts, "keep": st.booleans(),
}), max_size=3)
entry_fields = st.fixed_dictionaries({}, optional={
    "name": texts, "type": st.one_of(st.none(), texts), "glyph": st.sampled_from(
        [None, "", "arcane", "dark", "nope"]), "initiative": numbers, "cost": numbers,
    "keywords": st.lists(texts, max_size=3), "text": st.one_of(st.none(), texts),
    "source": st.sampled_from(SECTIONS), "notes": texts, "bands": bands,
    "component": st.sampled_from([None, "delivery-cards", "tokens", "nope"]),
})
readings = st.one_of(st.just([]), st.lists(st.fixed_dictionaries(
    {"source": st.sampled_from(SECTIONS), "reading": texts}), min_size=1, max_size=2),
    st.sampled_from([True, 5, "x"]))


ACCEPTED = []  # successful writes per run


class ApiWrites(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        from django.contrib.auth.models import User
        from rest_framework.test import APIClient

        user = User.objects.create_user("roundtrip", password="pw-rt-12345", is_staff=True)
        self.api = APIClient()
        self.api.force_authenticate(user)
        self.entries, self.rules, self.rulings = ["zapper", "blank-card"], ["1", "1.1", "1.2"], []
        self.accepted = 0

    def teardown(self):
        try:
            self.export_imports_again()
        finally:
            transaction.set_rollback(True)
            self.atomic.__exit__(None, None, None)

    def write(self, method, url, body=None):
        response = getattr(self.api, method)(url, body, format="json")
        assert response.status_code < 500, (method, url, body, response.content[:300])
        self.accepted += response.status_code < 300
        return response.status_code < 300

    @rule(slug=slugs, name=texts, fields=entry_fields)
    def create_entry(self, slug, name, fields):
        body = {"game": "rumble", "slug": slug, "name": name, "kind": "card", **fields}
        if self.write("post", "/api/cards/", body):
            self.entries.append(slug)

    @precondition(lambda self: self.entries)
    @rule(data=st.data(), fields=entry_fields)
    def patch_entry(self, data, fields):
        slug = data.draw(st.sampled_from(self.entries))
        if "slug" in fields:
            return
        self.write("patch", f"/api/cards/rumble/{slug}/", fields)

    @precondition(lambda self: self.entries)
    @rule(data=st.data())
    def delete_entry(self, data):
        slug = data.draw(st.sampled_from(self.entries))
        if self.write("delete", f"/api/cards/rumble/{slug}/"):
            self.entries.remove(slug)

    @rule(number=st.sampled_from(["2", "2.1", "3", "1.3", "1.1.1", "x", "02"]), title=texts,
          text=texts, source=st.sampled_from(SECTIONS))
    def create_rule(self, number, title, text, source):
        body = {"game": "rumble", "number": number, "title": title, "text": text,
                "source": source}
        if self.write("post", "/api/rules/", body):
            self.rules.append(number)

    @precondition(lambda self: self.rules)
    @rule(data=st.data())
    def delete_rule(self, data):
        number = data.draw(st.sampled_from(self.rules))
        if self.write("delete", f"/api/rules/rumble/{number}/"):
            self.rules = [r for r in self.rules if r != number and not r.startswith(number + ".")]

    @rule(slug=slugs, kind=st.sampled_from(["clarification", "conflict", "open-question"]),
          question=texts, answer=texts, source=st.sampled_from(SECTIONS), readings=readings,
          engine_reading=texts, refs=st.lists(st.sampled_from(["zapper", "blank-card", "nope"]),
                                              max_size=2))
    def create_ruling(self, slug, kind, question, answer, source, readings, engine_reading, refs):
        body = {"game": "rumble", "slug": slug, "kind": kind, "question": question,
                "answer": answer, "source": source, "readings": readings,
                "engine_reading": engine_reading, "entry_refs": refs, "rule_refs": ["1"]}
        if self.write("post", "/api/rulings/", body):
            self.rulings.append(slug)

    @precondition(lambda self: self.rulings)
    @rule(data=st.data(), readings=readings, answer=texts)
    def patch_ruling(self, data, readings, answer):
        slug = data.draw(st.sampled_from(self.rulings))
        self.write("patch", f"/api/rulings/rumble/{slug}/", {"readings": readings, "answer": answer})

    @rule(slug=slugs, term=texts, definition=texts, aliases=st.lists(texts, max_size=2))
    def create_term(self, slug, term, definition, aliases):
        self.write("post", "/api/glossary/", {"game": "rumble", "slug": slug, "term": term,
                                               "definition": definition, "aliases": aliases})

    def export_imports_again(self):
        exported = catalog_export()
        problems = validate_catalog(exported)
        assert not problems, problems[:10]
        catalog_import(data=exported, dry_run=True)
        ACCEPTED.append(self.accepted)


@pytest.mark.filterwarnings("ignore:Generating overly large repr")
def test_export_imports_after_any_api_writes(catalog):
    ApiWrites.TestCase.settings = settings(
        max_examples=15, stateful_step_count=15, deadline=None, database=None,
        suppress_health_check=list(HealthCheck),
    )
    ApiWrites.TestCase().runTest()
    assert sum(ACCEPTED) >= 15, ACCEPTED  # the runs did write, not only get refused
