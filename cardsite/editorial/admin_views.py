"""The editors' admin pages: import with preview, export and templates, worklists, bulk add.

Thin views over the services (cardsite.editorial.catalog_changes, cardsite.editorial.catalog_sheets,
cardsite.editorial.worklists); each is wrapped by the admin site (staff login) and checks
its own permission (403 otherwise).
"""
from __future__ import annotations

from functools import wraps

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify

from cardsite.catalog import games
from cardsite.catalog.history import recorded_as
from cardsite.catalog_files.catalog_export import catalog_export
from cardsite.editorial import catalog_sheets
from cardsite.editorial.catalog_changes import catalog_file_plan
from cardsite.editorial.catalog_sheets import SheetRow
from cardsite.editorial.import_tasks import apply_import, import_state
from cardsite.editorial.models import PendingImport, Suggestion
from cardsite.editorial.suggestions import (
    duplicates_of,
    suggestion_approve,
    suggestion_merge,
    suggestion_reject,
)
from cardsite.editorial.worklists import worklist
from cardsite.models import Component, Entry, Game

PENDING_TTL_HOURS = 24


def staff_view(permission: str):
    """The admin's login wall, then ``permission`` (403 without it)."""
    def decorate(view):
        @wraps(view)
        def checked(request, *args, **kwargs):
            if not request.user.has_perm(permission):
                raise PermissionDenied(f"You need the {permission} permission.")
            return view(request, *args, **kwargs)
        return admin.site.admin_view(checked)
    return decorate


def _render(request, template: str, title: str, **context):
    return TemplateResponse(request, template, {**admin.site.each_context(request), "title": title,
                                                **context})


def _game_choices(blank: str | None = None):
    choices = [(g.slug, g.name) for g in Game.objects.order_by("position", "slug")]
    return ([("", blank)] if blank else []) + choices


# --- import ---------------------------------------------------------------------

class ImportForm(forms.Form):
    file = forms.FileField(help_text="A .json catalog file, or a .csv/.xlsx sheet of one game's "
                                     f"entries (at most {catalog_sheets.MAX_BYTES // 1048576} MB).")
    game = forms.ChoiceField(required=False, help_text="For a sheet: the game its entries belong to.")
    prune = forms.BooleanField(required=False, label="Remove what the file lacks",
                               help_text="Delete the game's entries (for a JSON file: also its "
                                         "components, rules, terms and rulings) the file does not have.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = _game_choices("— a JSON file names its games —")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > catalog_sheets.MAX_BYTES:
            raise forms.ValidationError(
                f"{upload.name} is {upload.size / 1048576:.1f} MB; the limit is "
                f"{catalog_sheets.MAX_BYTES // 1048576} MB. Split the file (by game or component).")
        if not upload.name.lower().endswith((".json", ".csv", ".xlsx")):
            raise forms.ValidationError(f"{upload.name}: expected a .json, .csv or .xlsx file.")
        return upload

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload and not upload.name.lower().endswith(".json") and not data.get("game"):
            self.add_error("game", "Choose the game the sheet's entries belong to.")
        return data


@staff_view("editorial.import_catalog")
def import_view(request):
    form = ImportForm(request.POST or None, request.FILES or None)
    context = {"form": form, "games": _game_choices(), "formats": ("csv", "xlsx")}
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        content = upload.read()
        game, prune = form.cleaned_data.get("game") or "", form.cleaned_data["prune"]
        plan = catalog_file_plan(content=content, filename=upload.name, game=game or None,
                                 prune=prune)
        context["plan"] = plan
        if plan.valid:
            PendingImport.objects.filter(
                created__lt=timezone.now() - timezone.timedelta(hours=PENDING_TTL_HOURS)).delete()
            rows = None if plan.sheet_rows is None else [[r.number, r.cells] for r in plan.sheet_rows]
            pending = PendingImport.objects.create(user=request.user, filename=upload.name[:200],
                                                   content=content, game=game, prune=prune,
                                                   rows=rows, preview=plan.fingerprints())
            context["pending"] = pending
    return _render(request, "editorial/import.html", "Import a catalog file", **context)


@staff_view("editorial.import_catalog")
def import_confirm(request, pk: int):
    """Enqueue the apply (cardsite.editorial.import_tasks) and show its progress page.

    Only a previewed (or stale, re-previewed) import is enqueued, once: a second click
    while it runs lands on the same progress page."""
    pending = get_object_or_404(PendingImport, pk=pk, user=request.user)
    if request.method != "POST":
        return redirect("editorial-import")
    with transaction.atomic():  # the task row commits with the status
        if PendingImport.objects.filter(pk=pk, status__in=CONFIRMABLE).update(
                status=PendingImport.Status.QUEUED, outcome=None):
            result = apply_import.enqueue(pending.pk, request.POST.get("digest") or None)
            PendingImport.objects.filter(pk=pk).update(task_id=str(result.id))
    return redirect("editorial-import-progress", pk=pk)


CONFIRMABLE = (PendingImport.Status.PREVIEWED, PendingImport.Status.STALE)


@staff_view("editorial.import_catalog")
def import_progress(request, pk: int):
    """Where a confirmed import is: rows done while it runs (the page reloads itself;
    ``?format=json`` for a script), then what it wrote, or why nothing was written."""
    pending = get_object_or_404(PendingImport, pk=pk, user=request.user)
    state = import_state(pending)
    if request.GET.get("format") == "json":
        response = JsonResponse(state)
        response["Cache-Control"] = "private, no-store"
        return response
    if pending.status == PendingImport.Status.STALE:
        # What the file would change now, to confirm again (the preview was updated).
        plan = catalog_file_plan(
            content=bytes(pending.content), filename=pending.filename, game=pending.game or None,
            prune=pending.prune,
            rows=None if pending.rows is None else [SheetRow(n, c) for n, c in pending.rows])
        messages.warning(request, f"{state['outcome'].get('message', '')} Nothing was written: "
                                  "here is what the file would change now. Confirm again to "
                                  "apply it.")
        return _render(request, "editorial/import.html", "Import a catalog file",
                       form=ImportForm(), plan=plan, pending=pending, games=_game_choices(),
                       formats=("csv", "xlsx"))
    title = {PendingImport.Status.APPLIED: "Import applied",
             PendingImport.Status.FAILED: "Import failed"}.get(pending.status, "Import running")
    return _render(request, "editorial/import_progress.html", title, pending=pending,
                   state=state)


# --- export and templates ---------------------------------------------------------

@staff_view("editorial.import_catalog")
def export_view(request):
    game = get_object_or_404(Game, slug=request.GET.get("game", ""))
    fmt = request.GET.get("format", "csv")
    blank = request.GET.get("template") == "1"
    entries = [] if blank else catalog_export(game_slugs=[game.slug])["games"][0]["entries"]
    stem = f"grimoire-{game.slug}-{'template' if blank else 'entries'}"
    if fmt == "xlsx":
        body = catalog_sheets.write_xlsx(game.slug, game.name, entries)
        kind = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    elif fmt == "csv":
        body = catalog_sheets.write_csv(game.slug, game.name, entries)
        kind = "text/csv; charset=utf-8"
    else:
        raise PermissionDenied("Unknown format: use csv or xlsx.")
    response = HttpResponse(body, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="{stem}.{fmt}"'
    response["Cache-Control"] = "private, no-store"
    return response


# --- worklists ----------------------------------------------------------------------

@staff_view("cardsite.view_entry")
def coverage_view(request):
    game = request.GET.get("game") or None
    return _render(request, "editorial/coverage.html", "Worklists: what the catalog is missing",
                   sections=worklist(game=game), games=_game_choices(), chosen=game,
                   can_add=request.user.has_perm("cardsite.add_entry"),
                   can_add_images=request.user.has_perm("images.add_entryimage"))


class BulkAddForm(forms.Form):
    names = forms.CharField(widget=forms.Textarea(attrs={"rows": 10, "cols": 60}),
                            help_text="One name per line, as printed. Slugs are made from the names.")
    type = forms.ChoiceField(required=False)
    kind = forms.ChoiceField(choices=[(k, k.capitalize()) for k in games.ENTRY_KINDS])
    source = forms.CharField(required=False, max_length=200, help_text="Rulebook section.")
    reason = forms.CharField(max_length=90, label="Change reason",
                             help_text="Stored in each entry's history.")

    def __init__(self, *args, component: Component, **kwargs):
        super().__init__(*args, **kwargs)
        self.component = component
        self.fields["type"].choices = [("", "unknown")] + [
            (t, t.replace("-", " ").capitalize()) for t in games.type_choices(component.game.slug)]

    def clean_names(self):
        names = [n.strip() for n in self.cleaned_data["names"].splitlines() if n.strip()]
        if not names:
            raise forms.ValidationError("Give at least one name.")
        if len(names) > 500:
            raise forms.ValidationError("At most 500 names at once.")
        problems, seen = [], set()
        taken = set(Entry.objects.filter(game=self.component.game).values_list("slug", flat=True))
        for name in names:
            slug = slugify(name)[:120]
            if not slug:
                problems.append(f"{name!r}: no letters or digits to make a slug from.")
            elif slug in taken or slug in seen:
                problems.append(f"{name!r}: an entry {slug!r} already exists in this game.")
            seen.add(slug)
        if problems:
            raise forms.ValidationError(problems)
        return names


@staff_view("cardsite.add_entry")
def bulk_add_view(request, component_id: int):
    component = get_object_or_404(Component.objects.select_related("game"), pk=component_id)
    initial = {"kind": component.kind if component.kind in games.ENTRY_KINDS else "card",
               "type": request.GET.get("type", ""), "source": component.source}
    form = BulkAddForm(request.POST or None, component=component, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        start = (Entry.objects.filter(game=component.game).order_by("-position")
                 .values_list("position", flat=True).first() or 0) + 1
        with transaction.atomic(), recorded_as(data["reason"], request.user):
            for offset, name in enumerate(data["names"]):
                Entry.objects.create(game=component.game, component=component, name=name,
                                     slug=slugify(name)[:120], kind=data["kind"],
                                     type=data["type"] or None, source=data["source"],
                                     position=start + offset)
        messages.success(request, f"Added {len(data['names'])} entries to {component.name}.")
        return redirect(reverse("editorial-coverage") + f"?game={component.game.slug}")
    return _render(request, "editorial/bulk_add.html", f"Add entries to {component}",
                   form=form, component=component)


# --- the suggestion queue ------------------------------------------------------------

QUEUE_PAGE = 50


@staff_view("editorial.review_suggestion")
def queue_view(request):
    status = request.GET.get("status", Suggestion.Status.PENDING)
    if status not in Suggestion.Status.values:
        status = Suggestion.Status.PENDING
    items = list(Suggestion.objects.filter(status=status)
                 .select_related("entry__game", "rule__game", "ruling__game", "duplicate_of",
                                 "reviewed_by")
                 .order_by("created" if status == Suggestion.Status.PENDING else "-reviewed")
                 [:QUEUE_PAGE])
    for item in items:
        item.others = list(duplicates_of(item)) if status == Suggestion.Status.PENDING else []
    counts = {s: Suggestion.objects.filter(status=s).count() for s in Suggestion.Status.values}
    return _render(request, "editorial/queue.html", "Suggestions from players", items=items,
                   status=status, statuses=Suggestion.Status.choices, counts=counts)


@staff_view("editorial.review_suggestion")
def queue_act(request, pk: int):
    if request.method != "POST":
        return redirect("editorial-queue")
    suggestion = get_object_or_404(Suggestion, pk=pk)
    action = request.POST.get("action")
    try:
        if action == "approve":
            edited = request.POST.get("value")
            suggestion_approve(suggestion=suggestion, user=request.user, value=edited)
            messages.success(request, f"#{pk} approved: {suggestion.field} of "
                                      f"“{suggestion.target_object}” is updated.")
        elif action == "reject":
            suggestion_reject(suggestion=suggestion, user=request.user,
                              reason=request.POST.get("reason", "")[:1000])
            messages.success(request, f"#{pk} rejected; nothing changed.")
        elif action == "merge":
            into = get_object_or_404(Suggestion, pk=request.POST.get("into") or 0)
            suggestion_merge(suggestion=suggestion, into=into, user=request.user)
            messages.success(request, f"#{pk} merged into #{into.pk}.")
        else:
            messages.error(request, "Unknown action.")
    except ValidationError as exc:
        messages.error(request, f"#{pk}: " + " ".join(exc.messages))
    return redirect("editorial-queue")
