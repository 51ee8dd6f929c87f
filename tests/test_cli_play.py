"""`bohn play` read without typer (cli_play.py, issue #25): for the same argv, what
`read_play` reads is what typer's `play` command hands on (every option, a game's flags,
words in any order), anything else (help, usage errors) goes to typer, and a failure after
the words are read says, byte for byte and with the same code, what typer's path says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bohn_tui import cli_play
from bohn_tui.cli_app import app

ROOT = Path(__file__).resolve().parent.parent

READ = [
    ["bohnanza"],
    ["Bohnanza", "--players", "Ana,Ben"],
    ["--players=Ana,Ben", "dahlias", "--seed", "3"],
    ["bohnanza", "--option", "a=1", "--option=b=2", "--option", "help"],
    ["--open-treasuries", "excalibohn", "--players", "A,B,C"],
    ["excalibohn", "--open-treasuries", "-x", "--bot-delay", "0"],
    ["bohnanza", "--bot-delay", " 1_0 "],
    ["bohnanza", "--bot-delay=inf"],
    ["--seed", "--players", "bohnanza"],  # an option's value is the next word, whatever
    ["bohnanza", "--players", "--help"],
    ["bohnanza", "extra", "words"],
    ["-", "bohnanza"],
    ["bohnanza", "--seed", "1", "--seed", "2", "--players", "X", "--players=Y,Z"],
    ["bohnanza", "--players="],
    ["nosuch", "--unknown=3", "---x", "-players", "y", "-ab=c"],
]
TYPER_READS = [
    [],
    ["--help"],
    ["bohnanza", "--help"],
    ["bohnanza", "--help=1"],
    ["--players", "A,B"],  # no game
    ["bohnanza", "--players"],  # no value
    ["bohnanza", "--bot-delay", "soon"],
    ["--", "bohnanza"],
    ["bohnanza", "--", "--players"],
]


def _typer_reads(args: list[str], monkeypatch: pytest.MonkeyPatch) -> cli_play.PlayWords:
    handed: list[cli_play.PlayWords] = []
    monkeypatch.setattr(cli_play, "play_game", handed.append)
    out = CliRunner().invoke(app, ["play", *args])
    assert out.exit_code == 0, out.output
    [words] = handed
    return words


@pytest.mark.parametrize("args", READ)
def test_read_play_reads_what_typer_reads(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli_play.read_play(args) == _typer_reads(args, monkeypatch)


@pytest.mark.parametrize("args", TYPER_READS)
def test_what_read_play_does_not_read_goes_to_typer(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli_play.read_play(args) is None
    handed: list[cli_play.PlayWords] = []
    monkeypatch.setattr(cli_play, "play_game", handed.append)
    out = CliRunner().invoke(app, ["play", *args])
    # its help, its usage error, or (after `--`) its own reading
    assert (out.exit_code, bool(out.output)) in ((0, True), (2, True)) or handed


def test_shell_completion_goes_to_typer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_BOHN_COMPLETE", "bash_source")
    assert cli_play.read_play(["bohnanza"]) is None


def _run(code: str, args: list[str]) -> tuple[int, str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100")
    out = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=60
    )
    return out.returncode, out.stdout, out.stderr


MAIN = "import sys; sys.argv[0] = 'bohn'; from bohn_tui.cli import main; main()"
TYPER = (
    "import sys; sys.argv[0] = 'bohn'; from bohn_tui.cli_app import app;"
    "from bohn_tui.cli_start import asked; asked(app, sys.argv[1:])()"
)


@pytest.mark.parametrize(
    "args",
    [
        ["nosuch"],
        ["bohnanza", "--players", "Ana,bot:nosuch"],
        ["bohnanza", "--seed", "x"],
        ["bohnanza", "--option", "help"],
        ["bohnanza", "--no-such-flag"],
        ["excalibohn", "--option", "nosuch=1"],
    ],
)
def test_a_failure_says_what_typer_says(args: list[str]) -> None:
    mine = _run(MAIN, ["play", *args])
    assert mine == _run(TYPER, ["play", *args]) and (mine[1] or mine[2])


def test_bohn_play_starts_without_typer() -> None:
    code = (
        "import sys; from bohn_tui import cli, cli_play;"
        "cli_play.play_game = lambda w: print(w, 'typer' in sys.modules, 'click' in sys.modules);"
        "cli.main()"
    )
    status, out, err = _run(code, ["play", "bohnanza", "--seed", "3"])
    assert (status, err) == (0, "") and out.endswith(" False False\n"), out
