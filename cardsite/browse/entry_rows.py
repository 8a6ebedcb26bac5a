"""One entry with everything its page and the API's entry show, in plain statements.

Django's ``select_related``/``prefetch_related`` for a card page built and
compiled six querysets a request (4 of its 7 ms CPU on SQLite, the template
excluded); the statements below are built once per process and their rows made
instances as the ORM makes them (``Model.from_db`` with the fields' and the
backend's converters), with the relations left as a prefetch leaves them:
``entry.bands.all()``, ``entry.images.all()``, ``entry.rulings.all()`` (each
ruling's ``game`` set and ``rules.all()`` prefetched, each rule's ``game`` set)
and ``entry.mentioned_in_rules.all()`` give lists in the ORM's order and run no
query.
"""
from __future__ import annotations

from functools import lru_cache

from django.db import connection

from cardsite.images.models import EntryImage
from cardsite.models import Component, Entry, Game, RollBand
from rulesref.models import Rule, Ruling


class Rows:
    """A model's concrete columns under a table alias, and its rows made instances."""

    def __init__(self, model, alias: str):
        self.model, self.alias = model, alias
        self.fields = model._meta.concrete_fields
        self.names = [f.attname for f in self.fields]
        self._converters: dict[int, list] = {}

    def select(self) -> str:
        quote = connection.ops.quote_name
        return ", ".join(f"{self.alias}.{quote(f.column)}" for f in self.fields)

    def converters(self) -> list:
        """Per column, (converters, expression) as the ORM's compiler applies them (JSON
        text decoded, SQLite's booleans and datetimes made Python's); per connection."""
        ops = connection.ops
        found = self._converters.get(id(ops))
        if found is None:
            if len(self._converters) > 64:  # threads come and go: a bound, not a cache policy
                self._converters.clear()
            found = []
            for f in self.fields:
                col = f.get_col(self.alias)
                chain = ops.get_db_converters(col) + col.get_db_converters(connection)
                found.append((chain, col))
            self._converters[id(ops)] = found
        return found

    def make(self, values):
        converted = []
        for value, (chain, col) in zip(values, self.converters(), strict=True):
            for converter in chain:
                value = converter(value, col, connection)
            converted.append(value)
        return self.model.from_db(connection.alias, self.names, converted)


def _prefetched(instance, name: str, objects: list) -> None:
    if not hasattr(instance, "_prefetched_objects_cache"):
        instance._prefetched_objects_cache = {}
    instance._prefetched_objects_cache[name] = objects


ENTRY, GAME, COMPONENT = Rows(Entry, "e"), Rows(Game, "g"), Rows(Component, "c")
IMAGE, BAND = Rows(EntryImage, "i"), Rows(RollBand, "b")
RULING, RULE = Rows(Ruling, "r"), Rows(Rule, "r")


@lru_cache(maxsize=4)
def _statements(vendor: str) -> dict[str, str]:
    quote = connection.ops.quote_name

    def table(model) -> str:
        return quote(model._meta.db_table)

    def col(model, name: str) -> str:
        return quote(model._meta.get_field(name).column)

    ruling_entries = Ruling.entries.through
    ruling_rules = Ruling.rules.through
    mentions = Rule.mentions.through
    re_ruling, re_entry = (quote(ruling_entries._meta.get_field(n).column) for n in ("ruling", "entry"))
    rr_ruling, rr_rule = (quote(ruling_rules._meta.get_field(n).column) for n in ("ruling", "rule"))
    m_rule, m_entry = (quote(mentions._meta.get_field(n).column) for n in ("rule", "entry"))
    game_fk, pk = col(Entry, "game"), quote("id")
    return {
        # The entry, its game and its component (a LEFT JOIN: it may have none).
        "entry": (f"SELECT {ENTRY.select()}, {GAME.select()}, {COMPONENT.select()} "
                  f"FROM {table(Entry)} e JOIN {table(Game)} g ON g.{pk} = e.{game_fk} "
                  f"LEFT JOIN {table(Component)} c ON c.{pk} = e.{col(Entry, 'component')} "
                  f"WHERE g.{col(Game, 'slug')} = %s AND e.{col(Entry, 'slug')} = %s"),
        "images": (f"SELECT {IMAGE.select()} FROM {table(EntryImage)} i "
                   f"WHERE i.{col(EntryImage, 'entry')} = %s ORDER BY i.{col(EntryImage, 'face')}"),
        "bands": (f"SELECT {BAND.select()} FROM {table(RollBand)} b "
                  f"WHERE b.{col(RollBand, 'entry')} = %s "
                  f"ORDER BY b.{col(RollBand, 'position')}, b.{col(RollBand, 'low')}"),
        # Ruling's order: its game's position, its position, its slug.
        "rulings": (f"SELECT {RULING.select()} FROM {table(Ruling)} r "
                    f"JOIN {table(ruling_entries)} x ON x.{re_ruling} = r.{pk} "
                    f"JOIN {table(Game)} g ON g.{pk} = r.{col(Ruling, 'game')} "
                    f"WHERE x.{re_entry} = %s ORDER BY g.{col(Game, 'position')}, "
                    f"r.{col(Ruling, 'position')}, r.{col(Ruling, 'slug')}"),
        # The rules the entry's rulings cite (owner: the ruling) and the rules that
        # mention the entry (owner NULL), in Rule's order: game position, sort key.
        "rules": (f"SELECT * FROM (SELECT x.{rr_ruling} AS owner, g.{col(Game, 'position')} "
                  f"AS game_position, {RULE.select()} FROM {table(Rule)} r "
                  f"JOIN {table(ruling_rules)} x ON x.{rr_rule} = r.{pk} "
                  f"JOIN {table(ruling_entries)} y ON y.{re_ruling} = x.{rr_ruling} "
                  f"JOIN {table(Game)} g ON g.{pk} = r.{col(Rule, 'game')} WHERE y.{re_entry} = %s "
                  f"UNION ALL SELECT NULL AS owner, g.{col(Game, 'position')} AS game_position, "
                  f"{RULE.select()} FROM {table(Rule)} r "
                  f"JOIN {table(mentions)} x ON x.{m_rule} = r.{pk} "
                  f"JOIN {table(Game)} g ON g.{pk} = r.{col(Rule, 'game')} "
                  f"WHERE x.{m_entry} = %s) u "
                  f"ORDER BY u.game_position, u.{col(Rule, 'sort_key')}"),
        "games": f"SELECT {GAME.select()} FROM {table(Game)} g WHERE g.{pk} IN ({{}})",
    }


def entry_with_relations(*, game: str, slug: str) -> Entry:
    """The entry ``game``/``slug`` (Entry.DoesNotExist) with its game, component,
    images, bands, rulings (their games and rules) and the rules that mention it."""
    sql = _statements(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql["entry"], [game, slug])
        row = cursor.fetchone()
        if row is None:
            raise Entry.DoesNotExist(f"No entry {game}/{slug}.")
        n_entry, n_game = len(ENTRY.fields), len(GAME.fields)
        entry = ENTRY.make(row[:n_entry])
        entry.game = GAME.make(row[n_entry:n_entry + n_game])
        component = row[n_entry + n_game:]
        entry.component = COMPONENT.make(component) if component[0] is not None else None
        cursor.execute(sql["images"], [entry.pk])
        images = [IMAGE.make(r) for r in cursor.fetchall()]
        cursor.execute(sql["bands"], [entry.pk])
        bands = [BAND.make(r) for r in cursor.fetchall()]
        cursor.execute(sql["rulings"], [entry.pk])
        rulings = [RULING.make(r) for r in cursor.fetchall()]
        cursor.execute(sql["rules"], [entry.pk, entry.pk])
        rules = [(owner, RULE.make(values)) for owner, _position, *values in cursor.fetchall()]
        games = {entry.game_id: entry.game}
        wanted = {o.game_id for o in rulings} | {r.game_id for _, r in rules}
        if wanted - games.keys():
            missing = sorted(wanted - games.keys())
            cursor.execute(sql["games"].format(", ".join(["%s"] * len(missing))), missing)
            games.update((g.pk, g) for g in (GAME.make(r) for r in cursor.fetchall()))
    for image in images:
        image.entry = entry
    for band in bands:
        band.entry = entry
    cited: dict[int, list] = {ruling.pk: [] for ruling in rulings}
    mentioned = []
    for owner, rule in rules:
        rule.game = games[rule.game_id]
        (mentioned if owner is None else cited[owner]).append(rule)
    for ruling in rulings:
        ruling.game = games[ruling.game_id]
        _prefetched(ruling, "rules", cited[ruling.pk])
    _prefetched(entry, "images", images)
    _prefetched(entry, "bands", bands)
    _prefetched(entry, "rulings", rulings)
    _prefetched(entry, "mentioned_in_rules", mentioned)
    return entry
