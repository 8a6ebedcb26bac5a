"""A ninth set of 40 questions, held out and blind: written on 2026-12-05 (08:15 UTC)
from the rulebooks (shared/rulebooks/*.txt) and the catalog's numbering
(fixtures/*.json, for the references) before any search ran with them and
before any change to the ranking or the answer box of that round. Ten
questions per game, typed the way players talk at the table: short, some
misspelt, the game named in several ways or not at all, negations, "can I",
"what happens if", player counts. Like dec04b and dec05 it is never tuned
against: bench/answer_box.py --set dec05b prints its figures per game only
(its questions with --details), and no test puts a floor on it.
References as in questions.py.

ANSWERS_DEC05B gives, for the questions whose answer the rulebook states
plainly, the kind of answer a player wants and the words a correct direct
answer must contain. UNANSWERED_DEC05B holds questions no rulebook passage and
no ruling of the catalog answers (strategy, people, time): the right answer
box for them says nothing, or that no rule says."""

HELDOUT_DEC05B = [
    # --- rumble (Rumble at Castle Tentakill) ---
    ("where do i put treasure cards i win",
     ["rumble 20.1", "rumble/treasure-placement", "term treasure"]),
    ("can my hp go over 25 in rumble",
     ["rumble 4.5", "rumble/hp-and-blood-above-25", "term hit-points"]),
    ("does a 1 card spell always go before a 3 card spell",
     ["rumble 10.2", "rumble 1.4", "term turn-order"]),
    ("how many dice for a power roll with 2 dark cards",
     ["rumble 14.1", "rumble 14.2", "term power-roll"]),
    ("what happens to my hand when i die in tentakill",
     ["rumble 21.1", "rumble/death-what-you-keep-cross-game", "term death"]),
    ("can i pay blood i dont have",
     ["rumble 18.10", "rumble/blood-payment-frequency", "term blood-payment"]),
    ("who gets the standee if i kill the guy holding it",
     ["rumble 22.5", "rumble/slaying-standee-holder-last", "term standee"]),
    ("how many treasure cards in rumble",
     ["rumble 2.4"]),
    ("do dead wizards still get to cast spells",
     ["rumble/dead-wizard-participation", "rumble 21.2"]),
    ("can my creture block dmg from a foe",
     ["rumble 17.4", "term creature", "anarchy 17.4", "anarchy/creature-block"]),
    # --- anarchy (Anarchy at the Arena) ---
    ("how many dead wizard tokens for 3 players anarchy",
     ["anarchy 3.8"]),
    ("does a rally card make my spell a 2 card spell",
     ["anarchy 8.1", "anarchy 18.3.2", "anarchy/rally-not-a-component", "anarchy 26.2"]),
    ("how many vp is an applause tokn",
     ["anarchy 16.1", "term applause", "anarchy 1.3"]),
    ("do i lose my treasures when i get killed in the arena",
     ["anarchy 18.2.2", "anarchy 22.6", "anarchy/death-what-you-keep", "anarchy 26.5"]),
    ("when does anarchy end",
     ["anarchy 2.2", "anarchy 23.1", "anarchy/game-end-trigger-wording", "anarchy 26.6"]),
    ("how much is a dead wizard token worth at the end in anarchy",
     ["anarchy 15.3", "anarchy/dead-wizard-token-glyph", "anarchy 23.3"]),
    ("what hp do i go back to after dying in anarchy",
     ["anarchy 22.2", "anarchy/death-hp", "anarchy 26.5"]),
    ("does the standee do anything in anarchy",
     ["anarchy 24.4", "anarchy/arena-standee"]),
    ("how many cards in the champion deck",
     ["anarchy 1.2", "anarchy/champion-replacement-and-deck"]),
    ("can i put 4 cards in my spell in anarchy",
     ["anarchy 6.6", "anarchy 6.1", "anarchy/illegal-spell"]),
    # --- satanic-panic (Annihilageddon 3 - Satanic Panic) ---
    ("how many fizzles do i start with",
     ["satanic-panic 3.1.8"]),
    ("how many dead wizard tokens per player in satanic panic",
     ["satanic-panic 3.6.5", "satanic-panic 6.15.9"]),
    ("can i buy 2 wild magics in one turn",
     ["satanic-panic 4.1.10", "satanic-panic 6.12.1", "satanic-panic 3.6.3",
      "satanic-panic/wild-magic-always-available"]),
    ("do i keep leftover power for next turn",
     ["satanic-panic 4.4.4", "satanic-panic/unspent-power"]),
    ("can i use 2 defense cards against one attack",
     ["satanic-panic 6.2.3", "satanic-panic/defense-one-per-attack"]),
    ("how much hp to get rid of a burning limp wand",
     ["satanic-panic 6.13.2", "satanic-panic/burning-limp-wand-destroy"]),
    ("what does a penta coin score",
     ["satanic-panic 8.14.1", "term penta-coin", "satanic-panic/satan-scoring"]),
    ("can satan buy cards from the line up",
     ["satanic-panic 6.22.2", "satanic-panic 8.5.3", "satanic-panic 8.9.1",
      "satanic-panic/satan-line-up", "satanic-panic/satan-ignores-standard-cards"]),
    ("can i still play cards after buying something",
     ["satanic-panic 4.2.3", "satanic-panic/play-after-buying"]),
    ("what happens if i die in satanic panic",
     ["satanic-panic 6.15.2", "satanic-panic 6.15.1", "term death"]),
    # --- demoniac (Demoniac, with Evil Relics) ---
    ("how many cards do i draw at the start of my turn demoniac",
     ["demoniac 4.2"]),
    ("whats the hand limit in demoniac",
     ["demoniac 6.6", "demoniac/hand-limit-timing", "term hand-size"]),
    ("how many blank faces on a demoniac die",
     ["demoniac 9.3", "term die", "term blank"]),
    ("does a cross count if i reroll it",
     ["demoniac/only-final-faces-count", "demoniac 9.5", "demoniac 9.4"]),
    ("can i put possesions on my friends victim",
     ["demoniac 5.2", "demoniac/possessions-on-own-victim", "demoniac 7.2"]),
    ("do i get hit by the divinity i destroy",
     ["demoniac 7.14", "demoniac/attacker-immune-to-divinity"]),
    ("can 5 people play demoniac",
     ["demoniac 1.1"]),
    ("what happens when someone steals the relic from me",
     ["demoniac 12.7", "demoniac 12.8", "demoniac/relic-power-duration"]),
    ("if my victim loses a possession does it stop being a demoniac",
     ["demoniac 7.8", "demoniac/demoniac-is-permanent"]),
    ("how many divinities does the exorcist start with",
     ["demoniac 7.11", "demoniac 3.6", "term divinity"]),
]

ANSWERS_DEC05B = {
    # rumble
    "can my hp go over 25 in rumble": ("yes/no", "no"),
    "does a 1 card spell always go before a 3 card spell": ("yes/no", "yes"),
    "can i pay blood i dont have": ("yes/no", "no"),
    "how many treasure cards in rumble": ("number", "25"),
    "do dead wizards still get to cast spells": ("yes/no", "no"),
    "can my creture block dmg from a foe": ("yes/no", "yes"),
    # anarchy
    "how many dead wizard tokens for 3 players anarchy": ("number", "6"),
    "does a rally card make my spell a 2 card spell": ("yes/no", "no"),
    "how many vp is an applause tokn": ("number", "2 3 4"),
    "do i lose my treasures when i get killed in the arena": ("yes/no", "no"),
    "how much is a dead wizard token worth at the end in anarchy": ("number", "2"),
    "what hp do i go back to after dying in anarchy": ("number", "20"),
    "how many cards in the champion deck": ("number", "15"),
    "can i put 4 cards in my spell in anarchy": ("yes/no", "no"),
    # satanic-panic
    "how many fizzles do i start with": ("number", "3"),
    "how many dead wizard tokens per player in satanic panic": ("number", "5"),
    "can i buy 2 wild magics in one turn": ("yes/no", "yes"),
    "do i keep leftover power for next turn": ("yes/no", "no"),
    "can i use 2 defense cards against one attack": ("yes/no", "no"),
    "how much hp to get rid of a burning limp wand": ("number", "4"),
    "what does a penta coin score": ("number", "3"),
    "can satan buy cards from the line up": ("yes/no", "no"),
    "can i still play cards after buying something": ("yes/no", "yes"),
    # demoniac
    "how many cards do i draw at the start of my turn demoniac": ("number", "3"),
    "whats the hand limit in demoniac": ("number", "6"),
    "how many blank faces on a demoniac die": ("number", "2"),
    "does a cross count if i reroll it": ("yes/no", "no"),
    "can i put possesions on my friends victim": ("yes/no", "no"),
    "do i get hit by the divinity i destroy": ("yes/no", "no"),
    "can 5 people play demoniac": ("yes/no", "no"),
    "if my victim loses a possession does it stop being a demoniac": ("yes/no", "no"),
    "how many divinities does the exorcist start with": ("number", "5"),
}

UNANSWERED_DEC05B = [
    # rumble: no age rating, no advice on which Wizard is best
    "what age is castle tentakill rated for",
    "whats the best wizard to pick in rumble",
    # anarchy: nothing on alliances, no advice on Wizards
    "can wizards make alliances in anarchy",
    "which wizard is the strongest in anarchy at the arena",
    # satanic-panic: no buying advice, nothing on joining a game under way
    "what is the best first buy in satanic panic",
    "can a new player join a satanic panic game halfway",
    # demoniac: nothing on a player leaving, no ranking of exorcists
    "what happens if a player leaves a demoniac game early",
    "which exorcist is the hardest in demoniac",
]
