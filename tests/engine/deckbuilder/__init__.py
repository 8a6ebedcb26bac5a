def first_devil_up(st):
    """``st`` with the first Legendary Devil already flipped, as after the first turn's end
    (its GROUP ATTACK then, our ruling first-legendary-devil-reveal): for tests of other
    rules, whose turns would otherwise stop at that GROUP ATTACK."""
    st.devil_face_up = True
    return st
