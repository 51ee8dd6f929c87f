"""Save files written by the version before the game packages (tests/fixtures/v1, one or more
per game, made by that version's Session.to_json) are read into the database on first start
(or by `bohn import`), replay to the very state that version reached, and continue, each move
saved in the database. A game that came after v1 keeps an export of the version it came
with (tests/fixtures/exports, `bohn export`), held to the same."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bohn_tui.play.session import Session
from bohn_tui.store import Store

FIXTURES = Path(__file__).parent / "fixtures" / "v1"
SAVES = sorted(FIXTURES.glob("*.save.json"))
EXPORTS = sorted((FIXTURES.parent / "exports").glob("*.export.json"))


def test_there_is_a_save_for_every_game() -> None:
    from bohn_tui.games import GAMES

    games = {json.loads(p.read_text())["record"]["game"] for p in SAVES + EXPORTS}
    assert games == set(GAMES)


@pytest.mark.parametrize("export", EXPORTS, ids=[p.name.split(".")[0] for p in EXPORTS])
def test_an_export_of_an_earlier_version_imports_replays_and_continues(
    export: Path, tmp_path: Path
) -> None:
    final = json.loads(
        export.with_name(export.name.replace(".export.json", ".final.json")).read_text()
    )
    store = Store(tmp_path)
    store.open()
    s = Session.load(store, store.import_file(export))
    assert json.loads(json.dumps(s.rules.full_state(s.state))) == final
    s.run_bots()
    seat = s.decider()
    assert seat is not None and not s.is_bot(seat)
    s.apply(s.legal(seat)[0])
    again = Session.load(Store(tmp_path), s.save_id)  # the move is in the database
    assert again.record.actions == s.record.actions


@pytest.mark.parametrize("save", SAVES, ids=[p.name.split(".")[0] for p in SAVES])
def test_an_old_save_is_read_in_replays_to_the_same_state_and_continues(
    save: Path, tmp_path: Path
) -> None:
    final = json.loads(save.with_name(save.name.replace(".save.json", ".final.json")).read_text())
    (tmp_path / "saves").mkdir()
    shutil.copy(save, tmp_path / "saves" / save.name)
    store = Store(tmp_path)  # the first start reads the old saves in
    [info] = store.list()
    assert info.error is None and info.source == f"saves/{save.name}"
    assert (tmp_path / "saves" / f"{save.name}.imported").read_bytes() == save.read_bytes()
    s = Session.load(store, info.id)
    assert json.loads(json.dumps(s.rules.full_state(s.state))) == final
    if s.over:
        return
    s.run_bots()
    seat = s.decider()
    assert seat is not None and not s.is_bot(seat)
    before = len(s.record.actions)
    s.apply(s.legal(seat)[0])
    assert len(s.record.actions) == before + 1
    again = Session.load(Store(tmp_path), info.id)  # every move is in the database
    assert again.record.actions == s.record.actions


def test_an_old_save_is_imported_in_a_fresh_process(tmp_path: Path) -> None:
    """Reading a save must register every game's action types by itself: `bohn import`
    of each old save in its own process, then the game loads with all its actions."""
    probe = (
        "import sys\n"
        "from pathlib import Path\n"
        "from bohn_tui.play.session import Session\n"
        "from bohn_tui.store import Store\n"
        "store = Store(Path(sys.argv[2]))\n"
        "s = Session.load(store, store.import_file(Path(sys.argv[1])))\n"
        "print(len(s.record.actions))\n"
    )
    for save in SAVES:
        out = subprocess.run(
            [sys.executable, "-c", probe, str(save), str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 0, out.stderr
        actions = len(json.loads(save.read_text())["record"]["actions"])
        assert out.stdout.strip() == str(actions)
    assert len(Store(tmp_path).list()) == len(SAVES)  # each a game of its own


def test_bohn_replay_of_an_old_record_gives_the_same_final_state(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from bohn_tui.cli import app

    for save in SAVES:
        record = tmp_path / "record.json"
        record.write_text(json.dumps(json.loads(save.read_text())["record"]))
        result = CliRunner().invoke(app, ["replay", str(record), "--json"])
        assert result.exit_code == 0, result.output
        final = save.with_name(save.name.replace(".save.json", ".final.json"))
        assert json.loads(result.stdout) == json.loads(final.read_text()), save.name
