"""/cards/ (search results, list or grid) and /cards/<game>/<slug>/ (one entry)."""
from django import forms
from django.core.paginator import Paginator
from django.forms.utils import flatatt
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import urlencode
from django.utils.safestring import mark_safe

from cardsite.browse import selectors
from cardsite.browse.entry_memo import EntryMemo
from cardsite.browse.filters import EntryFilterSet, type_choices
from cardsite.catalog import abilities
from cardsite.images import html as image_html
from cardsite.images.html import entry_faces
from cardsite.models import Entry, Game
from cardsite.pages.entry_display import entry_attributes
from cardsite.pages.guard import search_page
from cardsite.pages.roll_odds import DICE_COLUMNS, band_odds
from cardsite.templatetags.grimoire import card_row
from rulesref.pages.search import syntax_error_context
from rulesref.search.questions import corrected_text, describe
from rulesref.search.syntax import And, QuerySyntaxError

PAGE_SIZES = (24, 60, 120)
_RENDERED_SELECTS: dict[tuple, str] = {}
_BLANK_FIELDS: dict[tuple, str] = {}


def _memo(store: dict, limit: int, key, make):
    """``make()`` once per ``key`` and process; the store is emptied when it holds
    ``limit`` (the bound only guards memory: a handful of keys occur)."""
    value = store.get(key)
    if value is None:
        if len(store) >= limit:
            store.clear()
        value = store[key] = make()
    return value

VIEWS = ("list", "grid")
# Shorter labels than django-filter's generated ones ("Initiative is greater than or equal to").
FIELD_LABELS = {
    "game": "Game", "kind": "Kind", "type": "Type", "glyph": "Glyph",
    "initiative_min": "Initiative from", "initiative_max": "Initiative to",
    "cost_min": "Cost from", "cost_max": "Cost to", "vp_min": "VP from", "vp_max": "VP to",
    "order": "Sort",
}


class PlainSelect(forms.Select):
    """A select box rendered in Python: Django renders every option through a
    template include, which was a third of a results page's time. The same box
    with the same value is rendered once per process (five on every results page)."""

    def render(self, name, value, attrs=None, renderer=None):
        key = (name, str(value), tuple(sorted({**self.attrs, **(attrs or {})}.items())),
               tuple((str(v), str(label)) for v, label in self.choices))
        return _memo(_RENDERED_SELECTS, 256, key, lambda: self._render(name, value, attrs))

    def _render(self, name, value, attrs):
        widget = self.get_context(name, value, attrs)["widget"]
        options = format_html_join("", '<option value="{}"{}>{}</option>', (
            (option["value"], flatatt(option["attrs"]), option["label"])
            for _, group, _ in widget["optgroups"] for option in group))
        return format_html('<select name="{}"{}>{}</select>', widget["name"],
                           flatatt(widget["attrs"]), options)


class PlainInput(forms.widgets.Input):
    """A text or number box rendered in Python, as Django's input template does."""

    def __init__(self, input_type: str, attrs=None):
        super().__init__(attrs)
        self.input_type = input_type

    def render(self, name, value, attrs=None, renderer=None):
        widget = self.get_context(name, value, attrs)["widget"]
        shown = "" if widget["value"] is None else format_html(' value="{}"', widget["value"])
        return format_html('<input type="{}" name="{}"{}{}>', widget["type"], widget["name"],
                           shown, flatatt(widget["attrs"]))


def _filter_form(request, types) -> forms.Form:
    """The EntryFilterSet's form, labelled for the page; ``types``: type_choices()."""
    filterset = EntryFilterSet(request.GET or None, queryset=Entry.objects.none())
    form = filterset.form
    form.fields["type"].widget = forms.Select(choices=[("", "Any"), *types])
    for name, field in form.fields.items():
        if type(field.widget) is forms.Select:
            field.widget = PlainSelect(attrs=field.widget.attrs, choices=field.widget.choices)
        elif type(field.widget) in (forms.NumberInput, forms.TextInput):
            field.widget = PlainInput(field.widget.input_type, attrs=field.widget.attrs)
        field.label = FIELD_LABELS.get(name, field.label)
        if isinstance(field, forms.ChoiceField):
            # django-filter adds the empty choice itself, labelled "---------"
            field.empty_label = "Best match" if name == "order" else "Any"
            field.choices = [choice for choice in field.choices if choice[0] != ""]
    return form


FILTER_NAMES = tuple(name for name in EntryFilterSet.base_filters if name != "q")


def _filter_fields(request, filters: dict) -> tuple[forms.Form | None, str]:
    """The filter form (None when no filter is set) and its fields' HTML. With no
    filter set (most pages: q alone) the fields differ only by the catalog's
    types, and are built and rendered once per process for those: the form and
    its fields were a quarter of a results page's time."""
    types = tuple(type_choices())
    if filters:
        form = _filter_form(request, types)
        form.is_valid()
        return form, render_to_string("cards/filter_fields.html", {"form": form})
    return None, _memo(_BLANK_FIELDS, 64, types, lambda: render_to_string(
        "cards/filter_fields.html", {"form": _filter_form(request, types)}))


# A results page's rows (or tiles) as HTML, kept per process while each entry's game is
# unchanged (cardsite.browse.entry_memo): reading and writing them was half the page.
ROWS = EntryMemo(4096)
# The grid's tile: the card's image, or its proxy drawn from its data.
ROW_HTML = {"list": card_row, "grid": lambda entry: mark_safe(image_html.grid_tile(entry))}


def _row_fetcher(view: str) -> selectors.Fetch:
    def read(ids: list[int], columns: dict | None) -> list[tuple[int, str, str]]:
        entries = selectors.page_entries(ids, columns, lean=True, images=view == "grid")
        return [(pk, entry.game.slug, ROW_HTML[view](entry)) for pk, entry in entries.items()]
    return ROWS.fetcher(view, read)


@search_page()
def card_list_page(request):
    filters = {name: request.GET[name] for name in FILTER_NAMES if request.GET.get(name)}
    form, fields_html = _filter_fields(request, filters)
    view = request.GET.get("view") if request.GET.get("view") in VIEWS else "list"
    per_page = _int(request.GET.get("per_page"), PAGE_SIZES[0])
    per_page = per_page if per_page in PAGE_SIZES else PAGE_SIZES[0]
    query = request.GET.get("q", "")
    context = {"form": form, "filter_fields": fields_html, "view": view, "per_page": per_page,
               "page_sizes": PAGE_SIZES, "q": query, "warnings": [], "page_obj": None,
               "filtered": bool(filters)}
    if form is not None and form.errors:
        return render(request, "cards/list.html", context, status=400)
    try:
        result, entries = selectors.card_list_page(query=query, filters=filters,
                                                   page=request.GET.get("page"), per_page=per_page,
                                                   fetch=_row_fetcher(view))
    except QuerySyntaxError as error:
        context["error"] = syntax_error_context(query, error)
        return render(request, "cards/list.html", context, status=400)
    page_obj = Paginator(entries, per_page).get_page(entries.offset // per_page + 1)
    context.update(page_obj=page_obj, warnings=result.warnings, fuzzy=result.fuzzy)
    if not page_obj.paginator.count and query.strip():
        context["understood"] = " ".join(describe(n) for n in _conjuncts(result.query))
        context["relaxed"] = _relaxed(result.query, filters)
        context["did_you_mean"] = _did_you_mean(result.query, filters)
    return render(request, "cards/list.html", context)


def card_list_for_game(request, game):
    """/cards/<game>/, the URL a player guesses: the game's list, /cards/?game=<game>
    (the query string kept), or the site's 404 for a game that does not exist."""
    get_object_or_404(Game.objects.only("pk"), slug=game)
    query = request.GET.copy()
    query["game"] = game
    return HttpResponseRedirect(f"{reverse('card-list')}?{query.urlencode()}")


# An empty search looks for a near one (the query without one of its terms) only
# when it has few terms: each try is a search of its own, inside the same budget.
RELAX_TERMS = 4


def _conjuncts(query) -> list:
    root = query.root
    return list(root.children) if isinstance(root, And) else [root] if root else []


def _relaxed(query, filters) -> dict | None:
    """The nearest query with results: the query without one of its terms."""
    terms = _conjuncts(query)
    if len(terms) > RELAX_TERMS:
        return None
    for i, dropped in enumerate(terms):
        rest = " ".join(describe(n) for n in terms[:i] + terms[i + 1:])
        count = selectors.card_count(query=rest, filters=filters)
        if count:
            return {"q": rest, "dropped": describe(dropped), "count": count}
    return None


def _did_you_mean(query, filters) -> dict | None:
    """The query with its misspellings corrected from the index, if that finds cards."""
    corrected = corrected_text(query)
    count = selectors.card_count(query=corrected, filters=filters) if corrected else 0
    return {"q": corrected, "count": count} if count else None


def _int(value, default):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def keyword_links(entry: Entry, terms) -> list[tuple[str, str]]:
    """(keyword, URL): the game's glossary meaning where it has one, else the
    cards with that keyword. ``terms``: the game's (slug, term, aliases), in the
    glossary's order (selectors.card_page reads them with the entry)."""
    slugs = {}
    for slug, term, aliases in terms:
        for spelling in [term, *(aliases or [])]:
            slugs.setdefault(spelling.lower(), slug)
    links = []
    for keyword in entry.keywords or []:
        slug = slugs.get(keyword.lower())
        if slug:
            url = reverse("glossary-term", args=[slug]) + f"#{entry.game.slug}"
        else:
            url = reverse("card-list") + "?" + urlencode({"q": f'kw:"{keyword}"'})
        links.append((keyword, url))
    return links


def card_page(request, game, slug):
    try:
        page = selectors.card_page(game=game, slug=slug)
    except Entry.DoesNotExist:
        raise Http404(f"No entry {game}/{slug}.") from None
    entry = page.entry
    bands = list(entry.bands.all())
    return render(request, "cards/detail.html", {
        "entry": entry,
        "game": entry.game,
        "attributes": entry_attributes(entry),
        "faces": entry_faces(entry),
        "keywords": keyword_links(entry, page.terms) if entry.keywords else [],
        "bands": bands,
        "band_odds": band_odds(bands),
        "abilities": abilities.entry_status(entry, bands),
        "dice_columns": DICE_COLUMNS,
        "rulings": list(entry.rulings.all()),
        "rules": list(entry.mentioned_in_rules.all()),
        "previous": page.previous,
        "next": page.next,
    })


def card_preview(request, game, slug):
    """A fragment for the hover preview of card links (no page around it)."""
    entry = Entry.objects.select_related("game").prefetch_related("bands", "images").filter(
        game__slug=game, slug=slug).first()
    if entry is None:
        raise Http404(f"No entry {game}/{slug}.")
    return render(request, "cards/preview.html", {
        "entry": entry, "attributes": entry_attributes(entry), "bands": list(entry.bands.all()),
    })
