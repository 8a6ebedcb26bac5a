"""A seventh held-out set: players' questions about the rulings issue 34 added or
changed (three new conflicts, four relabelled rulings, readings rewritten),
written on 2026-12-04 before any search was run with them, from the rulebooks
and the rulings alone. Each question's only answer is the ruling it asks about
(no rule or term counts), so the set measures whether the search finds those
rulings. It is never to be tuned against. References as in questions.py."""
HELDOUT_RULINGS_DEC04 = [
    # --- the three new conflicts ---
    ("rumble setup: do I shuffle the source, quality and delivery decks separately or all together?",
     ["rumble/setup-one-deck-or-each-deck"]),
    ("castle tentakill set up says combine everything into one deck then shuffle each deck separately, which is it",
     ["rumble/setup-one-deck-or-each-deck"]),
    ("a legendary devil group attack kills someone and takes the last dead wizard token, when does the game end?",
     ["satanic-panic/group-attack-empties-dwt-stack"]),
    ("satanic panic: the dead wizard token stack runs out during a group attack, does the next player get a turn?",
     ["satanic-panic/group-attack-empties-dwt-stack"]),
    ("can another player play my lil' buddies? I thought only the tile owner can use those cards",
     ["satanic-panic/lil-buddies-owner-only"]),
    ("lil buddies tile makes another player gain one, who is allowed to use it",
     ["satanic-panic/lil-buddies-owner-only"]),
    # --- relabelled ---
    ("is the arena standee the same thing as the anarchy standee?",
     ["anarchy/standee-name"]),
    ("anarchy quick reference says wild card, is that the wild magic card?",
     ["anarchy/wild-card-name"]),
    ("anarchy: does the game end when the last dead wizard token is taken, or when someone dies and none are left",
     ["anarchy/game-end-trigger-wording"]),
    ("where are the lil buddies in the contents list? they're not in the 332 game cards",
     ["satanic-panic/lil-buddies-not-in-contents"]),
    # --- readings rewritten ---
    ("playing satanic panic without satan, do demons still show up?",
     ["satanic-panic/no-satan-satanic-glyph"]),
    ("do wizard cards go in the main deck in satanic panic?",
     ["satanic-panic/main-deck-wizard-cards"]),
    ("what does non-legend mean in the main deck setup",
     ["satanic-panic/main-deck-wizard-cards"]),
    ("demoniac rules say attcking the exorcist, is that a typo or a special action",
     ["demoniac/attcking-typo"]),
    ("what happens to the old champion when a new champion is revealed",
     ["anarchy/champion-replacement-and-deck"]),
    ("the champion deck ran out in anarchy at the arena, what now?",
     ["anarchy/champion-replacement-and-deck"]),
    ("quick match ends in a tie and neither tied player was ever last wizard standing, who wins",
     ["rumble/quick-match-tie-without-lws"]),
]
