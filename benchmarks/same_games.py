"""The same seeds give the same games: hashes of the records and final states (`full_state`)
of a fixed set of seeded games, to compare before and after a change to the engine's hot
paths (benchmarks/README.md, Engine).

    python benchmarks/same_games.py --write benchmarks/same_games.json   # before the change
    python benchmarks/same_games.py --check benchmarks/same_games.json   # after it

Each case plays games as `bohn simulate` does (`play_game`, the bots seeded by the game's
seed); a case's hash covers every game's record (all its actions) and final state. The
expert bot's search stops at a time budget, so its games would depend on the machine's
speed: here its budget is switched off (it always takes MAX_SAMPLES samples).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from bohn_tui.games import rules_for, spec
from bohn_tui.play.simulate import play_game

EXPERT_TABLE = ["standard", "standard", "expert"]

# (name, game, players, bot levels by seat, trading, first seed, games)
CASES: list[tuple[str, str, int, list[str], bool, int, int]] = [
    ("bohnanza-3-random-no-trade", "bohnanza", 3, ["random"] * 3, False, 0, 300),
    ("bohnanza-3-random-trade", "bohnanza", 3, ["random"] * 3, True, 1000, 100),
    ("bohnanza-2-random", "bohnanza", 2, ["random"] * 2, True, 2000, 100),
    ("bohnanza-5-random", "bohnanza", 5, ["random"] * 5, True, 3000, 100),
    ("bohnanza-4-random-no-trade", "bohnanza", 4, ["random"] * 4, False, 3500, 40),
    ("dahlias-4-random", "dahlias", 4, ["random"] * 4, True, 4000, 100),
    ("dahlias-3-random-no-trade", "dahlias", 3, ["random"] * 3, False, 4500, 40),
    ("bohnroschen-1-random", "bohnroschen", 1, ["random"], True, 5000, 100),
    ("bohnroschen-2-random", "bohnroschen", 2, ["random"] * 2, True, 6000, 20),
    ("bohnroschen-3-random", "bohnroschen", 3, ["random"] * 3, True, 7000, 20),
    ("bohnanza-3-standard-expert", "bohnanza", 3, EXPERT_TABLE, True, 8000, 3),
    ("bohnroschen-3-standard-expert", "bohnroschen", 3, EXPERT_TABLE, True, 9000, 2),
    ("wuerfelspiel-4-random", "wuerfelspiel", 4, ["random"] * 4, True, 10000, 30),
    ("wuerfelspiel-3-standard-expert", "wuerfelspiel", 3, EXPERT_TABLE, True, 11000, 10),
    ("excalibohn-4-random", "excalibohn", 4, ["random"] * 4, True, 12000, 20),
    ("excalibohn-3-standard-expert", "excalibohn", 3, EXPERT_TABLE, True, 13000, 3),
]


def _unbudgeted(bot: Any) -> Any:
    """The bot, with every expert's time budget inside it switched off."""
    for b in (bot, getattr(bot, "other", None)):
        if b is not None and hasattr(b, "budget"):
            b.budget = float("inf")
    return bot


def case_hash(
    game: str, players: int, levels: list[str], trade: bool, first: int, games: int
) -> str:
    make = spec(game).bots
    rules = rules_for(game, players)
    h = hashlib.sha256()
    for seed in range(first, first + games):
        bots = [_unbudgeted(make(lv, seed * 7919 + s, trade)) for s, lv in enumerate(levels)]
        names = [f"{lv}-{s + 1}" for s, lv in enumerate(levels)]
        res = play_game(game, names, seed, bots)
        h.update(json.dumps(res.record.to_json(), sort_keys=True).encode())
        h.update(json.dumps(rules.full_state(res.state), sort_keys=True).encode())
        h.update(json.dumps(res.violations).encode())
    return h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser()
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, help="record the hashes in this file")
    group.add_argument("--check", type=Path, help="compare with the hashes in this file")
    ap.add_argument("--only", help="run only the cases whose name contains this")
    args = ap.parse_args()
    got: dict[str, str] = {}
    for name, game, players, levels, trade, first, games in CASES:
        if args.only and args.only not in name:
            continue
        start = time.perf_counter()
        got[name] = case_hash(game, players, levels, trade, first, games)
        print(f"{name}: {games} games, {got[name][:16]} ({time.perf_counter() - start:.1f} s)")
    if args.write:
        args.write.write_text(json.dumps(got, indent=1) + "\n")
        return
    want = json.loads(args.check.read_text())
    bad = [n for n in got if want.get(n) != got[n]]
    if bad:
        print(f"DIFFERENT games: {', '.join(bad)}")
        sys.exit(1)
    print(f"the same games: all {len(got)} cases hash as recorded")


if __name__ == "__main__":
    main()
