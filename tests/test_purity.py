"""The engine and every game's rules are pure Python: they import none of textual, rich, typer
or asyncio (design.md: "Pure Python: no textual, rich, typer, asyncio, files"). A game's UI
lives in its own `ui` subpackage, imported only when its table opens."""

from __future__ import annotations

import json
import subprocess
import sys

FORBIDDEN = ("textual", "rich", "typer", "click", "asyncio")

PROBE = """
import importlib, json, pkgutil, sys
import bohn_tui.engine, bohn_tui.games
from bohn_tui.games import GAMES, rules_for, spec
names = [m.name for m in pkgutil.walk_packages(bohn_tui.engine.__path__, "bohn_tui.engine.")]
names += [
    m.name for m in pkgutil.walk_packages(bohn_tui.games.__path__, "bohn_tui.games.")
    if ".ui" not in m.name
]
for name in names:
    importlib.import_module(name)
# play a little of every game too, and make its bots: their modules load lazily
for game in GAMES:
    for n in spec(game).player_counts[:2]:
        rules = rules_for(game, n)
        state, _ = rules.new_game([str(i) for i in range(n)], seed=1)
        for level in spec(game).bot_levels:
            spec(game).bots(level, 1, True)
        for _ in range(30):
            if not rules.waiting_for(state):
                break  # the game is over
            seat = rules.waiting_for(state)[0]
            rules.apply(state, rules.legal_actions(state, seat)[0])
            rules.view(state, seat)
print(json.dumps({"modules": names, "loaded": sorted(sys.modules)}))
"""


def test_rules_import_no_ui_cli_or_asyncio() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=60
    )
    result = json.loads(out.stdout)
    assert "bohn_tui.games.common.rules" in result["modules"]  # the probe saw the engine
    bad = [m for m in result["loaded"] if m.split(".")[0] in FORBIDDEN]
    assert bad == [], f"the rules module pulled in {bad}"
