import os
from pathlib import Path

import pytest

from bohn_tui.games.common.actions import PlantHand
from bohn_tui.play.session import Session
from bohn_tui.store import Store, StoreError, autosaver, data_dir


def test_data_dir_env_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    assert data_dir() == tmp_path
    assert Store().root == tmp_path / "saves"


def test_damaged_save_is_listed_with_a_message_and_others_still_load(tmp_path: Path) -> None:
    store = Store(tmp_path)
    a = Session.new("bohnanza", ["Ana", "Ben"], seed=1, autosave=autosaver(store))
    a.apply(PlantHand(0, 0))
    (store.root / "broken.json").write_text("{not json", encoding="utf-8")
    (store.root / "empty.json").write_text("[]", encoding="utf-8")
    infos = {i.id: i for i in store.list()}
    assert infos["broken"].error and "not valid JSON" in infos["broken"].error
    assert "damaged" in infos["empty"].label
    assert infos[a.save_id].error is None
    assert infos[a.save_id].players == ("Ana", "Ben")
    assert store.latest().id == a.save_id
    with pytest.raises(StoreError, match="damaged"):
        store.read("broken")
    assert Session.load(store, a.save_id).record.actions == [PlantHand(0, 0)]


def test_writes_are_atomic_and_leave_no_temp_files(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.write("g1", {"record": {"n": 1}})
    store.write("g1", {"record": {"n": 2}})
    assert store.read("g1")["record"] == {"n": 2}
    assert sorted(os.listdir(store.root)) == ["g1.json"]
    with pytest.raises(StoreError):
        store.path("../evil")


def test_background_saver_writes_every_action_in_order(tmp_path: Path) -> None:
    from bohn_tui.store import BackgroundSaver

    store = Store(tmp_path)
    saver = BackgroundSaver(store)
    s = Session.new("bohnanza", ["Ana", "Ben"], seed=1, autosave=saver)
    s.apply(PlantHand(0, 0))
    saver.close()
    assert Session.load(store, s.save_id).record.actions == [PlantHand(0, 0)]


def test_background_saver_reports_a_failed_write(tmp_path: Path) -> None:
    from bohn_tui.store import BackgroundSaver

    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    saver = BackgroundSaver(Store(blocked))  # the saves folder cannot be made under a file
    s = Session.new("bohnanza", ["Ana", "Ben"], seed=1, autosave=saver)
    s.apply(PlantHand(0, 0))  # the game goes on; the error waits for the UI
    saver.close()
    assert saver.error and "cannot be saved" in saver.error


def test_resume_without_a_readable_save_names_the_damaged_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from bohn_tui.cli import app

    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    store = Store()
    store.root.mkdir(parents=True, exist_ok=True)
    (store.root / "broken.json").write_text('{"record": {', encoding="utf-8")
    result = CliRunner().invoke(app, ["resume"])
    assert result.exit_code == 1
    assert "no unfinished saved game" in result.output
    assert "broken.json is damaged" in result.output
    assert "Traceback" not in result.output
