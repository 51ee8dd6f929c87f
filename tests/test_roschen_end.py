"""The end of a Bohnröschen game for 3-6 players (issue #11): who wins when the cards run out
before anybody reached the castle, the ranking by the castle, and the end screen's words
and chart at 80x24."""

from __future__ import annotations

from pathlib import Path

from helpers.bohnroschen import QUIET, game
from helpers.rules import give_coins
from helpers.ui import make_app, screen_text

from bohn_tui.games.bohnroschen.rules import BohnroschenState
from bohn_tui.games.common.ui.end import EndScreen
from bohn_tui.play.session import Session
from bohn_tui.ui.widgets.coin_chart import CoinChart

OUT = "no bean cards are left to turn up"


def ended(st: BohnroschenState, reason: str = OUT) -> dict:
    st.rules.game_over(st, [], reason)
    return st.rules.summary(st)


def three(pos: list[int], coins: list[int], hands: int = 5) -> BohnroschenState:
    st = game(3, [["soy"] * 5] * 3, ["soy"] * 80, QUIET)
    st.pos = list(pos)
    for seat, n in enumerate(coins):
        give_coins(st, seat, "soy", n)
    st.players[2].hand.extend(["soy"] * (hands - 5))
    return st


def test_nobody_in_the_castle_nobody_wins() -> None:
    """Rulebook: "The player who has the most gold coins in the castle wins." When the cards
    run out, every figure pays its way in if it can ("pay as many gold coins in tribute
    until they too have their figure on the castle card"); here none can, so nobody has a
    coin in the castle and nobody wins."""
    st = three([1, 2, 0], [1, 0, 3])  # the castle card is 4: 3, 2 and 4 cards to pay
    s = ended(st)
    assert not any(st.entered) and st.winners == () and s["winners"] == []
    assert "nobody wins" in s["verdict"]
    # ranked by how far each figure climbed, hand cards never count
    assert s["ranking"] == [1, 0, 2]
    assert s["standing"] == ["vine card 2 of 4", "vine card 3 of 4", "vine card 1 of 4"]


def test_the_castle_ranks_above_coins_and_hand_cards() -> None:
    """Rulebook: "They do not have to hold five gold coins, as was required of the first
    player." A figure that pays its way in with no coin left is in the castle and wins
    over a figure left outside with a big hand; the outside ones follow by their climb."""
    st = three([3, 0, 1], [1, 0, 0], hands=27)
    s = ended(st)
    assert st.entered == [True, False, False] and st.players[0].coins == []
    assert st.winners == (0,) and s["ranking"] == [0, 2, 1]
    assert s["standing"][0] == "in the castle"
    assert "P1 has the most coins in the castle (0)" in s["verdict"]


async def test_end_screen_when_nobody_reached_the_castle(tmp_path: Path) -> None:
    """The end screen says nobody wins (not " win!"), gives no star, ranks by the climb and
    draws the chart's axis with each whole number once, at 80x24."""
    s = Session.new("bohnroschen", ["Ana", "Ben", "Cem"], {}, seed=5)
    s.state.pos = [1, 2, 0]
    s.rules.game_over(s.state, [], OUT)
    assert s.over
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        text = screen_text(app.screen)
        assert "Nobody wins." in text and " win!" not in text and "★" not in text
        assert "nobody wins" in text
        rows = [ln for ln in text.splitlines() if "vine card" in ln]
        assert [r.split()[0] for r in rows] == ["Ben", "Ana", "Cem"], rows
        chart = str(app.screen.query_one(CoinChart).render())
        ticks = [ln.split("┤")[0].strip() for ln in chart.splitlines() if "┤" in ln]
        assert ticks and len(ticks) == len(set(ticks)), ticks  # never "1, 1, 0, 0"


async def test_end_screen_stars_the_one_in_the_castle(tmp_path: Path) -> None:
    s = Session.new("bohnroschen", ["Ana", "Ben", "Cem"], {}, seed=5)
    s.state.pos = [0, len(s.state.vine) - 1, 0]  # Ben waits at the castle card
    s.rules.game_over(s.state, [], OUT)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        text = screen_text(app.screen)
        assert "Ben wins!" in text and "Ben has the most coins in the castle (0)" in text
        first = next(ln for ln in text.splitlines() if "winner" in ln)
        assert "★ winner" in first and "Ben" in first and "in the castle" in first
