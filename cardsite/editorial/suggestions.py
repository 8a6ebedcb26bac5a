"""Players' suggested corrections: submit (anonymous, rate-limited), approve, reject, merge.

A suggestion is stored pending and shown nowhere public. Approving it sets
the one field through ``catalog_field_set`` (the model's own validation, one
transaction, history saying which suggestion it came from); rejecting or
merging changes nothing in the catalog.
"""
from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import transaction
from django.utils import timezone

from cardsite.api import throttling
from cardsite.catalog import games
from cardsite.catalog.history import recorded_as
from cardsite.editorial.field_choices import field_choices, matched_choice
from cardsite.editorial.models import SUGGESTABLE_FIELDS, Suggestion
from cardsite.models import Entry
from cardsite.web.db_contention import locked
from rulesref.models import Rule, Ruling

NUMBER_FIELDS = set(games.NUMERIC_ATTRIBUTES)
LIST_FIELDS = {"keywords", "aliases"}
# Blank means unknown for these (stored NULL), so a player can say "this is not known".
NULLABLE = {"text", "flavor", "type", "glyph", "symbol"} | NUMBER_FIELDS


class SuggestionRefused(Exception):
    """Too many suggestions from this client for now; ``retry_after`` seconds."""

    def __init__(self, retry_after: int):
        self.retry_after = retry_after
        super().__init__(f"Too many suggestions from here; try again in {retry_after // 60 + 1} min.")


def fields_for(target_object) -> list[str]:
    """What a player may correct on this object: for an entry, only what applies to its type."""
    if isinstance(target_object, Entry):
        applicable = set(games.applicable_attributes(
            target_object.game.slug, target_object.type, target_object.kind))
        return [f for f in SUGGESTABLE_FIELDS["entry"]
                if f not in games.ATTRIBUTE_FIELDS or f in applicable]
    if isinstance(target_object, Rule):
        return list(SUGGESTABLE_FIELDS["rule"])
    return list(SUGGESTABLE_FIELDS["ruling"])


def target_name(target_object) -> str:
    return {Entry: "entry", Rule: "rule", Ruling: "ruling"}[type(target_object)]


def client_key(address: str) -> str:
    return hashlib.sha256(f"suggest:{address}".encode()).hexdigest()


def _rate() -> tuple[int, float]:
    limit, _, period = settings.SUGGESTION_RATE.partition("/")
    seconds = {"min": 60, "hour": 3600, "day": 86400}[period]
    return int(limit), float(seconds)


def shown_value(value) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return "; ".join(str(v) for v in value)
    return str(value)


def suggestion_submit(*, target_object, field: str, proposed_value: str, source: str,
                      contact: str = "", address: str) -> Suggestion:
    """Store a pending suggestion (the form has checked sizes and the honeypot)."""
    key = client_key(address)
    limit, period = _rate()
    now = time.time()
    if throttling.take(key, now, period / limit, period) is None:
        due = throttling.due(key) or now
        raise SuggestionRefused(max(int(due - period - now), 1))
    return Suggestion.objects.create(
        target=target_name(target_object), **{target_name(target_object): target_object},
        field=field, current_value=shown_value(getattr(target_object, field)),
        proposed_value=proposed_value, source=source, contact=contact, client=key,
    )


def _converted(field: str, text: str):
    text = text.strip()
    if field in NUMBER_FIELDS:
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise ValidationError({field: f"{text[:40]!r} is not a whole number."}) from None
    if field in LIST_FIELDS:
        return [part.strip() for part in text.replace(",", ";").split(";") if part.strip()]
    if field in NULLABLE and not text:
        return None
    return text


def catalog_field_set(*, obj, field: str, value: str, reason: str, user=None):
    """Set one field of an entry, rule or ruling from its text form, validated by the
    model (its clean and field validators), saved with ``reason`` in its history. A field
    with a fixed list takes a value as the site shows it ("Illusion", "Wild Card")."""
    if isinstance(obj, Entry) and field in field_choices(obj):
        value = matched_choice(obj, field, value) or ""
    setattr(obj, field, _converted(field, value))
    obj.full_clean()
    with recorded_as(reason, user):
        obj.save()
    return obj


@transaction.atomic
def suggestion_approve(*, suggestion: Suggestion, user, value: str | None = None) -> Suggestion:
    """Apply the proposed value (or the reviewer's edit of it) and close the suggestion."""
    # Lock the object, then the suggestion (the order of a delete, which cascades
    # from the object to its suggestions), and read both again: an edit or delete
    # of the object meanwhile, or a second reviewer's approval, is seen instead of
    # overwritten or brought back.
    try:
        target = suggestion.target_object
    except ObjectDoesNotExist:  # deleted since the suggestion was read
        target = None
    target = target and locked(type(target).objects.filter(pk=target.pk)).first()
    suggestion = locked(Suggestion.objects.filter(pk=suggestion.pk)).first()
    if target is None or suggestion is None:
        raise ValidationError("The object of this suggestion was deleted meanwhile.")
    if suggestion.status != Suggestion.Status.PENDING:
        raise ValidationError(f"Suggestion #{suggestion.pk} is already {suggestion.status}.")
    catalog_field_set(obj=target, field=suggestion.field,
                      value=suggestion.proposed_value if value is None else value,
                      reason=f"Suggestion #{suggestion.pk} approved by {user.get_username()}",
                      user=user)
    _close(suggestion, Suggestion.Status.APPROVED, user)
    for duplicate in suggestion.duplicates.filter(status=Suggestion.Status.MERGED):
        duplicate.review_note = f"Merged into #{suggestion.pk}, approved."
        duplicate.save(update_fields=["review_note"])
    return suggestion


def suggestion_reject(*, suggestion: Suggestion, user, reason: str) -> Suggestion:
    if not reason.strip():
        raise ValidationError("Say why the suggestion is rejected.")
    if suggestion.status != Suggestion.Status.PENDING:
        raise ValidationError(f"Suggestion #{suggestion.pk} is already {suggestion.status}.")
    suggestion.review_note = reason.strip()
    _close(suggestion, Suggestion.Status.REJECTED, user)
    return suggestion


def suggestion_merge(*, suggestion: Suggestion, into: Suggestion, user) -> Suggestion:
    """Close ``suggestion`` as a duplicate of ``into`` (same object and field)."""
    same = (suggestion.target, suggestion.entry_id, suggestion.rule_id, suggestion.ruling_id,
            suggestion.field) == (into.target, into.entry_id, into.rule_id, into.ruling_id, into.field)
    if not same or suggestion.pk == into.pk:
        raise ValidationError("Only a suggestion for the same field of the same object is a duplicate.")
    if into.status != Suggestion.Status.PENDING or suggestion.status != Suggestion.Status.PENDING:
        raise ValidationError("Both suggestions must be pending.")
    suggestion.duplicate_of = into
    suggestion.review_note = f"Duplicate of #{into.pk}."
    _close(suggestion, Suggestion.Status.MERGED, user)
    return suggestion


def _close(suggestion: Suggestion, status: str, user) -> None:
    suggestion.status = status
    suggestion.reviewed_by = user
    suggestion.reviewed = timezone.now()
    suggestion.save()


def duplicates_of(suggestion: Suggestion):
    """Other pending suggestions for the same field of the same object."""
    return Suggestion.objects.filter(
        status=Suggestion.Status.PENDING, target=suggestion.target, entry_id=suggestion.entry_id,
        rule_id=suggestion.rule_id, ruling_id=suggestion.ruling_id, field=suggestion.field,
    ).exclude(pk=suggestion.pk)
