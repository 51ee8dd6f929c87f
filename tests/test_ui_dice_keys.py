"""Pilot tests of the dice table's fewer keys (issue #23: "A typical turn takes about 10 keys:
each die picked singly, the forced last die still two keys. Fewer: a key that places every
die that fits the next order, and no key for what has no choice."): `a` places the dice of
the roll that fit the roller's next orders (games/wuerfelspiel/fit.py), and the one die
the rules force is placed without a key."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from helpers.ui import make_app, table

from bohn_tui.games.wuerfelspiel.dice import load
from bohn_tui.games.wuerfelspiel.fit import fitting
from bohn_tui.games.wuerfelspiel.ui import outlook
from bohn_tui.games.wuerfelspiel.ui.controls import DiceControls
from bohn_tui.play.session import Session

GAME = "wuerfelspiel"
SMALL = (80, 24)


@pytest.fixture(autouse=True)
def _chances_built() -> None:
    outlook.warm_now()


def text(app: object, selector: str) -> str:
    return " ".join(str(app.screen.query_one(selector).content).split())  # type: ignore[attr-defined]


def _fit(s: Session) -> tuple[int, ...]:
    """What fit.py says fits the roller's card in the open roll (no die picked)."""
    st = s.state
    p = st.players[st.roller]
    orders = load().cards[p.upper - 1].orders
    field = {i: st.faces[i] for i, w in enumerate(st.where) if w == "field"}
    rolled = {i: st.faces[i] for i, w in enumerate(st.where) if w == "rolled"}
    return fitting(orders, p.covered, field, rolled).dice


def test_what_fits_follows_the_orders_from_the_bottom() -> None:
    """Orders are fulfilled "from bottom to top"; "He can use the Broad Bean for fulfilling
    his lowest order and places the corresponding die on the bean field": the dice that fit
    are the fewest that fulfil the lowest orders the field lacks, then give the most of the
    next one's dice; none when nothing of the roll serves the next order."""
    orders = load().cards[0].orders  # Garden + Red/Soy, Broad + Red/Blue, Soy + Blue + ...
    got = fitting(orders, 0, {}, {0: "broad", 1: "wax", 2: "garden", 3: "red", 4: "wax"})
    assert got.dice == (0, 2, 3) and got.orders == (0, 1, 2)  # 1 and 2 whole, a die of 3
    four = {0: "broad", 1: "blue", 2: "garden", 3: "red"}
    assert fitting(orders, 0, four, {4: "soy"}).dice == (4,)
    none = fitting(orders, 0, four, {4: "wax"})
    assert none.dice == () and none.aim == 2


def test_what_a_says_of_each_order_is_true() -> None:
    """`a`'s words say what the dice do for each order: "at least the bean kinds required
    by the order must be visible on the dice", so an order only part of whose dice show
    is not fitted but counted ("1 of 3 dice of order 3"); "Rolled beans are not 'used up'",
    so one die counts for several orders."""
    orders = load().cards[0].orders  # Garden + Red/Soy, Broad + Red/Blue, Soy + Blue + ...
    words = DiceControls.fit_words
    got = fitting(orders, 0, {}, {0: "broad", 1: "wax", 2: "garden", 3: "red", 4: "wax"})
    assert got.part == (1, 3)  # the Broad of order 3's Garden/Broad: 1 of its 3 dice
    assert words(got) == "fits orders 1-2, 1 of 3 dice of order 3"
    only = fitting(orders, 0, {}, {0: "garden", 1: "wax", 2: "wax", 3: "wax", 4: "wax"})
    assert words(only) == "1 of 2 dice of order 1"  # a Garden, no Red or Soy: not "fits"
    one = fitting(orders, 0, {}, {0: "garden", 1: "red", 2: "wax", 3: "wax", 4: "wax"})
    assert words(one) == "fits order 1, 1 of 2 dice of order 2"  # the Red serves both
    assert words(one, short=True) == "fits order 1, part of 2"  # a narrow banner's
    assert words(only, short=True) == "part of order 1"
    four = {0: "broad", 1: "blue", 2: "garden", 3: "red"}
    whole = fitting(orders, 0, four, {4: "soy"})
    assert whole.part is None and words(whole) == "fits order 3"


async def test_a_places_every_die_that_fits_the_next_orders(tmp_path: Path) -> None:
    """After a roll the banner and the key bar say what a places; a places those dice of
    the roll and rolls the rest, in one key."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        fit = _fit(s)
        assert fit, "seed 3: part of Ana's first roll fits her bottom order"
        k = len(fit)
        st = s.state
        p = st.players[0]
        rolled = {i: st.faces[i] for i, w in enumerate(st.where) if w == "rolled"}
        words = DiceControls.fit_words(fitting(load().cards[p.upper - 1].orders, 0, {}, rolled))
        assert words.startswith("fits order 1, ") and " dice of order 2" in words  # in part
        assert f"a places {k} {'die' if k == 1 else 'dice'} ({words})" in text(app, "#banner")
        # an order served in part: the key bar's room is too short to say how, the banner does
        assert f"a Place {k} " in text(app, "#keys")
        await pilot.press("a")
        await pilot.pause()
        assert all(s.state.where[i] == "field" for i in fit)
        assert s.state.where.count("field") == k and s.state.rolls == 2
    async with make_app(tmp_path, Session.new(GAME, ["Ana", "Ben"], {}, seed=3)).run_test(
        size=SMALL
    ) as pilot:  # at 80 columns the key bar keeps one row: the banner says what for
        await pilot.press("r")
        await pilot.pause()
        assert "a Place" in text(pilot.app, "#keys") and "fits order" in text(pilot.app, "#banner")
        assert str(table(pilot.app).query_one("#keys").content).count("\n") == 0


async def test_a_says_when_nothing_fits_and_changes_nothing(tmp_path: Path) -> None:
    """A roll of which no die serves the next order: a says so in one line; nothing is
    placed or rolled."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("r")
        await pilot.pause()
        st = s.state
        data = load()
        for faces in itertools.product(*data.dice):  # a roll that fits nothing of Ana's card
            st.faces = list(faces)
            if not _fit(s):
                break
        assert not _fit(s)
        t = table(app)
        t.refresh_table()
        await pilot.pause()
        assert "a No fit" in text(app, "#keys")
        before = (list(st.where), st.rolls, len(s.record.actions))
        await pilot.press("a")
        await pilot.pause()
        assert (list(st.where), st.rolls, len(s.record.actions)) == before
        first = data.cards[st.players[0].upper - 1].orders[0].text
        assert f"Nothing in this roll fits order 1 ({first})." in text(app, "#roll-info")


async def test_the_die_that_must_be_placed_needs_no_key(tmp_path: Path) -> None:
    """ "After every roll, however, you must place at least one more die": one die left and
    the figure still Ana's, r alone places it (nothing to pick); with the bean figure used
    ("Once in your turn") the one die it rolled again has no choice left: it goes on the
    field without a key, and a line says so."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("r", "1", "2", "3", "4", "r")
        await pilot.pause()
        assert s.state.where.count("rolled") == 1 and not s.state.figure_used
        assert "r Place all, end turn" in text(app, "#keys")
        assert "r places the last die" in text(app, "#banner")
        await pilot.press("r")
        await pilot.pause()
        assert s.state.roller == 1  # Ana's turn ended with r alone
        # Ben: 4 dice placed, the last re-rolled with the figure: it is placed by itself
        await pilot.press("r", "1", "2", "3", "4", "r", "f")
        for _ in range(20):
            await pilot.pause()
            if s.state.roller == 0:
                break
        assert s.state.roller == 0 and s.state.first_roll
        assert s.log[-1].text.startswith("Ana takes the bean figure")
        assert any(ln.text.startswith("Ben places") and "(die 5)" in ln.text for ln in s.log)
        assert "Ben's last die" in text(app, "#roll-info")
        assert "went on the field by itself" in text(app, "#roll-info")


async def test_no_die_is_placed_by_itself_while_another_person_may_harvest(
    tmp_path: Path,
) -> None:
    """ "all of you may harvest your upper harvest card at any time", and after a harvest
    the new card is checked against the roll just made: while another person at the table
    may harvest, the forced die waits for r, so that placing it does not close the roll."""
    s = Session.new(GAME, ["Ana", "Ben"], {}, seed=3)
    s.state.players[1].covered = 3
    app = make_app(tmp_path, s)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("r", "1", "2", "3", "4", "r", "f")
        await pilot.pause()
        await pilot.pause()
        assert s.state.roller == 0 and s.state.where.count("rolled") == 1
        await pilot.press("r")
        await pilot.pause()
        assert s.state.roller == 1
