"""`bohn play` without typer (issue #25): typer and click are ~56 M instructions of `bohn
play`'s start (6% of the empty Textual app's to its first frame), so cli.py's `main` reads
the play command's words here (`read_play`) and plays (`play_game`), as typer would, and
gives every argv this does not read as typer does (its help, its usage errors, `--`, shell
completion) to typer, which says what it says. tests/test_cli_play.py holds the two to
the same reading of the same argv.

Also here, typer-free: what the commands of cli_app.py share on the way to a game (one
line and code 1 for a bad word, the game's options, running the app); typer is imported
only to say a failure (its `echo`, its `Exit`, as before)."""

from __future__ import annotations

import os
import sys
from typing import Any, NoReturn

# `bohn play`'s options that take a value, and typer's defaults (cli_app.py's `play`)
PLAY_OPTIONS = ("--players", "--seed", "--option", "--bot-delay")
DEFAULT_PLAYERS = "Ana,Ben,bot:standard"
DEFAULT_BOT_DELAY = 0.4


class PlayWords:
    """What `bohn play`'s words say: the game named (None: none) and the words typer did
    not know (a game's shorthand flags), the options' values (`option`: None if none). (A
    plain class: a NamedTuple or a dataclass costs more to make than `bohn play --help`
    spends in this module.)"""

    __slots__ = ("named", "flags", "players", "seed", "option", "bot_delay")

    def __init__(
        self,
        named: str | None,
        flags: list[str],
        players: str = DEFAULT_PLAYERS,
        seed: str | None = None,
        option: list[str] | None = None,
        bot_delay: float = DEFAULT_BOT_DELAY,
    ) -> None:
        self.named, self.flags, self.players = named, flags, players
        self.seed, self.option, self.bot_delay = seed, option, bot_delay

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayWords) and self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # (mutable lists inside)

    def __repr__(self) -> str:
        return f"PlayWords{self._values()!r}"


def read_play(words: list[str]) -> PlayWords | None:
    """`bohn play`'s words (those after `play`) as typer reads them (click's parser: an
    option's value attached with `=` or the next word, whatever it is; the last of an option
    given twice; unknown options and other words in order, the first of them the game), or
    None for anything else, read by typer: `--help`, `--`, an option without its value, a
    --bot-delay that is no number, no game, shell completion asked for."""
    if any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ):
        return None
    values: dict[str, str] = {}
    pairs: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        name, eq, value = word.partition("=")
        if word == "--" or name == "--help":
            return None
        if name not in PLAY_OPTIONS:
            rest.append(word)  # a word, or an option typer does not know: its own order
            continue
        if not eq:
            if i == len(words):
                return None
            value = words[i]
            i += 1
        if name == "--option":
            pairs.append(value)
        else:
            values[name] = value
    if not rest:
        return None
    try:
        delay = float(values.get("--bot-delay", DEFAULT_BOT_DELAY))  # as click converts
    except ValueError:
        return None
    named, flags = game_and_flags(rest)
    players = values.get("--players", DEFAULT_PLAYERS)
    return PlayWords(named, flags, players, values.get("--seed"), pairs or None, delay)


def game_and_flags(given: list[str]) -> tuple[str | None, list[str]]:
    """The game and the words typer did not know (a game's shorthand flags), of the game
    argument and the extra words in their order: a flag before the game, or in the place of
    an optional one, came as the argument."""
    first = next((a for a in given if not a.startswith("-")), None)
    return first, [a for a in given if a is not first]  # what else: cli_options reads it


def run_play(words: PlayWords) -> None:
    """`play_game` as typer runs a command: its Exit's code, 130 for ctrl+c."""
    try:
        play_game(words)
    except Exception as e:  # a failure said its line (fail), and raised typer's Exit
        typer: Any = sys.modules.get("typer")  # (imported by then: not before, not here)
        if typer is None or not isinstance(e, typer.Exit):
            raise
        sys.exit(e.exit_code)
    except KeyboardInterrupt:
        sys.exit(130)
    except EOFError:  # as typer says it
        import typer

        typer.echo(err=True)
        typer.echo("Aborted!", err=True)
        sys.exit(1)


def play_game(words: PlayWords) -> None:
    """`bohn play`: a hot-seat game at this terminal."""
    from bohn_tui.play.players import NewGame, SessionError, parse_seats, parse_seed

    game = game_id(words.named or "")
    try:
        names, bots = parse_seats(game, words.players)
        first = parse_seed(words.seed)
    except SessionError as e:
        fail(str(e))
    options, first = game_options(game, words.option, words.flags, len(names), first)
    # the game is made by the app after its first frame (the rules are not loaded before);
    # a game that cannot start anyway (its rules refuse the setup) ends the app at once
    # with the error, and this command with code 1
    new = NewGame(game, names, bots, first, options)
    from bohn_tui.ui.app import BohnApp

    # the store too is opened by the app after its first frame (a database that cannot be
    # opened ends it, and this command, with its line and code 1; what the first start read
    # in of an earlier version's files is said when the app ends: issue #25)
    run_app(BohnApp(None, new, words.bot_delay), notice=True)


def fail(message: str, code: int = 1) -> NoReturn:
    """Say `message` (one line, cut to the limits) on stderr and end the command with `code`."""
    import typer

    from bohn_tui.engine.limits import clip

    typer.echo(clip(message), err=True)
    raise typer.Exit(code)


def game_id(name: str) -> str:
    """The game id `name` means (any case, umlauts or not); one line and code 1 if none."""
    from bohn_tui.games import UnknownGame, find

    try:
        return find(name)
    except UnknownGame as e:
        fail(str(e))


def game_options(
    game: str, pairs: list[str] | None, flags: list[str], n: int | None, seed: Any = None
) -> tuple[dict[str, Any], Any]:
    """(options, seed) of `--option` and the game's shorthand `flags`; one line and code 1
    for anything its schema does not take (`--option help` lists them and ends)."""
    from bohn_tui.cli_options import game_options as read
    from bohn_tui.games import spec

    try:
        return read(spec(game), list(pairs or []), flags, n, seed)
    except ValueError as e:
        fail(str(e))


def run_app(ui: Any, notice: bool = False) -> None:
    """Run the app `ui`; what it kept for the command (`start_error`: a game that cannot
    start) ends the command with that line and code 1, and so does a crash (Textual prints
    its traceback and sets the app's return code to 1): never exit status 0 after a
    traceback. `notice`: the app opened the store itself, and what its opening read in of an
    earlier version's files is said now (stderr, before any error line)."""
    ui.run()
    store = ui.opened_store if notice else None
    if store is not None and store.notice:
        import typer

        typer.echo(store.notice, err=True)
    if ui.start_error:
        fail(ui.start_error)
    if ui.return_code:
        import typer

        raise typer.Exit(ui.return_code)
