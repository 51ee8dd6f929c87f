"""Options as a schema (issue #24): each game's spec declares its options (name, type, label,
default, choices, player counts, a shorthand flag); the rules take every default and every
choice it declares; the command line reads `--option NAME=VALUE` and the shorthand flags by
the chosen game's schema, with one line for anything it does not take."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bohn_tui.engine.options import BOOL, CHOICE, DAY, INT, LIST, Option, read_options
from bohn_tui.games import GAMES, rules_for, spec
from bohn_tui.play.session import Session

NAMES = ["Ana", "Ben", "Cem", "Dora", "Emil", "Fay", "Gus"]
COUNTS = [(g, n) for g in GAMES for n in spec(g).player_counts]


@pytest.mark.parametrize(("game", "n"), COUNTS)
def test_the_rules_take_every_default_and_choice_the_schema_declares(game: str, n: int) -> None:
    rules = rules_for(game, n)
    for option in spec(game).options:
        if not option.applies(n):
            continue
        values = list(option.choices) or [option.default]
        if option.type == BOOL:
            values = [False, True]
        for value in values:
            if value is None:
                continue  # no default: the rules decide (the vine's order, a daily run)
            state, _ = rules.new_game(NAMES[:n], 1, {option.name: value})
            assert state.rules.violations(state) == [], (option.name, value)


def test_every_option_has_a_label_or_stays_off_the_menu() -> None:
    for game in GAMES:
        for option in spec(game).options:
            assert option.label or not option.menu, (game, option.name)
            assert option.type in (BOOL, INT, CHOICE, LIST, DAY, "str")


def test_a_value_is_read_by_its_type() -> None:
    flag = Option("x", BOOL, default=False)
    assert flag.parse("yes") is True and flag.parse("False") is False
    number = Option("n", INT, choices=(0, 1, 2))
    assert number.parse("2") == 2
    with pytest.raises(ValueError, match="^option n takes a whole number from 0 to 2, not '7'$"):
        number.parse("7")
    choice = Option("c", CHOICE, choices=("at_once", "later"))
    assert choice.parse("LATER") == "later"
    with pytest.raises(ValueError, match="takes one of at_once, later, not 'soon'"):
        choice.parse("soon")
    assert Option("l", LIST).parse("a, b") == ["a", "b"]
    assert Option("d", DAY).parse("2026-01-02") == "2026-01-02"
    with pytest.raises(ValueError, match="takes a day, YYYY-MM-DD"):
        Option("d", DAY).parse("tomorrow")


def test_read_options_names_the_game_s_options() -> None:
    options = (Option("a", BOOL), Option("b", INT, counts=(2,)), Option("d", DAY, flag="--d"))
    assert read_options(options, ["a=true", "b=3"], "g", 2) == {"a": True, "b": 3}
    for pairs, message in [
        (["z=1"], "unknown option 'z' for g; options: a, b, d"),
        (["a"], "--option takes NAME=VALUE, not 'a'"),
        (["a=1", "a=0"], "option a is given twice"),
        (["b=1"], "option b is for 2 players, not 3"),
        (["d=2026-01-01"], "option d is set with --d, not by --option"),
    ]:
        with pytest.raises(ValueError) as info:
            read_options(options, pairs, "g", 3)
        assert str(info.value) == message


# -- the command line ------------------------------------------------------------------------


def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str]) -> Any:
    """What `bohn ARGS` starts: (the CliRunner result, the NewGame or session handed to the
    app, None when none)."""
    from bohn_tui import cli
    from bohn_tui.ui import app as ui_app

    got: list[Any] = []
    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(ui_app.BohnApp, "run", lambda self: got.append(self.first_session))
    result = CliRunner().invoke(cli.app, args)
    return result, (got[0] if got else None)


def test_play_takes_options_and_the_shorthand_flags(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    args = ["play", "bohnroschen", "--players", "Ana,Ben", "--option", "face_down_end=2"]
    result, new = started(monkeypatch, tmp_path, [*args, "--open-treasuries"])
    assert result.exit_code == 0, result.output
    assert new.options == {"face_down_end": 2, "open_treasuries": True}
    result, new = started(monkeypatch, tmp_path, ["play", "--open-treasuries", "bohnanza"])
    assert result.exit_code == 0 and new.options == {"open_treasuries": True}
    result, new = started(monkeypatch, tmp_path, ["play", "bohnanza"])
    assert result.exit_code == 0 and new.options == {}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "bohnanza", "--option", "x=1"], "unknown option 'x' for bohnanza; options: "),
        (["play", "bohnanza", "--option", "turn_up_end=soon"], "takes one of at_once, "),
        (["play", "wuerfelspiel", "--open-treasuries"], "unknown option '--open-treasuries'"),
        (["play", "bohnanza", "--bot-dely", "1"], "its flags: --open-treasuries"),
        (["play", "bohnroschen", "--daily"], "--daily is for 1 player, not 3"),
        (["play", "bohnroschen", "--option", "all_face_down=yes"], "is for 2 players, not 3"),
        (["solo", "--daily", "--seed", "4"], "--daily plays the day's seed: leave out --seed"),
    ],
)
def test_what_the_schema_does_not_take_is_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str], message: str
) -> None:
    result, new = started(monkeypatch, tmp_path, args)
    assert result.exit_code == 1 and new is None
    assert message in result.output and len(result.output.strip().splitlines()) == 1


def test_option_help_lists_the_game_s_options(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    result, new = started(monkeypatch, tmp_path, ["play", "bohnanza", "--option", "help"])
    assert result.exit_code == 0 and new is None
    assert "open_treasuries: true or false, default false, shorthand --open-treasuries" in (
        result.output
    )


def test_host_takes_options(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from bohn_tui.cli_host import host_session
    from bohn_tui.store import Store

    store = Store(tmp_path)
    store.open()
    session = host_session(store, "bohnanza", "Ana,Ben", None, None, lambda n: {"x": n})
    assert session.record.options == {"x": 2}
    store.close()


# -- an action in words (the "took back" line) ------------------------------------------------


def test_an_undone_action_is_said_in_its_game_s_words() -> None:
    from bohn_tui.games.common.actions import EndPlanting, PlantHand
    from bohn_tui.games.excalibohn.actions import PlaceCard

    assert PlantHand(0, 1).words() == "plant hand on field 2"
    assert EndPlanting(0).words() == "end planting"
    assert PlaceCard(0, None).words() == "place card"  # no field: hasattr said one
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=1)
    s.apply(PlantHand(s.state.active, 0))
    s.undo()
    assert s.log[-1].text.endswith("took back: plant hand on field 1.")
