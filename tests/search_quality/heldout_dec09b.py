"""24 Anarchy at the Arena questions written on 2026-12-07 (stop 48) from the rulebook
and the catalog's rulings alone, before any search was run on them, phrased as a table
talks mid-game (a situation, then the question). Its first run is recorded in
bench/answer_box.py; after that it is a tuning set, not one of the blind sets. (After the first run four references were
added that the first writing missed: Rumble's answers to two questions that name no
game, the glossary's Standee, Anarchy 6.2's list of legal Spells.)
References and answers as in heldout_dec04.py."""

HELDOUT_DEC09B = [
    ("arena how many cards do we draw up to each round", ["anarchy 4.1", "anarchy 26.1"]),
    ("i only have a quality and a quality, is that a legal spell",
     ["anarchy 6.4", "anarchy 6.1", "anarchy 6.2", "anarchy/illegal-spell"]),
    ("i put down 4 cards by accident in anarchy what now",
     ["anarchy 6.6", "anarchy 6.5", "anarchy/illegal-spell"]),
    ("my spell has no delivery, when do i go",
     ["anarchy 8.5", "anarchy/initiative-zero", "rumble 10.5", "rumble/initiative-without-delivery"]),
    ("we both have 3 cards and the same initiative in anarchy who goes first",
     ["anarchy 8.6", "anarchy/initiative-tie"]),
    ("do rally cards make my spell bigger for turn order",
     ["anarchy 18.3.2", "anarchy/rally-not-a-component", "anarchy 26.2"]),
    ("how many dice do i roll for my power roll in anarchy",
     ["anarchy 12.1", "anarchy/power-roll-dice"]),
    ("does the champion add a die to my roll",
     ["anarchy 20.8", "anarchy/champion-glyph-scope", "anarchy 12.2"]),
    ("i got killed, does the guy who killed me get anything",
     ["anarchy 26.5", "anarchy/killer-gains-applause", "rumble 20.3"]),
    ("in anarchy do i keep my creatures when i die",
     ["anarchy 17.17", "anarchy 22.6", "anarchy/death-what-you-keep"]),
    ("what hp do i come back with after dying in the arena",
     ["anarchy 22.2", "anarchy/death-hp"]),
    ("how many dead wizard tokens go in the pile for 4 players",
     ["anarchy 3.8"]),
    ("when does anarchy end",
     ["anarchy 23.1", "anarchy 2.2", "anarchy/game-end-trigger-wording", "anarchy 26.6"]),
    ("the last dead wizard token got taken mid spell, do i finish my spell",
     ["anarchy 23.2", "anarchy/end-nothing-resolves"]),
    ("can i show people my applause tokens",
     ["anarchy 16.2", "anarchy/applause-facedown"]),
    ("how much are applause tokens worth",
     ["anarchy 16.1", "anarchy 1.3"]),
    ("two foes have the most hp, which one does my strongest foe card hit",
     ["anarchy 13.4.2", "anarchy/strongest-tie"]),
    ("can my creature block damage from my own spell",
     ["anarchy 17.5", "anarchy/creature-block"]),
    ("can i attack another wizards creature with my damage",
     ["anarchy 17.14", "anarchy/creature-generic-damage"]),
    ("do i have to roll for my kept creature if it has nothing to hit",
     ["anarchy 17.11", "anarchy/kept-creature-must-roll", "rumble 17.10",
      "rumble/kept-creature-must-attack"]),
    ("can i save the champion's rally for later in my turn",
     ["anarchy 20.4", "anarchy/rally-save"]),
    ("what happens with wild magic when i reveal my spell",
     ["anarchy 18.1.2", "anarchy/wild-magic-reveal", "anarchy 18.1.1", "rumble/wild-magic-naming",
      "rumble/wild-magic-type-and-chain"]),
    ("can my hp go over 25 in anarchy", ["anarchy 3.6", "anarchy/max-hp"]),
    ("what does the anarchy standee do", ["anarchy 24.4", "anarchy/arena-standee", "term standee"]),
]

ANSWERS_DEC09B = {
    "arena how many cards do we draw up to each round": ("number", "8"),
    "i only have a quality and a quality, is that a legal spell": ("yes/no", "no"),
    "do rally cards make my spell bigger for turn order": ("yes/no", "no"),
    "does the champion add a die to my roll": ("yes/no", "yes"),
    "in anarchy do i keep my creatures when i die": ("yes/no", "yes"),
    "what hp do i come back with after dying in the arena": ("number", "20"),
    "how many dead wizard tokens go in the pile for 4 players": ("number", "8"),
    "can i show people my applause tokens": ("yes/no", "no"),
    "can my creature block damage from my own spell": ("yes/no", "no"),
    "can i attack another wizards creature with my damage": ("yes/no", "no"),
    "do i have to roll for my kept creature if it has nothing to hit": ("yes/no", "yes"),
    "can i save the champion's rally for later in my turn": ("yes/no", "no"),
    "can my hp go over 25 in anarchy": ("yes/no", "no"),
}

UNANSWERED_DEC09B = [
    "can i trade treasures with another wizard in anarchy",
]
