"""The sandboxes in headless Chromium: a spell round, a Satanic Panic turn, a Demoniac attack.

Also: undo, reopening the permalink, a second tab's stale action refused, and
the plain-form path with JavaScript off. Screenshots of each table go to
test-output/screenshots/ (sandbox-*.png).
"""
import re

import pytest
from playwright.sync_api import expect

from cardsite.models import Entry, Game, RollBand
from engine.web.models import Sandbox

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(live_server):
    game = Game.objects.create(slug="rumble", name="Rumble at Castle Tentakill",
                               short_name="Rumble", family="spell", rulebook="rumble.txt")
    card = Entry.objects.create(game=game, slug="tentakiller", name="Tentakiller", kind="card",
                                type="delivery", glyph="illusion", initiative=16)
    for position, (low, high, effect) in enumerate([(1, 4, "1 damage"), (5, 9, "2 damage. KEEP"),
                                                    (10, None, "4 damage")]):
        RollBand.objects.create(entry=card, low=low, high=high, effect=effect,
                                keep="KEEP" in effect, position=position)
    return live_server.url


def new_table(page, site, testid, free=False, **fields):
    """A new table from the index page; ``free``: a free table (place any card, no deck)."""
    page.goto(site + "/engine/sandbox/")
    form = page.locator(f"[data-testid={testid}]")
    for name, value in fields.items():
        form.locator(f"[name={name}]").fill(value)
    if free:
        form.locator("[name=free]").check()
    form.locator("button[type=submit]").click()
    expect(page.locator("[data-testid=version]")).to_have_text("1")
    return page.url


def version(page) -> str:
    return page.locator("[data-testid=version]").inner_text()


def click_and_wait(page, locator):
    """Click a table button and wait for the swapped table's new version."""
    before = version(page)
    locator.click()
    expect(page.locator("[data-testid=version]")).not_to_have_text(before)


def add_stand_in(page, wizard, kind, glyph, initiative="", bands=""):
    box = page.locator(f"[data-testid=wizard-{wizard}]")
    details = box.locator("details.builder")
    if not details.get_attribute("open") == "":
        box.locator("details.builder summary").click()
    form = box.locator("form.stand-in-form")
    form.locator("[name='f.card.type']").select_option(kind)
    form.locator("[name='f.card.glyph']").select_option(glyph)
    form.locator("[name='f.card.initiative']").fill(initiative)
    form.locator("[name='f.card.bands']").fill(bands)
    click_and_wait(page, form.locator("button[type=submit]"))


def hp(page, wizard) -> str:
    return page.locator(f"[data-testid=wizard-{wizard}] [data-testid=hp]").inner_text()


def test_two_spells_resolve_to_their_damage_with_undo_and_permalink(site, page, screenshot_dir):
    url = new_table(page, site, "new-rumble", free=True, wizards="Alice, Bob", seed="42")
    # Alice: the catalog's Tentakiller; Bob: a typed stand-in Source and Delivery.
    alice = page.locator("[data-testid=wizard-alice]")
    alice.locator("input[name='catalog_card']").fill("tentakiller")  # a search, not a list
    click_and_wait(page, alice.locator("button", has_text=re.compile("^Add$")))
    expect(alice.locator(".card a", has_text="Tentakiller")).to_be_visible()
    add_stand_in(page, "bob", "source", "arcane",
                 bands="1-4: 1 damage; 5-9: 3 damage; 10+: 5 damage")
    add_stand_in(page, "bob", "delivery", "dark", initiative="14")
    expect(page.locator("[data-testid=wizard-bob] [data-testid=verdict]")).to_contain_text(
        "Legal: “Arcane Source Dark Delivery, initiative 14”, 2 component(s), initiative 14")
    page.screenshot(path=screenshot_dir / "sandbox-spell-build.png", full_page=True)
    click_and_wait(page, page.locator("[data-testid=wizard-alice] [data-testid=ready]"))
    click_and_wait(page, page.locator("[data-testid=wizard-bob] [data-testid=ready]"))
    click_and_wait(page, page.locator("[data-testid=reveal]"))
    # One component acts before two: Alice first.
    expect(page.locator("[data-testid=phase]")).to_contain_text("Resolving Alice's spell")

    click_and_wait(page, page.locator("[data-testid=power-roll]"))
    roll = page.locator("[data-testid=roll]")
    expect(roll.locator(".die")).to_have_count(1)  # one illusion card: one die
    damage = page.locator("[data-testid=damage-form]")
    damage.locator("[name='f.amount']").fill("3")
    damage.locator("[name='f.target']").select_option("Bob")
    click_and_wait(page, damage.locator("[data-testid=deal-damage]"))
    expect(page.locator("[data-testid=wizard-bob] [data-testid=hp]")).to_have_text("17")

    # Undo the damage, then deal it again.
    click_and_wait(page, page.locator("[data-testid=undo]"))
    assert hp(page, "bob") == "20"
    damage = page.locator("[data-testid=damage-form]")
    damage.locator("[name='f.amount']").fill("3")
    damage.locator("[name='f.target']").select_option("Bob")
    click_and_wait(page, damage.locator("[data-testid=deal-damage]"))
    click_and_wait(page, page.locator("[data-testid=next]"))

    expect(page.locator("[data-testid=phase]")).to_contain_text("Resolving Bob's spell")
    click_and_wait(page, page.locator("[data-testid=power-roll]"))
    expect(page.locator("[data-testid=roll] .die")).to_have_count(1)
    damage = page.locator("[data-testid=damage-form]")
    damage.locator("[name='f.target']").select_option("Alice")
    hint = damage.locator("[name='f.amount']").input_value()
    assert hint in ("1", "3", "5")  # the band's "N damage", filled in
    click_and_wait(page, damage.locator("[data-testid=deal-damage]"))
    expect(page.locator("[data-testid=wizard-alice] [data-testid=hp]")).to_have_text(
        str(20 - int(hint)))
    page.screenshot(path=screenshot_dir / "sandbox-spell-resolve.png", full_page=True)
    click_and_wait(page, page.locator("[data-testid=next]"))
    click_and_wait(page, page.locator("[data-testid=next]"))
    click_and_wait(page, page.locator("[data-testid=end-round]"))
    expect(page.locator("[data-testid=phase]")).to_contain_text("Round 2")

    # The permalink reopens the same table.
    seen = version(page)
    page.goto(url)
    expect(page.locator("[data-testid=version]")).to_have_text(seen)
    assert hp(page, "bob") == "17" and hp(page, "alice") == str(20 - int(hint))
    expect(page.locator(".log")).to_contain_text("Bob takes 3 damage")
    page.emulate_media(color_scheme="dark")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=screenshot_dir / "sandbox-spell-phone-dark.png", full_page=True)


def test_a_second_tabs_stale_action_is_refused(site, page, context, screenshot_dir):
    url = new_table(page, site, "new-rumble", free=True, wizards="Alice, Bob")
    other = context.new_page()
    other.goto(url)
    add_stand_in(page, "alice", "delivery", "dark", initiative="3")
    # The second tab still shows version 1: its action is refused and changes nothing.
    box = other.locator("[data-testid=wizard-bob]")
    box.locator("form.stand-in-form [name='f.card.glyph']").select_option("primal")
    box.locator("form.stand-in-form button[type=submit]").click()
    message = other.locator("[data-testid=message]")
    expect(message).to_contain_text("changed since you loaded it")
    expect(other.locator("[data-testid=version]")).to_have_text("2")  # now shows the latest
    sandbox = Sandbox.objects.get()
    assert sandbox.version == 2 and sandbox.state["spells"]["Bob"] == []
    other.screenshot(path=screenshot_dir / "sandbox-stale-tab.png", full_page=True)


def test_a_satanic_panic_turn_with_a_purchase(site, page, screenshot_dir):
    new_table(page, site, "new-satanic-panic", seed="5")
    expect(page.locator("[data-testid=phase]")).to_contain_text("Wizard 1's turn")
    plays = page.locator("[data-testid=play-actions] button")
    while plays.count():
        click_and_wait(page, plays.first)
    power = int(page.locator("[data-testid=power]").inner_text())
    assert power >= 3
    page.screenshot(path=screenshot_dir / "sandbox-satanic-panic.png", full_page=True)
    buy = page.locator("[data-testid=buy-actions] button", has_text="Wild Magic")
    click_and_wait(page, buy)
    expect(page.locator("[data-testid=power]")).to_have_text(str(power - 3))
    expect(page.locator(".log")).to_contain_text("buys Wild Magic for 3 Power")
    click_and_wait(page, page.locator("button", has_text="End turn"))
    # The first Legendary Devil is flipped at the end of the first turn: its GROUP ATTACK,
    # whose text the rulebook does not give, is resolved by hand before Wizard 2 plays.
    expect(page.locator("[data-testid=table-event]")).to_contain_text("Hell's Pulsating Asshole")
    page.screenshot(path=screenshot_dir / "sandbox-satanic-panic-group-attack.png", full_page=True)
    # Each player is asked whether they defend, from Wizard 2 on (6.3.5), holding a DEFENSE
    # card or none: "No defense" is the first button (the only one without a DEFENSE card).
    asked = []
    while page.locator("[data-testid=no-defense]").count():
        expect(page.locator("[data-testid=pending]")).to_contain_text("may DEFEND now")
        first = page.locator("section.controls button").first
        expect(first).to_have_attribute("data-testid", "no-defense")
        asked.append(page.locator("[data-testid=pending] strong").inner_text())
        if len(asked) == 1:
            page.screenshot(path=screenshot_dir / "sandbox-satanic-panic-defense.png",
                            full_page=True)
        click_and_wait(page, page.locator("[data-testid=no-defense]"))
    assert asked[0] == "Wizard 2" and len(asked) == len(set(asked)) >= 2
    click_and_wait(page, page.locator("button", has_text="is resolved: go on"))
    expect(page.locator("[data-testid=phase]")).to_contain_text("Wizard 2's turn")
    page.screenshot(path=screenshot_dir / "sandbox-satanic-panic-next.png", full_page=True)


def test_a_demoniac_attack_with_a_reroll(site, page, screenshot_dir):
    new_table(page, site, "new-demoniac", seed="1")
    form = page.locator("form", has_text="Possess with").first
    form.locator("[name='f.spot']").select_option("top")
    click_and_wait(page, form.locator("button"))
    click_and_wait(page, page.locator("button", has_text="Attack the exorcist"))
    attack = page.locator("[data-testid=attack]")
    expect(attack.locator(".dface")).to_have_count(1)
    attack.locator("input[type=checkbox]").check()
    click_and_wait(page, attack.locator("[data-testid=reroll]"))
    expect(page.locator("[data-testid=attack] h2")).to_contain_text("roll 2")
    expect(page.locator("[data-testid=actions-left]")).to_have_text("0")
    page.screenshot(path=screenshot_dir / "sandbox-demoniac.png", full_page=True)
    click_and_wait(page, page.locator("button", has_text="End the attack"))
    expect(page.locator(".log")).to_contain_text("re-rolls 1 dice")
    expect(page.locator(".log")).to_contain_text("ends the attack")


def test_without_javascript_forms_post_and_redirect(site, browser, screenshot_dir):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    url = new_table(page, site, "new-demoniac", seed="1")
    stale = context.new_page()
    stale.goto(url)
    form = page.locator("form", has_text="Possess with").first
    form.locator("[name='f.spot']").select_option("middle")
    form.locator("button").click()
    page.locator("button", has_text="Attack the exorcist").click()
    expect(page.locator("[data-testid=attack]")).to_be_visible()
    assert page.url.endswith("#table") and version(page) == "3"
    page.screenshot(path=screenshot_dir / "sandbox-demoniac-phone-nojs.png", full_page=True)
    # The other page still shows version 1: the whole page answers 409 with the reason.
    with stale.expect_response(lambda r: "/act/" in r.url) as info:
        stale.locator("button", has_text="End turn").click()
    assert info.value.status == 409
    expect(stale.locator("[data-testid=message]")).to_contain_text("changed since you loaded it")
    assert Sandbox.objects.get().version == 3
    context.close()


def test_an_anarchy_round_with_rally_and_wild_magic(site, page, screenshot_dir):
    """Wild Magic is replaced from the Main Deck as the spell is revealed, then Rally cards
    resolve first (flagged): reveal, replacement, name, Rally, components (rally-timing)."""
    new_table(page, site, "new-anarchy", free=True, wizards="Ann, Ben, Cai", seed="9")
    add_stand_in(page, "ann", "rally", "")
    add_stand_in(page, "ann", "wild-magic", "")
    for wizard, initiative in (("ben", "5"), ("cai", "12")):
        add_stand_in(page, wizard, "delivery", "primal", initiative=initiative,
                     bands="1-3: 1 damage; 4+: 2 damage")
    for wizard in ("ann", "ben", "cai"):
        click_and_wait(page, page.locator(f"[data-testid=wizard-{wizard}] [data-testid=ready]"))
    page.screenshot(path=screenshot_dir / "sandbox-anarchy-build.png", full_page=True)
    click_and_wait(page, page.locator("[data-testid=reveal]"))
    # Wild Magic stands in the first free slot (Source); Ann's one component ties
    # with Ben and Cai at one component, and initiative decides: Cai 12, Ben 5, Ann 0.
    expect(page.locator(".order li").first).to_contain_text("Cai")
    click_and_wait(page, page.locator("[data-testid=power-roll]"))
    click_and_wait(page, page.locator("[data-testid=next]"))
    click_and_wait(page, page.locator("[data-testid=power-roll]"))
    click_and_wait(page, page.locator("[data-testid=next]"))
    expect(page.locator("[data-testid=phase]")).to_contain_text("Resolving Ann's spell")
    expect(page.locator("[data-testid=next]")).to_have_count(0)  # the replacement first
    click_and_wait(page, page.locator("button", has_text="Draw the replacement"))
    expect(page.locator(".log")).to_contain_text("Wild Magic is replaced by")
    expect(page.locator(".log")).to_contain_text("Champion's Rally effect")
    click_and_wait(page, page.locator("[data-testid=next]"))  # the Rally card, by hand
    page.screenshot(path=screenshot_dir / "sandbox-anarchy-resolve.png", full_page=True)


def test_a_dealt_rumble_round_from_the_hands(site, page, screenshot_dir):
    """Hands of eight from the Main Deck: place cards from the hand, reveal, roll; a
    stand-in (no printed text) plays its stand-in table itself; the resolved spells go to
    the discard pile."""
    new_table(page, site, "new-rumble", wizards="Alice, Bob", seed="7")
    expect(page.locator("[data-testid=decks]")).to_contain_text("Main Deck 112 cards")
    for wizard in ("alice", "bob"):
        hand = page.locator(f"[data-testid=wizard-{wizard}] [data-testid=hand] li")
        expect(hand).to_have_count(8)
        delivery = hand.filter(has_text="delivery ·").first
        click_and_wait(page, delivery.locator("[data-testid=place]"))
        expect(page.locator(f"[data-testid=wizard-{wizard}] [data-testid=hand] li")
               ).to_have_count(7)
        click_and_wait(page, page.locator(f"[data-testid=wizard-{wizard}] [data-testid=ready]"))
    page.screenshot(path=screenshot_dir / "sandbox-dealt-build.png", full_page=True)
    click_and_wait(page, page.locator("[data-testid=reveal]"))
    for _ in ("Bob", "Alice"):  # each wizard's Delivery: roll, play it, done
        click_and_wait(page, page.locator("[data-testid=power-roll]"))
        expect(page.locator("[data-testid=damage-form]")).to_have_count(0)  # no free edits
        while page.locator("[data-testid=play-card]").count():  # a choice may follow
            click_and_wait(page, page.locator("[data-testid=play-card]").first)
        expect(page.locator(".log")).to_contain_text("damage")
        click_and_wait(page, page.locator("[data-testid=next]"))
    assert sum(int(hp(page, w)) for w in ("alice", "bob")) < 40
    expect(page.locator("[data-testid=decks]")).to_contain_text("discard pile")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=screenshot_dir / "sandbox-dealt-phone.png", full_page=True)


def test_a_solo_game_against_bots_is_played_to_the_end(site, page, screenshot_dir):
    """Alice plays alone against a greedy bot: after each of her moves the bot answers; she
    places a card, announces it, rolls and moves on until the match is won."""
    new_table(page, site, "new-rumble", wizards="Alice, Bob", seed="5")
    bots = page.locator("[data-testid=bots-form]")
    bots.locator("[data-testid=bots-person]").select_option("Alice")
    click_and_wait(page, bots.locator("[data-testid=bots-play]"))
    expect(page.locator("[data-testid=bots-solo]")).to_contain_text("Alice")
    page.screenshot(path=screenshot_dir / "sandbox-solo-build.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=screenshot_dir / "sandbox-solo-build-phone.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    alice = page.locator("[data-testid=wizard-alice]")
    moves = 0
    while not page.locator("[data-testid=result]").count():
        assert moves < 300, "the solo game did not end"
        placed = alice.locator(".spell-slot").count()
        buttons = [alice.locator("[data-testid=ready]") if placed else
                   alice.locator("[data-testid=place]")]
        buttons += [page.locator(f"[data-testid={t}]") for t in (
            "power-roll", "play-card", "play-reaction", "next", "reveal", "end-round")]
        button = next((b.first for b in buttons if b.count()), None)
        if button is None:  # nothing for Alice (dead, or a table step): the bots go on
            button = page.locator("[data-testid=bots-play]")
        click_and_wait(page, button)
        moves += 1
        if moves == 6:
            page.screenshot(path=screenshot_dir / "sandbox-solo-resolve.png", full_page=True)
    expect(page.locator("[data-testid=result]")).to_contain_text("Winner")
    page.screenshot(path=screenshot_dir / "sandbox-solo-end.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=screenshot_dir / "sandbox-solo-end-phone.png", full_page=True)
