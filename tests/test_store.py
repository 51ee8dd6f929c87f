"""The saved games in the one database (a real file in tmp_path): each move one row written
before `apply` returns, undo, the list, results, identity, export and import, and a write
that fails taking the move back."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bohn_tui.cli import app
from bohn_tui.games.common.actions import PlantHand
from bohn_tui.play.client import LocalClient
from bohn_tui.play.session import SaveError, Session
from bohn_tui.store import DB_NAME, Store, StoreError, data_dir

BOTS = {0: "standard", 1: "standard", 2: "standard"}


def rows(store: Store, game_id: str) -> list[dict[str, object]]:
    """The saved actions of a game, straight from the database."""
    got = store.db.execute(
        "SELECT action FROM actions WHERE game_id = ? ORDER BY n", (game_id,)
    ).fetchall()
    return [json.loads(r[0]) for r in got]


def saved(s: Session) -> list[dict[str, object]]:
    return [json.loads(json.dumps(a)) for a in s.record.to_json()["actions"]]


def plant(s: Session) -> PlantHand:
    """A plant from the hand the rules allow now (it can be taken back)."""
    return next(a for a in s.legal(0) if isinstance(a, PlantHand))


def test_data_dir_env_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    assert data_dir() == tmp_path
    assert Store().path == tmp_path / DB_NAME


def test_every_move_is_a_row_before_apply_returns_and_undo_deletes_it(tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=5, store=store)
    other = Store(tmp_path)  # another connection sees what is committed
    assert [i.id for i in other.list()] == [s.save_id]
    s.apply(PlantHand(0, 0))
    assert rows(other, s.save_id) == saved(s) and other.list()[0].moves == 1
    assert s.can_undo()
    s.undo()
    assert rows(other, s.save_id) == [] and other.list()[0].moves == 0
    s.apply(PlantHand(0, 0))
    s.apply(plant(s))  # the second plant turns up two cards
    assert rows(other, s.save_id) == saved(s) and len(saved(s)) >= 2
    info = other.list()[0]
    assert (info.moves, info.turn, info.active, info.over) == (len(saved(s)), 1, "Ana", False)
    again = Session.load(other, s.save_id)
    assert again.view(0) == s.view(0)


def test_list_newest_first_latest_unfinished_find_and_delete(tmp_path: Path) -> None:
    store = Store(tmp_path)
    done = Session.new("dahlias", ["A", "B", "C"], BOTS, seed=9, store=store)
    done.run_bots()
    assert done.over
    a = Session.new("bohnanza", ["Ana", "Ben"], seed=1, store=store)
    b = Session.new("bohnanza", ["Cy", "Di"], seed=2, store=store)
    a.apply(PlantHand(0, 0))  # a is now the newest
    ids = [i.id for i in store.list()]
    assert ids == [a.save_id, b.save_id, done.save_id]
    assert store.latest().id == a.save_id  # type: ignore[union-attr]
    assert store.list()[2].over and "finished" in store.list()[2].label
    assert store.find(a.save_id[:8]) == a.save_id
    with pytest.raises(StoreError, match="no saved game"):
        store.find("nothere")
    store.mark(b.save_id, "the rules of an older version refused it")
    assert store.list()[1].error and store.latest().id == a.save_id  # type: ignore[union-attr]
    Session.load(store, b.save_id)  # it replays now: no longer listed as damaged
    assert store.list()[1].error is None
    store.delete(b.save_id)
    assert [i.id for i in store.list()] == [a.save_id, done.save_id]
    with pytest.raises(StoreError, match="no saved game"):
        store.delete(b.save_id)


def test_the_move_that_ends_the_game_writes_its_result(tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], BOTS, seed=4, store=store)
    s.run_bots()
    assert s.over
    seats = store.db.execute(
        "SELECT seat, name, bot, score, won FROM result_seats WHERE game_id = ? ORDER BY seat",
        (s.save_id,),
    ).fetchall()
    summary = s.rules.summary(s.state)
    assert [r[3] for r in seats] == summary["scores"]
    assert {r[0] for r in seats if r[4]} == set(summary["winners"])
    assert [r[2] for r in seats] == ["standard"] * 3
    store.delete(s.save_id)  # the result stays for the statistics
    assert store.db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 1


def test_a_copy_is_a_game_of_its_own(tmp_path: Path) -> None:
    store = Store(tmp_path)
    a = Session.new("bohnanza", ["Ana", "Ben"], seed=3, store=store)
    a.apply(PlantHand(0, 0))
    copy_id = store.import_raw(store.export(a.save_id))
    assert copy_id != a.save_id
    b = Session.load(store, copy_id)
    assert b.view(0) == a.view(0)
    b.apply(b.legal(b.decider())[0])  # type: ignore[arg-type]
    assert len(rows(store, a.save_id)) == 1 and len(rows(store, copy_id)) == 2
    assert Session.load(store, a.save_id).record.actions == a.record.actions


def test_one_game_opened_twice_never_writes_over_itself(tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = Session.new("bohnanza", ["Ana", "Ben"], seed=3, store=store)
    first, second = Session.load(store, s.save_id), Session.load(Store(tmp_path), s.save_id)
    first.apply(PlantHand(0, 0))
    before = second.view(0)
    with pytest.raises(SaveError, match="changed or deleted elsewhere"):
        second.apply(PlantHand(0, 0))
    assert second.view(0) == before and second.record.actions == []
    assert rows(store, s.save_id) == saved(first)


def read_only(store: Store) -> None:
    """Swap the store's connection for one that can only read (as root, file modes do not
    stop writes, so the database itself refuses)."""
    store.close()
    store._db = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True, isolation_level=None)


def test_a_failed_write_takes_the_move_back_and_says_so_in_one_line(tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=5, store=store)
    s.apply(PlantHand(0, 0))
    view, log, coins = s.view(0), [ln.text for ln in s.log], list(s.coin_history)
    read_only(store)
    with pytest.raises(SaveError) as e:
        s.apply(plant(s))
    message = str(e.value)
    assert "\n" not in message and len(message) <= 300 and "readonly" in message
    assert s.view(0) == view and [ln.text for ln in s.log] == log and s.coin_history == coins
    assert rows(Store(tmp_path), s.save_id) == saved(s)
    with pytest.raises(SaveError, match="Not taken back"):
        s.undo()
    assert s.view(0) == view and rows(Store(tmp_path), s.save_id) == saved(s)


async def test_the_client_answers_a_failed_save_with_one_line(tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=5, store=store)
    client = LocalClient(s, bot_delay=0)

    class Failing:
        in_transaction = False

        def execute(self, *args: object) -> None:
            raise sqlite3.OperationalError("disk I/O error")

    store._db = Failing()  # type: ignore[assignment]
    answer = await client.submit(PlantHand(0, 0))
    assert answer is not None and "disk I/O error" in answer and "\n" not in answer
    assert s.record.actions == [] and client.version == 0


def test_export_import_replay_round_trip_through_the_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path / "data"))
    s = Session.new("bohnroschen", ["Ana", "Ben", "Cem"], BOTS, seed=2, store=Store())
    s.run_bots(200)
    runner = CliRunner()
    out = runner.invoke(app, ["export", s.save_id[:5]])
    assert out.exit_code == 0, out.output
    raw = json.loads(out.stdout)
    assert raw["format"] == "bohn-game" and raw["version"] == 2 and "id" not in raw
    assert raw["bots"] == {"0": "standard", "1": "standard", "2": "standard"}
    assert raw["record"] == json.loads(json.dumps(s.record.to_json()))
    file = tmp_path / "game.json"
    out = runner.invoke(app, ["export", s.save_id, str(file)])
    assert out.exit_code == 0 and json.loads(file.read_text()) == raw
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "game.json"]  # no .tmp left
    out = runner.invoke(app, ["import", str(file)])
    assert out.exit_code == 0, out.output
    new_id = out.stdout.strip()
    assert new_id != s.save_id
    again = Session.load(Store(), new_id)
    assert again.rules.full_state(again.state) == s.rules.full_state(s.state)
    assert again.bot_levels == s.bot_levels


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["resume", "nothere"], "no saved game 'nothere'"),
        (["export", "nothere"], "no saved game 'nothere'"),
        (["import", "missing.json"], "cannot read missing.json"),
        (["resume"], "no unfinished saved game"),
    ],
)
def test_commands_fail_in_one_line(
    args: list[str], says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 1
    assert says in out.output and out.output.count("\n") == 1 and "Traceback" not in out.output


@pytest.mark.parametrize("damage", ["garbage", "newer"])
@pytest.mark.parametrize("args", [[], ["resume"], ["export", "x"], ["play", "bohnanza"]])
def test_a_damaged_or_newer_database_ends_every_command_in_one_line(
    damage: str, args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    path = tmp_path / DB_NAME
    if damage == "garbage":
        path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    else:
        db = sqlite3.connect(path)
        db.execute("PRAGMA user_version = 99")
        db.close()
    if args[:1] == ["play"]:  # opened after the app's first frame (issue #25): headless here
        from bohn_tui.ui.app import BohnApp

        run = BohnApp.run
        monkeypatch.setattr(BohnApp, "run", lambda self: run(self, headless=True, size=(90, 30)))
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 1, out.output
    assert str(path) in out.output and out.output.count("\n") == 1
    assert ("newer version" if damage == "newer" else "damaged") in out.output
