"""Reads of the catalog, shared by the pages and the API (keyword-only arguments).

Every selector runs a fixed number of queries whatever the number of results:
the lists are querysets with their relations joined or prefetched.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from django.db import connection
from django.db.models import Case, Count, Exists, IntegerField, OuterRef, Prefetch, Q, Value, When

from cardsite.browse.entry_rows import Near, entry_page
from cardsite.browse.filters import EntryFilterSet
from cardsite.catalog import games as game_defs
from cardsite.images.links import attach_faces
from cardsite.images.models import EntryImage
from cardsite.models import Component, Entry, Game, RollBand
from rulesref.models import Rule, Ruling
from rulesref.search.backends import TextMatch, TextTerm, get_backend, tokens_of
from rulesref.search.cards import text_page
from rulesref.search.compiler import ENTRIES
from rulesref.search.fuzzy import similar_documents
from rulesref.search.links import card_url
from rulesref.search.ranking import RankedPage, page_ids, page_number
from rulesref.search.syntax import Query, parse

FUZZY_LIMIT = 20
NAMED_THRESHOLD = 0.75  # a misspelling this close to one name is taken as that name
# What card_list_page reads of a page's entries: (ids, columns) -> {id: item}.
Fetch = Callable[[list[int], dict | None], dict]


@dataclass
class CardListResult:
    entries: object  # QuerySet[Entry]; None when card_list_page ranked without one
    warnings: list[str] = field(default_factory=list)
    query: Query = field(default_factory=Query)
    # True when nothing matched the free text and close names stand in for it.
    fuzzy: bool = False


def _entries():
    return Entry.objects.select_related("game", "component").prefetch_related("bands", "images")


def card_list(*, query: str = "", filters: dict | None = None,
              check_fuzzy: bool = True, known_empty: bool = False) -> CardListResult:
    """Entries matching the search syntax ``query`` and the EntryFilterSet ``filters``,
    ranked (exact name, name prefix, full text) or in the requested order.

    Raises QuerySyntaxError for an unparsable query. Filters that do not validate
    are ignored with a warning. When the free text matches nothing, entries with
    close names are returned instead (``fuzzy``; not looked at without ``check_fuzzy``;
    ``known_empty``: the caller has seen that it matches nothing).
    """
    data = {k: v for k, v in (filters or {}).items() if v not in (None, "")}
    query = query or str(data.pop("q", "") or "")
    parsed = parse(query)  # raises before any database work
    if query:
        data["q"] = query
    filterset = EntryFilterSet(data, queryset=_entries())
    warnings = [
        f"{name}: {' '.join(str(m) for m in messages)} (ignored)"
        for name, messages in filterset.errors.items()
    ]
    entries = filterset.qs
    fuzzy = False
    phrase = " ".join(t.value for t in parsed.texts(positive_only=True))
    if check_fuzzy and tokens_of(phrase) and (known_empty or not entries.exists()):
        close = similar_documents(phrase, kind="card", limit=FUZZY_LIMIT)
        if close:
            filterset = EntryFilterSet(data, queryset=_entries(),
                                       fuzzy_ids=[doc.entry_id for doc, _ in close])
            entries, fuzzy = filterset.qs, True
    return CardListResult(entries=entries, warnings=[*filterset.warnings, *warnings],
                          query=filterset.query, fuzzy=fuzzy)


# The filters a free-text search can take without the FilterSet (their columns).
TEXT_PAGE_FILTERS = {"game": ("game__slug", game_defs.GAME_SLUGS), "kind": ("kind", game_defs.ENTRY_KINDS)}


def card_list_page(*, query: str = "", filters: dict | None = None, page=1,
                   per_page: int = 24, fetch: Fetch | None = None
                   ) -> tuple[CardListResult, RankedPage]:
    """One page of ``card_list``: the page's ids and the count in one ranking query,
    then what ``fetch(ids, columns)`` makes of the page's entries, by id (by default
    the entries with their game, component, bands and images: ``page_entries``; the
    pages' kept rows and the API's kept JSON, cardsite.browse.entry_memo), whatever the
    number of matches. A page past the end gives the last page.

    Free text with at most a game and a kind, the common search, is ranked without
    the FilterSet (rulesref.search.cards.text_page); the result's ``entries`` is
    then None: the page holds them."""
    parsed = parse(query)  # raises before any database work
    number = page_number(page)
    columns = _text_columns(filters)
    fetch = fetch or page_entries
    if columns is not None:
        found = text_page(parsed, columns, (number - 1) * per_page, per_page)
        if found is not None:
            return _text_list_page(parsed, found, columns, number, per_page, fetch)
    result = card_list(query=query, filters=filters, check_fuzzy=False)
    ids, total = page_ids(result.entries, (number - 1) * per_page, per_page)
    if not total and tokens_of(" ".join(t.value for t in result.query.texts(positive_only=True))):
        result = card_list(query=query, filters=filters, known_empty=True)
        if result.fuzzy:
            ids, total = page_ids(result.entries, (number - 1) * per_page, per_page)
            result.fuzzy = bool(total)  # no close name within the filters: no notice
    if not ids and total and number > 1:
        number = -(-total // per_page)
        ids, total = page_ids(result.entries, (number - 1) * per_page, per_page)
    return result, _fetched_page(ids, (number - 1) * per_page, total, fetch)


def card_count(*, query: str = "", filters: dict | None = None) -> int:
    """How many entries ``card_list`` gives (close names when the words match
    nothing): a plain text search from its ranking, any other with one COUNT."""
    columns = _text_columns(filters)
    if columns is not None:
        parsed = parse(query)
        found = text_page(parsed, columns, 0, 1)
        if found is not None:
            return _text_list_page(parsed, found, columns, 1, 1,
                                       partial(page_entries, lean=True))[1].total
    return card_list(query=query, filters=filters).entries.count()


def _text_columns(filters: dict | None) -> dict | None:
    """The columns of filters that a plain text search takes (text_page), or None
    when some filter needs the FilterSet."""
    data = {k: v for k, v in (filters or {}).items() if v not in (None, "")}
    columns = {TEXT_PAGE_FILTERS[k][0]: v for k, v in data.items()
               if k in TEXT_PAGE_FILTERS and v in TEXT_PAGE_FILTERS[k][1]}
    return columns if len(columns) == len(data) else None


def _page_entries(lean: bool):
    # Building the prefetched bands and the component was half of a list page's time.
    return Entry.objects.select_related("game") if lean else Entry.objects.select_related(
        "game", "component")


def _attached(by_id: dict, lean: bool, images: bool) -> dict:
    """A page's entries with what it shows: their images (``images``, or a full page)
    and, on a full page (the API's), their roll bands, each in one query."""
    if images or not lean:
        attach_faces(by_id.values())
    if not lean:
        attach_bands(by_id.values())
    return by_id


def attach_bands(entries) -> None:
    """The entries' roll bands in one query, as if prefetched (``entry.bands.all()``
    gives them, in their order): Django's prefetch built a queryset per entry, a
    third of an API page of 20 entries (2.4 ms of its 7)."""
    by_id = {entry.pk: entry for entry in entries}
    bands: dict[int, list] = {pk: [] for pk in by_id}
    if by_id:
        for band in RollBand.objects.filter(entry_id__in=list(by_id)).order_by(
                "entry_id", "position", "low"):
            band.entry = by_id[band.entry_id]
            bands[band.entry_id].append(band)
    for pk, entry in by_id.items():
        if not hasattr(entry, "_prefetched_objects_cache"):
            entry._prefetched_objects_cache = {}
        entry._prefetched_objects_cache["bands"] = bands[pk]


def page_entries(ids: list[int], columns: dict | None = None, *, lean: bool = False,
                 images: bool = False) -> dict:
    """{id: entry} of the ``ids`` (among those in ``columns``) with what a page shows
    (``_page_entries``, ``_attached``): one query, and one per attached relation."""
    entries = _page_entries(lean)
    return _attached((entries.filter(**columns) if columns else entries).in_bulk(ids),
                     lean, images)


def _fetched_page(ids: list[int], offset: int, total: int, fetch: Fetch) -> RankedPage:
    by_id = fetch(ids, None)
    return RankedPage([by_id[i] for i in ids if i in by_id], offset, total)


def _text_list_page(parsed: Query, found, columns: dict, number: int, per_page: int,
                    fetch: Fetch) -> tuple[CardListResult, RankedPage]:
    result = CardListResult(entries=None, warnings=found.warnings, query=parsed)
    if not found.total and tokens_of(found.phrase):
        # Close names stand in for the words, in their order, within the filters.
        close = similar_documents(found.phrase, kind="card", limit=FUZZY_LIMIT)
        by_id = fetch([doc.entry_id for doc, _ in close], columns)
        entries = [by_id[doc.entry_id] for doc, _ in close if doc.entry_id in by_id]
        result.fuzzy = bool(entries)
        if entries and number > -(-len(entries) // per_page):  # past the end: the last page
            number = -(-len(entries) // per_page)
        offset = (number - 1) * per_page
        return result, RankedPage(entries[offset:offset + per_page], offset, len(entries))
    if not found.ids and found.total and number > 1:
        number = -(-found.total // per_page)
        found = text_page(parsed, columns, (number - 1) * per_page, per_page)
    return result, _fetched_page(found.ids, (number - 1) * per_page, found.total, fetch)


def card_detail(*, game: str, slug: str) -> Entry:
    """One entry with its bands, rulings and the rules that mention it (Entry.DoesNotExist).
    The ORM's querysets, kept where a write may follow (``entry.bands.all().delete()``);
    the card page reads it with ``card_page``."""
    return Entry.objects.select_related("game", "component").prefetch_related(
        "bands", "images",
        Prefetch("rulings", queryset=Ruling.objects.select_related("game").prefetch_related(
            Prefetch("rules", queryset=Rule.objects.select_related("game")))),
        Prefetch("mentioned_in_rules", queryset=Rule.objects.select_related("game")),
    ).get(game__slug=game, slug=slug)


NEIGHBOUR_WINDOW = 8


def _neighbour_windows(entry: Entry) -> tuple[list[Entry], list[Entry]]:
    """Up to NEIGHBOUR_WINDOW entries of the game at or before the entry's position
    (nearest first) and at or after it, in one plain statement: a range on (game,
    position) each, which walks the index. The ORM's two querysets cost 2.2 ms of a
    card page (building and compiling them, and each entry's game joined again)."""
    quote = connection.ops.quote_name
    fields = Entry._meta.concrete_fields
    columns = ", ".join(quote(f.column) for f in fields)
    table, game, position, slug = (quote(n) for n in (Entry._meta.db_table, "game_id",
                                                       "position", "slug"))
    window = (f"SELECT {{side}} AS side, {columns} FROM {table} WHERE {game} = %s AND "
              f"{position} {{op}} %s ORDER BY {position} {{order}}, {slug} {{order}} "
              f"LIMIT {NEIGHBOUR_WINDOW}")
    sql = (f"SELECT * FROM ({window.format(side=0, op='<=', order='DESC')}) b UNION ALL "
           f"SELECT * FROM ({window.format(side=1, op='>=', order='ASC')}) f")
    with connection.cursor() as cursor:
        cursor.execute(sql, [entry.game_id, entry.position, entry.game_id, entry.position])
        rows = cursor.fetchall()
    names = [f.attname for f in fields]
    sides: tuple[list, list] = ([], [])
    for side, *values in rows:
        other = Entry.from_db(connection.alias, names, values)
        other.game = entry.game
        sides[side].append(other)
    # Each window in its order (the union's order is the database's to choose).
    sides[0].sort(key=lambda e: (e.position, e.slug), reverse=True)
    sides[1].sort(key=lambda e: (e.position, e.slug))
    return sides


def _neighbour(entry: Entry, window: list[Entry], *, forward: bool) -> Entry | None:
    # SQLite cannot walk the index for the exact "(position, slug) > (p, s)"
    # OR-condition (3.5 ms vs 0.05 ms at 100k), so a small window is read and
    # compared in Python, falling back to the exact query only when the whole
    # window ties on position.
    key = (entry.position, entry.slug)
    for other in window:
        other_key = (other.position, other.slug)
        if (other_key > key) if forward else (other_key < key):
            return other
    if len(window) < NEIGHBOUR_WINDOW:
        return None
    same_game = Entry.objects.filter(game_id=entry.game_id).select_related("game")
    order = ("position", "slug") if forward else ("-position", "-slug")
    if forward:
        beyond = Q(position__gt=entry.position) | Q(position=entry.position, slug__gt=entry.slug)
    else:
        beyond = Q(position__lt=entry.position) | Q(position=entry.position, slug__lt=entry.slug)
    return same_game.filter(beyond).order_by(*order).first()


@dataclass
class CardPage:
    entry: Entry  # with its relations, each a list as if prefetched
    previous: Entry | Near | None  # the neighbours' position, slug and name
    next: Entry | Near | None
    terms: list[tuple[str, str, list]]  # its game's glossary (slug, term, aliases) if it has keywords


def card_page(*, game: str, slug: str) -> CardPage:
    """What the card page shows of an entry (Entry.DoesNotExist), in one statement
    (cardsite.browse.entry_rows): the entry and its relations, its neighbours in
    the game, and its game's glossary terms when it has keywords."""
    read = entry_page(game=game, slug=slug, window=NEIGHBOUR_WINDOW)
    entry = read.entry
    return CardPage(entry, _neighbour(entry, read.before, forward=False),
                    _neighbour(entry, read.after, forward=True), read.terms)


def card_neighbours(entry: Entry) -> tuple[Entry | None, Entry | None]:
    """The previous and next entries of the same game, in catalog order."""
    before, after = _neighbour_windows(entry)
    return _neighbour(entry, before, forward=False), _neighbour(entry, after, forward=True)


def _as_dict(entry) -> dict:
    return {
        "name": entry.name, "slug": entry.slug, "game": entry.game.slug,
        "game_name": entry.game.short_name, "kind": entry.kind, "type": entry.type,
        "url": card_url(entry.game.slug, entry.slug),
    }


def card_autocomplete(*, q: str, limit: int = 20) -> list[dict]:
    """Up to ``limit`` entries whose name has words starting with the words of ``q``
    (names starting with ``q`` first): one query."""
    tokens = tokens_of(q)
    if not tokens or limit <= 0:
        return []
    backend = get_backend()
    match = TextMatch((TextTerm(tokens, "name"),))
    entries = (
        Entry.objects.filter(backend.match_q(match, ENTRIES))
        .select_related("game")
        .annotate(search_score=backend.score(match, ENTRIES))
        .annotate(starts=Case(When(name__istartswith=q.strip(), then=Value(1)),
                              default=Value(0), output_field=IntegerField()))
        .order_by("-starts", "-search_score", "name", "pk")
        .only("name", "slug", "kind", "type", "game__slug", "game__short_name")[:limit]
    )
    return [_as_dict(entry) for entry in entries]


def card_named(*, fuzzy: str, game: str | None = None) -> tuple[Entry | None, list[Entry]]:
    """The entry a (possibly misspelt) name means, and other close names.

    Exact name (any case) first, then a unique name prefix, then the closest name
    if it is close enough (e.g. "tentakiler" finds Tentakiller); otherwise
    ``(None, suggestions)``.
    """
    text = " ".join((fuzzy or "").split())
    if not tokens_of(text):
        return None, []
    entries = _entries()
    if game:
        entries = entries.filter(game__slug=game)
    exact = list(entries.filter(name__iexact=text)[:2])
    if len(exact) == 1:
        return exact[0], []
    if exact:
        return None, exact
    prefixed = list(entries.filter(name__istartswith=text)[:2])
    if len(prefixed) == 1:
        return prefixed[0], []
    close = similar_documents(text, kind="card", game=game, limit=6)
    by_id = entries.in_bulk([doc.entry_id for doc, _ in close])
    ranked = [(by_id[doc.entry_id], score) for doc, score in close if doc.entry_id in by_id]
    if ranked and ranked[0][1] >= NAMED_THRESHOLD and (
            len(ranked) == 1 or ranked[0][1] - ranked[1][1] >= 0.05):
        return ranked[0][0], [entry for entry, _ in ranked[1:]]
    return None, [entry for entry, _ in ranked] or prefixed


def game_coverage(*, game: str | None = None) -> list[dict]:
    """Per game and component: the printed count, entries present, entries with
    text and, for each attribute that applies to some of them, how many it
    applies to and how many have it (``attributes``: [{name, applies, known}]);
    entries outside any component come last per game (component None).

    One grouped query counts by (component, type, kind); which attributes apply
    is then read from games.applicable_attributes, so a field that does not
    apply to an entry's type never counts as missing.
    """
    known = {f"known_{name}": Count(name) for name in game_defs.ATTRIBUTE_FIELDS}
    imaged = Exists(EntryImage.objects.filter(entry_id=OuterRef("pk")))
    groups = Entry.objects.values("game_id", "component_id", "type", "kind").annotate(
        n=Count("pk"), text_n=Count("pk", filter=Q(text__gt="")),
        image_n=Count("pk", filter=Q(imaged)), **known,
    ).order_by()
    components = Component.objects.select_related("game").order_by("game__position", "position", "slug")
    games = Game.objects.order_by("position", "slug")
    if game:
        groups = groups.filter(game__slug=game)
        components = components.filter(game__slug=game)
        games = games.filter(slug=game)
    games = list(games)
    slug_of = {g.pk: g.slug for g in games}
    tally: dict[tuple, dict] = {}
    for g in groups:
        row = tally.setdefault((g["game_id"], g["component_id"]),
                               {"entries": 0, "with_text": 0, "with_image": 0, "attrs": {}})
        row["entries"] += g["n"]
        row["with_text"] += g["text_n"]
        row["with_image"] += g["image_n"]
        for name in game_defs.applicable_attributes(slug_of.get(g["game_id"], ""), g["type"], g["kind"]):
            applies, have = row["attrs"].get(name, (0, 0))
            row["attrs"][name] = (applies + g["n"], have + g[f"known_{name}"])

    def counts(key, game_slug):
        row = tally.get(key, {"entries": 0, "with_text": 0, "with_image": 0, "attrs": {}})
        order = game_defs.GAME_ATTRIBUTES.get(game_slug, ())
        return row["entries"], row["with_text"], row["with_image"], [
            {"name": name, "applies": row["attrs"][name][0], "known": row["attrs"][name][1]}
            for name in order if name in row["attrs"]
        ]

    by_game: dict[int, list] = {}
    for c in components:
        entries, with_text, with_image, attributes = counts((c.game_id, c.pk), c.game.slug)
        by_game.setdefault(c.game_id, []).append({
            "game": c.game.slug, "game_id": c.game_id, "component": c.slug,
            "component_name": c.name, "kind": c.kind, "printed": c.count,
            "entries": entries, "with_text": with_text, "with_image": with_image,
            "attributes": attributes,
        })
    rows = []
    for g in games:
        rows.extend(by_game.get(g.pk, []))
        if (g.pk, None) in tally:
            entries, with_text, with_image, attributes = counts((g.pk, None), g.slug)
            rows.append({
                "game": g.slug, "game_id": g.pk, "component": None,
                "component_name": "Other entries", "kind": None, "printed": None,
                "entries": entries, "with_text": with_text, "with_image": with_image,
                "attributes": attributes,
            })
    return rows

