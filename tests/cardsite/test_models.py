"""Catalog models: unknown is a real state, validation speaks plainly."""
import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from cardsite.models import Component, Entry, Game, RollBand

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    return Game.objects.create(slug="rumble", name="Rumble", short_name="Rumble", family="spell",
                               rulebook="r.txt")


def test_unknown_is_distinct_from_zero_and_empty(game):
    unknown = Entry.objects.create(game=game, slug="a", name="A", kind="card")
    zero = Entry.objects.create(game=game, slug="b", name="B", kind="card", initiative=0, text="")
    assert Entry.objects.filter(initiative__isnull=True).get() == unknown
    assert Entry.objects.filter(initiative=0).get() == zero
    assert Entry.objects.filter(text__isnull=True).get() == unknown
    assert Entry.objects.filter(text="").get() == zero
    unknown.refresh_from_db()
    assert unknown.initiative is None and unknown.text is None and unknown.glyph is None


def test_component_count_unknown(game):
    comp = Component.objects.create(game=game, slug="dice", name="Dice", kind="die")
    assert comp.count is None and str(comp) == "? Dice"


def test_slugs_unique_per_game(game):
    other = Game.objects.create(slug="anarchy", name="A", short_name="A", family="spell", rulebook="a")
    Entry.objects.create(game=game, slug="same", name="Same", kind="card")
    Entry.objects.create(game=other, slug="same", name="Same", kind="card")  # fine elsewhere
    with pytest.raises(IntegrityError):
        Entry.objects.create(game=game, slug="same", name="Same again", kind="card")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("initiative", -1, "at least 0"),
        ("body", 6, "five possession spots"),
        ("strength", 7, "at most six dice"),
        ("cost", -2, "cannot be negative"),
    ],
)
def test_range_validation_messages(game, field, value, message):
    entry = Entry(game=game, slug="x", name="X", kind="card", **{field: value})
    with pytest.raises(ValidationError) as excinfo:
        entry.full_clean()
    assert message in str(excinfo.value.message_dict[field])


def test_body_plus_mind_fits_five_spots(game):
    entry = Entry(game=game, slug="v", name="V", kind="character", body=4, mind=2)
    with pytest.raises(ValidationError, match="five possession spots"):
        entry.full_clean()


def test_breakdown_must_add_up(game):
    comp = Component(game=game, slug="applause", name="Applause", kind="token", count=30,
                     breakdown=[{"label": "2", "count": 10}, {"label": "3", "count": 10}])
    with pytest.raises(ValidationError, match="add up to 20, not to the count 30"):
        comp.full_clean()


def test_band_labels(game):
    entry = Entry.objects.create(game=game, slug="t", name="T", kind="card")
    assert RollBand(entry=entry, low=10, high=None, effect="x").label == "10+"
    assert RollBand(entry=entry, low=5, high=9, effect="x").label == "5-9"
    with pytest.raises(ValidationError, match="below its lower end"):
        RollBand(entry=entry, low=9, high=5, effect="x").full_clean()
