"""A set of 100 questions written on 2026-12-07 from the rulebooks
(shared/rulebooks/*.txt) and the catalog's fixtures (fixtures/*.json) alone,
before any search was run on it and without reading the search code: 25 per
game (Rumble at Castle Tentakill, Anarchy at the Arena, Annihilageddon 3 -
Satanic Panic, Demoniac). Phrased as players talk at the table: short, lower
case, some misspelt, the game named in about half of them (rumble, tentakill,
castle tentakill, anarchy, arena, satanic panic, sp, annihilageddon, demoniac,
evil relics), negations, "can i", "what happens if", "how many", "who", "does
X", "what does X mean", situations mid-game with concrete cards and counts.
Chosen to spread over each rulebook and, above all, over the rules and rulings
the earlier sets left untouched (the box contents, set up, late and added
components, Creatures that are face down or killed first, worked examples,
Rally and Champion corner cases, ATTACK/DEFENSE timing, gaining and
discarding, Dead Wizard Token and Satan card clarifications, the Evil Relics
expansion, the open questions of the catalog). No question of an earlier set
is reused: none is equal to one (case and spacing ignored) and none is a near
copy (difflib ratio above 0.8 against every earlier question). Its first run
is recorded below; after that it is a tuning set (its questions are seen), so
it is not one of the blind sets.

References and answers as in heldout_dec04.py: "game N" is a numbered rule,
"game/slug" a ruling, "term slug" a glossary term; the best answer is listed
first, its own game's first; a question that names no game and whose answer
is the same in the sister game also lists that game's passage after its own.
ANSWERS_DEC11 holds the questions with a short answer the rulebook states, as
(kind, words a right answer must contain); questions left out of it (a
procedure, a sum of several rules, an answer only a ruling gives) are right
when the box cites one of their references. UNANSWERED_DEC11 holds questions
no rulebook passage (nor any catalog ruling) answers.

First run, on 988d66d before any change, top1/top3/box/right(wrong): SQLite
62/100, 78/100, 39, 29(10); PostgreSQL 67/100, 87/100, 37, 29(8); per game,
SQLite: rumble 16/20/8/5(3), anarchy 17/21/9/8(1), satanic-panic 19/21/17/13(4),
demoniac 10/16/5/3(2); PostgreSQL: rumble 17/21/9/6(3), anarchy 18/21/7/6(1),
satanic-panic 19/23/15/13(2), demoniac 13/22/6/4(2); one of its 8 no-rule
questions gets a box on both, and that box is wrong."""

HELDOUT_DEC11 = [
    # --- rumble (Rumble at Castle Tentakill) ---
    ("how many hero cards come in the castle tentakill box",
     ["rumble 2.2", "term hero-card"]),
    ("my quality drops a new source into my spell but my source already went off, does the new one still resolve",
     ["rumble 12.2", "rumble 12.3", "rumble/component-added-after-its-type-resolved",
      "anarchy 10.4", "anarchy 10.5"]),
    ("rumble a card added a second delivery to my spell, does that make my spell ilegal",
     ["rumble 16.1", "rumble/added-cards-legality", "rumble 16.2"]),
    ("i get hit before my turn comes up, can the creature lying face down in my spell take the damage for me",
     ["rumble 17.6", "rumble/face-down-creature-block", "rumble 17.4", "anarchy 17.6",
      "anarchy 19.3"]),
    ("foes card kills my creature and then deals me 3, can that creature still soak the 3",
     ["rumble 17.14", "rumble/kill-creature-then-damage"]),
    ("tentakill, a spell hits me and two other guys and i sacrifice my creature, do the other two still take theirs",
     ["rumble 17.4", "rumble/creature-protects-only-owner", "term creature"]),
    ("do i have to say im blocking with my creature before the damage die gets rolled",
     ["rumble 17.16", "rumble/random-damage-block-timing", "anarchy 17.15",
      "anarchy/creature-random-damage"]),
    ("sparkling hits a random foe, do i roll for who it hits before the damage or after",
     ["rumble 15.2", "rumble/random-target-vs-dice-first", "rumble/target-before-dice",
      "rumble 25.4", "rumble/sparkling-worked-example"]),
    ("a.d.h. deezi's takes the standee out of the middle of the table, do i still get to do the 3 damage",
     ["rumble 25.3", "rumble/deezi-standee-from-nobody"]),
    ("quick match, is it fine to keep score with a d6",
     ["rumble 24.3", "rumble/quick-match-score-markers"]),
    ("i kill the last foe but his reaction kills me right after, nobodys alive, who gets the lws token",
     ["rumble/nobody-alive-without-self-kill", "rumble 26.2", "rumble 26.1",
      "rumble/last-wizard-standing-defeat-vs-survive"]),
    ("rumble initiative roll off and we tie again on the dice, what now",
     ["rumble/initiative-tie-not-for-first", "rumble 10.6", "rumble 1.6"]),
    ("the main deck ran out in the middle of a game of tentakill, what do we do",
     ["rumble/deck-runs-out", "rumble 26.4", "term main-deck"]),
    ("is every delivery in tentakill a creature",
     ["rumble 17.1", "term creature", "term delivery"]),
    ("how do i get to keep my creature out after my turn",
     ["rumble 17.3", "rumble 17.2", "term keep", "anarchy 17.3"]),
    ("set up says put the spell deck in the middle, is that the same thing as the main deck",
     ["term main-deck", "rumble 4.6", "rumble 4.1"]),
    ("when in my turn does the creature i kept from last round go, before my source?",
     ["rumble/kept-creature-timing", "rumble 17.8", "rumble 17.12",
      "anarchy/kept-creature-initiative"]),
    ("how do i get my hands on the standee in castle tentakill",
     ["rumble 22.7", "rumble 22.5", "term standee"]),
    ("quick match, i kill two wizards and end up the last one standing, how many points is that",
     ["rumble 24.4", "rumble 24.5", "rumble/quick-match-scoring", "term quick-match"]),
    ("im on 22 hp and everyone else has less, does my own strongest foe card hit me",
     ["rumble 15.5", "rumble/self-not-strongest", "rumble 15.3", "term strongest-foe",
      "anarchy 13.4.3"]),
    ("do i have to tell everybody how many cards are in my spell in rumble",
     ["rumble 10.1", "rumble 1.4", "rumble 9.2"]),
    ("which end of my spell does the delivery go on",
     ["rumble 8.3", "term delivery", "anarchy 6.3"]),
    ("can another wizard steal my treasures in rumble",
     ["rumble 20.2", "rumble 20.1", "term treasure"]),
    ("whats the point of drawing dead wizard cards if im already dead",
     ["rumble 21.2", "term dead-wizard-card", "rumble 26.5"]),
    ("im down to 3 hp, why would i still put down a big spell with a reacton card in it",
     ["rumble 23.2", "rumble 23.1", "term reaction"]),
    # --- anarchy (Anarchy at the Arena) ---
    ("how many dice come in the anarchy at the arena box",
     ["anarchy 1.4"]),
    ("do the rally cards get their own deck or do they go in the main deck",
     ["anarchy 3.1", "anarchy 1.1", "term main-deck", "term rally"]),
    ("arena setup, where does the champion deck go",
     ["anarchy 3.3", "anarchy 3.2"]),
    ("can i lay my rally card face up next to my spell so everyone sees it",
     ["anarchy 7.1", "anarchy 18.3.2"]),
    ("krazztars rally hits the foe with the most applause, two foes have 2 tokens each, do they both take the damage",
     ["anarchy/krazztar-rally-ties", "anarchy 21.3", "anarchy 13.4.2"]),
    ("blood lord krazztar's challenge and nobody has an applause token yet, does anyone win it",
     ["anarchy/krazztar-challenge-ties", "anarchy 21.7", "anarchy 20.6"]),
    ("anarchy: tied on vp, tied on applause tokens and tied on treasures too, now who wins",
     ["anarchy/final-tie", "anarchy 23.4", "anarchy/end-tiebreak"]),
    ("we ran out of applause tokens and i just killed a guy, do i get anything",
     ["anarchy/supply-exhaustion", "anarchy 26.5", "anarchy/killer-gains-applause"]),
    ("3 player arena game, random foe with only 2 foes, do i split the die 1-3 and 4-6",
     ["anarchy/random-foe-spare-faces", "anarchy 13.5.1", "term random-foe"]),
    ("rally card shows up halfway through my source and the rally bit of that source hasnt happened yet, does it count",
     ["anarchy/rally-keyword-mid-component", "anarchy 24.1", "anarchy 18.3.6",
      "anarchy/rally-revealed-mid-turn"]),
    ("no delivery this round but my kept creature is still out, whats my initiative in anarchy",
     ["anarchy/kept-creature-initiative", "anarchy 8.5", "anarchy 17.10"]),
    ("do i control my dead wizard tokens and applause tokens in the arena",
     ["anarchy/control-tokens", "anarchy 19.1", "term control"]),
    ("a card gave me two qualitys to resolve, which one goes first",
     ["anarchy 10.3", "anarchy/several-of-one-type", "anarchy 14.3", "rumble 16.3"]),
    ("in anarchy do i pick who my card targets before i roll or after",
     ["anarchy 13.3", "anarchy/target-before-dice", "term target"]),
    ("foes card does 2 damage now and 2 more later, how much of that can one creature stop in the arena",
     ["anarchy 17.7", "anarchy/creature-instances", "term damage-instance"]),
    ("card says 2 damage or 4 if youre the strongest foe and i am, does one creature eat all 4",
     ["anarchy 17.8", "anarchy/creature-instances", "rumble 17.7",
      "rumble/creature-damage-instances"]),
    ("how can i tell if a delivery is a creature in anarchy",
     ["anarchy 17.1", "term creature"]),
    ("my kept creature didnt roll keep this time, when does it go to the discard",
     ["anarchy 17.13", "anarchy/kept-creature-must-roll", "rumble 17.12"]),
    ("arena, wild magic as my quality and as my delivery, do i replace both before i say the spell name",
     ["anarchy 18.1.4", "anarchy 18.1.3", "anarchy/wild-magic-reveal"]),
    ("can other wizards get rid of my treasures in anarchy",
     ["anarchy 18.2.3", "anarchy 18.2.2", "term treasure"]),
    ("champion entrance gives everyone a treasure but there arent enough left, who gets them",
     ["anarchy 20.3", "anarchy/entrance-multiple", "term entrance"]),
    ("anarchy power roll: dark delivery, dark source and the champion is dark too, how many dice",
     ["anarchy 12.1", "anarchy 20.8", "anarchy 12.2", "anarchy 12.3",
      "anarchy/power-roll-dice"]),
    ("grrr-oossss healed me up to 13 hp, do i get an applause token for that",
     ["anarchy 21.5"]),
    ("i have the most applause at the end of the round with krazztar out, what do i get",
     ["anarchy 21.7", "anarchy/krazztar-challenge-ties", "anarchy 20.6", "term challenge"]),
    ("start of a round in the arena, do we draw first or flip the new champion first",
     ["anarchy 26.1", "anarchy 4.1", "anarchy 4.2"]),
    # --- satanic-panic (Annihilageddon 3 - Satanic Panic) ---
    ("how many game cards come in satanic panic",
     ["satanic-panic 1.1", "satanic-panic 1.2"]),
    ("setup, how many ability tiles do i get dealt and how many do i keep",
     ["satanic-panic 3.1.2", "satanic-panic 3.1.3", "term wizard-ability-tile"]),
    ("dont have the oversized wizard that goes with my promo familiar, can i still play it",
     ["satanic-panic 3.1.4", "satanic-panic/promo-wizard-mix-and-match"]),
    ("do adam and steve go in the main deck or under a wizard",
     ["satanic-panic 3.2.4", "satanic-panic/adam-and-steve-main-deck", "term familiar"]),
    ("annihilageddon 3 does little pot o gold get shuffled into the main deck",
     ["satanic-panic 3.2.3", "satanic-panic/tile-cards-not-in-main-deck"]),
    ("can a wizard steal or destroy satans penta coins",
     ["satanic-panic 8.14.3", "satanic-panic/penta-coin-safety", "term penta-coin"]),
    ("satanic panic my card is attack and defense, if i play it on my turn does the defense part do anything",
     ["satanic-panic 6.2.8", "satanic-panic 6.2.7", "satanic-panic/attack-defense-combo"]),
    ("satanic panic someone targets my friend with an attack, can i use my defense to save him",
     ["satanic-panic 6.2.6", "satanic-panic/targeted-attack-avoid", "satanic-panic 6.2.2"]),
    ("mayhem makes everyone pass a card, does it hit the first player before the rest decide whether to defend",
     ["satanic-panic 6.2.4", "satanic-panic/interactive-attack-timing",
      "satanic-panic 6.14.4"]),
    ("my location has been out for 3 turns, does it count as played this turn",
     ["satanic-panic 6.6.3", "satanic-panic/ongoing-played-once", "term ongoing"]),
    ("card just says discard 2, from my hand or off the top of my deck",
     ["satanic-panic 6.7.1", "satanic-panic/discard-default-hand", "term discard"]),
    ("annihilageddon my card says gain a card costing 5 and theres no 5 in the line up, can i gain something else instead",
     ["satanic-panic 6.9.2", "satanic-panic/gain-none-available", "term gain"]),
    ("my attack makes 3 foes gain a burning limp wand but only 2 are left, who misses out",
     ["satanic-panic 6.10.2", "satanic-panic 6.10.1", "satanic-panic/multi-player-order"]),
    ("burning limp wands are all gone, can i still play a defense against the attack that hands them out",
     ["satanic-panic 6.13.5", "satanic-panic/burning-limp-wand-empty-stack"]),
    ("sp can i just keep a burning limp wand in my hand instead of playing it",
     ["satanic-panic 6.13.3", "satanic-panic/burning-limp-wand-destroy"]),
    ("what does decline to participate mean on a mayhem in satanic panic",
     ["satanic-panic 6.14.7", "term decline-to-participate", "satanic-panic/mayhem-decline"]),
    ("dead wizard token with no ongoing on it, when does it happen",
     ["satanic-panic 6.15.4", "satanic-panic/dwt-immediate-effect", "term dead-wizard-token"]),
    ("how many of each deadly sin token are there in annihilageddon",
     ["satanic-panic 6.15.5", "term deadly-sins"]),
    ("i hold the satans salute standee as a wizard, what can it actually do for me",
     ["satanic-panic 6.17.2", "satanic-panic 8.16.4", "term standee"]),
    ("satanic panic can i have 4 demons out at the same time",
     ["satanic-panic 6.19.2", "term demon"]),
    ("asmodeus, can i play more glyphs after him to pay for him",
     ["satanic-panic 7.6", "satanic-panic/asmodeus-power"]),
    ("the dirty diablos, me and another guy are tied for highest hp, does it hit both of us",
     ["satanic-panic 7.9.4", "satanic-panic/dirty-diablos-tie"]),
    ("how many vp does dwt 22 take off",
     ["satanic-panic 7.10.3", "satanic-panic/dwt-11-22-value"]),
    ("satans terrible temptation, how many deals can actually go through",
     ["satanic-panic 8.11.4", "satanic-panic/terrible-temptation-one-deal"]),
    ("hail satan kills someone, does satan get a penta coin for it",
     ["satanic-panic 8.17.4", "satanic-panic/hail-satan-credit"]),
    # --- demoniac ---
    ("what actually is a demoniac",
     ["demoniac 2.1", "term demoniac"]),
    ("do the disturbance cards get shuffled in with the possession cards in demoniac",
     ["demoniac 3.1", "term deck"]),
    ("which side of my victim card faces up when we start",
     ["demoniac 3.2", "term victim"]),
    ("can i roll, then play a possession, then reroll the same dice",
     ["demoniac/attack-sequence-and-repeats", "demoniac 6.2", "demoniac 9.6"]),
    ("someone killed holy spritz and i only have 2 cards in my hand, what do i discard",
     ["demoniac/holy-spritz-short-hand", "demoniac 7.15"]),
    ("evil relics whats the number printed on the relic",
     ["demoniac 12.4", "demoniac 12.5", "demoniac/relic-cost-is-strength", "term relic"]),
    ("can one roll count against the exorcist and for stealing the relic at the same time",
     ["demoniac/relic-or-exorcist-per-attack", "demoniac 12.5", "term steal"]),
    ("my roll takes out the last divinity with 6 pentagrams and all my symbols match, did i just win",
     ["demoniac/last-divinity-and-win-same-attack", "demoniac 11.1", "demoniac 8.3"]),
    ("does my victim have to be flipped to the demoniac side before i can win",
     ["demoniac/must-winner-be-demoniac", "demoniac 11.2", "demoniac 11.3"]),
    ("how many dice are in the demoniac box",
     ["demoniac/dice-in-the-box", "term die"]),
    ("rolled 3 pentagrams a blank and a cross, rerolled the blank and the cross and got a pentagram and a blank, whats my power",
     ["demoniac 9.7", "demoniac 9.4", "demoniac/only-final-faces-count"]),
    ("how many relics come in the evil relics expansion",
     ["demoniac 12.2", "demoniac 12.9"]),
    ("should we learn the base game before adding evil relics",
     ["demoniac 12.1"]),
    ("divinity has strength 5 and i got exactly 5 pentagrams, is that enough to destroy it",
     ["demoniac 7.13", "term divinity", "demoniac/choosing-the-divinity"]),
    ("demoniac trying to steal a strength 4 relic and i end up with 3 pentagrams, do i get anything",
     ["demoniac 12.5", "term steal"]),
    ("end of my attack i have hits and a cross showing, which goes first the divinity or the exorcist power",
     ["demoniac/crosses-and-order-at-attack-end", "demoniac 9.5", "demoniac 7.13"]),
    ("victim with body 2 and mind 3, what do i need around it to turn demoniac",
     ["demoniac 7.6", "demoniac 7.5", "demoniac/demoniac-exact-or-at-least"]),
    ("what shape do the possession spots round my victim make",
     ["demoniac 7.2", "term inverted-cross"]),
    ("whats the point of demoniac, what are we all trying to do",
     ["demoniac 2.2", "demoniac 6.7", "demoniac 8.3"]),
    ("all 5 divinities are gone in demoniac, what do i need now",
     ["demoniac 11.3", "demoniac 6.5", "demoniac 11.1", "demoniac 8.3",
      "term winning-attack"]),
    ("evil relics, when i steal the relic does its power kick in straight away",
     ["demoniac 12.7", "demoniac/relic-power-duration"]),
    ("can we see the symbols under the divinities before we destroy them",
     ["demoniac 3.4", "demoniac 7.16", "term weakness"]),
    ("2 player demoniac, do we still put out 5 weaknesses",
     ["demoniac 3.4", "demoniac 3.5"]),
    ("used 2 actions on my attack, do i still get a 3rd action to play a card",
     ["demoniac 9.7", "demoniac 4.3", "term action"]),
    ("when does the power printed on the exorcist card go off",
     ["demoniac 9.5", "term cross", "demoniac/multiple-crosses"]),
]

ANSWERS_DEC11 = {
    # rumble
    "how many hero cards come in the castle tentakill box": ("number", "8"),
    "my quality drops a new source into my spell but my source already went off, does the new one still resolve":
        ("yes/no", "yes"),
    "rumble a card added a second delivery to my spell, does that make my spell ilegal":
        ("yes/no", "no"),
    "i get hit before my turn comes up, can the creature lying face down in my spell take the damage for me":
        ("yes/no", "no"),
    "foes card kills my creature and then deals me 3, can that creature still soak the 3":
        ("yes/no", "no"),
    "tentakill, a spell hits me and two other guys and i sacrifice my creature, do the other two still take theirs":
        ("yes/no", "yes"),
    "do i have to say im blocking with my creature before the damage die gets rolled":
        ("yes/no", "no"),
    "sparkling hits a random foe, do i roll for who it hits before the damage or after":
        ("order", "before"),
    "a.d.h. deezi's takes the standee out of the middle of the table, do i still get to do the 3 damage":
        ("yes/no", "no"),
    "quick match, is it fine to keep score with a d6": ("yes/no", "no"),
    "is every delivery in tentakill a creature": ("yes/no", "yes"),
    "how do i get to keep my creature out after my turn": ("definition", "roll"),
    "set up says put the spell deck in the middle, is that the same thing as the main deck":
        ("yes/no", "yes"),
    "how do i get my hands on the standee in castle tentakill": ("definition", "take"),
    "im on 22 hp and everyone else has less, does my own strongest foe card hit me":
        ("yes/no", "no"),
    "do i have to tell everybody how many cards are in my spell in rumble": ("yes/no", "yes"),
    "which end of my spell does the delivery go on": ("definition", "rightmost"),
    "can another wizard steal my treasures in rumble": ("yes/no", "yes"),
    "whats the point of drawing dead wizard cards if im already dead":
        ("definition", "next game"),
    # anarchy
    "how many dice come in the anarchy at the arena box": ("number", "6"),
    "do the rally cards get their own deck or do they go in the main deck":
        ("definition", "main deck"),
    "arena setup, where does the champion deck go": ("definition", "middle"),
    "can i lay my rally card face up next to my spell so everyone sees it": ("yes/no", "no"),
    "krazztars rally hits the foe with the most applause, two foes have 2 tokens each, do they both take the damage":
        ("yes/no", "yes"),
    "no delivery this round but my kept creature is still out, whats my initiative in anarchy":
        ("number", "0"),
    "in anarchy do i pick who my card targets before i roll or after": ("order", "before"),
    "card says 2 damage or 4 if youre the strongest foe and i am, does one creature eat all 4":
        ("yes/no", "yes"),
    "how can i tell if a delivery is a creature in anarchy": ("definition", "corner"),
    "my kept creature didnt roll keep this time, when does it go to the discard":
        ("definition", "end"),
    "arena, wild magic as my quality and as my delivery, do i replace both before i say the spell name":
        ("yes/no", "yes"),
    "can other wizards get rid of my treasures in anarchy": ("yes/no", "yes"),
    "champion entrance gives everyone a treasure but there arent enough left, who gets them":
        ("who", "highest"),
    "anarchy power roll: dark delivery, dark source and the champion is dark too, how many dice":
        ("number", "3"),
    "grrr-oossss healed me up to 13 hp, do i get an applause token for that": ("yes/no", "no"),
    "i have the most applause at the end of the round with krazztar out, what do i get":
        ("definition", "applause"),
    "start of a round in the arena, do we draw first or flip the new champion first":
        ("order", "draw"),
    # satanic-panic
    "how many game cards come in satanic panic": ("number", "332"),
    "setup, how many ability tiles do i get dealt and how many do i keep": ("number", "2 1"),
    "dont have the oversized wizard that goes with my promo familiar, can i still play it":
        ("yes/no", "yes"),
    "do adam and steve go in the main deck or under a wizard": ("definition", "main deck"),
    "annihilageddon 3 does little pot o gold get shuffled into the main deck": ("yes/no", "no"),
    "can a wizard steal or destroy satans penta coins": ("yes/no", "no"),
    "satanic panic my card is attack and defense, if i play it on my turn does the defense part do anything":
        ("yes/no", "no"),
    "satanic panic someone targets my friend with an attack, can i use my defense to save him":
        ("yes/no", "no"),
    "mayhem makes everyone pass a card, does it hit the first player before the rest decide whether to defend":
        ("yes/no", "no"),
    "my location has been out for 3 turns, does it count as played this turn": ("yes/no", "no"),
    "card just says discard 2, from my hand or off the top of my deck": ("definition", "hand"),
    "annihilageddon my card says gain a card costing 5 and theres no 5 in the line up, can i gain something else instead":
        ("yes/no", "no"),
    "my attack makes 3 foes gain a burning limp wand but only 2 are left, who misses out":
        ("who", "clockwise"),
    "burning limp wands are all gone, can i still play a defense against the attack that hands them out":
        ("yes/no", "yes"),
    "sp can i just keep a burning limp wand in my hand instead of playing it": ("yes/no", "yes"),
    "what does decline to participate mean on a mayhem in satanic panic": ("definition", "avoid"),
    "dead wizard token with no ongoing on it, when does it happen": ("definition", "immediately"),
    "how many of each deadly sin token are there in annihilageddon": ("number", "3"),
    "i hold the satans salute standee as a wizard, what can it actually do for me":
        ("definition", "destroy"),
    "satanic panic can i have 4 demons out at the same time": ("yes/no", "yes"),
    "asmodeus, can i play more glyphs after him to pay for him": ("yes/no", "no"),
    "the dirty diablos, me and another guy are tied for highest hp, does it hit both of us":
        ("yes/no", "yes"),
    "how many vp does dwt 22 take off": ("number", "6"),
    "satans terrible temptation, how many deals can actually go through": ("number", "1"),
    "hail satan kills someone, does satan get a penta coin for it": ("yes/no", "no"),
    # demoniac
    "what actually is a demoniac": ("definition", "possessed"),
    "do the disturbance cards get shuffled in with the possession cards in demoniac":
        ("yes/no", "yes"),
    "which side of my victim card faces up when we start": ("definition", "innocent"),
    "evil relics whats the number printed on the relic": ("definition", "strength"),
    "rolled 3 pentagrams a blank and a cross, rerolled the blank and the cross and got a pentagram and a blank, whats my power":
        ("number", "4"),
    "how many relics come in the evil relics expansion": ("number", "4"),
    "should we learn the base game before adding evil relics": ("yes/no", "yes"),
    "divinity has strength 5 and i got exactly 5 pentagrams, is that enough to destroy it":
        ("yes/no", "yes"),
    "demoniac trying to steal a strength 4 relic and i end up with 3 pentagrams, do i get anything":
        ("yes/no", "no"),
    "victim with body 2 and mind 3, what do i need around it to turn demoniac":
        ("number", "2 3"),
    "what shape do the possession spots round my victim make": ("definition", "inverted cross"),
    "whats the point of demoniac, what are we all trying to do": ("definition", "exorcist"),
    "all 5 divinities are gone in demoniac, what do i need now": ("definition", "six"),
    "evil relics, when i steal the relic does its power kick in straight away": ("yes/no", "yes"),
    "can we see the symbols under the divinities before we destroy them": ("yes/no", "no"),
    "2 player demoniac, do we still put out 5 weaknesses": ("yes/no", "yes"),
    "used 2 actions on my attack, do i still get a 3rd action to play a card": ("yes/no", "yes"),
    "when does the power printed on the exorcist card go off": ("definition", "cross"),
}

UNANSWERED_DEC11 = [
    # rumble: nothing on handing Blood to another Wizard, nor on a handicap for new players
    "can i give some of my blood to another wizard in castle tentakill",
    "is there a handicap rule for a brand new player in rumble",
    # anarchy: nothing on leaving Champions out of their deck, nor on redrawing a hand
    "can we take a few champions out of the champion deck before we start anarchy",
    "can i throw away my hand and draw a fresh 8 in the arena",
    # satanic-panic: nothing on buying for someone else, nor on taking back a misplay
    "can i buy a card out of the line up and hand it to another player in satanic panic",
    "someone played a card by mistake, can they take it back in annihilageddon",
    # demoniac: nothing on standing in for a lost die, nor on changing victims mid-game
    "we lost one of the demoniac dice, can we use a normal d6 instead",
    "can i swap my victim for a different one in the middle of a demoniac game",
]
