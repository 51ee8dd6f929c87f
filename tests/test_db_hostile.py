"""Hostile and damaged games beside good ones: rows written straight into the database, old
save files read in on first start, and files given to `bohn import`. The list never raises
and names each damaged game with its reason; the good games still open; a damaged game can
be exported (what is left of it) and deleted; nothing crashes or prints a traceback."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.old_files import old_solo_file
from helpers.stats import fill
from typer.testing import CliRunner

from bohn_tui.cli import app
from bohn_tui.games.common.actions import PlantHand
from bohn_tui.play.session import Session, SessionError
from bohn_tui.store import Store, StoreError
from bohn_tui.store.db import DB_NAME, VERSION, connect
from bohn_tui.store.solo import SoloStore
from bohn_tui.store.stats import SKIPPED, load, skipped

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


def test_a_summary_too_long_or_a_time_no_clock_shows_is_listed_bounded(tmp_path: Path) -> None:
    store = Store(tmp_path)
    insert(store, "long", with_header(), [], title="T" * 100_000, active="A" * 100_000)
    insert(store, "names", with_header(), [], players=json.dumps(["N" * 5000] * 17))
    for game_id, when in (("late", "1e300"), ("nan", "'NaN'"), ("early", "-1e300")):
        insert(store, game_id, with_header(), [])
        store.db.execute(f"UPDATE games SET updated = {when} WHERE id = ?", (game_id,))
    infos = {i.id: i for i in store.list()}
    assert all(len(i.label) <= 300 for i in infos.values())
    assert infos["late"].updated == infos["early"].updated == 0.0 and not infos["late"].error
    assert "17 names" in (infos["names"].error or "")


def test_a_lone_surrogate_in_a_game_is_exported_escaped(tmp_path: Path) -> None:
    store = Store(tmp_path)
    insert(store, "sur", with_header(players=["A", "B", "C"]).replace('"A"', '"A\\udcff"'), [])
    store.close()
    done = bohn(tmp_path, "export", "sur", str(tmp_path / "out.json"))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    out = json.loads((tmp_path / "out.json").read_text("utf-8"))
    assert out["record"]["players"][0] == "A\udcff"


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


# -- a damaged file, hostile rows for the statistics, a move count that disagrees --------------


def bohn(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command in a process of its own, its data in `data`."""
    env = {**os.environ, "BOHN_DATA_DIR": str(data), "XDG_DATA_HOME": str(data)}
    cmd = [sys.executable, "-m", "bohn_tui", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)


def damage(path: Path, find: bytes, at: int) -> None:
    """A byte made 0xff at `at` in every `find` of the file (the schema outgrows the first
    page as tables are added: its entries then lie on pages of their own)."""
    data = bytearray(path.read_bytes())
    where = data.find(find)
    assert where >= 0, find
    while where >= 0:
        data[where + at] = 0xFF
        where = data.find(find, where + 1)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("find", "at"),
    [
        (b"tablegamesgames", 6),  # a table's name in the schema: SQLite's message quotes it
        (b"tablegamesgames", 11),  # the table an entry of the schema belongs to
        (b"CREATE TABLE games", 14),  # inside the CREATE statement's text
        (b"CREATE TABLE solo_runs", 1),
    ],
)
def test_a_byte_not_utf8_in_the_schema_is_one_line_for_every_command(
    tmp_path: Path, find: bytes, at: int
) -> None:
    store = Store(tmp_path)
    Session.new("bohnanza", ["Ana", "Ben"], seed=1, store=store)
    store.close()
    path = tmp_path / "bohn.sqlite3"
    damage(path, find, at)
    before = path.read_bytes()
    (tmp_path / "g.json").write_text(GOOD.read_text())
    for args in (["resume"], ["stats"], ["export", "x"], ["import", str(tmp_path / "g.json")], []):
        done = bohn(tmp_path, *args)
        assert done.returncode == 1, (args, done.stderr)
        assert "Traceback" not in done.stderr and done.stdout == "", (args, done.stderr)
        [line] = done.stderr.splitlines()
        assert line.startswith(f"{path} is not a bohn database or is damaged"), line
    assert path.read_bytes() == before  # changes nothing


def test_a_database_without_the_tables_is_not_a_bohn_database(tmp_path: Path) -> None:
    path = tmp_path / "bohn.sqlite3"
    other = sqlite3.connect(path)
    other.executescript(f"CREATE TABLE games (x); PRAGMA user_version = {VERSION};")
    other.close()
    done = bohn(tmp_path, "resume")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr == f"{path} is not a bohn database: it has a table games of another form\n"


# (what is written, as SQL values of (game_id, seat, name, bot, score, rank, won) and of the
# results row (game, title, players, finished)); every one of them is skipped, naming why
BAD_SEATS = {
    "text-score": (("Ana", None, "'lots'", 1, 1), ("bohnanza", "'B'", 2, 1e9), "its score"),
    "huge-score": (("Ana", None, 2**62, 1, 1), ("bohnanza", "'B'", 2, 1e9), "its score"),
    "real-score": (("Ana", None, 1e300, 1, 1), ("bohnanza", "'B'", 2, 1e9), "its score"),
    "blob-name": (("X'416e61'", None, 3, 1, 1), ("bohnanza", "'B'", 2, 1e9), "its name"),
    "blob-bot": (("Ana", "X'00'", 3, 1, 1), ("bohnanza", "'B'", 2, 1e9), "its bot level"),
    "rank-0": (("Ana", None, 3, 0, 1), ("bohnanza", "'B'", 2, 1e9), "its rank"),
    "won-7": (("Ana", None, 3, 1, 7), ("bohnanza", "'B'", 2, 1e9), "its won"),
    "text-date": (("Ana", None, 3, 1, 1), ("bohnanza", "'B'", 2, "'yesterday'"), "its date"),
    "negative-count": (("Ana", None, 3, 1, 1), ("bohnanza", "'B'", -2, 1e9), "its player count"),
    "blob-game": (("Ana", None, 3, 1, 1), ("X'ff'", "'B'", 2, 1e9), "its game"),
    "null-title": (("Ana", None, 3, 1, 1), ("bohnanza", "X'ff'", 2, 1e9), "its title"),
}
# solo_runs columns (game, seed, daily, won, turns, coins, name, played_at)
BAD_RUNS = {
    "text-played-at": ("'bohnroschen'", 1, "NULL", 1, 5, 5, "'Ana'", "'yesterday'", "its date"),
    "text-daily": ("'bohnroschen'", 1, "'soon'", 1, 5, 5, "'Ana'", 1e9, "its day"),
    "blob-name": ("'bohnroschen'", 1, "NULL", 1, 5, 5, "X'ff'", 1e9, "its name"),
    "negative-turns": ("'bohnroschen'", 1, "NULL", 1, -5, 5, "'Ana'", 1e9, "its turns"),
    "huge-coins": ("'bohnroschen'", 1, "NULL", 1, 5, 2**62, "'Ana'", 1e9, "its coins"),
    "text-won": ("'bohnroschen'", 1, "NULL", "'yes'", 5, 5, "'Ana'", 1e9, "its won"),
    "negative-seed": ("'bohnroschen'", -1, "NULL", 1, 5, 5, "'Ana'", 1e9, "its seed"),
}


def sql(value: object) -> str:
    if value is None:
        return "NULL"
    return value if isinstance(value, str) and not value.isalpha() else repr(value)


def hostile_stats(path: Path) -> None:
    """Beside the good rows of helpers/stats.py, the bad ones: each would change Ana's
    figures or the solo runs' if it were read."""
    db = sqlite3.connect(path)
    for game_id, ((name, bot, score, rank, won), (game, title, n, at), _) in BAD_SEATS.items():
        db.execute(
            "INSERT INTO results (game_id, game, title, players, finished) "
            f"VALUES ('{game_id}', {sql(game)}, {title}, {n}, {at})"
        )
        for seat in (0, 1):
            db.execute(
                "INSERT INTO result_seats (game_id, seat, name, bot, score, rank, won) VALUES "
                f"('{game_id}', {seat}, {sql(name)}, {sql(bot)}, {score}, {rank}, {won})"
            )
    for run_id, (*values, _) in BAD_RUNS.items():
        db.execute(
            "INSERT INTO solo_runs (run_id, game, seed, daily, won, turns, coins, name, "
            f"played_at) VALUES ('{run_id}', {', '.join(str(v) for v in values)})"
        )
    db.commit()
    db.close()


def test_hostile_rows_are_skipped_and_named_and_the_good_ones_counted(tmp_path: Path) -> None:
    clean = load(fill(tmp_path / "clean" / "bohn.sqlite3")).stats
    path = fill(tmp_path / "bohn.sqlite3")
    hostile_stats(path)
    found = load(path)
    assert dataclasses.replace(found.stats, skipped=()) == clean  # as if they were not there
    assert found.people == ("Ana", "Ben", "Cem") and len(found.stats.skipped) == SKIPPED
    assert (
        found.stats.skipped[-1]
        == f"Skipped {2 * len(BAD_SEATS) + len(BAD_RUNS) - 4} more bad rows."
    )
    db = connect(path)
    named = skipped(db, shown=100)
    db.close()
    for game_id, (*_, why) in BAD_SEATS.items():
        for seat in (0, 1):
            line = f"Skipped the result of game '{game_id}', seat {seat}: {why} "
            assert any(n.startswith(line) for n in named), line
    runs = [n.split(": ", 1)[1] for n in named if n.startswith("Skipped solo run")]
    assert len(runs) == len(BAD_RUNS)
    assert all(r.startswith(why) for r, (*_, why) in zip(runs, BAD_RUNS.values(), strict=True))
    assert len(named) == 2 * len(BAD_SEATS) + len(BAD_RUNS)
    solo = SoloStore(tmp_path)
    assert [r.seed for r in solo.best(limit=20)] == [3, 4, 2, 6, 5, 1] and solo.count() == (6, 4)
    assert solo.notice is None
    solo.close()


def test_bohn_stats_skips_and_names_hostile_rows(tmp_path: Path) -> None:
    hostile_stats(fill(tmp_path / "bohn.sqlite3"))
    done = bohn(tmp_path, "stats")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "Ana" in done.stdout and "67%" in done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == SKIPPED and all(ln.startswith("Skipped ") for ln in lines), lines
    done = bohn(tmp_path, "stats", "--json", "--player", "Ana")
    out = json.loads(done.stdout)
    assert done.returncode == 0 and out["players"][0]["games"] == 4, done.stderr
    assert out["skipped"] == done.stderr.splitlines()


async def test_the_statistics_screen_skips_and_names_hostile_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from helpers.ui import screen_text

    from bohn_tui.ui.app import BohnApp
    from bohn_tui.ui.screens.stats import StatsScreen

    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    hostile_stats(fill(tmp_path / "bohn.sqlite3"))
    app = BohnApp(Store(tmp_path), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")  # from the menu
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        text = screen_text(app.screen)
        assert "Skipped the result of game 'blob-bot', seat 0: its bot level is not text." in text
        assert "67%" in text  # Ana's win rate of the good rows
        await pilot.press("3")
        await pilot.pause()
        assert "Solo runs" in screen_text(app.screen)


def test_a_move_count_that_disagrees_with_the_rows_is_mended_on_opening(tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=5, store=store)
    s.apply(PlantHand(0, 0))
    for moves in ("7", "'many'", "-1", "0", "2.5"):
        store.db.execute(f"UPDATE games SET moves = {moves} WHERE id = ?", (s.save_id,))
        again = Session.load(store, s.save_id)
        note = f"The save '{s.save_id}' counted {moves} moves but holds 1: mended, it goes on "
        assert [ln.text for ln in again.log if ln.text.startswith(note)], moves
        last = again.undo()  # and the moves are saved again, not refused as played elsewhere
        again.apply(last)
        assert Session.load(store, s.save_id).record.actions == again.record.actions
        reopened = Session.load(store, s.save_id)
        assert not [ln for ln in reopened.log if "mended" in ln.text]  # mended once
        assert store.list()[0].moves == 1 and store.list()[0].error is None
    s = Session.load(store, s.save_id)
    s.apply(PlantHand(0, 1))  # a move that shows new cards, saved too
    assert Session.load(store, s.save_id).record.actions == s.record.actions


def test_a_game_that_cannot_go_on_says_why_and_offers_its_export(tmp_path: Path) -> None:
    store, _ = hostile_store(tmp_path)
    store.close()
    done = bohn(tmp_path, "resume", "refused")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert "action 1" in line and line.endswith("; `bohn export refused` writes what is left of it")
    out = bohn(tmp_path, "export", "refused")
    assert out.returncode == 0 and json.loads(out.stdout)["record"]["actions"][0]["seat"] == 1
    done = bohn(tmp_path, "resume", "gap")  # a row missing: nothing after it can be trusted
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "action 1 is missing" in done.stderr and "Traceback" not in done.stderr


def test_an_old_solo_file_with_a_seed_too_large_is_damaged_not_a_traceback(
    tmp_path: Path,
) -> None:
    old_solo_file(tmp_path)
    done = bohn(tmp_path, "resume")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.splitlines()[0].startswith("1 file of an earlier version: 1 could not")
    assert (tmp_path / "solo.sqlite3.damaged").is_file()


# -- for the owner only -----------------------------------------------------------------------


def mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_the_data_folder_database_socket_and_host_key_are_the_owners_only(tmp_path: Path) -> None:
    from helpers.ssh import hosting

    data = tmp_path / "new" / "data"
    old = os.umask(0o022)  # what most users have: new files readable by everyone
    try:
        done = bohn(data, "import", str(GOOD))  # a fresh data folder, made by a command
        assert done.returncode == 0, done.stderr
        assert mode(tmp_path / "new") == mode(data) == 0o700 and mode(data / DB_NAME) == 0o600
        store = Store(data)
        game_id = store.list()[0].id
        store.begin(Session.load(store, game_id))  # a write: the -wal and -shm are there now
        for end in ("-wal", "-shm"):
            assert mode(data / (DB_NAME + end)) == 0o600, end
        store.write_export(game_id, data / "exports" / "x.json")
        assert mode(data / "exports") == 0o700 and mode(data / "exports" / "x.json") == 0o600
        store.close()
        (data / DB_NAME).chmod(0o644)  # a file of an earlier version, open to everyone
        assert bohn(data, "export", game_id).returncode == 0
        assert mode(data / DB_NAME) == 0o600
        with hosting(data, "bohnanza", "--players", "Ana,Ben", "--seed", "3") as (_, info):
            sock = Path(info["socket"])
            assert sock.is_socket() and mode(sock) == 0o600
            assert mode(data / "ssh_host_ed25519_key") == 0o600
    finally:
        os.umask(old)
