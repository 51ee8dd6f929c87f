"""Saves: what one move costs to save at move 10 and at move 1,500, and listing 1,000 games,
in the database (store/games.py) and, measured the same way, with the JSON save file of
earlier versions (the whole record rewritten after every move, `git show
9c800ad:bohn_tui/store/saves.py`, copied below).

    python benchmarks/saves.py [--repeats 200] [--games 1000] [--dir DIR]

A 6-player Bohnröschen game between standard bots (seed 1, 1,637 actions) is played to move
10 and to move 1,500; then the save of that move is timed `--repeats` times (the database:
`Store.append`, one transaction, after the row is taken back untimed; the JSON file: the
save's content built from the session and written atomically, as the old autosave did).
Prints the median and the 90th percentile in µs; figures go in benchmarks/README.md."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bohn_tui.play.session import Session
from bohn_tui.store import Store

GAME, PLAYERS, SEED = "bohnroschen", 6, 1
SIZES = (10, 1500)


def game_at(moves: int, store: Store | None) -> Session:
    """The bot game after `moves` actions (saved in `store` when one is given)."""
    names = [f"P{n + 1}" for n in range(PLAYERS)]
    s = Session.new(GAME, names, dict.fromkeys(range(PLAYERS), "standard"), SEED)
    while len(s.record.actions) < moves and s.bot_step():
        pass
    assert len(s.record.actions) == moves, "the game ended early"
    if store is not None:
        s.save_to(store)
    return s


# -- the save file of earlier versions (bohn_tui/store/saves.py before issue 10) ---------------


def old_payload(s: Session) -> dict[str, Any]:
    st = s.state
    return {
        "version": 1,
        "id": s.save_id,
        "bots": {str(k): v for k, v in s.bot_levels.items()},
        "summary": {
            "title": s.spec.title,
            "turn": st.turn,
            "active": st.players[st.active].name,
            "over": s.over,
        },
        "record": s.record.to_json(),
    }


def old_write(root: Path, save_id: str, payload: dict[str, Any]) -> None:
    target = root / f"{save_id}.json"
    root.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{save_id}.", suffix=".tmp", dir=root)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(payload, f, separators=(",", ":"))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def old_list(root: Path) -> int:
    """What the old list did: read and decode every save file."""
    n = 0
    for path in root.glob("*.json"):
        raw = json.loads(path.read_text(encoding="utf-8"))
        n += bool(raw["summary"]["turn"] >= 0 and raw["record"]["players"])
    return n


# -- measuring ---------------------------------------------------------------------------------


def micro(samples: list[float]) -> str:
    q = statistics.quantiles(samples, n=10)
    return f"median {statistics.median(samples) * 1e6:,.0f} µs, p90 {q[8] * 1e6:,.0f} µs"


def time_db_append(root: Path, moves: int, repeats: int) -> list[float]:
    store = Store(root / f"db-{moves}")
    s = game_at(moves - 1, store)
    s.bot_step()  # move `moves`, saved
    out = []
    for _ in range(repeats):
        store.db.execute("DELETE FROM actions WHERE game_id = ? AND n = ?", (s.save_id, moves - 1))
        store.db.execute("UPDATE games SET moves = ? WHERE id = ?", (moves - 1, s.save_id))
        start = time.perf_counter()
        store.append(s.save_id, s)
        out.append(time.perf_counter() - start)
    store.close()
    return out


def time_old_save(root: Path, moves: int, repeats: int) -> list[float]:
    s = game_at(moves, None)
    folder = root / f"json-{moves}"
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        old_write(folder, "game", old_payload(s))
        out.append(time.perf_counter() - start)
    return out


def time_lists(root: Path, games: int, repeats: int) -> tuple[list[float], ...]:
    store = Store(root / "list")
    folder = root / "list-json"
    s = game_at(40, None)
    for n in range(games):
        s.save_to(store)
        old_write(folder, f"g{n}", old_payload(s))
    fresh, db, js, latest = [], [], [], []
    for _ in range(repeats):
        start = time.perf_counter()
        assert store.latest() is not None  # the menu's Continue
        latest.append(time.perf_counter() - start)
        start = time.perf_counter()
        assert len(Store(root / "list").list()) == games  # as the menu: open, then list
        fresh.append(time.perf_counter() - start)
        start = time.perf_counter()
        assert len(store.list()) == games  # an open store: the saves screen
        db.append(time.perf_counter() - start)
        start = time.perf_counter()
        assert old_list(folder) == games
        js.append(time.perf_counter() - start)
    return fresh, db, js, latest


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=200)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument(
        "--dir", type=Path, default=None, help="where the files go (default: a temp dir)"
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        root = Path(tmp)
        for moves in SIZES:
            samples = time_db_append(root, moves, args.repeats)
            print(f"database, one move at move {moves:>5}: {micro(samples)}")
        for moves in SIZES:
            samples = time_old_save(root, moves, args.repeats)
            print(f"old JSON, one move at move {moves:>5}: {micro(samples)}")
        fresh, db, js, latest = time_lists(root, args.games, max(5, args.repeats // 20))
        print(f"database, opening and listing {args.games} games: {micro(fresh)}")
        print(f"database, listing {args.games} games: {micro(db)}")
        print(f"old JSON, listing {args.games} games: {micro(js)}")
        print(f"database, the latest unfinished of {args.games} games: {micro(latest)}")


if __name__ == "__main__":
    main()
