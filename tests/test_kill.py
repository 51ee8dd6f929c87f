"""A process playing with the database saves, killed with SIGKILL at random moments (issue
10): after every kill the database opens, the game loads and replays, its actions are a
prefix of the same game played to its end without a kill (same seed, same bots) and hold at
least every action the child had acknowledged, and no stray file is left.

Most kills land mid-game: the child is killed a moment (up to 5 ms) after it acknowledged a
random action of its game, so the kill falls anywhere in the saving of the next ones; every
fifth kill comes a random time after the child's start instead (its import, the first save,
the database file being made). Killing at a random wall-clock time from the start, as
before, let most kills land after the game had ended on a fast machine.

The default run kills 10 times (`BOHN_FULL=1` kills 24 times, the former default); the slow
test kills as often as BOHN_SLOW_KILLS says (`BOHN_SLOW_KILLS=300 pytest -m slow
tests/test_kill.py` kills hundreds of times)."""

from __future__ import annotations

import functools
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bohn_tui.engine.actions import Action
from bohn_tui.play.session import Session
from bohn_tui.store import Store

CHILD = Path(__file__).parent / "helpers" / "kill_child.py"
GAMES = [("bohnanza", 3, 7), ("bohnroschen", 3, 7), ("dahlias", 4, 3)]
KILLS = 24 if os.environ.get("BOHN_FULL") else 10  # 10: each of the 3 games 3 or 4 times
SLOW_KILLS = int(os.environ.get("BOHN_SLOW_KILLS", "6"))
KEPT = {"bohn.sqlite3", "bohn.sqlite3-wal", "bohn.sqlite3-shm"}  # what may be in the folder


@functools.cache
def full_game(game: str, players: int, seed: int) -> tuple[Action, ...]:
    """The actions of the game the child plays, played to its end without saves."""
    names = [f"Bot {n + 1}" for n in range(players)]
    s = Session.new(game, names, dict.fromkeys(range(players), "standard"), seed)
    s.run_bots()
    assert s.over
    return tuple(s.record.actions)


def kill_once(
    root: Path, game: str, players: int, seed: int, after: int | None, delay: float
) -> int:
    """Start the child, SIGKILL it `delay` seconds after it acknowledged `after` actions
    (None: after its start); the last count it acknowledged."""
    root.mkdir()
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(root), game, str(players), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stderr is not None
    out = ""
    while after is not None:
        line = child.stdout.readline()
        out += line
        if not line.strip().isdigit() or int(line) >= after:
            break  # acknowledged `after` (or "over", or the child died: its error shows below)
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    out += child.stdout.read()  # the lines already read ahead too (communicate skips them)
    err = child.stderr.read()
    child.wait(timeout=60)
    child.stdout.close()
    child.stderr.close()
    assert child.returncode in (-signal.SIGKILL, 0), err
    acked = [int(line) for line in out.splitlines() if line.isdigit()]
    return acked[-1] if acked else -1


def check_survivor(root: Path, game: str, players: int, seed: int, acked: int) -> int:
    full = full_game(game, players, seed)
    store = Store(root)
    infos = store.list()
    # no .tmp or other stray file (a kill while the file was first made leaves a journal
    # that opening it rolls back and removes)
    assert set(os.listdir(root)) <= KEPT, os.listdir(root)
    if acked < 0 and not infos:
        return 0  # killed before the game was first saved (nothing was acknowledged)
    [info] = infos
    assert info.error is None
    s = Session.load(store, info.id)  # replays every saved action
    saved = tuple(s.record.actions)
    assert saved == full[: len(saved)], "the saved game is not the game that was played"
    assert len(saved) >= acked, f"{acked} actions acknowledged, {len(saved)} saved"
    assert info.moves == len(saved)
    assert s.over == (len(saved) == len(full))
    store.close()
    return len(saved)


def kill_many(tmp_path: Path, kills: int, seed: int) -> list[tuple[int, int]]:
    """Kill `kills` children; (actions saved, actions of the whole game) for each."""
    rng = random.Random(seed)
    survived = []
    for k in range(kills):
        game, players, game_seed = GAMES[k % len(GAMES)]
        root = tmp_path / f"kill-{k}"
        whole = len(full_game(game, players, game_seed))
        if k % 5 == 4:  # from the start: the import, the first save, the file being made
            after, delay = None, rng.uniform(0.05, 0.6)
        else:  # anywhere in the game, within the saving of the next actions
            after, delay = rng.randrange(whole - 20), rng.uniform(0, 0.005)
        acked = kill_once(root, game, players, game_seed, after, delay)
        survived.append((check_survivor(root, game, players, game_seed, acked), whole))
    return survived


def test_killed_at_random_moments_the_save_holds_every_acknowledged_move(tmp_path: Path) -> None:
    survived = kill_many(tmp_path, KILLS, seed=10)
    print("actions saved at each kill (of the whole game):", survived)
    assert sum(1 for n, whole in survived if 0 < n < whole) >= KILLS // 2  # most mid-game


@pytest.mark.slow
def test_killed_hundreds_of_times(tmp_path: Path) -> None:
    kill_many(tmp_path, SLOW_KILLS, seed=int(time.time()))
