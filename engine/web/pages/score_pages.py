"""Satanic Panic setup and scoring, and Anarchy scoring."""
from __future__ import annotations

from django.views.decorators.http import require_http_methods

from engine.deckbuilder import satanic_panic_score, satanic_panic_setup
from engine.spellgames import anarchy_score

from .common import call_engine, render_checker
from .forms import (
    AnarchyWizardFormSet,
    SatanicPanicPlayerFormSet,
    SatanicPanicScoreForm,
    SatanicPanicSetupForm,
)


def _posted(request):
    return request.POST if request.method == "POST" else None


@require_http_methods(["GET", "POST"])
def satanic_panic_setup_page(request):
    form = SatanicPanicSetupForm(_posted(request))
    context = {"form": form}
    if not form.is_bound or not form.is_valid():
        return render_checker(request, "engine/satanic_panic_setup.html", context)
    data = form.engine_input()
    answer, error = call_engine(lambda: satanic_panic_setup(
        data.pop("players"), data.pop("satan"), data.pop("seed"), **data))
    return render_checker(request, "engine/satanic_panic_setup.html", context, answer=answer,
                          error=error)


@require_http_methods(["GET", "POST"])
def satanic_panic_score_page(request):
    data = _posted(request)
    form = SatanicPanicScoreForm(data)
    rows = SatanicPanicPlayerFormSet(data, prefix="p")
    context = {"form": form, "rows": rows}
    if not data or not (form.is_valid() and rows.is_valid()):
        return render_checker(request, "engine/satanic_panic_score.html", context)
    filled = rows.filled()
    answer, error = call_engine(lambda: satanic_panic_score(
        [row.player() for _, row in filled],
        tiebreak_tokens=form.cleaned_data["tiebreak_tokens"]))
    return render_checker(request, "engine/satanic_panic_score.html", context, answer=answer,
                          error=error, rows={"players": ("Player", [n for n, _ in filled])})


@require_http_methods(["GET", "POST"])
def anarchy_score_page(request):
    data = _posted(request)
    rows = AnarchyWizardFormSet(data, prefix="w")
    context = {"rows": rows}
    if not data or not rows.is_valid():
        return render_checker(request, "engine/anarchy_score.html", context)
    filled = rows.filled()
    answer, error = call_engine(lambda: anarchy_score([row.wizard() for _, row in filled]))
    return render_checker(request, "engine/anarchy_score.html", context, answer=answer,
                          error=error, rows={"wizards": ("Wizard", [n for n, _ in filled])})
