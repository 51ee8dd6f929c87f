"""Whole games between computer players: `bohn simulate`, the bots' benchmarks and tests."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from .bots import Bot, make_bot
from .rules.actions import Action, IllegalAction
from .rules.bohnanza import GameState
from .rules.games import rules_for
from .rules.record import Record

MAX_ACTIONS = 50_000  # a game longer than this counts as a violation (it would never end)


@dataclass(slots=True)
class GameResult:
    state: GameState
    record: Record
    violations: list[str] = field(default_factory=list)


def invariant_violations(state: GameState) -> list[str]:
    """What is wrong with a state: cards created or lost, impossible fields."""
    out = []
    now = state.rules.card_count(state)
    if now != state.total:
        diff = {
            k: now[k] - state.total[k]
            for k in set(now) | set(state.total)
            if now[k] != state.total[k]
        }
        out.append(f"cards created or lost: {diff}")
    for p in state.players:
        if len(p.fields) > 3:
            out.append(f"{p.name} has {len(p.fields)} fields")
        for f in p.fields:
            if (f.count > 0) != (f.variety is not None) or f.count < 0:
                out.append(f"{p.name} has a broken field {f!r}")
    return out


def play_game(
    game: str,
    names: list[str],
    seed: int,
    bots: list[Bot],
    options: dict[str, Any] | None = None,
) -> GameResult:
    """Play one game to its end with one bot per seat; every action goes into the record."""
    rules = rules_for(game, len(names))
    state, _ = rules.new_game(names, seed, options)
    record = Record(game, list(names), seed, dict(options or {}))
    actions: list[Action] = record.actions
    violations: list[str] = []
    drive(state, bots, actions, violations)
    violations.extend(invariant_violations(state))
    return GameResult(state, record, violations)


def drive(
    state: GameState,
    bots: list[Bot],
    actions: list[Action],
    violations: list[str],
    until_turn: int | None = None,
    propose_first: bool = True,
) -> None:
    """Let the bots play `state` on until the game ends or turn `until_turn` begins (bot
    rollouts stop early); each action goes into `actions`, each problem into `violations`.
    With propose_first False, a state that is in phase 2 already gets no new proposals
    until the next trade."""
    last_turn = until_turn if until_turn is not None else 1 << 62
    rules = state.rules
    legal_actions, step, to_move, view = (
        rules.legal_actions,
        rules.step,
        rules.to_move,
        rules.view,
    )
    # bots that offer to the active player on their own (Bot.propose); random bots do not,
    # and then the loop costs nothing more per action
    observers = [partial(view, state, s) for s in range(len(bots))]  # made once, not per action
    proposers = [s for s, b in enumerate(bots) if getattr(b, "propose", None) is not None]
    ask = bool(proposers) and propose_first and state.phase == "trade"
    traded = _in_areas(state)
    while state.phase != "over" and state.turn < last_turn:
        if len(actions) >= MAX_ACTIONS:
            violations.append(f"no end after {MAX_ACTIONS} actions")
            break
        if ask:
            _ask_proposers(state, bots, proposers, actions, violations)
        seat = to_move(state)
        legal = legal_actions(state, seat)
        action = bots[seat].choose(seat, observers[seat], legal)
        before = state.phase
        try:
            step(state, action)
        except IllegalAction as e:
            # a refused choice is a bug: of the rules if it was listed, else of the bot
            if action in legal:
                violations.append(f"a listed legal action was refused: {action}: {e}")
            else:
                violations.append(f"seat {seat}'s bot chose a refused action: {action}: {e}")
            if not legal:
                break
            action = legal[0]
            step(state, action)
        actions.append(action)
        if proposers:  # ask again when phase 2 begins or a trade was made
            ask = False
            if state.phase == "trade":
                now = _in_areas(state)
                ask = before != "trade" or now > traded
                traded = now


def _in_areas(state: GameState) -> int:
    """Cards in the trade areas: in phase 2 this grows exactly when a trade is made."""
    return sum(len(p.area) for p in state.players)


def _ask_proposers(
    state: GameState,
    bots: list[Bot],
    proposers: list[int],
    actions: list[Action],
    violations: list[str],
) -> None:
    """Let each non-active bot with a `propose` method make an offer to the active player."""
    rules = state.rules
    for seat in proposers:
        if seat == state.active or state.phase != "trade":
            continue
        propose = bots[seat].propose  # type: ignore[attr-defined]
        offer = propose(seat, lambda s=seat: rules.view(state, s))
        if offer is None:
            continue
        try:
            rules.step(state, offer)
        except IllegalAction as e:
            violations.append(f"seat {seat} proposed an illegal offer: {offer}: {e}")
            continue
        actions.append(offer)


def simulate(
    game: str,
    players: int,
    games: int,
    seed: int = 0,
    levels: list[str] | None = None,
    trade: bool = True,
    save_dir: Path | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play `games` games. Seats take the levels in turn, rotated by one seat each game so
    that seat order does not bias a level's result. Wins are shared on a tie."""
    levels = list(levels or ["random"] * players)
    if len(levels) != players:
        raise ValueError(f"{players} players need {players} bot levels, not {len(levels)}")
    rules_for(game, players)  # checks the game and the player count
    wins = [0.0] * players
    score_sum = [0] * players
    level_wins: dict[str, float] = {lv: 0.0 for lv in levels}
    violations = 0
    problems: list[str] = []
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        seat_levels = [levels[(s + g) % players] for s in range(players)]
        bots = [make_bot(lv, game_seed * 7919 + s, trade) for s, lv in enumerate(seat_levels)]
        names = [f"{lv}-{s + 1}" for s, lv in enumerate(seat_levels)]
        res = play_game(game, names, game_seed, bots, options)
        st = res.state
        if res.violations:
            violations += len(res.violations)
            problems.extend(f"game {g} (seed {game_seed}): {v}" for v in res.violations)
        if st.phase == "over":
            share = 1.0 / len(st.winners) if st.winners else 0.0  # a lost solo run: none
            for w in st.winners:
                wins[w] += share
                level_wins[seat_levels[w]] += share
            for s, sc in enumerate(st.scores):
                score_sum[s] += sc
        if save_dir is not None:
            path = save_dir / f"game-{g:05d}.json"
            path.write_text(json.dumps(res.record.to_json()))
    elapsed = time.perf_counter() - start
    # each level's win rate: the share of games a seat of that level won
    win_rate = {lv: level_wins[lv] / games if games else 0.0 for lv in level_wins}
    return {
        "game": game,
        "players": players,
        "games": games,
        "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed > 0 else 0.0,
        "wins": wins,
        "mean_scores": [s / games if games else 0.0 for s in score_sum],
        "win_rate": win_rate,
        "violations": violations,
        "problems": problems[:20],
    }
