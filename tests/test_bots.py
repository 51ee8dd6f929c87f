"""The computer players: whole games at every level and player count, the rule that a bot
sees only its own view, the hidden-information sampling of `expert`, and decisions of
`standard` on constructed positions."""

from __future__ import annotations

import copy
import inspect
import os
import random
from typing import Any

import pytest
from helpers.rules import play, snapshot, start

from bohn_tui.games import rules_for
from bohn_tui.games.common.actions import (
    Accept,
    Action,
    EndTrading,
    Harvest,
    Offer,
    PlantArea,
    PlantHand,
)
from bohn_tui.games.common.bots import evaluate, standard, trader
from bohn_tui.games.common.bots import make as make_bot
from bohn_tui.games.common.bots.expert import ExpertBot
from bohn_tui.games.common.bots.standard import StandardBot
from bohn_tui.games.common.bots.worlds import determinize
from bohn_tui.games.common.rules import GameState
from bohn_tui.play.simulate import drive, play_game, simulate

# BOHN_SLOW_GAMES=300 plays hundreds of games per level and player count
GAMES = int(os.environ.get("BOHN_SLOW_GAMES", "2"))
COUNTS = [("bohnanza", n) for n in range(2, 8)] + [("dahlias", n) for n in range(3, 6)]


def fast_expert(seed: int, trade: bool = True) -> ExpertBot:
    """An expert with the smallest search budget: one sample a decision (the search still
    runs; its trading predictions are not budgeted)."""
    return ExpertBot(seed, trade, budget=0.0)


def bots_for(level: str, n: int, seed: int) -> list[Any]:
    """`level` in seat order mixed with the others, so that each level meets the rest."""
    others = {"random": "standard", "standard": "random", "expert": "standard"}[level]
    out = []
    for s in range(n):
        # one expert a game (its search is the slow part); the other levels every second seat
        lv = level if (s == 0 if level == "expert" else s % 2 == 0) else others
        out.append(fast_expert(seed + s) if lv == "expert" else make_bot(lv, seed + s))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("level", ["random", "standard", "expert"])
@pytest.mark.parametrize(("game", "n"), COUNTS)
def test_whole_games_without_violations(
    level: str, game: str, n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = GAMES if level != "expert" else max(1, GAMES // 4)
    if level == "expert" and "BOHN_SLOW_GAMES" not in os.environ:
        monkeypatch.setattr(trader, "SAMPLES", 2)  # by default: its trade predictions cheaper
    for g in range(games):
        result = play_game(game, [f"P{s}" for s in range(n)], 100 * g + n, bots_for(level, n, g))
        assert result.violations == [], result.violations
        assert result.state.phase == "over"
        assert sum(result.state.scores) > 0 or level == "random"


# -- a bot sees only its view ---------------------------------------------------------


def test_bot_modules_never_touch_the_game_state() -> None:
    for module in (standard, evaluate):
        source = inspect.getsource(module)
        assert "GameState" not in source and "rules.bohnanza" not in source, module.__name__


def twin_decisions(game: str, n: int, make: Any, seed: int, limit: int) -> int:
    """Play a game where each bot gets a deep copy of its view. At each decision, a copy of
    the bot decides again in a different world with the same view (other hands, piles and
    treasuries dealt anew): both must choose the same, and asking must change nothing."""
    rules = rules_for(game, n)
    state, _ = rules.new_game([f"P{s}" for s in range(n)], seed)
    bots = [make(seed * 10 + s) for s in range(n)]
    rng = random.Random(seed)
    checked = 0
    while state.phase != "over" and checked < limit:
        seat = rules.to_move(state)
        legal = rules.legal_actions(state, seat)
        view = rules.view(state, seat)
        twin_state = determinize(rules, view, seat, rng)
        assert rules.view(twin_state, seat) == view
        twin_bot = copy.deepcopy(bots[seat])
        before = snapshot(state)
        action = bots[seat].choose(seat, lambda v=view: copy.deepcopy(v), legal)
        assert snapshot(state) == before, "a bot changed the state"
        twin_legal = rules.legal_actions(twin_state, seat)
        twin_view = rules.view(twin_state, seat)
        assert twin_bot.choose(seat, lambda v=twin_view: v, twin_legal) == action
        rules.apply(state, action)
        checked += 1
    return checked


@pytest.mark.parametrize(("game", "n"), [("bohnanza", 4), ("bohnanza", 2), ("dahlias", 3)])
def test_standard_decides_from_its_view_only(game: str, n: int) -> None:
    assert twin_decisions(game, n, lambda s: StandardBot(s), 7, 400) >= 200


def test_expert_decides_from_its_view_only() -> None:
    assert twin_decisions("bohnanza", 4, fast_expert, 3, 40) == 40


def test_determinize_keeps_every_card_and_the_view() -> None:
    """Sampled worlds hold exactly the game's cards and look the same from the seat, also
    mid-trade with offers pending."""
    checked = 0
    for game, n in (("bohnanza", 4), ("bohnanza", 2), ("dahlias", 5), ("bohnanza", 6)):
        rules = rules_for(game, n)
        state, _ = rules.new_game([f"P{s}" for s in range(n)], n)
        bots = [make_bot("standard", s) for s in range(n)]
        rng = random.Random(n)
        while state.phase != "over" and state.turn < 20:
            seat = rules.to_move(state)
            for s in range(n):
                view = rules.view(state, s)
                world = determinize(rules, view, s, rng)
                assert rules.card_count(world) == state.total
                assert rules.view(world, s) == view
                checked += 1
            legal = rules.legal_actions(state, seat)
            view = rules.view(state, seat)
            rules.apply(state, bots[seat].choose(seat, lambda v=view: v, legal))
    assert checked > 300


# -- the play loop ----------------------------------------------------------------------


class Recorder:
    """A standard bot that notes when it is asked to propose."""

    level = "standard"

    def __init__(self, seed: int) -> None:
        self.bot = StandardBot(seed)
        self.asked: list[tuple[int, int, str]] = []

    @property
    def reason(self) -> str:
        return self.bot.reason

    def choose(self, seat: int, observe: Any, legal: list[Action]) -> Action:
        return self.bot.choose(seat, observe, legal)

    def propose(self, seat: int, observe: Any) -> Action | None:
        view = observe()
        self.asked.append((seat, view["active"], view["phase"]))
        return self.bot.propose(seat, lambda: view)


def test_play_game_asks_non_active_bots_to_propose_in_the_trade_phase() -> None:
    bots = [Recorder(s) for s in range(4)]
    result = play_game("bohnanza", ["A", "B", "C", "D"], 5, bots)  # type: ignore[arg-type]
    assert result.violations == []
    asked = [a for b in bots for a in b.asked]
    turns = result.state.turn
    # every non-active seat at least once a turn (when the turn's trading begins)
    assert len(asked) >= 3 * (turns - 1)
    assert all(seat != active and phase == "trade" for seat, active, phase in asked)
    offers = [a for a in result.record.actions if isinstance(a, Offer)]
    assert any(o.seat != o.to and o.to is not None for o in offers)
    assert any(isinstance(a, Accept) for a in result.record.actions)


def test_standard_beats_random_and_simulate_reports_win_rates() -> None:
    result = simulate("bohnanza", 4, 4, seed=11, levels=["standard", "random", "random", "random"])
    assert result["violations"] == 0
    assert set(result["win_rate"]) == {"standard", "random"}
    assert result["win_rate"]["standard"] >= 0.75
    assert abs(sum(result["win_rate"].values()) - 1.0) < 1e-9


# -- standard on constructed positions --------------------------------------------------

FILLER = ["wax", "stink", "green", "soy", "black-eyed"]


def full_deck(prefix: list[str], n: int, seed: int = 1) -> list[str]:
    """All the cards of 4-player Bohnanza with `prefix` on top; the rest shuffled."""
    rules = rules_for("bohnanza", n)
    rest = [v.id for v in rules.varieties.values() for _ in range(v.count)]
    for c in prefix:
        rest.remove(c)
    random.Random(seed).shuffle(rest)
    return prefix + rest


def fillers(k: int, start_at: int = 0) -> list[str]:
    return [FILLER[(start_at + i) % len(FILLER)] for i in range(k)]


def quiet_bots(n: int) -> list[StandardBot]:
    return [StandardBot(s, trade=False) for s in range(n)]


def harvest_position() -> GameState:
    """Seat 0 holds Red 5 (pays 4, its most) and Chili 3 (pays 1); its front card is Blue."""
    hands = [["red", "red", "chili", "red", "blue"]] + [fillers(5, s) for s in range(1, 4)]
    deck = (
        ["red", "red"]  # turn 1: turned up
        + ["soy", "soy", "soy"]  # seat 0 draws
        + fillers(15, 2)  # turns 2-4
        + ["chili", "chili"]  # turn 5: turned up
        + fillers(3, 1)
    )
    prefix = [c for h in hands for c in h] + deck
    st = start("bohnanza", 4, hands, full_deck(prefix, 4)[20:])
    play(st, PlantHand(0, 0), PlantHand(0, 0), EndTrading(0))
    play(st, PlantArea(0, "red", 0), PlantArea(0, "red", 0))
    drive(st, quiet_bots(4), [], [], until_turn=5)  # type: ignore[arg-type]
    play(st, PlantHand(0, 1), PlantHand(0, 0), EndTrading(0))
    play(st, PlantArea(0, "chili", 1), PlantArea(0, "chili", 1))
    drive(st, quiet_bots(4), [], [], until_turn=9)  # type: ignore[arg-type]
    return st


def test_standard_harvests_the_field_that_loses_least() -> None:
    st = harvest_position()
    rules = st.rules
    assert [(f.variety, f.count) for f in st.players[0].fields] == [("red", 5), ("chili", 3)]
    assert st.active == 0 and st.phase == "plant" and st.players[0].hand[0] == "blue"
    bot = StandardBot(0)
    action = bot.choose(0, lambda: rules.view(st, 0), rules.legal_actions(st, 0))
    assert action == Harvest(0, 0)
    # the log is public: the reason says why without naming the Blue still in its hand
    assert bot.reason == "needs a free field for the front card of its hand"


def trade_position() -> GameState:
    """Turn 3, seat 2 trading with Chili and Blue turned up. Seat 1 holds Chili 2 and
    Stink 2; its hand is Garden (front), Chili, then fillers."""
    hands = [
        fillers(5, 0),
        ["chili", "stink", "garden", "chili", "wax"],
        ["soy", "soy", "green", "green", "wax"],
        fillers(5, 3),
    ]
    deck = (
        fillers(5, 1)  # turn 1: seat 0 turns up 2, draws 3
        + ["chili", "stink"]  # turn 2: seat 1 turns up
        + fillers(3, 4)
        + ["chili", "blue"]  # turn 3: seat 2 turns up
    )
    prefix = [c for h in hands for c in h] + deck
    st = start("bohnanza", 4, hands, full_deck(prefix, 4, 2)[20:])
    drive(st, quiet_bots(4), [], [], until_turn=2)  # type: ignore[arg-type]
    play(st, PlantHand(1, 0), PlantHand(1, 1), EndTrading(1))
    play(st, PlantArea(1, "chili", 0), PlantArea(1, "stink", 1))
    drive(st, quiet_bots(4), [], [], until_turn=3)  # type: ignore[arg-type]
    play(st, PlantHand(2, 0), PlantHand(2, 0))
    assert st.phase == "trade" and st.turned_up == ["chili", "blue"]
    assert [(f.variety, f.count) for f in st.players[1].fields] == [("chili", 2), ("stink", 2)]
    assert st.players[1].hand[:2] == ["garden", "chili"]
    return st


def answer(st: GameState, offer: Offer) -> Action:
    play(st, offer)
    rules = st.rules
    return StandardBot(1).choose(1, lambda: rules.view(st, 1), rules.legal_actions(st, 1))


def test_standard_gives_nothing_it_needs_for_nothing() -> None:
    st = trade_position()
    action = answer(st, Offer(2, 1, (), (), ("chili",)))
    assert not isinstance(action, Accept)


def test_standard_refuses_a_gift_that_would_spoil_a_field() -> None:
    st = trade_position()
    action = answer(st, Offer(2, 1, (), (1,), ()))  # the turned-up Blue
    assert not isinstance(action, Accept)


def test_standard_accepts_a_clearly_good_trade() -> None:
    st = trade_position()
    # the turned-up Chili (for its Chili field) for the Garden at the front of its hand
    action = answer(st, Offer(2, 1, (), (0,), ("garden",)))
    assert isinstance(action, Accept)
    play(st, action)
    assert st.players[1].area == ["chili"] and "garden" not in st.players[1].hand


def test_standard_asks_the_active_player_for_a_card_it_needs() -> None:
    st = trade_position()
    rules = st.rules
    bot = StandardBot(1)
    offer = bot.propose(1, lambda: rules.view(st, 1))
    assert isinstance(offer, Offer) and offer.to == 2 and "chili" in offer.want
    assert bot.reason
    play(st, offer)  # a legal offer


# -- expert's trading (bohn_tui/bots/trader.py) -----------------------------------------


def real_gains(
    view: dict[str, Any], seat: int, give_hand: tuple[int, ...], give_up: tuple[int, ...], get
) -> float:
    """What `seat` gains by a trade, judged on its own real view (its hand known)."""
    return evaluate.trade_gain(evaluate.meters("bohnanza"), view, seat, give_hand, give_up, get)


def test_expert_declines_trades_that_help_the_offering_seat_more() -> None:
    """In games of standard bots, at each offer that standard accepts, expert in the same
    seat decides too. By both seats' real hands (which expert cannot see; it samples the
    other's), it declines most trades that help the offering seat more than itself
    (counted by `trader.PARTNER_WEIGHT`) and accepts most that clearly help itself."""
    rules = rules_for("bohnanza", 4)
    bad = [0, 0]  # trades that help the other side more: [declined by expert, all]
    good = [0, 0]  # trades clearly good for the accepting seat: [accepted by expert, all]
    for seed in range(4):
        st, _ = rules.new_game(list("ABCD"), seed)
        bots = [StandardBot(s) for s in range(4)]
        while st.phase != "over":
            seat = rules.to_move(st)
            legal = rules.legal_actions(st, seat)
            view = rules.view(st, seat)
            action = bots[seat].choose(seat, lambda v=view: v, legal)
            if isinstance(action, Accept):
                o = st.offers[action.offer]
                give = [st.players[o.seat].hand[i] for i in o.give_hand]
                give += [st.turned_up[i] for i in o.give_up]
                got = [st.players[seat].hand[i] for i in action.give_hand]
                got += [st.turned_up[i] for i in action.give_up]
                mine = real_gains(view, seat, action.give_hand, action.give_up, give)
                theirs = real_gains(rules.view(st, o.seat), o.seat, o.give_hand, o.give_up, got)
                net = mine - trader.PARTNER_WEIGHT * theirs
                if net < 0 or net > 0.3:
                    expert = ExpertBot(seat)
                    took = isinstance(expert.choose(seat, lambda v=view: v, legal), Accept)
                    assert expert.reason
                    tally = bad if net < 0 else good
                    tally[0] += took == (net > 0)
                    tally[1] += 1
            rules.apply(st, action)
    assert bad[1] >= 10 and good[1] >= 10, (bad, good)
    assert bad[0] >= 0.5 * bad[1], bad  # standard accepts them all
    assert good[0] >= 0.8 * good[1], good


class Witness:
    """Wraps a bot; notes the views it decided on and what it chose."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.level = bot, bot.level
        self.seen: list[tuple[dict[str, Any], Action | None]] = []

    @property
    def reason(self) -> str:
        return self.bot.reason

    def choose(self, seat: int, observe: Any, legal: list[Action]) -> Action:
        view = observe()
        action = self.bot.choose(seat, lambda: view, legal)
        self.seen.append((view, action))
        return action

    def propose(self, seat: int, observe: Any) -> Action | None:
        view = observe()
        action = self.bot.propose(seat, lambda: view)
        self.seen.append((view, action))
        return action


def test_expert_makes_offers_standard_takes_that_gain_it_more() -> None:
    """Expert (seat 0) among standard bots: some of its offers are taken; each trade they
    make gains expert more than MIN_GAIN, and all together they gain it more than the
    seats that took them, by both seats' real hands."""
    bots = [Witness(ExpertBot(0, search=False))] + [Witness(StandardBot(s)) for s in (1, 2, 3)]
    rules = rules_for("bohnanza", 4)
    st, _ = rules.new_game(list("ABCD"), 4)
    drive(st, bots, [], [], until_turn=24)  # type: ignore[arg-type]
    mine_total = theirs_total = 0.0
    taken = 0
    made = [(v, a) for v, a in bots[0].seen if isinstance(a, Offer)]
    assert len(made) >= 5
    for s in (1, 2, 3):
        for view, a in bots[s].seen:
            if not isinstance(a, Accept):
                continue
            o = next(x for x in view["offers"] if x["id"] == a.offer)
            if o["seat"] != 0:
                continue
            # the expert's view when it made this offer: the last one with the same cards
            ev, offer = next(
                (v, x)
                for v, x in reversed(made)
                if v["turn"] == view["turn"]
                and list(x.want) == o["want"]
                and x.to == o["to"]
                and [v["players"][0]["hand"][i] for i in x.give_hand]
                + [v["turned_up"][i] for i in x.give_up]
                == o["give"]
            )
            got = [view["players"][s]["hand"][i] for i in a.give_hand]
            got += [view["turned_up"][i] for i in a.give_up]
            mine = real_gains(ev, 0, offer.give_hand, offer.give_up, got)
            theirs = real_gains(view, s, a.give_hand, a.give_up, o["give"])
            assert mine > evaluate.MIN_GAIN, (mine, theirs, offer)
            mine_total += mine
            theirs_total += theirs
            taken += 1
    assert taken >= 2
    assert mine_total > theirs_total


def _people_offers() -> Any:
    """benchmarks/people_offers.py: hot-seat games with two people, counted."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent.parent / "benchmarks" / "people_offers.py"
    spec = importlib.util.spec_from_file_location("people_offers", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bots_offer_to_people_seldom_and_one_at_a_time() -> None:
    """Each bot offer to a person is a hand-over for that person to answer: with the people
    known, a bot has at most one offer to people a turn (so never two open), and the
    hand-overs for answering bots' offers fall against the same seeded games played blind."""
    po = _people_offers()
    for seed in (101, 102):
        blind = po.play("bohnanza", seed, "standard", True, 4)
        known = po.play("bohnanza", seed, "standard", False, 4)
        assert known["most in a turn"] <= 1 and known["max open to people"] <= 1
        assert blind["most in a turn"] > 1  # the control: before, bots offered more
        assert known["hand-overs for bot offers"] < blind["hand-overs for bot offers"] / 2
        assert known["bot offers to people"] > 0  # still some: what they expect taken
