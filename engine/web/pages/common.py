"""Rendering shared by the checker pages: answers, input errors, status codes."""
from __future__ import annotations

from django import forms
from django.shortcuts import render

from engine.core import EngineError

from .display import explanation_steps, input_error


def render_checker(request, template: str, context: dict, *, answer: dict | None = None,
                   error: EngineError | None = None, rows=None):
    """The page with its answer, or with the input error (status 400).

    A bound form with errors is also a 400: the page says what to fix.
    """
    status = 200
    if error is not None:
        context["error"] = input_error(error, rows)
        status = 400
    if _invalid(context):
        context["form_invalid"] = True
        status = 400
    if answer is not None:
        context["answer"] = answer
        context["steps"] = explanation_steps(answer.get("explanation", []))
    context.setdefault("page", template.rsplit("/", 1)[-1].removesuffix(".html"))
    return render(request, template, context, status=status)


def _invalid(context) -> bool:
    """Whether a bound form or formset of the page has errors (rows included)."""
    return any(isinstance(value, forms.BaseForm | forms.BaseFormSet) and value.is_bound
               and not value.is_valid() for value in context.values())


def call_engine(compute):
    """(answer, None) or (None, EngineError) for one engine call."""
    try:
        return compute(), None
    except EngineError as error:
        return None, error
