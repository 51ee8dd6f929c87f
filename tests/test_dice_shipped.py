"""The dice game's own deck (data.toml) played whole, in a process of its own (the suite's
other tests play a fixed deck: conftest.py): bots of every level play it to the end with no
invariant broken, and its games are long enough for the choices to matter (the reason the
deck was redesigned: the first one ended a four-player game in about eleven turns)."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, statistics
from bohn_tui.games import make_bot, rules_for
from bohn_tui.play.simulate import play_game, simulate
res = simulate("wuerfelspiel", 4, 6, 0, ["expert", "standard", "random", "standard"])
turns = []
for g in range(4):
    bots = [make_bot("wuerfelspiel", "standard", g * 10 + s) for s in range(4)]
    turns.append(play_game("wuerfelspiel", ["a", "b", "c", "d"], g, bots).state.turn)
print(json.dumps({"violations": res["violations"], "games": res["games"],
                  "turns": statistics.mean(turns)}))
"""


def test_the_shipped_deck_plays_to_the_end_and_lasts() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=300, check=True
    )
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["violations"] == 0 and got["games"] == 6
    assert got["turns"] >= 20, got  # four standard bots: about 36 turns, nine each
