"""Hostile and damaged games beside good ones: rows written straight into the database, old
save files read in on first start, and files given to `bohn import`. The list never raises
and names each damaged game with its reason; the good games still open; a damaged game can
be exported (what is left of it) and deleted; nothing crashes or prints a traceback."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bohn_tui.cli import app
from bohn_tui.games.common.actions import PlantHand
from bohn_tui.play.session import Session, SessionError
from bohn_tui.store import Store, StoreError

FIXTURES = Path(__file__).parent / "fixtures" / "v1"
GOOD = FIXTURES / "bohnanza-2p-seed12.save.json"  # Ana to play on, Ben a bot
HEADER = {"game": "bohnanza", "players": ["Ana", "Ben", "Cem"], "seed": 1, "options": {}}
NINES = "9" * 4_301


def insert(store: Store, game_id: str, header: str, actions: list[str], **cols: object) -> None:
    """A games row (and its actions) as a damaged file or a hostile hand could leave it."""
    names = {"title": "Bohnanza", "players": '["Ana","Ben","Cem"]', **cols}
    store.db.execute(
        f"INSERT INTO games (id, game, header, created, updated, moves, {', '.join(names)}) "
        f"VALUES (?, 'bohnanza', ?, 1.0, 2.0, ?, {', '.join('?' * len(names))})",
        (game_id, header, len(actions), *names.values()),
    )
    store.db.executemany(
        "INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)",
        [(game_id, n, a) for n, a in enumerate(actions)],
    )


def with_header(**changes: object) -> str:
    return json.dumps({**HEADER, **changes})


HOSTILE_ROWS = {
    "not-json": ("{not json", [], "not valid JSON"),
    "deep": ("[" * 100_000, [], "nested too deeply"),
    "huge-seed": ('{"seed": ' + NINES + "}", [], "19"),
    "bots-99": (with_header(bots={"99": "nonsense"}), [], "seat '99'"),
    "bad-vine": (
        json.dumps({**HEADER, "game": "bohnroschen", "options": {"vine": [[1]]}}),
        [],
        "option 'vine' is a list of vine card ids",  # the game refuses it (was a TypeError)
    ),
    "huge-field": (with_header(), ['{"type":"harvest","seat":0,"field":' + NINES + "}"], "19"),
    "refused": (with_header(), ['{"type":"plant_hand","seat":1,"field":0}'], "action 1"),
    "not-object": ("[1, 2]", [], "not an object"),
}


def hostile_store(tmp_path: Path) -> tuple[Store, Session]:
    store = Store(tmp_path)
    good = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=5, store=store)
    good.apply(PlantHand(0, 0))
    for game_id, (header, actions, _) in HOSTILE_ROWS.items():
        insert(store, game_id, header, actions)
    insert(store, "bad-summary", with_header(), [], turn="1e999", players="[[[")
    insert(store, "gap", with_header(), ['{"type":"plant_hand","seat":0,"field":0}'])
    store.db.execute("UPDATE actions SET n = 5 WHERE game_id = 'gap'")
    return store, good


def test_the_list_never_raises_and_good_games_still_open(tmp_path: Path) -> None:
    store, good = hostile_store(tmp_path)
    infos = {i.id: i for i in store.list()}
    assert set(infos) == {good.save_id, "bad-summary", "gap", *HOSTILE_ROWS}
    assert infos["bad-summary"].error and "damaged" in infos["bad-summary"].label
    assert store.latest().id == good.save_id  # type: ignore[union-attr]
    for game_id, (_, _, says) in HOSTILE_ROWS.items():
        with pytest.raises((StoreError, SessionError)) as e:
            Session.load(store, game_id)
        message = str(e.value)
        assert says in message and len(message) <= 300 and "\n" not in message, game_id
    with pytest.raises(StoreError, match="action 1 is missing"):
        Session.load(store, "gap")
    again = {i.id: i for i in store.list()}  # what would not replay is now listed as damaged
    for game_id in ("bots-99", "bad-vine", "refused"):
        assert again[game_id].error and again[game_id].label.startswith(f"{game_id}: damaged")
    assert Session.load(store, good.save_id).view(0) == good.view(0)


def test_a_damaged_game_can_be_exported_and_deleted(tmp_path: Path) -> None:
    store, good = hostile_store(tmp_path)
    out = store.export("refused")
    assert out["record"]["actions"] == [{"type": "plant_hand", "seat": 1, "field": 0}]
    with pytest.raises(StoreError, match="not valid JSON"):
        store.export("not-json")  # nothing left to export: a one-line reason
    for game_id in [*HOSTILE_ROWS, "bad-summary", "gap"]:
        store.delete(game_id)
    assert [i.id for i in store.list()] == [good.save_id]


def old_save(**changes: object) -> str:
    raw = json.loads(GOOD.read_text())
    for key, value in changes.items():
        if key.startswith("record_"):
            raw["record"][key[7:]] = value
        else:
            raw[key] = value
    return json.dumps(raw)


HOSTILE_FILES = {
    "deep.json": "[" * 100_000,
    "inf-turn.json": old_save(summary={"turn": 1e999}).replace("Infinity", "1e999"),
    "bots-99.json": old_save(bots={"99": "nonsense"}),
    "bad-vine.json": json.dumps(
        {"record": {"game": "bohnroschen", "players": ["A", "B", "C"], "options": {"vine": [[1]]}}}
    ),
    "huge-seed.json": old_save().replace('"seed": 12', '"seed": ' + NINES),
    "not-utf8.json": "\udcff",
    "newer.json": json.dumps({"format": "bohn-game", "version": 3, "record": {"game": "x"}}),
    "other-format.json": json.dumps({"format": "chess", "version": 1}),
    "empty.json": "",
    "list.json": "[]",
}


def write_old(folder: Path, name: str, text: str) -> None:
    data = text.encode("utf-8", "surrogateescape")
    (folder / name).write_bytes(data)


def test_old_save_files_are_read_in_damaged_ones_listed_and_kept(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    for name, text in HOSTILE_FILES.items():
        write_old(saves, name, text)
    # a copy of one save under another name, one with an inner id naming another game,
    # and inner ids that are not file names: each is a game of its own
    shutil.copy(GOOD, saves / "a.json")
    shutil.copy(GOOD, saves / "b.json")
    write_old(saves, "c.json", old_save(id="../../x"))
    write_old(saves, "d.json", old_save(id=""))
    os.utime(saves / "a.json", (1_000_000.0, 1_000_000.0))  # played long ago
    store = Store(tmp_path)
    infos = {i.name: i for i in store.list()}
    assert set(infos) == {*HOSTILE_FILES, "a.json", "b.json", "c.json", "d.json"}
    for name in HOSTILE_FILES:
        assert infos[name].error, name
        assert (saves / f"{name}.damaged").is_file() and not (saves / name).exists()
    assert "at most 19" in (infos["huge-seed.json"].error or "")
    assert "seat '99'" in (infos["bots-99.json"].error or "")
    assert "newer bohn" in (infos["newer.json"].error or "")
    assert store.notice == (
        "14 files of an earlier version: 4 read in, 10 could not be read (listed as damaged); "
        "kept, renamed."
    )
    ids = {infos[n].id for n in ("a.json", "b.json", "c.json", "d.json")}
    assert len(ids) == 4 and all(infos[n].error is None for n in ("a.json", "c.json"))
    assert infos["a.json"].updated == 1_000_000.0 and store.list()[-1].name == "a.json"
    assert sorted(p.name for p in saves.iterdir() if p.suffix == ".imported") == [
        "a.json.imported",
        "b.json.imported",
        "c.json.imported",
        "d.json.imported",
    ]
    # playing on the copy b leaves a alone
    a, b = (Session.load(store, infos[n].id) for n in ("a.json", "b.json"))
    b.run_bots()
    b.apply(b.legal(b.decider())[0])  # type: ignore[arg-type]
    assert Session.load(store, a.save_id).record.actions == a.record.actions
    assert Session.load(store, b.save_id).record.actions == b.record.actions != a.record.actions
    # read in once: a second start finds nothing new, even where a rename failed
    write_old(saves, "a.json", GOOD.read_text())
    store.close()
    again = Store(tmp_path)
    assert len(again.list()) == len(infos) and again.notice is None


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
def test_bohn_import_of_a_hostile_file_is_one_line_and_changes_nothing(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path / "data"))
    write_old(tmp_path, name, HOSTILE_FILES[name])
    out = CliRunner().invoke(app, ["import", str(tmp_path / name)])
    assert out.exit_code == 1, out.output
    assert out.output.count("\n") == 1 and len(out.output) <= 301
    assert "Traceback" not in out.output
    assert Store(tmp_path / "data").list() == []
