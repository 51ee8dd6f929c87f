"""The `bohn` command's entry (`main`): `bohn play` read without typer (cli_play.py), every
other command by typer's app (cli_app.py, imported only then: issue #25). The app's names
(`app`, its commands and helpers) are read from cli_app.py as this module's."""

from __future__ import annotations

import sys
from typing import Any

# the commands whose first thing is the app (plain `bohn` is the menu's)
APP_COMMANDS = ("", "play", "resume", "solo", "join")


def main() -> None:
    argv = sys.argv[1:]
    if (argv or [""])[0] in APP_COMMANDS:
        import gc

        # no collections until the app's first frame (ui/app.py then freezes what the start
        # made and turns the collector on): the imports make hundreds of thousands of objects
        # that live as long as the process and some 1,500 of garbage, and collecting was
        # ~40 ms of `bohn play`'s CPU before its first frame (issue #25)
        gc.disable()
    if argv[:1] == ["play"]:
        from bohn_tui.cli_play import read_play, run_play

        words = read_play(argv[1:])
        if words is not None:
            run_play(words)
            return
    from bohn_tui.cli_app import app
    from bohn_tui.cli_start import asked

    try:
        asked(app, argv)()
    except KeyboardInterrupt:
        sys.exit(130)


def __getattr__(name: str) -> Any:
    """`bohn_tui.cli.app` and the rest of the typer app, as before (cli_app.py)."""
    from bohn_tui import cli_app

    try:
        return getattr(cli_app, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


if __name__ == "__main__":
    main()
