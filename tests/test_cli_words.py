"""What a person types on the command line: game names in any case and with or without
umlauts, and the values that are refused with one line (issue #11's command-line points)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from bohn_tui.cli import app
from bohn_tui.games import GAMES, UnknownGame, find
from bohn_tui.play.session import Session, SessionError

runner = CliRunner()


@pytest.mark.parametrize(
    ("typed", "game"),
    [
        ("bohnanza", "bohnanza"),
        ("Bohnanza", "bohnanza"),
        ("BOHNANZA", "bohnanza"),
        ("bohnröschen", "bohnroschen"),
        ("Bohnröschen", "bohnroschen"),
        (" Dahlias ", "dahlias"),
    ],
)
def test_a_game_is_found_in_any_case_and_with_its_umlaut(typed: str, game: str) -> None:
    assert find(typed) == game


def test_every_registered_game_finds_itself() -> None:
    assert [find(g) for g in GAMES] == list(GAMES)


def test_an_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGame, match="choose one of: bohnanza"):
        find("chess")


def test_simulate_takes_the_game_in_any_case(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    result = runner.invoke(app, ["simulate", "Bohnröschen", "-p", "3", "-n", "1"])
    assert result.exit_code == 0, result.output
    assert "1 games of bohnroschen for 3" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "bohnanza", "--games", "0"], "--games must be a whole number from 1"),
        (["simulate", "chess"], "unknown game 'chess'"),
        (["solo", "--name", ""], "a player's name is empty"),
        (["solo", "--name", "   "], "a player's name is empty"),
        (["solo", "Dahlias"], "'dahlias' has no solo mode"),
        (["play", "Schach"], "unknown game 'Schach'"),
        (["stats", "--game", "Go"], "unknown game 'Go'"),
    ],
)
def test_refused_with_one_line_and_code_1(tmp_path, monkeypatch, args, message) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    out = result.output.strip()
    assert message in out and "\n" not in out and "Traceback" not in out


def test_stats_takes_the_game_in_any_case(tmp_path, monkeypatch) -> None:
    from bohn_tui.store.db import DB_NAME, connect

    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    connect(tmp_path / DB_NAME).close()  # an empty database
    result = runner.invoke(app, ["stats", "--game", "BOHNANZA"])
    assert "of bohnanza" in result.output  # the game was understood (no games yet)


def test_a_new_game_refuses_an_empty_name() -> None:
    with pytest.raises(SessionError, match="empty"):
        Session.new("bohnanza", ["Ana", "", "Cem"])


def test_a_bot_level_in_any_case() -> None:
    from bohn_tui.play.players import parse_players

    names, bots = parse_players("Ana,bot:Expert,bot:STANDARD", ("random", "standard", "expert"))
    assert bots == {1: "expert", 2: "standard"}
    with pytest.raises(SessionError, match="choose one of: random, standard, expert"):
        parse_players("Ana,bot:godlike", ("random", "standard", "expert"))


def test_bots_and_players_read_a_level_the_same_way_in_any_case(tmp_path, monkeypatch) -> None:
    """One parser for `--bots` (bohn simulate) and `bot:LEVEL` (--players of bohn play,
    host): `--bots Standard` is the standard bot as `bot:Standard` is."""
    from bohn_tui.play.players import bot_level, parse_players

    levels = ("random", "standard", "expert")
    assert [bot_level(t, levels) for t in ("Standard", "EXPERT", " random ")] == [
        "standard",
        "expert",
        "random",
    ]
    assert parse_players("Ana,bot:Standard", levels)[1] == {1: "standard"}
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    result = runner.invoke(app, ["simulate", "dice", "-p", "2", "-n", "1", "--bots", "Standard"])
    assert result.exit_code == 0, result.output
    assert "standard:" in result.output and "Standard" not in result.output
    args = ["simulate", "dice", "-p", "2", "-n", "1", "--bots", "Random,EXPERT"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "dice", "--players", "Ana,bot:"], "'bot:' names no bot level"),
        (["play", "dice", "--players", "Ana,bot: "], "'bot:' names no bot level"),
        (["simulate", "dice", "-p", "2", "--bots", "standard,"], "--bots names no bot level"),
        (["simulate", "dice", "-p", "2", "--bots", ""], "--bots names no bot level"),
    ],
)
def test_a_bot_without_a_level_is_refused_naming_the_levels(
    tmp_path, monkeypatch, args, message
) -> None:
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    result = runner.invoke(app, args)
    out = result.output.strip()
    assert result.exit_code == 1, out
    assert message in out and "choose one of: random, standard, expert" in out
    assert "\n" not in out and "Traceback" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "dahlias", "--players", "Ana,Ben"], "Dahlias is for 3 to 5 players, not 2"),
        (["play", "dice", "--players", "A,B,C,D,E,F"], "is for 2 to 5 players, not 6"),
        (["host", "dahlias", "--players", "Ana,Ben"], "is for 3 to 5 players, not 2"),
    ],
)
def test_a_player_count_the_game_has_not_is_refused_before_the_app_starts(
    tmp_path, monkeypatch, args, message
) -> None:
    """One line and code 1 on the command line: the full-screen app never opens."""
    from bohn_tui.ui import app as ui_app

    def never(*_: object, **__: object) -> None:
        raise AssertionError("the app started")

    monkeypatch.setattr(ui_app.BohnApp, "run", never)
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    result = runner.invoke(app, args)
    out = result.output.strip()
    assert result.exit_code == 1, out
    assert message in out and "\n" not in out and "Traceback" not in out
