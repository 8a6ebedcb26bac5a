"""Power-roll odds and Demoniac attack odds, each with a bar chart.

These forms use GET: an answer is a shareable link, and the same question
always has the same answer.
"""
from __future__ import annotations

from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_GET

from engine import odds

from .charts import bar_chart
from .common import call_engine, render_checker
from .forms import DemoniacForm, PowerRollForm

BAND_COLOURS = 4  # band-0 .. band-3 in engine.css, repeated
TARGET_TABLE_MAX_DICE = 8  # every target at once: cheap up to here, slow for 30 dice
MAX_AGE = 3600


def _bound(form_class, request):
    """The form bound to the query, or to its initial values on a first visit."""
    if request.GET:
        return form_class(request.GET)
    return form_class({name: field.initial for name, field in form_class.base_fields.items()})


def _cached(response):
    if response.status_code == 200:
        patch_cache_control(response, public=True, max_age=MAX_AGE)
    return response


@require_GET
def power_roll_page(request):
    form = _bound(PowerRollForm, request)
    context = {"form": form}
    if not form.is_valid():
        return render_checker(request, "engine/power_roll.html", context)
    dice, bands = form.cleaned_data["dice"], form.cleaned_data["bands"]
    answer, error = call_engine(lambda: odds.power_roll_odds(dice, bands or None))
    if answer:
        context["chart"] = power_roll_chart(answer)
    return _cached(render_checker(request, "engine/power_roll.html", context, answer=answer,
                                  error=error))


def power_roll_chart(answer: dict):
    parsed = odds.parse_bands([b["band"] for b in answer["bands"]])
    points, css, notes = [], [], []
    for total, probability in answer["distribution"].items():
        points.append((total, probability))
        index = next((i for i, b in enumerate(parsed) if b.contains(int(total))), None)
        css.append("bar" if not parsed else
                   f"bar band-{index % BAND_COLOURS}" if index is not None else "bar band-none")
        notes.append(answer["distribution_exact"][total])
    legend = [{"label": b["band"], "css": f"band-{i % BAND_COLOURS}",
               "probability": b["probability"], "exact": b["exact"]}
              for i, b in enumerate(answer["bands"])]
    if "uncovered" in answer:
        legend.append({"label": "no band", "css": "band-none", **answer["uncovered"]})
    return bar_chart(points, css=css, notes=notes, legend=legend,
                     title=f"Sum of {answer['dice']} dice",
                     description=f"Probability of each total when rolling {answer['dice']} "
                                 "six-sided dice" + (", coloured by band" if parsed else ""),
                     x_label="total rolled")


@require_GET
def demoniac_page(request):
    form = _bound(DemoniacForm, request)
    context = {"form": form}
    if not form.is_valid():
        return render_checker(request, "engine/demoniac.html", context)
    data = form.cleaned_data
    answer, error = call_engine(lambda: odds.demoniac_attack_odds(
        data["dice"], data["actions"], data["hits"]))
    if answer:
        context["chart"] = demoniac_chart(answer)
        if data["dice"] <= TARGET_TABLE_MAX_DICE:
            context["targets"] = [
                {"hits": h, "probability": odds.demoniac_attack_odds(
                    data["dice"], data["actions"], h)["probability"]}
                for h in range(1, data["dice"] + 1)]
    return _cached(render_checker(request, "engine/demoniac.html", context, answer=answer,
                                  error=error))


def demoniac_chart(answer: dict):
    hits = answer["hits"]
    points = [(k, p) for k, p in answer["hits_distribution"].items()]
    css = ["bar band-0" if int(k) >= hits else "bar band-none" for k, _ in points]
    legend = [{"label": f"{hits}+ pentagrams: the attack succeeds", "css": "band-0",
               "probability": answer["probability"], "exact": answer["exact"]}]
    return bar_chart(points, css=css, legend=legend,
                     title=f"Pentagrams at the end: {answer['dice']} dice, "
                           f"{answer['actions']} action(s)",
                     description="Probability of each final number of pentagrams under the "
                                 "best re-roll policy",
                     x_label="pentagrams kept")
