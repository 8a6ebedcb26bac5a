"""/rulings/ : the FAQ, filterable by game, entry, kind and words."""
from django import forms
from django.core.paginator import Paginator
from django.shortcuts import render

from cardsite.catalog import games as game_defs
from cardsite.models import Game
from cardsite.pages.guard import search_page
from rulesref.pages.search import syntax_error_context
from rulesref.search.syntax import QuerySyntaxError
from rulesref.selectors import ruling_list

PAGE_SIZE = 40


class RulingFilterForm(forms.Form):
    q = forms.CharField(required=False, label="Words")
    game = forms.ChoiceField(required=False)
    kind = forms.ChoiceField(required=False, choices=[("", "Any kind")] + [
        (k, k.replace("-", " ").capitalize()) for k in game_defs.RULING_KINDS
    ])
    entry = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, games, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "All games")] + [(g.slug, g.short_name) for g in games]


@search_page()
def ruling_list_page(request):
    games = list(Game.objects.only("slug", "short_name"))
    form = RulingFilterForm(request.GET, games=games)
    if not form.is_valid():
        return render(request, "rulings/list.html", {"form": form, "page_obj": None}, status=400)
    data = form.cleaned_data
    try:
        rulings = ruling_list(
            game=data["game"] or None, entry=data["entry"] or None,
            kind=data["kind"] or None, q=data["q"],
        )
    except QuerySyntaxError as error:
        return render(request, "rulings/list.html", {
            "form": form, "page_obj": None, "error": syntax_error_context(data["q"], error),
        }, status=400)
    page_obj = Paginator(rulings, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "rulings/list.html", {"form": form, "page_obj": page_obj})
