"""A set of 100 questions written on 2026-12-07 from the rulebooks
(shared/rulebooks/*.txt) and the catalog's fixtures (fixtures/*.json) alone,
before any search was run on it and without reading the search code: 25 per
game (Rumble at Castle Tentakill, Anarchy at the Arena, Annihilageddon 3 -
Satanic Panic, Demoniac). Phrased as players talk at the table: short, lower
case, some misspelt, the game named in about half of them (rumble, tentakill,
castle tentakill, anarchy, arena, anarchy at the arena, satanic panic, sp,
annihilageddon, demoniac, evil relics), negations, "can i", "is it legal to",
"what happens", "how many", "how much", "who", "which", "does X", "what does X
mean", situations mid-game with concrete cards and counts: 27 ask for a
number, 30 are yes/no, 17 ask what something is or does, 13 ask who or which,
and 13 ask what happens, when or how. Chosen to spread over each rulebook and,
above all, over the rules and rulings the earlier sets touched little or not
at all (the box contents, card types and their letters, glyph themes, naming a
spell with missing parts, placing and hiding spells, the worked examples of
both spell games, Blood payments, Rally keyword cards, Champion Entrances,
combining games, the Satan guide and the specific card, token and tile
clarifications of Satanic Panic and its open questions, Demoniac's card types,
actions, divinity powers, evil symbols, flavour text and disturbance timing,
and the Evil Relics setup and relic powers).
No question of an earlier set is reused: none is equal to one (case and
spacing ignored) and none is a near copy (difflib ratio above 0.8 against
every earlier question in tests/search_quality, heldout*.py and
questions.py). Every reference was checked to exist in the fixtures, and every
word an answer must contain (other than yes/no) was checked to appear in the
text of the question's first reference. It is a blind set: bench/answer_box.py
prints its figures only, never its questions, so whoever tunes the ranking
does not see them.

References and answers as in heldout_dec04.py: "game N" is a numbered rule,
"game/slug" a ruling, "term slug" a glossary term; the best answer is listed
first, its own game's first; a question that names no game and whose answer
is the same in the sister game also lists that game's passage after its own.
ANSWERS_DEC12 holds the questions with a short answer the rulebook states, as
(kind, words a right answer must contain); questions left out of it (a
procedure, an answer only a ruling gives, an open question of the catalog)
are right when the box cites one of their references. UNANSWERED_DEC12 holds
questions no rulebook passage (nor any catalog ruling) answers.

First run, on e326666 before any change, top1/top3/box/right(wrong): SQLite
62/100, 81/100, 33, 28(5); PostgreSQL 67/100, 85/100, 31, 26(5); per game,
SQLite: rumble 10/19/7/4(3), anarchy 19/22/7/6(1), satanic-panic 21/22/11/10(1),
demoniac 12/18/8/8(0); PostgreSQL: rumble 16/20/5/4(1), anarchy 19/22/6/4(2),
satanic-panic 20/22/12/10(2), demoniac 12/21/8/8(0); none of its 8 no-rule
questions gets a box on either."""

HELDOUT_DEC12 = [
    # --- rumble (Rumble at Castle Tentakill) ---
    ("a.d.h. deezi's takes the standee off a living foe, how much damage do i get to deal",
     ["rumble 25.3", "rumble/deezi-standee-from-nobody"]),
    ("pay n blood cards, whats the smallest n can be",
     ["rumble 18.8", "term blood-payment"]),
    ("how many source cards r in the rumble deck",
     ["rumble 2.1", "term source"]),
    ("how many cards are in the dead wizard deck in rumble",
     ["rumble 2.4", "term dead-wizard-card"]),
    ("sparkling on a random foe with 3 foes, which numbers does the guy on my left get",
     ["rumble 25.4", "rumble 15.8", "rumble/sparkling-worked-example", "term random-foe"]),
    ("in the big example at the back, how many dice does tentakiller get to roll",
     ["rumble 25.6", "rumble/tentakiller-worked-example", "rumble 14.1"]),
    ("do i have to make up an adjective when my spell has no qualty",
     ["rumble 11.4"]),
    ("does every delivery in castle tentakill have an initative number",
     ["rumble 7.4", "rumble 10.4", "term delivery"]),
    ("rumble, can a treasure give me more dice on a power roll",
     ["rumble 14.3", "term power-roll"]),
    ("can a creature stay out for 3 or 4 rounds if i keep rolling keep",
     ["rumble 17.12", "term keep", "anarchy 17.13"]),
    ("is it legal to hide my spell cards under my hand so nobody can count them",
     ["rumble 9.2", "rumble/checking-face-down-spells", "anarchy 7.2"]),
    ("tentakiller hits a foe with no creatures and nobody has any out, can i just pick anyone",
     ["rumble 25.5", "rumble/tentakiller-worked-example"]),
    ("rumble, the standee guy got killed by his own spell, who has the standee now",
     ["rumble/standee-holder-dies-otherwise", "rumble 22.5", "rumble 22.7"]),
    ("no delivery in my spell, what do i say for the end of the name",
     ["rumble 11.5", "rumble 11.1"]),
    ("whats the difference between a game and a match in rumble",
     ["rumble 5.1", "term match", "term game", "rumble 3.3"]),
    ("what are primal cards all about in tentakill",
     ["rumble 13.3", "rumble 13.2", "term glyph"]),
    ("what is blood even for in castle tentakill",
     ["rumble 18.2", "term blood"]),
    ("what are the three kinds of spell component in tentakill",
     ["rumble 7.1", "term component"]),
    ("who picks which hero i play in castle tentakill",
     ["rumble 4.2", "term hero-card"]),
    ("initatives are 17, 14 and 14, which of us goes last",
     ["rumble 10.7", "rumble/initiative-tie-roll", "rumble 10.6", "anarchy 8.7",
      "anarchy/initiative-tie"]),
    ("healing spell, who does it target",
     ["rumble 15.1", "term heal", "anarchy 13.2"]),
    ("card says hit a stronger foe and 2 guys both have more hp than me, which one gets it",
     ["rumble/stronger-weaker-tie-wording", "rumble 15.6", "term stronger-foe",
      "rumble 15.4"]),
    ("in rumble do we lay our spell cards face up or face down",
     ["rumble 9.1", "rumble 1.3"]),
    ("no quality in my hand but i want a 3 card spell, what can i do",
     ["rumble 19.2", "rumble 19.1", "term wild-magic", "anarchy 18.1.1"]),
    ("a card added a quality to my spell, where do i put it",
     ["rumble 16.2", "rumble/added-cards-legality", "anarchy 14.2"]),
    # --- anarchy (Anarchy at the Arena) ---
    ("how many oversized wizards come in the anarchy box",
     ["anarchy 1.2", "term wizard"]),
    ("krazztar's entrance in the rules example, how much damage does everybody take",
     ["anarchy 21.1", "anarchy/krazztar-example-hp"]),
    ("what hp does everyone start on in the arena",
     ["anarchy 3.5", "term hit-points", "anarchy/max-hp"]),
    ("anarchy at the arena, how many skull life counters in the box",
     ["anarchy 1.4"]),
    ("arena, my source and delivery are both dark and nothing else is, how many dice",
     ["anarchy 12.3", "anarchy 12.1", "term power-roll"]),
    ("lickity stix's with a rally out, how much hp do i pay to get the applause token",
     ["anarchy 21.4", "anarchy/paying-hp"]),
    ("in the arena example how much damage does angry arena audience do to each foe",
     ["anarchy 21.6", "anarchy/power-roll-dice"]),
    ("does every delivery need a power roll",
     ["anarchy 5.3", "term delivery", "term power-roll", "rumble 7.4"]),
    ("arena, a card shoved a 4th card into my spell, am i over the limit now",
     ["anarchy 14.1", "anarchy 6.6", "term legal-spell"]),
    ("can i flip through the face down spell next to me to count his cards in arena",
     ["anarchy 7.2", "anarchy/hidden-spell"]),
    ("champion entrance hits a few of us, does everyone resolve it at the same time",
     ["anarchy 20.1", "anarchy/entrance-multiple", "term entrance"]),
    ("can anything besides a good roll keep my creature around in anarchy",
     ["anarchy 17.3", "term keep"]),
    ("mixing anarchy with tentakill, can we keep each game's main and treasure decks apart",
     ["anarchy 25.2", "anarchy/combining-games", "anarchy 25.1"]),
    ("do i control the champion card thats out this round",
     ["anarchy/control-tokens", "anarchy 19.1", "term control"]),
    ("what do the little s, q and d on arena cards stand for",
     ["anarchy 5", "term component"]),
    ("what are the 5 glyph types in anarchy at the arena",
     ["anarchy 11.1", "anarchy 11", "term glyph"]),
    ("what does keep mean on an anarchy creature",
     ["anarchy 17.2", "term keep", "anarchy 17.13"]),
    ("whats a source card in the arena",
     ["anarchy 5.1", "term source"]),
    ("4 players, 3 of them put down 3 cards and one guy put down 2, who goes first",
     ["anarchy 8.7", "anarchy 8.2", "rumble 10.7", "rumble 10.2"]),
    ("which cards can have the rally keyword on them",
     ["anarchy 18.3.5", "term rally"]),
    ("entrance kills 3 of us but only 2 dead wizard tokens are left, who gets them",
     ["anarchy/entrance-deaths-token-shortage", "anarchy 20.2", "anarchy 23.1"]),
    ("who decides the punishment if someone forgets to read their spell name in arena",
     ["anarchy 9.2", "anarchy 9.1"]),
    ("where does a treasure go when i gain one in the arena",
     ["anarchy 18.2.1", "term treasure", "anarchy 18.2.2"]),
    ("in the arena example i pay 10 of my 20 hp but krazztar already hit me for 2, whats going on",
     ["anarchy/krazztar-example-hp", "anarchy 21.4", "anarchy 21.1"]),
    ("my spell is all resolved in the arena, what happens now",
     ["anarchy 21.8", "anarchy 10.7", "anarchy 10.6"]),
    # --- satanic-panic (Annihilageddon 3 - Satanic Panic) ---
    ("how many oversized wizards come with satanic panic",
     ["satanic-panic 1.3", "term oversized-wizard"]),
    ("satanic panic, how many tarot sized cards does satan get",
     ["satanic-panic 8.3"]),
    ("what hp does satan start the game on",
     ["satanic-panic 8.5.1", "satanic-panic/satan-starting-deck"]),
    ("if 3 vp a penta coin feels wrong, how much are we allowed to change it by",
     ["satanic-panic 8.14.4", "satanic-panic/penta-coin-safety", "term penta-coin"]),
    ("sp how many wild magics do we use each game",
     ["satanic-panic 3.6.2", "term wild-magic"]),
    ("annihilageddon, whats dam3 worth at the end of the game",
     ["satanic-panic 7.10.7", "satanic-panic/dam3-value"]),
    ("we want the long version of annihilageddon, how many dead wizard tokens per player",
     ["satanic-panic 3.6.7", "satanic-panic/extended-game"]),
    ("lil buddies tile, how many of them do i start with set aside",
     ["satanic-panic 6.21.3"]),
    ("sp, can i buy the top card of the demon deck with power",
     ["satanic-panic 3.5.1", "satanic-panic/demon-taint-decks-face-down", "term demon"]),
    ("does every familiar have a defense on it in satanic panic",
     ["satanic-panic 6.1.3", "term familiar"]),
    ("i.t. infernal technician, do i have to show my hand if i dont have a defense",
     ["satanic-panic 7.9.2", "satanic-panic/it-technician-prove-it"]),
    ("brood crone of the berg, do i draw a card for every dead wizard token",
     ["satanic-panic 7.7", "satanic-panic/brood-crone-count"]),
    ("as satan can i offer someone a free card draw if they leave me alone",
     ["satanic-panic 8.11.3", "satanic-panic/satan-deal-limits"]),
    ("burning limp wand and im on exactly 4 hp, can i pay 4 to destroy it",
     ["satanic-panic 6.13.2", "satanic-panic/spending-hp-to-zero",
      "satanic-panic/burning-limp-wand-destroy"]),
    ("demonic double down got destroyed out of the line up, do the demons still get summoned",
     ["satanic-panic 8.17.1", "satanic-panic/demonic-double-down-leaves"]),
    ("satano-crunching, i redirect an attack and it kills the guy, does that count as my kill",
     ["satanic-panic 8.17.5", "satanic-panic/satano-crunching-credit"]),
    ("legendary devils group attack kills someone, does anybody get the standee",
     ["satanic-panic/group-attack-kill-credit", "satanic-panic 6.17.3",
      "satanic-panic 6.3.5"]),
    ("whats a damned wizard token in annihilageddon 3",
     ["satanic-panic 6.16.1", "term damned-wizard-token", "satanic-panic 6.16.2"]),
    ("what does the satanic shuffle do",
     ["satanic-panic 8.10.2", "term satan-stack"]),
    ("what do you get called if you win annihilageddon 3",
     ["satanic-panic 5.4"]),
    ("i gave hot hot goo to a foe, who owns it now",
     ["satanic-panic 7.11.4", "satanic-panic/hot-hot-goo-owner"]),
    ("satanic panic, how do we decide who gets to be satan",
     ["satanic-panic 8.4", "term satan"]),
    ("my location triggers off the card im playing, which one resolves first",
     ["satanic-panic 6.10.3", "satanic-panic/triggered-effects-after"]),
    ("when does hell's pulsating asshole do its group attack",
     ["satanic-panic/first-legendary-devil-reveal", "satanic-panic 4.4.6",
      "satanic-panic 3.3.2"]),
    ("someone dies after the dwt stack is already empty, what do they get",
     ["satanic-panic/death-with-empty-dwt-stack", "satanic-panic 6.15.9",
      "satanic-panic 6.15.2"]),
    # --- demoniac ---
    ("how many types of cards can i play in demoniac",
     ["demoniac 5.1", "demoniac 5.2", "demoniac 5.3"]),
    ("rulebook example, after the attack how many actions has the player still got",
     ["demoniac 9.7", "demoniac/rolls-cost-actions"]),
    ("whats the most possessions i can have round my victim at once",
     ["demoniac 7.2", "term possession", "term inverted-cross"]),
    ("little linda's mind strength, how much is it",
     ["demoniac 7.9", "demoniac 7.5"]),
    ("how many holy crosses are on each die in demoniac",
     ["demoniac 9.3", "term cross", "term die"]),
    ("evil relics: we picked our relic, how many go back in the box",
     ["demoniac 12.2", "term relic"]),
    ("demoniac, do all the divinities have the same holy power",
     ["demoniac 7.11", "term divinity"]),
    ("are the symbols under the divinities the same ones as on my possessions",
     ["demoniac 7.16", "term evil-symbol", "term weakness"]),
    ("evil relics, is every relic's power different",
     ["demoniac 12.9", "term relic"]),
    ("last weakness just got flipped over, is the game over",
     ["demoniac 6.7", "demoniac 11.1", "demoniac 8.3"]),
    ("does it matter when i play my disturbances",
     ["demoniac 10.3", "term disturbance"]),
    ("can i put my first possession in any of the five spots i want",
     ["demoniac 7.3", "demoniac 7.2", "term possession"]),
    ("evil relics, before i roll do i have to say if im going for the relic or the exorcist",
     ["demoniac/relic-or-exorcist-per-attack", "demoniac 12.5"]),
    ("can i attack the exorcist twice in one turn in demoniac",
     ["demoniac/attack-sequence-and-repeats", "demoniac 9.6", "demoniac 9.1"]),
    ("whats the 666 at the bottom of my possession cards for",
     ["demoniac 7.10", "term evil-symbol", "demoniac 8.1"]),
    ("what is the final showdown in demoniac",
     ["demoniac 6.5", "demoniac 11.1", "term winning-attack"]),
    ("what am i allowed to spend my actions on in demoniac",
     ["demoniac 4.4", "term action"]),
    ("whats the flavour text on the possession cards about",
     ["demoniac 7.1", "term demon"]),
    ("what do the divinities do, are they on our side",
     ["demoniac 2.3", "demoniac 7.11", "term divinity"]),
    ("what do my pentagram hits actually get used for",
     ["demoniac 6.4", "term hit"]),
    ("matching symbols, is it the exorcist's left or my victim's left that counts",
     ["demoniac/matching-positions-layout", "demoniac 8.2", "demoniac 8.1"]),
    ("demoniac setup, what do we do with the victims nobody picked",
     ["demoniac 3.2", "term victim"]),
    ("what happens to the divinity cards that dont get dealt out",
     ["demoniac 3.6", "term divinity"]),
    ("how do i improve my odds of getting six pentagrams for the win",
     ["demoniac 11.4", "demoniac 11.3"]),
    ("i took out a divinity, does its effect happen first or does the weakness flip first",
     ["demoniac 7.13", "demoniac 7.16", "demoniac/crosses-and-order-at-attack-end"]),
]

ANSWERS_DEC12 = {
    # rumble
    "a.d.h. deezi's takes the standee off a living foe, how much damage do i get to deal":
        ("number", "3"),
    "pay n blood cards, whats the smallest n can be": ("number", "1"),
    "how many source cards r in the rumble deck": ("number", "40"),
    "how many cards are in the dead wizard deck in rumble": ("number", "25"),
    "sparkling on a random foe with 3 foes, which numbers does the guy on my left get":
        ("number", "1 2"),
    "in the big example at the back, how many dice does tentakiller get to roll":
        ("number", "two"),
    "do i have to make up an adjective when my spell has no qualty": ("yes/no", "no"),
    "does every delivery in castle tentakill have an initative number": ("yes/no", "yes"),
    "rumble, can a treasure give me more dice on a power roll": ("yes/no", "yes"),
    "can a creature stay out for 3 or 4 rounds if i keep rolling keep": ("yes/no", "yes"),
    "is it legal to hide my spell cards under my hand so nobody can count them": ("yes/no", "yes"),
    "tentakiller hits a foe with no creatures and nobody has any out, can i just pick anyone":
        ("yes/no", "yes"),
    "no delivery in my spell, what do i say for the end of the name":
        ("definition", "magical word"),
    "whats the difference between a game and a match in rumble":
        ("definition", "several short games"),
    "what are primal cards all about in tentakill": ("definition", "healing"),
    "what is blood even for in castle tentakill": ("definition", "resource"),
    "what are the three kinds of spell component in tentakill":
        ("definition", "source quality delivery"),
    "who picks which hero i play in castle tentakill": ("who", "each player"),
    "initatives are 17, 14 and 14, which of us goes last": ("who", "lower roller"),
    "healing spell, who does it target": ("who", "you"),
    "in rumble do we lay our spell cards face up or face down": ("definition", "face down"),
    "no quality in my hand but i want a 3 card spell, what can i do": ("definition", "wild magic"),
    "a card added a quality to my spell, where do i put it": ("definition", "vertically"),
    # anarchy
    "how many oversized wizards come in the anarchy box": ("number", "8"),
    "krazztar's entrance in the rules example, how much damage does everybody take":
        ("number", "2"),
    "what hp does everyone start on in the arena": ("number", "20"),
    "anarchy at the arena, how many skull life counters in the box": ("number", "6"),
    "arena, my source and delivery are both dark and nothing else is, how many dice":
        ("number", "two"),
    "lickity stix's with a rally out, how much hp do i pay to get the applause token":
        ("number", "10"),
    "in the arena example how much damage does angry arena audience do to each foe":
        ("number", "3"),
    "does every delivery need a power roll": ("yes/no", "yes"),
    "arena, a card shoved a 4th card into my spell, am i over the limit now": ("yes/no", "no"),
    "can i flip through the face down spell next to me to count his cards in arena":
        ("yes/no", "no"),
    "champion entrance hits a few of us, does everyone resolve it at the same time":
        ("yes/no", "yes"),
    "can anything besides a good roll keep my creature around in anarchy": ("yes/no", "yes"),
    "mixing anarchy with tentakill, can we keep each game's main and treasure decks apart":
        ("yes/no", "yes"),
    "what do the little s, q and d on arena cards stand for":
        ("definition", "source quality delivery"),
    "what are the 5 glyph types in anarchy at the arena":
        ("definition", "arcane dark elemental illusion primal"),
    "what does keep mean on an anarchy creature": ("definition", "face up"),
    "whats a source card in the arena": ("definition", "legendary wizard"),
    "4 players, 3 of them put down 3 cards and one guy put down 2, who goes first":
        ("who", "two component"),
    "which cards can have the rally keyword on them":
        ("definition", "sources qualities deliveries"),
    "who decides the punishment if someone forgets to read their spell name in arena":
        ("who", "group"),
    "where does a treasure go when i gain one in the arena": ("definition", "face up"),
    "my spell is all resolved in the arena, what happens now": ("definition", "discard"),
    # satanic-panic
    "how many oversized wizards come with satanic panic": ("number", "10"),
    "satanic panic, how many tarot sized cards does satan get": ("number", "81"),
    "what hp does satan start the game on": ("number", "20"),
    "if 3 vp a penta coin feels wrong, how much are we allowed to change it by": ("number", "1 2"),
    "sp how many wild magics do we use each game": ("number", "16"),
    "annihilageddon, whats dam3 worth at the end of the game": ("number", "10"),
    "we want the long version of annihilageddon, how many dead wizard tokens per player":
        ("number", "8"),
    "lil buddies tile, how many of them do i start with set aside": ("number", "7"),
    "sp, can i buy the top card of the demon deck with power": ("yes/no", "no"),
    "does every familiar have a defense on it in satanic panic": ("yes/no", "yes"),
    "i.t. infernal technician, do i have to show my hand if i dont have a defense":
        ("yes/no", "no"),
    "brood crone of the berg, do i draw a card for every dead wizard token": ("yes/no", "no"),
    "as satan can i offer someone a free card draw if they leave me alone": ("yes/no", "no"),
    "burning limp wand and im on exactly 4 hp, can i pay 4 to destroy it": ("yes/no", "no"),
    "demonic double down got destroyed out of the line up, do the demons still get summoned":
        ("yes/no", "yes"),
    "satano-crunching, i redirect an attack and it kills the guy, does that count as my kill":
        ("yes/no", "yes"),
    "whats a damned wizard token in annihilageddon 3": ("definition", "harsher"),
    "what does the satanic shuffle do": ("definition", "top 3"),
    "what do you get called if you win annihilageddon 3":
        ("definition", "annihilageddon tournament champion"),
    "i gave hot hot goo to a foe, who owns it now": ("who", "foe"),
    "satanic panic, how do we decide who gets to be satan": ("who", "group decides"),
    "my location triggers off the card im playing, which one resolves first":
        ("order", "played card"),
    # demoniac
    "how many types of cards can i play in demoniac": ("number", "two"),
    "rulebook example, after the attack how many actions has the player still got":
        ("number", "one"),
    "whats the most possessions i can have round my victim at once": ("number", "five"),
    "little linda's mind strength, how much is it": ("number", "1"),
    "how many holy crosses are on each die in demoniac": ("number", "one"),
    "evil relics: we picked our relic, how many go back in the box": ("number", "three"),
    "demoniac, do all the divinities have the same holy power": ("yes/no", "no"),
    "are the symbols under the divinities the same ones as on my possessions": ("yes/no", "yes"),
    "evil relics, is every relic's power different": ("yes/no", "yes"),
    "last weakness just got flipped over, is the game over": ("yes/no", "no"),
    "does it matter when i play my disturbances": ("yes/no", "yes"),
    "can i put my first possession in any of the five spots i want": ("yes/no", "yes"),
    "whats the 666 at the bottom of my possession cards for": ("definition", "weaknesses"),
    "what is the final showdown in demoniac": ("definition", "divinities destroyed"),
    "what am i allowed to spend my actions on in demoniac": ("definition", "playing card"),
    "whats the flavour text on the possession cards about": ("definition", "unique demon"),
    "what do the divinities do, are they on our side": ("definition", "against"),
    "what do my pentagram hits actually get used for": ("definition", "destroy divinity"),
    "demoniac setup, what do we do with the victims nobody picked": ("definition", "box"),
    "what happens to the divinity cards that dont get dealt out": ("definition", "box"),
    "how do i improve my odds of getting six pentagrams for the win":
        ("definition", "disturbances"),
    "i took out a divinity, does its effect happen first or does the weakness flip first":
        ("order", "holy effect then weakness"),
}

UNANSWERED_DEC12 = [
    # rumble: nothing on showing your hand to others, nor on where everyone sits
    "am i allowed to show my hand to another wizard in tentakill",
    "does it matter where everyone sits round the table in rumble",
    # anarchy: nothing on looking ahead in the Champion Deck, nor on changing a placed spell
    "can i peek at the next champion in the champion deck",
    "can i change my spell after everyone has put theirs down in anarchy",
    # satanic-panic: nothing on running out of Penta-Coins, nor on looking at your own deck
    "what happens if we run out of penta-coins in satanic panic",
    "can i look at the top card of my own deck whenever i want in sp",
    # demoniac: no exorcist is named, and no longer variant is given
    "what are the names of the six exorcists in demoniac",
    "is there a variant for a longer game of demoniac",
]
