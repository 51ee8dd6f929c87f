"""The expert's solo Bohnröschen (games/bohnroschen/solo_search.py): it searches its own
decisions of each phase on the engine, sees only what the solo player sees, plays legal
and reproducible runs and wins some of them; the hint key shows what it would do and why."""

from __future__ import annotations

import random
from pathlib import Path

from helpers.rules import give_coins, grow, play
from helpers.ui import make_app, screen_text, table, until

from bohn_tui.games import rules_for
from bohn_tui.games.bohnroschen.bots import BohnroschenBot, bohnroschen_or
from bohn_tui.games.bohnroschen.rules import DRAW, FigureMoved
from bohn_tui.games.bohnroschen.solo_hint import describe
from bohn_tui.games.common.actions import Harvest
from bohn_tui.games.common.bots import make as make_bot
from bohn_tui.play.session import Session
from bohn_tui.play.simulate import play_game

GAME = "bohnroschen"
WON_SEED = 4  # a seeded run the expert wins (bohn simulate's seeds: game g, bot g * 7919)


def expert(seed: int = 0) -> BohnroschenBot:
    return bohnroschen_or(make_bot("expert", seed))


def choose(bot: BohnroschenBot, state):
    rules = state.rules
    return bot.choose(0, lambda: rules.view(state, 0), rules.legal_actions(state, 0))


def solo(seed: int):
    rules = rules_for(GAME, 1)
    state, _ = rules.new_game(["Ana"], seed)
    return state


def test_solo_runs_are_legal_and_the_same_for_the_same_seed() -> None:
    """The bot stays legal and deterministic per seed (the driver reports any illegal
    action as a violation)."""
    a = play_game(GAME, ["Ana"], 5, [expert(5 * 7919)])
    b = play_game(GAME, ["Ana"], 5, [expert(5 * 7919)])
    assert a.violations == [] and a.state.phase == "over"
    assert a.record.actions == b.record.actions


def test_the_expert_wins_a_seeded_run() -> None:
    """bohnroschen.txt: "The solo player's aim is to reach the castle, passing all the cards
    in front of the violet and the red figure, with the minimum of five gold coins." A run
    the expert wins (the standard level loses it)."""
    won = play_game(GAME, ["Ana"], WON_SEED, [expert(WON_SEED * 7919)]).state
    assert won.winners == (0,) and won.entered[0] and len(won.players[0].coins) >= 5
    lost = play_game(GAME, ["Ana"], WON_SEED, [bohnroschen_or(make_bot("standard", 0))]).state
    assert lost.winners == ()


def test_the_choice_does_not_depend_on_the_hidden_pile_order() -> None:
    """The only hidden things in solo are the draw pile's order (and the face-down vine
    cards): two states that differ only there get the same choice, decision by decision,
    from two experts of the same seed, although their turn-ups differ."""
    state = solo(11)
    other = solo(11)
    random.Random(1).shuffle(other.deck.cards)
    assert other.deck.cards != state.deck.cards
    a, b = expert(3), expert(3)
    rules = state.rules
    for _ in range(12):  # the first turn's decisions, up to the turn-up
        va, vb = rules.view(state, 0), rules.view(other, 0)
        if va != vb:
            break
        x, y = choose(a, state), choose(b, other)
        assert x == y and a.reason == b.reason
        play(state, x)
        play(other, y)
    assert state.turn == 1 and state.phase != "plant"  # it got past phase 1


def test_pays_tribute_in_phase_4_to_keep_ahead_of_the_violet_figure() -> None:
    """bohnroschen.txt: the red figure "is moved forward one card if, after the violet figure
    has been moved, the violet figure is ahead of the player's figure." With coins to spare
    in phase 4 the expert pays its way ahead of where the violet figure will stand."""
    state = solo(2)
    rules = state.rules
    bot = expert()
    while state.phase != DRAW:  # play the first turn the expert's way
        play(state, choose(bot, state))
    give_coins(state, 0, "blue", 4)
    red = state.red
    while state.phase == DRAW:
        play(state, choose(bot, state))
    violet_after = state.violet
    assert state.pos[0] - 1 >= violet_after, (state.pos, violet_after)
    assert state.red == red  # the red figure did not move
    assert rules.legal_actions(state, 0)


def test_harvests_its_way_into_the_castle() -> None:
    """bohnroschen.txt: the game ends when a player fulfils the last vine card "and at the
    same time can show that he holds at least five gold coins. For this he may still harvest
    and sell his bean fields." At the castle with four coins, the expert harvests the field
    that brings the fifth."""
    state = solo(4)
    state.pos[0] = len(state.vine) - 1
    state.players[0].hand = []
    give_coins(state, 0, "blue", 4)
    grow(state, 0, 0, "chili", 3)  # three chili beans pay one coin
    bot = expert()
    a = choose(bot, state)
    assert isinstance(a, Harvest) and a.field == 0
    assert "castle" in bot.reason
    play(state, a)
    assert state.phase == "over" and state.entered[0]


def test_pays_past_a_task_it_cannot_do_onto_one_it_does_at_once() -> None:
    """bohnroschen.txt: "A player should pay tribute whenever the task on the vine card where
    his figure stands is difficult or no longer possible for him to fulfil." Standing on
    "trade away a stink bean" (no trades in solo) with "have at least three coins" next and
    four coins, the expert pays one coin and moves on over the coins card for free."""
    rules = rules_for(GAME, 1)
    order = [c for c in rules.cards if c not in ("v14", "v27")]
    state, _ = rules.new_game(["Ana"], 6, {"vine": ["v14", "v27", *order]})
    give_coins(state, 0, "blue", 4)
    bot = expert()
    moved = []
    while state.phase == "plant":
        moved += [
            (e.card, e.how) for e in play(state, choose(bot, state)) if isinstance(e, FigureMoved)
        ]
    assert moved[:2] == [("v14", "tribute"), ("v27", "task")], moved


async def test_the_hint_key_names_a_legal_action_and_a_reason(tmp_path: Path) -> None:
    """The hint key (i) in a solo game shows what the expert would do now and why; it is in
    the key bar and in the help."""
    s = Session.new(GAME, ["Ana"], {}, seed=7)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t = table(app)
        assert "i Hint" in str(app.screen.query_one("#keys").content)
        await pilot.press("i")
        # (the expert thinks in a thread: its toast waited for by a deadline)
        await until(pilot, lambda: list(app._notifications))
        shown = [n.message for n in app._notifications]
        assert shown, "no hint shown"
        text = shown[-1]
        legal = [describe(t.view, a) for a in t.legal]
        head, why = text.split("\n")
        assert head.startswith("Expert: ") and head[len("Expert: ") : -1] in legal
        assert why.startswith("Why: ") and len(why) > len("Why: ") + 10
        await pilot.press("question_mark")
        await pilot.pause()
        assert "Hint" in screen_text(app.screen)


async def test_no_hint_key_with_several_players(tmp_path: Path) -> None:
    """The hint is the solo player's: a game of several people has no hint key."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {}, seed=7)
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t = table(app)
        assert not t.check_action("solo_hint", ())
