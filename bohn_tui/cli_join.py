"""The seat's table of `bohn join` (cli.py's `join` command, and a door's seat process:
spare.py): connect to the host, then run the app for that seat until the person leaves or
the hosting ends. Imported only by these, after the invite code is read; nothing here
imports typer (a door's seat process runs without it: issue #25)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HOST_ENDED = "the host ended the game; it is saved"


def without_tls() -> None:
    """A seat speaks to its host over a Unix socket, never TLS: asyncio without ssl (OpenSSL
    is ~4 MB of every SSH session's process; asyncio takes a missing ssl as no TLS). Called
    before anything imports asyncio."""
    sys.modules.setdefault("ssl", None)  # type: ignore[arg-type]


def lean_seat() -> None:
    """What a seat's process does before it imports anything else: no TLS, and the lean
    imports of bohn_tui/lean.py (issue #25). Called again: nothing more happens."""
    without_tls()
    from bohn_tui.lean import lean_imports

    lean_imports()


def join_seat(code: str, socket: Path | None) -> int:
    """`bohn join`'s seat for `code` until it ends: the exit status (1 with one line on
    stderr when it could not connect or the table stopped)."""
    lean_seat()
    import asyncio

    from bohn_tui.net.client import RemoteClient, RemoteError

    try:
        client = RemoteClient(code, socket)
    except RemoteError as e:
        return failed(str(e))
    why = asyncio.run(run_seat(client))
    if why:
        return failed(why)
    if client.host_closed:  # the hosting ended: the table closed by itself
        print(HOST_ENDED, flush=True)
    elif client.connection:  # why the connection ended while the table was open
        print(client.connection, file=sys.stderr, flush=True)
    return 0


def failed(message: str) -> int:
    """One line on stderr (clipped, as the cli's) and the status 1."""
    from bohn_tui.engine.limits import clip

    print(clip(message), file=sys.stderr, flush=True)
    return 1


async def run_seat(client: Any) -> str | None:
    """Connect `client`, then run its table until the person leaves or the hosting ends;
    the reason (one line) when it cannot connect."""
    from bohn_tui.net.client import RemoteError

    try:
        await client.connect()
    except RemoteError as e:
        return str(e)
    from bohn_tui.ui.app import BohnApp

    if client.host_closed:  # before the table could open
        client.stop()
        return None
    ui = BohnApp(remote=client, seat=client.seat)  # no store: nothing is saved here

    def host_ended() -> None:
        # the hosting ended, or the seat went on elsewhere: nothing is left to play here,
        # and an ssh session's process ends with it (its place at the door is free again)
        if client.host_closed or client.taken_over:
            ui.exit()  # the terminal is restored as when the person leaves

    client.subscribe(host_ended)
    try:
        await ui.run_async()
    except Exception as e:  # noqa: BLE001 - the table's end is one line, never a traceback
        return ui.start_error or f"the table stopped: {type(e).__name__}"
    finally:
        client.stop()
    if ui.return_code and not ui.start_error:  # a crash of the app (its traceback printed)
        return "the table stopped after an error"
    return ui.start_error
