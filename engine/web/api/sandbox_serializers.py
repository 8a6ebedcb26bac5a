"""The sandbox API's bodies: what a client posts, and the table it gets back."""
from __future__ import annotations

from rest_framework import serializers

from cardsite.api.errors import ErrorSerializer
from engine.families import FAMILIES, MAX_SEED

from .serializers import ExplanationStepSerializer, ProblemSerializer, StrictSerializer

ACTION_HELP = (
    "An action object: `type` plus the fields that type takes, exactly as one item of "
    "`legal_actions` (post an item back unchanged). See the README's \"Sandbox actions\" "
    "for each game's vocabulary. Rumble, Anarchy: on a dealt table `add_card` names a card "
    "in the wizard's hand by its id (`{\"type\": \"add_card\", \"wizard\", \"card\": "
    "\"12:e3\"}`; a card object only on a free table); `play_card {wizard, choice?}` "
    "resolves a scripted card; `play_reaction {wizard, choice?}` resolves a Reaction that "
    "a death triggered (nothing else moves on while one waits).")


class SandboxCreate(StrictSerializer):
    game = serializers.ChoiceField(choices=list(FAMILIES), required=False,
                                   help_text="Which game; required unless `replay` is given.")
    players = serializers.JSONField(
        required=False,
        help_text="Rumble, Anarchy: 2 to 6 wizard names (or a count: Wizard 1, 2...). "
        "Satanic Panic: a count, 2 to 5. Demoniac: a count, 2 to 4. Required unless `replay`.")
    seed = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_SEED,
        help_text="Every shuffle and roll comes from it; random when left out.")
    options = serializers.DictField(
        required=False, child=serializers.JSONField(),
        help_text="Rumble: `variant` (\"match\" or \"quick\"), `self_kill_applause`; Anarchy: "
        "`champion` (an object with `name`, `glyph`), `self_kill_applause`; both: `deal` "
        "(default true: hands of eight from a Main Deck of the catalog's cards and stand-ins "
        "up to the rulebook's counts, shuffled from the seed; false: a free table where any "
        "card may be placed); Satanic Panic: "
        "`satan` (true: one player plays Satan); Demoniac: `relic`, `split_hits`.")
    replay = serializers.JSONField(
        required=False,
        help_text="Instead of a new game: a sandbox id, or a log as GET .../log/ returns it "
        "(`game`, `seed`, `options`, `entries`; of each entry only `seq` and `action` are "
        "read); the new table replays it from the seed, checking every action.")

    # For the schema: validate()'s rule, a replay alone or a new game's game and players.
    schema_extra = {"oneOf": [
        {"required": ["replay"], "not": {"anyOf": [
            {"required": [name]} for name in ("game", "players", "seed", "options")]}},
        {"required": ["game", "players"], "not": {"required": ["replay"]}},
    ]}

    def validate(self, attrs):
        if "replay" in attrs:
            extra = sorted(set(attrs) - {"replay"})
            if extra:
                raise serializers.ValidationError(
                    {extra[0]: "give either replay or a new game's fields, not both"})
            return attrs
        for name in ("game", "players"):
            if name not in attrs:
                raise serializers.ValidationError({name: "This field is required."})
        return attrs


class SandboxAction(StrictSerializer):
    version = serializers.IntegerField(
        min_value=1, help_text="The table's version you acted on: a stale one is refused "
        "with 409 and nothing changes.")
    action = serializers.DictField(child=serializers.JSONField(), help_text=ACTION_HELP)


class SandboxUndo(StrictSerializer):
    version = serializers.IntegerField(min_value=1, help_text="The table's current version.")


class SandboxEvent(ExplanationStepSerializer):
    """One thing an action caused, with the rule applied (empty for the setup); other keys
    (``type``, the dice, the wizard...) vary by event."""


class SeatLink(serializers.Serializer):
    seat = serializers.CharField(allow_null=True, help_text="The seat; null: a spectator.")
    key = serializers.CharField(help_text="Use it where the table's id goes.")
    url = serializers.URLField()
    page_url = serializers.URLField()


class SandboxTable(serializers.Serializer):
    id = serializers.CharField(
        help_text="The link this answer was asked through: the table's own id (its owner's: "
        "the full state, every seat's moves), or a seat's or spectator's key from `seats`.")
    view = serializers.ChoiceField(
        choices=["full", "seat", "spectator"],
        help_text="`full`: the owner's view, or anyone's once the game is over; `seat`: "
        "that seat's hand and the table, the other seats' hands, face-down cards and every "
        "deck's order left out (counted in `state.hidden`); `spectator`: the table alone.")
    seat = serializers.CharField(allow_null=True, help_text="The seat this link plays.")
    seats = SeatLink(many=True, required=False,
                     help_text="The owner's answer to create and GET: a link per seat (give "
                     "each player theirs) and one for spectators.")
    game = serializers.ChoiceField(choices=list(FAMILIES))
    version = serializers.IntegerField(help_text="Send it back with the next action or undo.")
    state = serializers.JSONField(
        help_text="The whole table as the engine stores it. A dealt Rumble or Anarchy table "
        "adds `deal: true`, `catalog` (the catalog cards in its deck), `deck` (`main`, "
        "`discard`: card ids, top first; `treasure`, `treasure_discard`, `dead_wizard`, "
        "`dead_wizard_discard`: card names; `shuffles`), `dead_wizard_cards` (Rumble: the "
        "cards each dead wizard drew) and `reactions` (Reactions waiting to resolve); each "
        "wizard's `hand` lists card ids. A card id is `n:e<i>` (catalog card i) or "
        "`n:<type>/<glyph>[/<initiative>]` (a stand-in).")
    actor = serializers.CharField(allow_null=True, help_text="Who decides now.")
    legal_actions = serializers.ListField(
        child=serializers.DictField(child=serializers.JSONField()),
        help_text="Every action allowed now, each complete (one item per choice of target, "
        "die, card or amount): post one back unchanged. Empty once finished. A seat's link "
        "lists that seat's moves only, a spectator's none.")
    by_hand = serializers.ListField(
        child=serializers.CharField(),
        help_text="The action types that apply card text the engine cannot run yet (the "
        "player reads the card; the engine checks the bounds).")
    finished = serializers.BooleanField()
    winner = serializers.CharField(allow_null=True)
    result = serializers.JSONField(allow_null=True, help_text="The final score, once finished.")
    events = SandboxEvent(many=True, required=False,
                   help_text="After an action: what it caused, with the rules applied.")
    url = serializers.URLField()
    log_url = serializers.URLField()
    page_url = serializers.URLField(help_text="The same table in the HTML sandbox.")


class LogEntry(serializers.Serializer):
    seq = serializers.IntegerField(help_text="0 is the setup; then one per action.")
    version = serializers.IntegerField(help_text="The table's version after it.")
    action = serializers.DictField(allow_null=True, child=serializers.JSONField())
    by_hand = serializers.BooleanField()
    events = SandboxEvent(many=True)


class SandboxLog(serializers.Serializer):
    id = serializers.CharField()
    game = serializers.ChoiceField(choices=list(FAMILIES))
    seed = serializers.IntegerField()
    options = serializers.DictField(child=serializers.JSONField())
    version = serializers.IntegerField()
    entries = LogEntry(many=True)


class RefusedAction(ErrorSerializer):
    """400: an illegal or malformed action; nothing changed."""

    message = serializers.CharField(required=False, help_text="The first problem, as said.")
    rule = serializers.CharField(required=False, help_text="The rule it breaks.")
    problems = ProblemSerializer(many=True, required=False)


class StaleVersion(ErrorSerializer):
    """409: the table moved on since the version sent; nothing changed."""

    version = serializers.IntegerField(help_text="The table's current version.")


class SandboxBots(StrictSerializer):
    version = serializers.IntegerField(min_value=1, help_text="The table's current version.")
    policy = serializers.ChoiceField(
        choices=["greedy", "random"], default="greedy",
        help_text="How the bots choose among their legal actions: `greedy` looks one move "
        "ahead and scores the table for its seat (a win, then HP and points against its "
        "foes'); `random` picks uniformly.")
    persons = serializers.ListField(
        child=serializers.CharField(max_length=80), required=False, max_length=6,
        help_text="Seats played by people: the bots stop when one of them must decide. "
        "Empty (the owner's link): the bots play every seat to the end. A seat's link "
        "always counts its own seat as a person.")


class BotsPlayed(serializers.Serializer):
    actions = serializers.IntegerField(help_text="How many moves the bots made (each is "
                                       "one entry of the log: undo steps back one).")
    stopped = serializers.ChoiceField(
        choices=["finished", "person", "bound", "time", "stuck"],
        help_text="Why they stopped: the game is over, a person must decide, or this call's "
        "bound of moves or time was reached (call again to go on).")


class SandboxBotsTable(SandboxTable):
    bots = BotsPlayed()
