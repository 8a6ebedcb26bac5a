def first_devil_up(st):
    """``st`` with the first Legendary Devil already flipped, as after the first turn's end
    (its GROUP ATTACK then, our ruling first-legendary-devil-reveal): for tests of other
    rules, whose turns would otherwise stop at that GROUP ATTACK."""
    st.devil_face_up = True
    return st


def decline(st, *names):
    """Each of ``names``, asked in this order whether they avoid an ATTACK, declines: every
    attacked player is asked, whether or not they hold a DEFENSE card (6.2.2). Returns the
    log entries. Asserts each is the player asked now."""
    events = []
    for name in names:
        assert st.pending and st.pending["type"] == "defense", st.pending
        assert st.pending["player"] == name, (st.pending["player"], name)
        events += st.apply({"type": "no-defense", "player": name})
    return events


def decline_rest(st):
    """Every player still asked about the ATTACK declines, in the order asked; returns
    their names."""
    asked = []
    while st.pending and st.pending["type"] == "defense":
        asked.append(st.pending["player"])
        st.apply({"type": "no-defense", "player": asked[-1]})
    return asked
