"""A game's options on the command line, read by its spec's schema (engine/options.py):
`--option NAME=VALUE` (repeatable) and the shorthand flags the schema declares
(`--open-treasuries`), which typer hands over as the arguments it did not know (cli.py's
EXTRA context). Nothing here
names a game or an option; each command imports this once it knows its game."""

from __future__ import annotations

from typing import Any

from bohn_tui.engine.contract import GameSpec
from bohn_tui.engine.limits import show
from bohn_tui.engine.options import BOOL, DAY, by_flag, counts_words, read_options


def option_lines(spec: GameSpec, n: int | None = None) -> list[str]:
    """The game's options, one line each (`--option help`); only those for `n` players."""
    shown = [o for o in spec.options if n is None or o.applies(n)]
    if not shown:
        return [f"{spec.title} has no options"]
    return [f"Options of {spec.title} (--option NAME=VALUE):"] + [
        f"  {o.describe()}" for o in shown
    ]


def game_options(
    spec: GameSpec, pairs: list[str], extra: list[str], n: int | None, seed: Any
) -> tuple[dict[str, Any], Any]:
    """(options, seed): the options `--option NAME=VALUE` (`pairs`) and the shorthand flags
    among `extra` give for a game of `n` players. A DAY option's flag plays today's run: the
    option is today (UTC) and the seed the day's (given with --seed: refused). ValueError,
    one line, for anything the schema does not take; `--option help` prints the options and
    ends the command."""
    if any(p.strip() == "help" for p in pairs):
        import typer  # (not before: `bohn play` starts without it, cli_play.py)

        for line in option_lines(spec, n):
            typer.echo(line)
        raise typer.Exit(0)
    options = read_options(spec.options, pairs, spec.id, n)
    for arg in extra:
        if not arg.startswith("-"):
            raise ValueError(f"unexpected argument {show(arg)}")
        option = by_flag(spec.options, arg)
        if option is None:
            flags = ", ".join(o.flag for o in spec.options if o.flag and _fits(o, n))
            known = f"; its flags: {flags}" if flags else ""
            raise ValueError(f"unknown option {show(arg)} for {spec.id}{known}")
        if not _fits(option, n):
            raise ValueError(f"{option.flag} is for {counts_words(option.counts)}, not {n}")
        if option.name in options:
            raise ValueError(f"option {option.name} is given twice ({option.flag})")
        if option.type == BOOL:
            options[option.name] = True
        elif option.type == DAY:
            from bohn_tui.store.solo import daily_seed, today

            if seed is not None:
                raise ValueError(f"{option.flag} plays the day's seed: leave out --seed")
            day = today()
            seed = daily_seed(day)
            options[option.name] = day.isoformat()
    return options, seed


def _fits(option: Any, n: int | None) -> bool:
    return n is None or option.applies(n)
