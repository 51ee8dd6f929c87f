"""The child of tests/test_kill.py: plays a new bot game with the database saves in the data
folder given and prints the number of actions after each `Session.apply` has returned,
flushed, so that every number printed is a move the player could have seen. The test kills
it with SIGKILL at random moments.

    python tests/helpers/kill_child.py DATA_DIR GAME PLAYERS SEED"""

from __future__ import annotations

import sys
from pathlib import Path

from bohn_tui.play.session import Session
from bohn_tui.store import Store


def main() -> None:
    root, game, players, seed = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    names = [f"Bot {n + 1}" for n in range(players)]
    bots = dict.fromkeys(range(players), "standard")
    s = Session.new(game, names, bots, seed, store=Store(root))
    print(len(s.record.actions), flush=True)
    while s.bot_step():  # each step: the bot's action applied and saved, then acknowledged
        print(len(s.record.actions), flush=True)
    print("over", flush=True)


if __name__ == "__main__":
    main()
