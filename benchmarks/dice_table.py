"""The dice game's table in a real pseudo-terminal (ui_latency.py's harness): its first
frame against the bean game's first frame and an empty Textual app, and key-to-frame
latency over whole turns.

    python benchmarks/dice_table.py [--runs 5] [--turns 12]

First frames (one fresh process a run, taking turns): an empty `App().run()`; `bohn play
bohnanza` for three people until its privacy screen ("Pass to Ana", shown before the game
is loaded); `bohn play bohnanza` for one person and two bots until the table ("Plant");
`bohn play dice` for three people until the table's key bar ("Roll all 5": no privacy
screen, the table itself).
Keys: three people at 120x40, each turn r, 1, r, 2, r, 3, r, 4, r, 5, r (roll, pick a die,
place it and roll the rest, ..., the last pick and r end the turn), so that every key
changes the screen; nobody harvests. A key's latency is from writing it to the end of the
first frame after it."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ui_latency as u  # noqa: E402

PEOPLE = "Ana,Ben,Cem"


def argv(game: str, players: str = PEOPLE) -> list[str]:
    return [sys.executable, "-m", "bohn_tui", "play", game, "--players", players, "--seed", "3"]


def keys(turns: int) -> list[float]:
    with tempfile.TemporaryDirectory() as d:
        term = u.Term(argv("dice"), u.env_for(d))
        try:
            term.read_until(lambda b: b"Roll all 5" in b and u.SYNC_END in b, 30)
            term.drain(0.5)  # the chances' tables warm in a thread when the table opens
            out = []
            for _ in range(turns):
                for key in b"r1r2r3r4r5r":
                    out.append(term.frame_after(bytes([key])))
            return out
        finally:
            term.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--turns", type=int, default=12)
    args = ap.parse_args()
    firsts: dict[str, list[float]] = {
        "empty app": [],
        "bohnanza, privacy screen": [],
        "bohnanza, table": [],
        "dice, table": [],
    }
    one = "Ana,bot:standard,bot:standard"
    for _ in range(args.runs):
        firsts["empty app"].append(u.first_frame([sys.executable, "-c", u.EMPTY_APP], None))
        firsts["bohnanza, privacy screen"].append(u.first_frame(argv("bohnanza"), b"Pass to"))
        firsts["bohnanza, table"].append(u.first_frame(argv("bohnanza", one), b"Plant"))
        firsts["dice, table"].append(u.first_frame(argv("dice"), b"Roll all 5"))
    base = statistics.median(firsts["empty app"])
    for name, xs in firsts.items():
        m = statistics.median(xs)
        print(f"first frame, {name}: median {m * 1000:.0f} ms ({m / base:.2f}x the empty app)")
    times = keys(args.turns)
    kinds = {
        "all keys": times,
        "r, a turn's first roll": times[0::11],
        "1-5, pick a die": [t for i, t in enumerate(times) if i % 11 % 2 == 1],
        "r, place and roll the rest": [t for i, t in enumerate(times) if i % 11 in (2, 4, 6, 8)],
        "r, place the last die: the turn ends": times[10::11],
    }
    for name, xs in kinds.items():
        xs = sorted(xs)
        print(
            f"{name}: {len(xs)} keys, median {statistics.median(xs) * 1000:.1f} ms, "
            f"p95 {u.pct(xs, 95) * 1000:.1f} ms, max {xs[-1] * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
