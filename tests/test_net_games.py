"""Every game plays over the wire (issue #14: "Every game plays this way"): for each game, at
its smallest and its largest count of players, a real `bohn host` process and the joined
table (BohnApp with a RemoteClient, as `bohn join` runs it) for the one person's seat; the
person plays random legal moves through the table's client while the host's random bots play
the others, and the table shows every state it is sent (a state the game's parts could not
show would end the app with one line: it must not)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import until

from bohn_tui.games import GAMES, spec
from bohn_tui.net.client import RemoteClient
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp
from bohn_tui.ui.screens.table import TableScreen

MULTI = [(g, n) for g in GAMES for n in spec(g).player_counts if n >= 2]
CASES = sorted({(g, min(n for gg, n in MULTI if gg == g)) for g in GAMES} | {
    (g, max(n for gg, n in MULTI if gg == g)) for g in GAMES
})  # fmt: skip
MOVES = 40  # the person's moves a game (or to its end)


@pytest.fixture
def hosted(tmp_path: Path) -> Iterator[Any]:
    procs: list[subprocess.Popen[str]] = []

    def start(game: str, n: int) -> dict[str, Any]:
        env = {**os.environ, "BOHN_DATA_DIR": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
        players = ",".join(["Ana"] + ["bot:random"] * (n - 1))
        cmd = [sys.executable, "-m", "bohn_tui", "host", game, "--players", players]
        cmd += ["--seed", "7", "--socket", str(tmp_path / "h.sock"), "--json", "--bot-delay", "0"]
        proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )
        procs.append(proc)
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line, proc.stderr.read() if proc.stderr else ""
        return json.loads(line)  # type: ignore[no-any-return]

    yield start
    for proc in procs:
        proc.kill()
        proc.wait(5)


@pytest.mark.parametrize(("game", "n"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
async def test_every_game_plays_at_a_joined_table(
    hosted: Any, tmp_path: Path, game: str, n: int
) -> None:
    info = hosted(game, n)
    client = RemoteClient(info["seats"][0]["code"], Path(info["socket"]))
    await client.connect()
    app = BohnApp(Store(tmp_path / "ui"), remote=client, seat=0)
    rng = random.Random(f"{game}{n}")
    moves, end = 0, time.monotonic() + 25
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert isinstance(app.screen, TableScreen), app.screen

        def playing() -> bool:  # 25 s of play; past it (a loaded machine) until 5 moves,
            # by a later deadline: the assert below is on the moves, not on the time
            now = time.monotonic()
            return now < end or (moves < 5 and now < end + 120)

        while moves < MOVES and not client.over and playing():
            legal = client.legal(0)
            if legal and (client.decider() == 0 or 0 in client.waiting_for()):
                refused = await client.submit(rng.choice(legal))
                assert refused is None, refused
                moves += 1
            await asyncio.sleep(0.01)
            await pilot.pause()
            assert app.start_error is None, app.start_error  # every state was shown
        await asyncio.sleep(0.2)
        await pilot.pause()
        assert app.start_error is None and app.is_running
        assert moves >= 5 or client.over, f"only {moves} moves of Ana's in 145 s"
        shot = app.export_screenshot()
        assert "Ana" in shot
    client.stop()
