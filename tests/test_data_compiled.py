"""The bean games' compiled data (games/common/data.py, issue #25): each data.json is of
its data.toml's text now (else: `python -m bohn_tui.games.common.data`), holds what tomllib
reads of it, and `load` reads the toml itself when the text is not that of the file."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from bohn_tui.games.common import data

GAMES = Path(data.__file__).resolve().parent.parent


@pytest.mark.parametrize("game", data.COMPILED)
def test_each_data_json_is_its_data_toml_now(game: str) -> None:
    written = (GAMES / game / "data.json").read_text("utf-8")
    assert written == data.compile_data(game), "python -m bohn_tui.games.common.data"
    text = (GAMES / game / "data.toml").read_text("utf-8")
    assert json.loads(written)["tables"] == tomllib.loads(text) == data.read(game)


def test_a_data_json_of_another_text_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "data.toml").write_text('game = "g"\ntitle = "New"\n', "utf-8")
    stale = {"toml": 'game = "g"\ntitle = "Old"\n', "tables": {"game": "g", "title": "Old"}}
    (tmp_path / "g" / "data.json").write_text(json.dumps(stale), "utf-8")
    monkeypatch.setattr(data, "_path", lambda game, name: tmp_path / game / name)
    assert data.read("g") == {"game": "g", "title": "New"}
    (tmp_path / "g" / "data.json").write_text("{not json", "utf-8")
    assert data.read("g") == {"game": "g", "title": "New"}
