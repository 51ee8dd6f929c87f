"""Pilot tests of trading, gifts, the forced harvest, the third field, resume and the
too-small screen, all through the keyboard."""

from __future__ import annotations

from pathlib import Path

from helpers.ui import B3_DECK, SIZE, confirm_hand_over, make_app, step, table

from bohn_tui.games.common.actions import (
    Decline,
    EndTrading,
    PlantArea,
    PlantHand,
)
from bohn_tui.games.common.ui.accept import AcceptScreen
from bohn_tui.games.common.ui.offer import OfferScreen
from bohn_tui.play.session import Session
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp
from bohn_tui.ui.screens.choose import ChooseScreen
from bohn_tui.ui.screens.privacy import PrivacyScreen
from bohn_tui.ui.screens.table import TableScreen
from bohn_tui.ui.screens.too_small import TooSmallScreen


async def test_trade_with_a_counter_offer(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    checks: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_hand_over(pilot, app, checks)
        await pilot.press("1", "e")  # plant Coffee, stop planting: Coffee and Wax turn up
        assert s.state.turned_up == ["coffee", "wax"]
        await pilot.press("o")
        assert isinstance(app.screen, OfferScreen)
        # give the turned-up Wax, want one Garden, to Ben
        await pilot.press("down", "space", "tab", *["down"] * 9, "space", "tab", "down")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert s.view(None)["offers"][0]["want"] == ["garden"]
        assert "Ana offers Ben Wax for Garden" in s.log[-1].text
        await confirm_hand_over(pilot, app, checks)  # to Ben
        assert checks[-1] == 1
        await pilot.press("c")  # Ben counters: two Garden for the Wax (one is prefilled)
        assert isinstance(app.screen, OfferScreen)
        await pilot.press("down", "space", "ctrl+s")
        await pilot.pause()
        assert "Ben counters Ana 2 Garden for Wax" in s.log[-1].text
        await confirm_hand_over(pilot, app, checks)  # back to Ana
        assert checks[-1] == 0
        await pilot.press("a")  # she holds three Wax: she is asked which; the default is fine
        await pilot.pause()
        assert isinstance(app.screen, AcceptScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert any("Ben and Ana trade: 2 Garden for Wax" in ln.text for ln in s.log)
        assert s.state.players[0].area == ["garden", "garden"]
        assert s.state.players[1].area == ["wax"]
        # finish the turn by keys: Ana plants, then Ben gets the screen to plant his Wax
        for _ in range(30):
            if s.state.turn == 2:
                break
            await step(pilot, app, checks)
        assert s.state.players[1].fields[0].variety == "wax"
        assert s.state.players[0].fields[1].variety == "garden"


async def test_a_gift_refused(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    checks: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_hand_over(pilot, app, checks)
        await pilot.press("1", "e", "o")
        # give the front hand card (after the 2 turned-up ones), want nothing, to Cem
        await pilot.press("down", "down", "space", "tab", "tab", "down", "down", "ctrl+s")
        await pilot.pause()
        assert "Ana offers Cem a gift: Coffee" in s.log[-1].text
        hand = list(s.state.players[0].hand)
        await confirm_hand_over(pilot, app, checks)
        assert checks[-1] == 2
        assert table(app).check_action("accept", ())  # a gift can be accepted too
        await pilot.press("x")
        await pilot.pause()
        assert "Cem declines Ana's offer" in s.log[-1].text
        assert s.state.players[0].hand == hand and not s.state.players[2].area
        await confirm_hand_over(pilot, app, checks)  # back to Ana
        assert checks[-1] == 0


async def test_forced_harvest_asks_which_field(tmp_path: Path) -> None:
    deck = ["wax", "blue", "chili", "chili", "chili"] + ["stink"] * 15 + ["wax", "blue"]
    deck += ["soy"] * 40
    s = Session.new(
        "bohnanza",
        ["Ana", "Ben", "Cem", "Dora"],
        {1: "random", 2: "random", 3: "random"},
        seed=3,
        deck=deck,
    )
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = table(app)
        for _ in range(60):
            if app.screen is t and t.choice is not None and "fits no field" in t.choice[0]:
                break
            await step(pilot, app, [])
        else:
            raise AssertionError("no forced harvest")
        assert s.state.turn == 5 and s.state.players[0].hand[0] == "chili"
        # asked on the table itself: the banner asks, the key bar lists the fields
        assert "Chili fits no field" in str(t.query_one("#banner").content)
        keys = str(t.query_one("#keys").content)
        assert "1 Wax ×2 → 0 coins" in keys and "2 Blue ×2 → 0 coins" in keys, keys
        await pilot.press("e")  # not a choice: nothing happens
        await pilot.pause()
        assert t.choice is not None and s.state.players[0].fields[1].count == 2
        await pilot.press("2")  # harvest the Blue field
        await pilot.pause()
        assert s.state.players[0].fields[1].count == 0
        assert "Ana harvests 2 Blue" in s.log[-1].text
        await pilot.press("2")  # now the Chili goes there
        await pilot.pause()
        assert s.state.players[0].fields[1].variety == "chili"


def _ana_turn(s: Session) -> None:
    """Ana plants two Chili, ends planting and trading, plants the turned-up Chili."""
    s.apply(PlantHand(0, 0))
    s.apply(PlantHand(0, 0))  # the second plant turns up the cards by itself
    s.run_bots()
    while 0 in s.waiting_for() and any(isinstance(a, Decline) for a in s.legal(0)):
        s.apply(next(a for a in s.legal(0) if isinstance(a, Decline)))
        s.run_bots()
    s.apply(EndTrading(0))
    while s.state.players[0].area:
        s.apply(PlantArea(0, "chili", 0))
    s.run_bots()


async def test_buy_the_third_field(tmp_path: Path) -> None:
    deck = ["chili"] * 5 + ["stink"] * 15 + ["chili"] * 5 + ["soy"] * 15 + ["chili"] * 2
    deck += ["wax"] * 40
    bots = {1: "random", 2: "random", 3: "random"}
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem", "Dora"], bots, seed=1, deck=deck)
    for seat in bots:
        s.bots[seat].trade = False  # type: ignore[attr-defined]
    _ana_turn(s)
    while s.decider() != 0 or s.state.phase != "plant":
        s.apply(next(a for a in s.legal(0) if isinstance(a, Decline)))
        s.run_bots()
    s.apply(PlantHand(0, 0))
    s.apply(PlantHand(0, 0))
    s.apply(EndTrading(0))
    s.apply(PlantArea(0, "chili", 0))
    s.apply(PlantArea(0, "chili", 0))
    assert s.state.players[0].fields[0].count == 8
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = table(app)
        assert t.viewer == 0 and not t.check_action("buy", ())
        await pilot.press("f", "1")  # 8 Chili: 3 coins
        await pilot.pause()
        assert len(s.state.players[0].coins) == 3
        assert t.check_action("buy", ())
        await pilot.press("b")
        await pilot.pause()
        assert len(s.state.players[0].fields) == 3 and not s.state.players[0].coins
        assert "buys a third field for 3 coins" in s.log[-1].text
        assert "3 · empty field" in str(t.query_one("#player-0").render())


async def test_resume_after_a_restart(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1", "e")
        await pilot.pause()
    before = s.view(0)
    store = Store(tmp_path)
    again = Session.load(store, store.latest().id)  # type: ignore[union-attr]
    assert again.view(0) == before
    app2 = BohnApp(store, bot_delay=0)  # from the menu: c continues the latest game
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app2.screen, PrivacyScreen)
        await pilot.press("enter")
        await pilot.pause()
        t = next(x for x in app2.screen_stack if isinstance(x, TableScreen))
        assert t.client.session.view(0) == before and t.viewer == 0
        assert t.check_action("end_trading", ())


async def test_damaged_save_in_the_menu(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "zz-broken.json").write_text("{", encoding="utf-8")  # an old save
    store = Store(tmp_path)
    Session.new("dahlias", ["Ana", "Ben", "Cem"], seed=1, store=store)
    app = BohnApp(store, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        shot = app.export_screenshot().replace("&#160;", " ")
        assert "zz-broken.json: damaged" in shot
        assert "Dahlias · Ana, Ben, Cem" in shot


async def test_too_small_screen_comes_and_goes(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "Gdn" not in app.export_screenshot()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)


async def test_another_player_takes_the_screen_to_offer_out_of_turn(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    checks: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_hand_over(pilot, app, checks)
        await pilot.press("1", "e", "p")  # Ana passes the screen to Ben
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        await pilot.press("1")
        await pilot.pause()
        assert "Ben takes the screen" in app.screen.reason  # type: ignore[attr-defined]
        await confirm_hand_over(pilot, app, checks)
        t = table(app)
        assert t.viewer == 1 and t.visiting and t.check_action("offer", ())
        # the screen going back to Ana now names her own turn, not an act out of turn
        assert t._reason(0) == "It is Ana's turn." and "out of turn" in t._reason(2)
        await pilot.press("o")
        # Ben gives his front Garden for one Coffee, to Ana (the only choice)
        await pilot.press("space", "tab", "space", "ctrl+s")
        await pilot.pause()
        assert "Ben offers Ana Garden for Coffee" in s.log[-1].text
        await confirm_hand_over(pilot, app, checks)  # back to Ana, whose decision it is
        assert checks[-1] == 0 and not t.visiting
        hand = list(s.state.players[0].hand)
        assert hand[:2] == ["coffee", "coffee"]
        await pilot.press("a")  # three Coffee fit: she gives her front card, not the turned-up
        await pilot.pause()
        assert isinstance(app.screen, AcceptScreen)
        await pilot.press("space", "down", "space", "enter")
        await pilot.pause()
        assert s.state.players[0].area == ["garden"]
        assert s.state.players[1].area == ["coffee"]
        assert s.state.players[0].hand == hand[1:]  # the front card went
        assert s.state.turned_up == ["coffee", "wax"]  # the turned-up Coffee stayed


async def test_hand_over_while_too_small_leaves_no_private_modal(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    app = make_app(tmp_path, s)
    checks: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        await confirm_hand_over(pilot, app, checks)
        await pilot.press("1", "e", "o")  # Ana's offer builder shows her hand
        await pilot.pause()
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        t = table(app)
        t.hand_over(1)  # e.g. a bot's move hands the screen to Ben meanwhile
        await pilot.pause()
        assert not any(isinstance(x, OfferScreen) for x in app.screen_stack)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and t.viewer is None
