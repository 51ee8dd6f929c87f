"""The rules module is pure Python: it imports none of textual, rich, typer or asyncio
(issue 2; design.md: "Pure Python: no textual, rich, typer, asyncio, files")."""

from __future__ import annotations

import json
import subprocess
import sys

FORBIDDEN = ("textual", "rich", "typer", "click", "asyncio")

PROBE = """
import importlib, json, pkgutil, sys
import bohn_tui.rules as rules
names = [m.name for m in pkgutil.walk_packages(rules.__path__, "bohn_tui.rules.")]
for name in names:
    importlib.import_module(name)
# play a little of every game too: rulesets load their modules and data lazily
for game, n in (("bohnanza", 2), ("bohnanza", 4), ("dahlias", 3)):
    state, _ = rules.new_game(game, [str(i) for i in range(n)], seed=1)
    for _ in range(30):
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
    assert "bohn_tui.rules.bohnanza" in result["modules"]  # the probe saw the engine
    bad = [m for m in result["loaded"] if m.split(".")[0] in FORBIDDEN]
    assert bad == [], f"the rules module pulled in {bad}"
