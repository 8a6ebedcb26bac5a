"""Index on save and delete: each change re-indexes the documents whose text it touches.

A card's document carries its roll bands and the rulings on it; a ruling's
document carries the names of its entries. Deleted objects lose their
document through the CASCADE of SearchDocument's one-to-one keys.
"""
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete
from django.dispatch import receiver

from cardsite.models import Entry, RollBand
from rulesref.models import GlossaryTerm, Rule, Ruling
from rulesref.search.index import request_sync

RulingEntries = Ruling.entries.through


def _direct(origin, model) -> bool:
    """Whether a delete started at ``model`` itself, not in a cascade from a parent
    (whose own deletion removes the documents: re-indexing then would recreate them)."""
    return isinstance(origin, model) or getattr(origin, "model", None) is model


@receiver(post_save, sender=Entry, dispatch_uid="search-entry-saved")
def entry_saved(sender, instance, raw=False, **kwargs):
    if raw:
        return
    request_sync("card", [instance.pk])
    request_sync("ruling", RulingEntries.objects.filter(entry_id=instance.pk)
                 .values_list("ruling_id", flat=True))


@receiver(post_save, sender=RollBand, dispatch_uid="search-band-saved")
def band_saved(sender, instance, raw=False, **kwargs):
    if not raw:
        request_sync("card", [instance.entry_id])


@receiver(post_delete, sender=RollBand, dispatch_uid="search-band-deleted")
def band_deleted(sender, instance, origin=None, **kwargs):
    if _direct(origin, RollBand):
        request_sync("card", [instance.entry_id])


@receiver(post_save, sender=Ruling, dispatch_uid="search-ruling-saved")
def ruling_saved(sender, instance, raw=False, **kwargs):
    if raw:
        return
    request_sync("ruling", [instance.pk])
    request_sync("card", instance.entries.values_list("pk", flat=True))


@receiver(pre_delete, sender=Ruling, dispatch_uid="search-ruling-deleting")
def ruling_deleting(sender, instance, origin=None, **kwargs):
    if _direct(origin, Ruling):
        instance._search_entry_ids = list(instance.entries.values_list("pk", flat=True))


@receiver(post_delete, sender=Ruling, dispatch_uid="search-ruling-deleted")
def ruling_deleted(sender, instance, origin=None, **kwargs):
    if _direct(origin, Ruling):
        request_sync("card", getattr(instance, "_search_entry_ids", []))


@receiver(m2m_changed, sender=RulingEntries, dispatch_uid="search-ruling-entries")
def ruling_entries_changed(sender, instance, action, reverse, pk_set, **kwargs):
    if action == "pre_clear":
        related = instance.rulings if reverse else instance.entries
        instance._search_cleared = list(related.values_list("pk", flat=True))
        return
    if action not in ("post_add", "post_remove", "post_clear"):
        return
    others = list(pk_set or getattr(instance, "_search_cleared", []))
    ruling_ids, entry_ids = (others, [instance.pk]) if reverse else ([instance.pk], others)
    request_sync("ruling", ruling_ids)
    request_sync("card", entry_ids)


@receiver(post_save, sender=Rule, dispatch_uid="search-rule-saved")
def rule_saved(sender, instance, raw=False, **kwargs):
    if not raw:
        # Its rules carry its title in their tags (a section's context).
        below = Rule.objects.filter(game_id=instance.game_id,
                                    number__startswith=f"{instance.number}.")
        request_sync("rule", [instance.pk, *below.values_list("pk", flat=True)])


@receiver(post_save, sender=GlossaryTerm, dispatch_uid="search-term-saved")
def term_saved(sender, instance, raw=False, **kwargs):
    if not raw:
        request_sync("term", [instance.pk])
