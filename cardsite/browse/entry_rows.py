"""One entry with everything its page and the API's entry show, in plain statements.

Django's ``select_related``/``prefetch_related`` for a card page built and
compiled six querysets a request (4 of its 7 ms CPU on SQLite, the template
excluded); the card page's statement below is built once per process and its
rows made instances as the ORM makes them (``Model.from_db`` with the fields'
and the backend's converters), with the relations left as a prefetch leaves
them: ``entry.bands.all()``, ``entry.images.all()``, ``entry.rulings.all()``
(each ruling's ``game`` set and ``rules.all()`` prefetched, each rule's
``game`` set) and ``entry.mentioned_in_rules.all()`` give lists in the ORM's
order and run no query.

The page's whole read is one statement (``entry_page``): the entry, each of its
relations, the windows of its neighbours and its game's glossary terms (when it
has keywords) are branches of one UNION ALL, each filling its own columns and
leaving the others NULL, in one order (the branch, then each branch's own sort
columns). Six statements a page were 0.4 ms of Python on SQLite and, on
PostgreSQL, six round trips to the server.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models.base import ModelState
from django.db.models.signals import post_init, pre_init

from cardsite.images.models import EntryImage
from cardsite.models import Component, Entry, Game, RollBand
from rulesref.models import GlossaryTerm, Rule, Ruling


class Rows:
    """A model's concrete columns (or ``names`` of them) under a table alias, and its
    rows made instances."""

    def __init__(self, model, alias: str, names: tuple[str, ...] | None = None):
        self.model, self.alias = model, alias
        self.fields = (model._meta.concrete_fields if names is None
                       else [model._meta.get_field(name) for name in names])
        self.names = [f.attname for f in self.fields]
        self._converters: dict[int, list] = {}

    def columns(self) -> list[str]:
        quote = connection.ops.quote_name
        return [f"{self.alias}.{quote(f.column)}" for f in self.fields]

    def converters(self, db) -> list:
        """(column's index, converters, expression) of the columns the ORM's compiler
        converts (JSON text decoded, SQLite's booleans and datetimes made Python's), per
        connection (``db``: the connection itself, not the thread-local proxy)."""
        found = self._converters.get(id(db))
        if found is None:
            if len(self._converters) > 64:  # threads come and go: a bound, not a cache policy
                self._converters.clear()
            found = []
            for i, f in enumerate(self.fields):
                col = f.get_col(self.alias)
                chain = db.ops.get_db_converters(col) + col.get_db_converters(db)
                if chain:
                    found.append((i, chain, col))
            self._converters[id(db)] = found
        return found

    def values(self, values, db) -> list:
        """The row's values converted as the ORM converts them, without an instance."""
        values = list(values)
        for i, chain, col in self.converters(db):
            value = values[i]
            for converter in chain:
                value = converter(value, col, db)
            values[i] = value
        return values

    def make(self, values, db):
        """The row as the model's instance, as ``Model.from_db`` makes it. Without the
        model's ``__init__`` where no receiver waits for its signals: the instance's
        state and its fields' values set at once, as ``__init__`` would leave them on a
        new instance (a fifth of its cost; 15 instances a card page)."""
        model = self.model
        values = self.values(values, db)
        if pre_init.has_listeners(model) or post_init.has_listeners(model):
            return model.from_db(db.alias, self.names, values)
        instance = model.__new__(model)
        state = ModelState()
        state.adding, state.db = False, db.alias
        fields = instance.__dict__
        fields["_state"] = state
        fields.update(zip(self.names, values, strict=True))
        return instance


def _prefetched(instance, name: str, objects: list) -> None:
    if not hasattr(instance, "_prefetched_objects_cache"):
        instance._prefetched_objects_cache = {}
    instance._prefetched_objects_cache[name] = objects


class Near:
    """A neighbouring entry as the page links it (its position, slug and name)."""

    __slots__ = ("position", "slug", "name")

    def __init__(self, position, slug, name):
        self.position, self.slug, self.name = position, slug, name


@dataclass
class EntryPage:
    """The card page's read: the entry with its relations, up to ``window`` entries of
    its game at or before its (position, slug) in the catalog's order (nearest first)
    and at or after it, and its game's glossary terms, (slug, term, aliases) in the
    glossary's order, when it has keywords (else none)."""

    entry: Entry
    before: list[Near]
    after: list[Near]
    terms: list[tuple[str, str, list]]


ENTRY, GAME, COMPONENT = Rows(Entry, "e"), Rows(Game, "g"), Rows(Component, "c")
IMAGE, BAND = Rows(EntryImage, "i"), Rows(RollBand, "b")
RULING, RULING_GAME = Rows(Ruling, "r"), Rows(Game, "rg")
OWNER = Rows(Ruling.rules.through, "x", ("ruling",))  # the ruling citing a rule
RULE, RULE_GAME = Rows(Rule, "u"), Rows(Game, "ug")
NEAR = Rows(Entry, "n", ("position", "slug", "name"))
TERM = Rows(GlossaryTerm, "t", ("slug", "term", "aliases"))
# The parts of the page's statement (each row's first column) and the columns each reads.
PARTS = {"entry": (ENTRY, GAME, COMPONENT), "image": (IMAGE,), "band": (BAND,),
         "ruling": (RULING, RULING_GAME), "cited": (OWNER, RULE, RULE_GAME),
         "mention": (RULE, RULE_GAME), "before": (NEAR,), "after": (NEAR,), "term": (TERM,)}
(ENTRY_PART, IMAGE_PART, BAND_PART, RULING_PART, CITED_PART, MENTION_PART, BEFORE_PART,
 AFTER_PART, TERM_PART) = range(len(PARTS))
# PostgreSQL's types that one column of a UNION can hold across its branches.
_FAMILIES = {"smallint": "bigint", "integer": "bigint", "bigint": "bigint",
             "varchar": "text", "text": "text", "char": "text"}


@dataclass(frozen=True)
class _Statement:
    sql: str
    # per part, per table of the part: the indexes of its columns in a row
    columns: dict[str, tuple[tuple[int, ...], ...]]


def _slots(vendor: str) -> tuple[list[str], dict[str, tuple[tuple[int, ...], ...]]]:
    """The statement's columns after the part and its order: each part's own, sharing
    columns with the other parts (a row is as wide as the widest part, not as all of
    them: SQLite's cost grew with the width). On PostgreSQL a column holds one family
    of types (its UNION resolves each column's type); each column's NULL type."""
    slots: list[str] = []
    placed: dict[str, tuple[tuple[int, ...], ...]] = {}
    for part, tables in PARTS.items():
        used: set[int] = set()
        per_table = []
        for rows in tables:
            indexes = []
            for f in rows.fields:
                kind = "NULL"
                if vendor == "postgresql":
                    cast = f.cast_db_type(connection)
                    kind = _FAMILIES.get(cast.split("(")[0].strip(), cast)
                i = next((i for i, k in enumerate(slots) if k == kind and i not in used), None)
                if i is None:
                    slots.append(kind)
                    i = len(slots) - 1
                used.add(i)
                indexes.append(i + 2)  # after the part and its order
            per_table.append(tuple(indexes))
        placed[part] = tuple(per_table)
    return slots, placed


def _ranked(vendor: str) -> bool:
    """Whether the database ranks each part's rows in its order. SQLite's text order is
    its bytes' (BINARY: none of these columns has a collation of its own), which is
    Python's order of the same strings: its parts are sorted in Python
    (``_in_order``), as its ROW_NUMBER()s cost a third of the statement; another
    database's collation is its own."""
    return vendor != "sqlite"


def _in_order(images, bands, rulings, cited, mentioned, terms) -> None:
    """Each part in its model's order, where the database did not rank them."""
    images.sort(key=lambda i: i.face)
    bands.sort(key=lambda b: (b.position, b.low))
    rulings.sort(key=lambda r: (r.game.position, r.position, r.slug))
    for rules in (*cited.values(), mentioned):
        rules.sort(key=lambda r: (r.game.position, r.sort_key))
    terms.sort(key=itemgetter(1))


@lru_cache(maxsize=4)
def _page_statement(vendor: str, window: int) -> _Statement:
    """The statement (parameters: the game's slug, the entry's slug)."""
    quote = connection.ops.quote_name

    def table(model) -> str:
        return quote(model._meta.db_table)

    def col(model, name: str) -> str:
        return quote(model._meta.get_field(name).column)

    slots, placed = _slots(vendor)
    # Typed in the first part only: PostgreSQL resolves a UNION's column types left to
    # right, so a column typed there takes untyped NULLs after it (each typed NULL
    # lengthened the planning, paid on every request without prepared statements).
    typed = ["NULL" if kind == "NULL" else f"CAST(NULL AS {kind})" for kind in slots]

    def select(part: str, order: str | None = None) -> str:
        """The part's columns in its places, NULL in the others; ``order``: the
        part's order (its rows' rank, the second column)."""
        first = part == "entry"
        values = list(typed) if first else ["NULL"] * len(slots)
        for rows, indexes in zip(PARTS[part], placed[part], strict=True):
            for i, column in zip(indexes, rows.columns(), strict=True):
                values[i - 2] = column
        rank = f"ROW_NUMBER() OVER (ORDER BY {order})" if order and _ranked(vendor) else (
            "CAST(NULL AS bigint)" if first and vendor == "postgresql" else "NULL")
        return f"SELECT {list(PARTS).index(part)}, {rank}, {', '.join(values)}"

    def key(name: str) -> str:
        # The entry's keys as scalar subqueries, not a join with k: each planner then
        # walks the tables' indexes from them (SQLite, not knowing k has one row,
        # scanned the link tables and sorted the neighbours' windows of the whole game).
        return f"(SELECT k.{name} FROM k)"

    def window_of(part: str, op: str, order: str) -> str:
        window_sql = (f"{select(part)} FROM {table(Entry)} n "
                      f"WHERE n.{col(Entry, 'game')} = {key('game_id')} "
                      f"AND n.{position} {op} {key('position')} "
                      f"ORDER BY n.{position} {order}, n.{slug} {order} LIMIT {window}")
        # SQLite takes no parenthesised member of a UNION; PostgreSQL would make a
        # subquery's untyped NULLs text.
        return f"({window_sql})" if vendor == "postgresql" else f"SELECT * FROM ({window_sql}) w_{part}"

    def cols(alias: str, model, *names: str) -> str:
        return ", ".join(f"{alias}.{col(model, name)}" for name in names)

    ruling_entries, ruling_rules, mentions = (Ruling.entries.through, Ruling.rules.through,
                                              Rule.mentions.through)
    pk, position, slug = quote("id"), col(Entry, "position"), col(Entry, "slug")
    # Ruling's and Rule's orders: their game's position first.
    rulings_order = f"{cols('rg', Game, 'position')}, {cols('r', Ruling, 'position', 'slug')}"
    rules_order = f"{cols('ug', Game, 'position')}, {cols('u', Rule, 'sort_key')}"
    sql = (
        # The entry's keys (k), read by every part.
        f"WITH k AS (SELECT e.{pk} AS id, e.{col(Entry, 'game')} AS game_id, "
        f"e.{position} AS position, e.{col(Entry, 'keywords')} AS keywords "
        f"FROM {table(Entry)} e JOIN {table(Game)} g ON g.{pk} = e.{col(Entry, 'game')} "
        f"WHERE g.{col(Game, 'slug')} = %s AND e.{slug} = %s) "
        # The entry, its game and its component (a LEFT JOIN: it may have none).
        f"{select('entry')} FROM {table(Entry)} e "
        f"JOIN {table(Game)} g ON g.{pk} = e.{col(Entry, 'game')} "
        f"LEFT JOIN {table(Component)} c ON c.{pk} = e.{col(Entry, 'component')} "
        f"WHERE e.{pk} = {key('id')} "
        # Each relation ranked in its model's order: no sort of the whole statement's
        # rows (a third of its time on SQLite).
        f"UNION ALL {select('image', cols('i', EntryImage, 'face'))} "
        f"FROM {table(EntryImage)} i WHERE i.{col(EntryImage, 'entry')} = {key('id')} "
        f"UNION ALL {select('band', cols('b', RollBand, 'position', 'low'))} "
        f"FROM {table(RollBand)} b WHERE b.{col(RollBand, 'entry')} = {key('id')} "
        f"UNION ALL {select('ruling', rulings_order)} "
        f"FROM {table(ruling_entries)} y "
        f"JOIN {table(Ruling)} r ON r.{pk} = y.{col(ruling_entries, 'ruling')} "
        f"JOIN {table(Game)} rg ON rg.{pk} = r.{col(Ruling, 'game')} "
        f"WHERE y.{col(ruling_entries, 'entry')} = {key('id')} "
        # The rules the entry's rulings cite (with the ruling) and those that mention it.
        f"UNION ALL {select('cited', rules_order)} "
        f"FROM {table(ruling_entries)} y "
        f"JOIN {table(ruling_rules)} x ON x.{col(ruling_rules, 'ruling')} "
        f"= y.{col(ruling_entries, 'ruling')} "
        f"JOIN {table(Rule)} u ON u.{pk} = x.{col(ruling_rules, 'rule')} "
        f"JOIN {table(Game)} ug ON ug.{pk} = u.{col(Rule, 'game')} "
        f"WHERE y.{col(ruling_entries, 'entry')} = {key('id')} "
        f"UNION ALL {select('mention', rules_order)} "
        f"FROM {table(mentions)} m "
        f"JOIN {table(Rule)} u ON u.{pk} = m.{col(mentions, 'rule')} "
        f"JOIN {table(Game)} ug ON ug.{pk} = u.{col(Rule, 'game')} "
        f"WHERE m.{col(mentions, 'entry')} = {key('id')} "
        # The neighbours' windows: a range on (game, position) each, which walks the index.
        f"UNION ALL {window_of('before', '<=', 'DESC')} "
        f"UNION ALL {window_of('after', '>=', 'ASC')} "
        # The game's glossary (in its order: the term, within one game), for the
        # keywords' links: only for an entry that has some.
        f"UNION ALL {select('term', cols('t', GlossaryTerm, 'term'))} "
        f"FROM {table(GlossaryTerm)} t WHERE t.{col(GlossaryTerm, 'game')} = "
        f"(SELECT k.game_id FROM k WHERE k.keywords <> '[]')"
    )
    return _Statement(sql, placed)


def entry_page(*, game: str, slug: str, window: int) -> EntryPage:
    """The card page's read of ``game``/``slug`` (Entry.DoesNotExist), in one statement."""
    db = connections[DEFAULT_DB_ALIAS]
    statement = _page_statement(db.vendor, window)
    with db.cursor() as cursor:
        cursor.execute(statement.sql, [game, slug])
        rows = cursor.fetchall()
    rows.sort(key=itemgetter(0, 1))  # each part together, in its order
    if not rows or rows[0][0] != ENTRY_PART:
        raise Entry.DoesNotExist(f"No entry {game}/{slug}.")
    columns = statement.columns
    get = {part: [itemgetter(*indexes) for indexes in tables] for part, tables in columns.items()}
    of_entry, of_game, of_component = get["entry"]
    row = rows[0]
    entry = ENTRY.make(of_entry(row), db)
    entry.game = GAME.make(of_game(row), db)
    component = of_component(row)
    entry.component = COMPONENT.make(component, db) if component[0] is not None else None
    games = {entry.game_id: entry.game}

    def game_of(values) -> Game:
        found = games.get(values[0])  # Game's first column: its id
        if found is None:
            found = games[values[0]] = GAME.make(values, db)
        return found

    images, bands, rulings, mentioned, terms = [], [], [], [], []
    before: list[Near] = []
    after: list[Near] = []
    cited: dict[int, list] = {}
    for row in rows[1:]:
        part = row[0]
        if part == CITED_PART:
            owner, rule, its_game = (f(row) for f in get["cited"])
            rule = RULE.make(rule, db)
            rule.game = game_of(its_game)
            cited[owner].append(rule)
        elif part == RULING_PART:
            ruling, its_game = (f(row) for f in get["ruling"])
            ruling = RULING.make(ruling, db)
            ruling.game = game_of(its_game)
            cited[ruling.pk] = []
            _prefetched(ruling, "rules", cited[ruling.pk])
            rulings.append(ruling)
        elif part == MENTION_PART:
            rule, its_game = (f(row) for f in get["mention"])
            rule = RULE.make(rule, db)
            rule.game = game_of(its_game)
            mentioned.append(rule)
        elif part == BEFORE_PART or part == AFTER_PART:
            (before if part == BEFORE_PART else after).append(
                Near(*NEAR.values(get["before"][0](row), db)))
        elif part == TERM_PART:
            terms.append(tuple(TERM.values(get["term"][0](row), db)))
        elif part == IMAGE_PART:
            image = IMAGE.make(get["image"][0](row), db)
            image.entry = entry
            images.append(image)
        elif part == BAND_PART:
            band = BAND.make(get["band"][0](row), db)
            band.entry = entry
            bands.append(band)
    if not _ranked(db.vendor):
        _in_order(images, bands, rulings, cited, mentioned, terms)
    _prefetched(entry, "images", images)
    _prefetched(entry, "bands", bands)
    _prefetched(entry, "rulings", rulings)
    _prefetched(entry, "mentioned_in_rules", mentioned)
    # Each window in its order (the union's order is the database's to choose).
    before.sort(key=lambda e: (e.position, e.slug), reverse=True)
    after.sort(key=lambda e: (e.position, e.slug))
    return EntryPage(entry, before, after, terms)
