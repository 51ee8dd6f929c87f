"""Whole games between computer players: `bohn simulate`, the bots' benchmarks and tests."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bohn_tui.engine.actions import Action
from bohn_tui.engine.bots import Bot
from bohn_tui.engine.driver import MAX_ACTIONS, drive
from bohn_tui.engine.limits import show
from bohn_tui.engine.record import Record
from bohn_tui.games import rules_for, spec
from bohn_tui.play.players import bot_level

__all__ = ["MAX_ACTIONS", "MAX_GAMES", "GameResult", "drive", "play_game", "simulate"]

MAX_GAMES = 1_000_000  # games in one simulation


@dataclass(slots=True)
class GameResult:
    state: Any
    record: Record
    violations: list[str] = field(default_factory=list)


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
    violations.extend(rules.violations(state))  # the game's own checks
    return GameResult(state, record, violations)


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
    that seat order does not bias a level's result. Wins are shared on a tie. ValueError
    for an unknown game, player count or bot level, or a count of games out of range; an
    OSError when `save_dir` cannot be written (both before any game is played)."""
    rules = rules_for(game, players)  # checks the game and the player count
    if not 0 <= games <= MAX_GAMES:
        raise ValueError(f"the number of games is 0 to {MAX_GAMES:,}, not {show(games)}")
    levels = list(levels or ["random"] * players)
    if len(levels) != players:
        raise ValueError(f"{players} players need {players} bot levels, not {len(levels)}")
    known = spec(game).bot_levels
    levels = [bot_level(lv, known, "--bots") for lv in levels]  # in any case
    make = spec(game).bots
    wins = [0.0] * players
    score_sum = [0] * players
    level_wins: dict[str, float] = {lv: 0.0 for lv in levels}
    violations = 0
    problems: list[str] = []
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
        probe = save_dir / ".bohn-write-test"
        probe.write_text("")  # a folder that cannot be written fails here, not after game 1
        probe.unlink()
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed + g
        seat_levels = [levels[(s + g) % players] for s in range(players)]
        bots = [make(lv, game_seed * 7919 + s, trade) for s, lv in enumerate(seat_levels)]
        names = [f"{lv}-{s + 1}" for s, lv in enumerate(seat_levels)]
        res = play_game(game, names, game_seed, bots, options)
        st = res.state
        if res.violations:
            violations += len(res.violations)
            problems.extend(f"game {g} (seed {game_seed}): {v}" for v in res.violations)
        if st.over:
            end = rules.summary(st)
            winners = end["winners"]
            share = 1.0 / len(winners) if winners else 0.0  # a lost solo run: none
            for w in winners:
                wins[w] += share
                level_wins[seat_levels[w]] += share
            for s, sc in enumerate(end["scores"]):
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
