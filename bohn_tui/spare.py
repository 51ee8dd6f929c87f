"""A door's session process, started before the session (issues #25, #26): net/spares.py
starts `python -m bohn_tui.spare KIND FD` by exec (a clean interpreter: nothing of the
server's memory, no host key, no one's secrets), with /dev/null for its terminal and the
Unix socket FD its only inherited descriptor. It imports what KIND runs (`join`: a seat's
table; `server`: the lobby) while no one waits for it, then waits on FD for its one session:
a JSON line (the command's words, the session's TERM) and, passed with it (SCM_RIGHTS), the
pty's terminal end and the command's descriptors (the pipe with the invite code or what the
lobby shows, the lobby's socket). It makes the pty its terminal and runs that command, one
person's, once, then exits with the command's status: one process per person, as before.

Nothing here imports typer (1.3 MB of every seat's process): `bohn join --code-fd` and
`bohn server lobby` are read here (their words checked, any others refused). The process
ends with its door (net/orphan.py), waiting or not; a door that closes the socket ends it."""

from __future__ import annotations

import contextlib
import fcntl
import importlib
import json
import os
import socket
import sys
import termios
from pathlib import Path
from typing import Any

JOB_BYTES = 16 * 1024  # the job's line: a few words, a socket path
MAX_FDS = 4  # the terminal and at most three of the command's


# what every session's first frame imports besides (Textual's terminal driver, layouts,
# the app's screens and widgets): imported beforehand too, each if it is there
FIRST_FRAME = (
    "textual.drivers.linux_driver",
    "textual.pilot",
    "textual.scrollbar",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.widgets._label",
)
# by kind: the command's first word (`bohn join`, `bohn server lobby`)
SEAT = ("bohn_tui.cli_join", "bohn_tui.net.client", "bohn_tui.ui.app", "bohn_tui.ui.screens.table")
LOBBY = (
    "bohn_tui.cli_lobby",
    "bohn_tui.store",
    "bohn_tui.store.migrate",
    "bohn_tui.ui.lobby",
    "textual.widgets._footer",
)


def warm(kind: str) -> None:
    """Import what `kind` runs, before anyone waits for it (Textual and the app: most of a
    session's start). No game: a seat imports only the one it is played at, once it knows."""
    if kind == "join":
        from bohn_tui.cli_join import lean_seat

        lean_seat()
    for name in (*{"join": SEAT, "server": LOBBY}.get(kind, ()), *FIRST_FRAME):
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    from rich.cells import get_character_cell_size

    get_character_cell_size("\u4e2d")  # rich's table of character widths, read at first use


def receive(ctl: socket.socket) -> tuple[dict[str, Any], list[int]] | None:
    """The one job and its descriptors; None when the door closed the socket (or sent
    anything else: every descriptor that came is closed)."""
    try:
        data, fds, _flags, _addr = socket.recv_fds(ctl, JOB_BYTES, MAX_FDS)
    except OSError:
        return None
    try:
        job = json.loads(data) if data.endswith(b"\n") else None
    except ValueError:
        job = None
    named = job.get("fds") if isinstance(job, dict) else None
    if not isinstance(job, dict) or not isinstance(named, list) or len(fds) != 1 + len(named):
        for fd in fds:
            os.close(fd)
        return None
    return job, fds


def take_terminal(fd: int) -> None:
    """The pty's terminal end becomes fds 0, 1, 2 and this process's controlling terminal
    (it leads a session of its own since its start: a window change reaches it)."""
    for n in (0, 1, 2):
        os.dup2(fd, n)
    if fd > 2:
        os.close(fd)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def words(job: dict[str, Any], fds: list[int]) -> list[str]:
    """The command's words, each descriptor the door named (after a `--...-fd` option)
    replaced by the number it has here."""
    theirs = [str(fd) for fd in job.get("fds", ())]
    here = dict(zip(theirs, (str(fd) for fd in fds[1:]), strict=True))
    args = [str(a) for a in job.get("args", ())]
    return [
        here.get(a, "-1") if i and args[i - 1].endswith("-fd") else a for i, a in enumerate(args)
    ]


def run(args: list[str]) -> int:
    """`bohn join --socket PATH --code-fd N` or `bohn server lobby --sock-fd S --in-fd N`,
    as the cli runs them (without typer); 2 and a line for anything else."""
    if len(args) == 5 and [args[0], args[1], args[3]] == ["join", "--socket", "--code-fd"]:
        from bohn_tui.cli_join import failed, join_seat
        from bohn_tui.net.client import RemoteError, code_from_fd

        try:
            code = code_from_fd(int(args[4]))
        except (RemoteError, ValueError) as e:
            return failed(str(e))
        return join_seat(code, Path(args[2])) if code else failed("no invite code given")
    if len(args) == 6 and [*args[:3], args[4]] == ["server", "lobby", "--sock-fd", "--in-fd"]:
        from bohn_tui.cli_lobby import run_lobby

        return run_lobby(int(args[3]), int(args[5]))
    print("bohn: not a command a door runs", file=sys.stderr, flush=True)
    return 2


def main(argv: list[str]) -> int:
    if len(argv) != 3 or not argv[2].isdecimal() or int(argv[2]) < 3:
        print("bohn: a door starts this process", file=sys.stderr)
        return 2
    from bohn_tui.net.orphan import end_with_parent

    end_with_parent()  # a killed door takes its waiting (and running) processes with it
    warm(argv[1])
    with socket.socket(fileno=int(argv[2])) as ctl:
        got = receive(ctl)
    if got is None:
        return 0
    job, fds = got
    take_terminal(fds[0])
    term = job.get("term")
    if isinstance(term, str):
        os.environ["TERM"] = term
    try:
        return run(words(job, fds))
    except KeyboardInterrupt:  # as the cli's main
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv))
