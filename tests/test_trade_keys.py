"""Trading in a few keys (issue #11): a 1-for-1 offer to one player in at most 5 keys from the
table and a counter in at most 4, the dialog's columns, letters, markers, the counter's prefill
and the accept dialog's choice, all driven with Textual's Pilot at 80x24."""

from __future__ import annotations

from pathlib import Path

from helpers.ui import B3_DECK, confirm_hand_over, make_app, stacked, table

from bohn_tui.games.common.ui.accept import AcceptScreen
from bohn_tui.games.common.ui.offer import OfferScreen
from bohn_tui.games.common.ui.picklist import PICKED, UNPICKED, PickList, WantList, bean_letters
from bohn_tui.play.session import Session
from bohn_tui.ui.app import BohnApp

SMALL = (80, 24)
L = bean_letters("bohnanza")


def _new(tmp_path: Path) -> tuple[Session, BohnApp]:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=B3_DECK)
    return s, make_app(tmp_path, s)


async def _to_trading(pilot, app, checks: list[int]) -> None:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await confirm_hand_over(pilot, app, checks)
    await pilot.press("1", "e")  # plant Coffee, stop planting: Coffee and Wax turn up
    await pilot.pause()


async def _open_offer(pilot, app) -> OfferScreen:  # type: ignore[no-untyped-def]
    """To the trading, then o: Ana's offer dialog."""
    await _to_trading(pilot, app, [])
    await pilot.press("o")
    await pilot.pause()
    assert isinstance(app.screen, OfferScreen)
    return app.screen


def _keys_text(app: BohnApp) -> str:
    return str(table(app).query_one("#keys").content)


async def test_one_for_one_offer_in_five_keys_and_a_counter_in_three(tmp_path: Path) -> None:
    """Ana offers Ben her turned-up Wax for one Garden: o, Wax's letter, →, Garden's letter,
    Ben's digit (five keys, each named on the key bar or the dialog's hint line). Ben counters
    two Garden for the Wax: c (opens swapped from Ana's offer), Garden's letter, Enter."""
    s, app = _new(tmp_path)
    checks: list[int] = []
    async with app.run_test(size=SMALL) as pilot:
        await _to_trading(pilot, app, checks)
        assert "o Offer" in _keys_text(app)
        keys = ["o", L["wax"], "right", L["garden"], "2"]
        await pilot.press(keys[0])
        await pilot.pause()
        assert isinstance(app.screen, OfferScreen)
        hint = str(app.screen.query_one("#offer-hint").content)
        for says in ("a letter or Space picks", "Tab/←→ column", "1-3 sends to"):
            assert says in hint
        assert "2 Ben" in app.export_screenshot().replace("&#160;", " ")
        await pilot.press(*keys[1:])
        await pilot.pause()
        assert len(keys) <= 5
        [offer] = s.view(None)["offers"]
        assert (offer["seat"], offer["to"], offer["give"], offer["want"]) == (
            0,
            1,
            ["wax"],
            ["garden"],
        )
        assert offer["give_up"] == [1]  # the turned-up Wax, not a hand card
        await confirm_hand_over(pilot, app, checks)  # to Ben
        assert checks[-1] == 1
        area = str(table(app).query_one("#trade").render())
        assert "#1 Ana → Ben:" in area and "to you" in area  # what Ben sees
        assert "c Counter" in _keys_text(app)
        counter = ["c", L["garden"], "enter"]
        await pilot.press(counter[0])
        await pilot.pause()
        assert isinstance(app.screen, OfferScreen)
        give = app.screen.query_one("#give", PickList)
        want = app.screen.query_one("#want", WantList)
        assert [give.rows[r] for r in give.picked] == ["garden"]  # prefilled, swapped
        assert want.wanted() == ("wax",)
        wax_row = str(want.get_option_at_index(want.rows.index("wax")).prompt)
        assert wax_row.startswith("1×")  # and the row shows it
        await pilot.press(*counter[1:])
        await pilot.pause()
        assert len(counter) <= 4
        counters = [o for o in s.view(None)["offers"] if o["counter_to"] == offer["id"]]
        assert len(counters) == 1
        c = counters[0]
        assert (c["seat"], c["to"], c["give"], c["want"]) == (1, 0, ["garden"] * 2, ["wax"])
        assert "Ben counters Ana 2 Garden for Wax" in s.log[-1].text


async def test_tab_right_and_left_move_between_columns(tmp_path: Path) -> None:
    """Tab and → go to the next column, ← and Shift+Tab back; the hint line says so."""
    s, app = _new(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        scr = await _open_offer(pilot, app)
        seen = [scr.focused.id if scr.focused else None]
        for key in ("right", "right", "left", "tab", "shift+tab", "left"):
            await pilot.press(key)
            seen.append(scr.focused.id if scr.focused else None)
        assert seen == ["give", "want", "to", "want", "to", "want", "give"]
        assert "Tab/←→ column" in str(scr.query_one("#offer-hint").content)


async def test_a_beans_letter_jumps_to_it(tmp_path: Path) -> None:
    """In the Want column a bean's letter jumps to that bean and asks for one; in the Give
    column it picks the next card of that bean not yet picked."""
    s, app = _new(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        scr = await _open_offer(pilot, app)
        give = scr.query_one("#give", PickList)
        await pilot.press(L["coffee"], L["coffee"])  # the turned-up Coffee, then the front one
        assert [give.rows[r] for r in give.picked] == ["coffee", "coffee"]
        assert give.highlighted == give.picked[-1]
        await pilot.press("right", L["chili"])
        want = scr.query_one("#want", WantList)
        assert want.rows[want.highlighted or 0] == "chili" and want.wanted() == ("chili",)
        assert "Offer to everybody: " in str(scr.query_one("#offer-says").content)


async def test_picked_rows_show_a_marker_unpicked_rows_do_not(tmp_path: Path) -> None:
    """A picked card reads [✔], an unpicked one [ ]: never the same mark for both."""
    s, app = _new(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        give = (await _open_offer(pilot, app)).query_one("#give", PickList)
        await pilot.press("space")  # the highlighted first row
        rows = [str(give.get_option_at_index(i).prompt) for i in range(give.option_count)]
        assert rows[0].startswith(PICKED[0]) and all(r.startswith(UNPICKED[0]) for r in rows[1:])
        assert PICKED[0] != UNPICKED[0]
        shot = app.export_screenshot().replace("&#160;", " ")
        assert shot.count("[✔]") == 1 and "X" not in rows[0]
        await pilot.press("space")  # unpicked again
        row = str(give.get_option_at_index(0).prompt)
        assert row.startswith(UNPICKED[0])


async def test_accept_lets_another_matching_card_be_chosen(tmp_path: Path) -> None:
    """Ana holds three Coffee when Ben asks for one: picking another Coffee than the one
    preselected swaps the choice (no "Pick exactly ..." refusal) and that card goes."""
    s, app = _new(tmp_path)
    checks: list[int] = []
    async with app.run_test(size=SMALL) as pilot:
        await _to_trading(pilot, app, checks)
        await pilot.press("p")  # Ana hands the screen to Ben, who offers to her
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        await confirm_hand_over(pilot, app, checks)
        await pilot.press("o", L["garden"], "right", L["coffee"], "1")
        await pilot.pause()
        assert "Ben offers Ana Garden for Coffee" in s.log[-1].text
        await confirm_hand_over(pilot, app, checks)
        hand = list(s.state.players[0].hand)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AcceptScreen)
        give = app.screen.query_one("#give", PickList)
        assert len(give.picked) == 1 and give.picked[0] == 0  # the rules' default: turned up
        await pilot.press("down", "space", "enter")  # the front Coffee instead
        await pilot.pause()
        assert not isinstance(app.screen, AcceptScreen)
        assert s.state.players[1].area == ["coffee"]
        assert s.state.players[0].hand == hand[1:]  # the front card went
        assert s.state.turned_up == ["coffee", "wax"]  # the turned-up Coffee stayed


async def test_the_e_after_the_second_plant_does_not_end_the_trading(tmp_path: Path) -> None:
    """bohnanza.txt: the active player "must plant the first card ... may plant the second";
    after the second the cards turn up by themselves, so an e meant as "done planting" lands
    in the trading. With nothing traded, that e only asks; a second e ends the trading."""
    s, app = _new(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await confirm_hand_over(pilot, app, [])
        await pilot.press("1", "1")  # two Coffee: Coffee and Wax turn up by themselves
        await pilot.pause()
        assert s.state.phase == "trade"
        await pilot.press("e")  # the slip
        await pilot.pause()
        assert s.state.phase == "trade"
        banner = str(table(app).query_one("#banner").content)
        assert "nothing traded yet. Press e again to end the trading" in banner
        await pilot.press("e")
        await pilot.pause()
        assert s.state.phase == "plant_trades"  # trading over: the turned-up cards to plant


async def test_plant_too_is_offered_only_when_the_card_fits(tmp_path: Path) -> None:
    """bohnanza.txt: the second card may be planted; a bean goes on an empty field or one of
    its kind. Ana's second card, Red, fits none of her fields: the prompt does not offer
    "plant Red too (1-3)" but says what it would cost (harvest first) or stop planting."""
    deck = stacked(
        "bohnanza",
        [["coffee", "red", "wax", "garden", "coffee"], ["garden"] * 5, ["red"] * 5],
        ["coffee", "wax"] * 30,
    )
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1, deck=deck)
    ana = s.state.players[0]
    for f, vid in ((1, "wax"), (2, "garden")):  # two of her hand cards already on fields 2, 3
        ana.hand.remove(vid)
        ana.fields[f].variety, ana.fields[f].count = vid, 1
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await confirm_hand_over(pilot, app, [])
        await pilot.press("1")  # the Coffee on field 1; Red is next
        await pilot.pause()
        assert ana.hand[0] == "red" and s.state.phase == "plant"
        banner = str(table(app).query_one("#banner").content)
        assert "plant Red too" not in banner
        assert "Red fits no field unless you harvest one (f)" in banner
        assert "stop planting (e)" in banner


async def test_out_of_turn_prompt_lists_only_legal_actions(tmp_path: Path) -> None:
    """card-data.md, player counts: "| 3 | Cocoa | 3 from the start | 5 | 3 | - |": with
    three players there is no third field to buy. Ben, out of turn, is not told to buy (b):
    the line names exactly the keys that work now."""
    s, app = _new(tmp_path)
    checks: list[int] = []
    async with app.run_test(size=SMALL) as pilot:
        await _to_trading(pilot, app, checks)
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        await confirm_hand_over(pilot, app, checks)
        t = table(app)
        assert t.visiting and t.viewer == 1
        banner = str(t.query_one("#banner").content)
        assert "out of turn" in banner and "buy (b)" not in banner
        for key, what in (("f", "harvest"), ("b", "buy"), ("o", "offer")):
            assert (f"{what} ({key})" in banner) == bool(t.check_action(what, ())), what
        assert "offer (o)" in banner


async def test_the_duel_offer_that_fits_no_field_says_so(tmp_path: Path) -> None:
    """The bean duel's phase 0: the opponent's leftovers are planted or discarded (bohnanza.txt,
    the game for two). When the picked card fits none of Ana's fields the prompt does not
    offer "1-2 plants" but says what it would take (harvest first, another card, discard)."""
    s = Session.new("bohnanza", ["Ana", "Ben"], {0: "standard", 1: "standard"}, seed=11)
    while not (s.state.turn >= 9 and s.state.active == 0):
        s.bot_step()
    s = Session(s.record, {1: "standard"})  # Ana takes her seat at the start of turn 9
    offer, fields = s.state.duel_offer, s.state.players[0].fields
    assert s.state.phase == "take_offer" and offer
    assert not any(f.count == 0 or f.variety == offer[0] for f in fields)  # the seed's case
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()  # the only person: no hand-over
        banner = str(table(app).query_one("#banner").content)
        picked = s.rules.varieties[offer[0]].name
        assert f"{picked} fits no field: harvest one (f)" in banner, banner
        assert "1-2 plants" not in banner and "discard it (d)" in banner
