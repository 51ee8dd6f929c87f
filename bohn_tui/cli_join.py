"""The seat's table of `bohn join` (cli.py's `join` command): connect to the host, then run
the app for that seat until the person leaves or the hosting ends. Imported only by that
command, after it has read the invite code."""

from __future__ import annotations

from typing import Any


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
