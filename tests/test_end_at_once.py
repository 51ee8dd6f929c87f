"""The end of the game when the draw pile runs out for the last time (issue #11).

bohnanza.txt: "When the deck runs out, the discard pile is reshuffled and re-used as the deck;
this happens twice. The game ends instantly the third time the deck runs out. At that point,
all players harvest all beans in their fields." card-data.md gives the run-out that ends the
game by player count: 2 (bean duel) the 1st, 3 the 2nd, 4-5 and 6-7 the 3rd. So when the
last run-out comes as the cards are turned up, there is no trading and no phase 3: the game
is over at once (the turned-up cards count for nobody). Dahlias (dahlias.txt) completes
phases 2 and 3 instead; a run-out in phase 4 ends every game after the draw."""

from __future__ import annotations

import pytest
from helpers.rules import fields_of, grow, play, start

from bohn_tui.games import rules_for
from bohn_tui.games.common.actions import (
    DeckRanOut,
    EndPlanting,
    EndTrading,
    GameOver,
    Harvested,
    PhaseStarted,
    PlantArea,
    PlantHand,
    TurnedUp,
)
from bohn_tui.games.common.help import rules_lines

# card-data.md, "Player counts": the game ends when the deck runs out for the ... time
LAST_RUNOUT = {2: 1, 3: 2, 4: 3, 5: 3, 6: 3, 7: 3}
# each game's cards for the hands, seat 1's field (2/3/4/5 on both meters) and the rest
CARDS = {"bohnanza": ("soy", "red", "wax"), "dahlias": ("islander", "lights-out", "gloria")}


def last_pass(game: str, n: int, rest: list[str], passes_left: int = 1):
    """A game of `n` whose every seat holds Soy, whose draw pile holds `rest` (top first) and
    which has `passes_left` run-outs to go (the earlier passes skipped: only the count
    differs). Seat 1 has 5 cards that pay 4 coins on its first field."""
    rules = rules_for(game, n)
    hand, grown, other = CARDS[game]
    hands = [[hand] * rules.count.hand_size(s) for s in range(n)]
    state = start(game, n, hands, rest + [grown] * 5 + [other] * 6)
    grow(state, 1, 0, grown, 5)
    for _ in range(6):  # what a reshuffle would bring back
        state.deck.cards.remove(other)
        state.deck.discard.append(other)
    state.deck.runouts = state.deck.end_at - passes_left
    return state


def turn_up(state) -> list:
    """Seat 0 plants its front card and ends planting: the cards are turned up."""
    return play(state, PlantHand(0, 0), EndPlanting(0))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7], ids=lambda n: f"{n}-players")
def test_bohnanza_ends_at_once_at_the_last_runout_while_turning_up(n: int) -> None:
    """bohnanza.txt: "The game ends instantly the third time the deck runs out. At that
    point, all players harvest all beans in their fields." (card-data.md: for 2 players the
    1st, for 3 the 2nd, for 4-7 the 3rd run-out.) No trading, no phase 3, no drawing."""
    state = last_pass("bohnanza", n, ["wax"])  # one card left: the turn-up empties the pile
    assert state.deck.end_at == LAST_RUNOUT[n]
    ev = turn_up(state)
    assert DeckRanOut(LAST_RUNOUT[n], 0) in ev
    assert TurnedUp(0, ("wax",), ()) in ev  # the card turned up is shown to all
    assert isinstance(ev[-1], GameOver) and state.over
    phases = [e.phase for e in ev if isinstance(e, PhaseStarted)]
    assert phases == []  # no trading, no planting of the turned-up cards
    assert Harvested(1, 0, "red", 5, 4) in ev  # the final harvest (Red 2/3/4/5: 4 coins)
    assert state.scores[1] == 4 and state.winners == (1,)
    assert all(state.rules.legal_actions(state, s) == [] for s in range(n))
    assert state.turned_up == ["wax"]  # stays turned up, scores for nobody
    assert state.players[0].area == [] and fields_of(state, 0)[0] == (None, 0)
    view = state.rules.view(state, 1)
    assert view["over"] and view["offers"] == [] and view["turned_up"] == ["wax"]
    assert "turned up" in view["end_reason"]
    assert state.rules.card_count(state) == state.total


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7], ids=lambda n: f"{n}-players")
def test_bohnanza_goes_on_at_a_runout_before_the_last(n: int) -> None:
    """bohnanza.txt: "When the deck runs out, the discard pile is reshuffled and re-used as
    the deck" (the bean duel ends at its first run-out: no earlier one)."""
    state = last_pass("bohnanza", n, ["wax"], passes_left=2)
    ev = turn_up(state)
    assert DeckRanOut(LAST_RUNOUT[n] - 1, 6) in ev and TurnedUp(0, ("wax", "wax"), ()) in ev
    assert not state.over
    assert state.phase == "trade" and len(state.turned_up) == 2


def test_dahlias_completes_phases_2_and_3_then_ends() -> None:
    """dahlias.txt: "The game ends when the draw pile runs out for the third time. If this
    happens during phase 2, "Trading Flower Cards", complete phases 2 and 3 of your turn
    (even if you could only turn over one card instead of two), then the game ends.\""""
    state = last_pass("dahlias", 4, ["gloria"])
    ev = turn_up(state)
    assert DeckRanOut(3, 0) in ev and state.turned_up == ["gloria"]
    assert state.phase == "trade" and not state.over
    ev = play(state, EndTrading(0))
    assert state.phase == "plant_trades" and not state.over
    ev = play(state, PlantArea(0, "gloria", 1))
    assert isinstance(ev[-1], GameOver) and state.over
    assert "drew" not in [e.type for e in ev]  # phase 4 is not played
    assert fields_of(state, 0) == [(None, 0), (None, 0)]  # harvested at the end
    assert Harvested(1, 0, "lights-out", 5, 4) in ev and state.winners == (1,)
    assert state.rules.card_count(state) == state.total


@pytest.mark.parametrize("game", ["bohnanza", "dahlias"])
def test_a_runout_in_phase_4_ends_the_game_after_the_draw(game: str) -> None:
    """bohnanza.txt: "The game ends instantly the third time the deck runs out." dahlias.txt:
    "The game ends when the draw pile runs out for the third time." In phase 4 the active
    player draws what is left; nobody plays on."""
    card = CARDS[game][2]
    state = last_pass(game, 4, [card, card, card])  # two turned up, one to draw
    turn_up(state)
    assert state.phase == "trade"
    ev = play(state, EndTrading(0), PlantArea(0, card, 1), PlantArea(0, card, 1))
    assert DeckRanOut(3, 0) in ev and isinstance(ev[-1], GameOver)
    assert state.players[0].hand[-1] == card and state.active == 0


ORDINAL = {1: "first", 2: "second", 3: "third"}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7], ids=lambda n: f"{n}-players")
def test_the_in_app_rules_say_when_bohnanza_ends(n: int) -> None:
    """The `?` and the menu's Rules say the rulebook's end for the count, in words."""
    text = " ".join(rules_lines(rules_for("bohnanza", n)))
    assert f"the game ends at once the {ORDINAL[LAST_RUNOUT[n]]} time" in text.lower()
    assert "even while cards are being turned up" in text and "time(s)" not in text
    assert "harvests every field" in text


def test_the_in_app_rules_say_how_dahlias_ends() -> None:
    for n in (3, 4, 5):
        text = " ".join(rules_lines(rules_for("dahlias", n)))
        assert "the game ends when it runs out for the third time" in text
        assert "phases 2 and 3 of that turn are completed first" in text
        assert "at once" not in text and "time(s)" not in text


def test_no_limit_on_the_draw_pile_says_no_count() -> None:
    """A game whose draw pile may run out any number of times (end_runout 0) says so."""
    text = " ".join(rules_lines(rules_for("bohnroschen", 4)))
    assert "0 time" not in text and "time(s)" not in text
