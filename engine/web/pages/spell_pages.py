"""The spell checker and the turn-order calculator (rumble, anarchy)."""
from __future__ import annotations

from django import forms as django_forms
from django.views.decorators.http import require_http_methods

from engine.spellgames.games import SPELL_GAMES
from engine.web import catalog_cards

from .common import call_engine, render_checker
from .forms import (
    ComponentFormSet,
    SpellCheckForm,
    SpellOrderForm,
    WizardSpellFormSet,
    card_choices,
)

# Rumble's Turn Order example: two components act first; then 17, then 14 and 14 roll.
ORDER_EXAMPLE = [
    {"wizard": "Ann", "components": 2, "initiative": 9},
    {"wizard": "Bo", "components": 3, "initiative": 17},
    {"wizard": "Cy", "components": 3, "initiative": 14, "rolls": "2"},
    {"wizard": "Di", "components": 3, "initiative": 14, "rolls": "5"},
]


@require_http_methods(["GET", "POST"])
def spell_check_page(request):
    choices = card_choices(catalog_cards.spell_component_cards(), empty="— none: a stand-in —")
    data = request.POST if request.method == "POST" else None
    # ?game= preselects the game: a game's page links here as "Check a spell".
    game = request.GET.get("game")
    form = SpellCheckForm(data, initial={"game": game} if game in SPELL_GAMES else None)
    rows = ComponentFormSet(data, prefix="c", form_kwargs={"card_choices": choices})
    context = {"form": form, "rows": rows}
    if not data or not (form.is_valid() and rows.is_valid()):
        return render_checker(request, "engine/spell_check.html", context)
    game = form.cleaned_data["game"]
    try:
        filled = [(n, row.component(game)) for n, row in rows.filled()]
    except django_forms.ValidationError:
        return render_checker(request, "engine/spell_check.html", context)
    answer, error = call_engine(lambda: catalog_cards.check_spell(
        game=game, components=[c for _, c in filled],
        wizard=form.cleaned_data["wizard"] or None))
    return render_checker(request, "engine/spell_check.html", context, answer=answer,
                          error=error, rows={"components": ("Component", [n for n, _ in filled])})


@require_http_methods(["GET", "POST"])
def spell_order_page(request):
    deliveries = catalog_cards.spell_component_cards().filter(type="delivery")
    choices = card_choices(deliveries, empty="— none or a stand-in —")
    data = request.POST if request.method == "POST" else None
    form = SpellOrderForm(data)
    rows = WizardSpellFormSet(data, prefix="w", form_kwargs={"card_choices": choices},
                              initial=None if data else ORDER_EXAMPLE)
    context = {"form": form, "rows": rows}
    if not data or not (form.is_valid() and rows.is_valid()):
        return render_checker(request, "engine/spell_order.html", context)
    game = form.cleaned_data["game"]
    filled = rows.filled()
    try:
        spells = [row.spell(game) for _, row in filled]
    except django_forms.ValidationError:
        return render_checker(request, "engine/spell_order.html", context)
    rolls = {row.cleaned_data["wizard"].strip(): row.cleaned_data["rolls"]
             for _, row in filled if row.cleaned_data["rolls"]}
    answer, error = call_engine(lambda: catalog_cards.order_spells(
        game=game, spells=spells, rolls=rolls or None, seed=form.seed_value()))
    return render_checker(request, "engine/spell_order.html", context, answer=answer, error=error,
                          rows={"spells": ("Wizard", [n for n, _ in filled])})
