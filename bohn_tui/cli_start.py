"""What `bohn`'s main runs of the cli (issue #25): typer makes the click command of every
command and option at each start (~30 ms, a sixth of `bohn play`'s own CPU before its first
frame), and the one command asked for is ~2 ms."""

from __future__ import annotations

from copy import copy
from typing import Any

import typer
from typer.main import get_command_name


def asked(app: typer.Typer, argv: list[str]) -> typer.Typer:
    """`app` with only the command `argv` starts with. Anything else (no command, an option
    first, a group such as `bohn server`, a word that is no command) gets the whole app:
    its help, its list of commands, its "No such command"."""

    def name(command: Any) -> str:  # as typer names it
        return command.name or get_command_name(getattr(command.callback, "__name__", ""))

    word = argv[0] if argv else ""
    mine = [c for c in app.registered_commands if name(c) == word]
    if len(mine) != 1:
        return app
    one = copy(app)  # the same callback (plain `bohn`) and settings, the one command
    one.registered_commands, one.registered_groups = mine, []
    return one
