"""The Bohnröschen bot (games/bohnroschen/bots.py): it chases the task under its figure, pays
tribute with the coins beyond the castle's five, uses the intermediate phase, harvests its way
into the castle, and plays whole games of every player count (solo included)."""

from __future__ import annotations

from helpers.bohnroschen import QUIET, four, game, to_phase
from helpers.rules import give_coins, grow, play

from bohn_tui.games import make_bot as make_bot_for
from bohn_tui.games.bohnroschen.bots import BohnroschenBot, bohnroschen_or
from bohn_tui.games.bohnroschen.rules import (
    DRAW,
    INTERMEDIATE,
    DrawCards,
    EndTribute,
    FigureMoved,
    PayTribute,
)
from bohn_tui.games.common.actions import BuyField, Harvest, PlantHand
from bohn_tui.games.common.bots import make as make_bot
from bohn_tui.games.common.bots.standard import StandardBot
from bohn_tui.play.simulate import play_game


def choose(bot: BohnroschenBot, state, seat: int):
    rules = state.rules
    return bot.choose(seat, lambda: rules.view(state, seat), rules.legal_actions(state, seat))


def test_plants_to_fulfil_its_task_where_the_standard_bot_would_not() -> None:
    # "Have exactly one bean on every bean field": soy on the empty field fulfils it
    state = game(4, four(["soy", "soy"]), ["blue"] * 60, ["v04", *QUIET])
    play(state, PlantHand(0, 0))
    std = StandardBot(1)  # the plain standard bot, without bohnroschen/bots.py
    view = state.rules.view(state, 0)
    legal = state.rules.legal_actions(state, 0)
    assert std.choose(0, lambda: view, legal) == PlantHand(0, 0)  # joins its soy
    bot = BohnroschenBot(1)
    a = choose(bot, state, 0)
    assert a == PlantHand(0, 1) and "task" in bot.reason
    ev = play(state, a)
    assert (0, "v04", "task") in [(e.seat, e.card, e.how) for e in ev if isinstance(e, FigureMoved)]


def test_counts_its_own_facts_for_a_phase_task_of_two_plantings() -> None:
    # "In phase 1, plant two beans of the same kind": the second soy completes it
    state = game(4, four(["soy", "soy"]), ["blue"] * 60, ["v01", *QUIET])
    bot = BohnroschenBot(1)
    first = choose(bot, state, 0)
    assert isinstance(first, PlantHand) and "towards its task" in bot.reason
    play(state, first)
    second = choose(bot, state, 0)
    assert isinstance(second, PlantHand) and "fulfils its task" in bot.reason
    ev = play(state, second)
    assert any(isinstance(e, FigureMoved) and e.card == "v01" for e in ev)


def test_tribute_only_with_coins_beyond_the_castle_s_five() -> None:
    state = game(4, four([]), ["soy"] * 80, ["v10", *QUIET, "v16"])  # the draw pile empty
    give_coins(state, 0, "soy", 3)
    play(state, BuyField(0))  # the third field is no question here
    to_phase(state, DRAW)
    give_coins(state, 0, "soy", 5)
    bot = BohnroschenBot(1)
    assert choose(bot, state, 0) == DrawCards(0)  # five coins: keeps them
    give_coins(state, 0, "soy", 2)
    assert choose(bot, state, 0) == PayTribute(0)
    assert "out of reach" in bot.reason
    play(state, PayTribute(0), PayTribute(0))
    assert choose(bot, state, 0) == DrawCards(0) and len(state.players[0].coins) == 5


def test_pays_its_way_past_the_last_card_at_once() -> None:
    row = ["v05", "v14", "v15", "v18"]
    state = game(4, four(["soy"]), ["soy"] * 60, row)
    state.pos[0] = len(row) - 2
    give_coins(state, 0, "soy", 7)  # two cards to go, two coins to spare: in phase 1 too
    bot = BohnroschenBot(1)
    assert choose(bot, state, 0) == PayTribute(0)
    play(state, PayTribute(0))
    assert choose(bot, state, 0) == PayTribute(0)
    play(state, PayTribute(0))
    assert state.phase == "over" and state.entered[0] and state.winners == (0,)


def test_intermediate_phase_each_seat_pays_its_spare_coins_then_is_done() -> None:
    state = game(4, four([]), ["soy"] * 80, [*QUIET, "v16", "v17"])
    give_coins(state, 0, "soy", 1)
    give_coins(state, 2, "soy", 7)
    give_coins(state, 3, "soy", 4)
    to_phase(state, DRAW)
    play(state, DrawCards(0))
    assert state.phase == INTERMEDIATE
    rules = state.rules
    bots = [BohnroschenBot(s) for s in range(4)]
    for _ in range(20):
        if state.phase != INTERMEDIATE:
            break
        seat = rules.to_move(state)
        play(state, choose(bots[seat], state, seat))
    assert state.phase == "plant" and state.active == 1
    assert [len(p.coins) for p in state.players] == [1, 0, 5, 4]
    assert state.pos == [0, 0, 2, 0]


def test_intermediate_phase_done_at_once_without_spare_coins() -> None:
    state = game(4, four([]), ["soy"] * 80, [*QUIET, "v16"])
    give_coins(state, 1, "soy", 3)
    to_phase(state, DRAW)
    play(state, DrawCards(0))
    assert choose(BohnroschenBot(1), state, 1) == EndTribute(1)


def test_harvests_the_coins_for_the_castle() -> None:
    row = ["v05", "v14", "v15", "v18"]
    state = game(4, four([]), ["blue"] * 30 + ["soy"] * 30, row)
    state.pos[0] = len(row)  # past the last vine card with four coins
    give_coins(state, 0, "soy", 4)
    grow(state, 0, 0, "blue", 4)  # pays one: five
    grow(state, 0, 1, "soy", 2)
    bot = BohnroschenBot(1)
    a = choose(bot, state, 0)
    assert isinstance(a, Harvest) and "castle" in bot.reason
    play(state, a)
    assert state.phase == "over" and state.entered[0]


def test_whole_games_two_to_six_players_reach_the_castle() -> None:
    for n, seed in ((2, 1), (4, 2), (6, 3)):
        res = play_game(
            "bohnroschen",
            [f"P{s}" for s in range(n)],
            seed,
            [BohnroschenBot(seed * 10 + s) for s in range(n)],
        )
        assert res.violations == []
        assert res.state.phase == "over" and res.state.ender is not None, n


def test_solo_runs_go_further_than_random_play() -> None:
    far = {"bohnroschen": 0, "random": 0}
    for seed in range(30):
        for level in far:
            bot = BohnroschenBot(seed) if level == "bohnroschen" else make_bot("random", seed)
            res = play_game("bohnroschen", ["Ana"], seed, [bot])
            assert res.violations == [] and res.state.phase == "over"
            far[level] += res.state.pos[0]
    assert far["bohnroschen"] > 2 * far["random"], far


def test_other_games_are_the_standard_bot_s() -> None:
    a = play_game("bohnanza", ["A", "B", "C"], 4, [BohnroschenBot(s) for s in range(3)])
    b = play_game("bohnanza", ["A", "B", "C"], 4, [StandardBot(s) for s in range(3)])
    assert a.violations == [] and a.record.actions == b.record.actions


def test_bohnroschen_or_wraps_standard_and_expert_and_leaves_random() -> None:
    std = bohnroschen_or(make_bot("standard", 1))
    assert isinstance(std, BohnroschenBot) and std.level == "standard"
    exp = bohnroschen_or(make_bot("expert", 1))
    assert isinstance(exp, BohnroschenBot) and exp.level == "expert" and exp.base is exp.other.std
    rnd = make_bot("random", 1)
    assert bohnroschen_or(rnd) is rnd
    assert bohnroschen_or(std) is std  # already a Bohnröschen player


def test_standard_and_expert_levels_play_bohnroschen_through_its_bot() -> None:
    from bohn_tui.play.simulate import simulate

    assert isinstance(make_bot_for("bohnroschen", "standard", 3), BohnroschenBot)
    assert isinstance(make_bot_for("bohnroschen", "expert", 3), BohnroschenBot)
    result = simulate("bohnroschen", 1, 20, seed=0, levels=["standard"])
    assert result["violations"] == 0 and "standard" in result["win_rate"]
    won = sum(
        bool(play_game("bohnroschen", ["s"], g, [BohnroschenBot(g * 7919)]).state.winners)
        for g in range(20)
    )
    assert result["win_rate"]["standard"] == won / 20
    # the plain standard bot no longer fails in solo (no opponent to leave beans to)
    res = play_game("bohnroschen", ["Ana"], 2, [StandardBot(2)])
    assert res.violations == [] and res.state.phase == "over"


def test_the_expert_searches_only_in_solo_and_plays_two_to_six_players() -> None:
    """The solo search (solo_search.py) is for the solo run alone: with 2-6 players the
    expert plays Bohnröschen as before, to the end, legally (6 players: the test above)."""
    for n, seed in ((2, 4), (4, 5)):
        bots = [make_bot_for("bohnroschen", "expert", seed * 10 + s) for s in range(n)]
        res = play_game("bohnroschen", [f"P{s}" for s in range(n)], seed, bots)
        assert res.violations == [] and res.state.phase == "over", n
        assert all(b._planner is None for b in bots)
