"""The lobby process of one SSH session of `bohn server` (cli_server.py's hidden `server
lobby` command, and a door's pre-started process: spare.py): what to show comes on an
inherited pipe; requests and the person's last choice go on an inherited socket (one JSON
line each way). Nothing here imports typer."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from typing import Any

STARTED_BY_SERVER = "the lobby is started by `bohn server`"


def _read_fd(fd: int, limit: int = 64 * 1024) -> bytes:
    data = b""
    while len(data) <= limit:
        chunk = os.read(fd, limit)
        if not chunk:
            break
        data += chunk
    os.close(fd)
    return data


def run_lobby(sock_fd: int, in_fd: int) -> int:
    """Run the lobby until the person leaves it; their choice goes to the server. The exit
    status (1 with one line on stderr when it was not started by the server)."""
    if sock_fd < 3 or in_fd < 3:
        return _failed()
    try:
        shown = json.loads(_read_fd(in_fd).decode())
        channel = socket.socket(fileno=sock_fd).makefile("rwb")
    except (OSError, ValueError):
        return _failed()
    from bohn_tui.store import Store
    from bohn_tui.ui.lobby import LobbyApp

    def send(msg: dict[str, Any]) -> None:
        channel.write(json.dumps(msg).encode() + b"\n")
        channel.flush()

    def ask(msg: dict[str, Any]) -> dict[str, Any]:
        try:
            send(msg)
            reply = json.loads(channel.readline(64 * 1024))
        except (OSError, ValueError):
            return {"note": "the server did not answer"}
        return reply if isinstance(reply, dict) else {"note": "?"}

    choice = LobbyApp(Store(), shown, ask).run() or {}
    with contextlib.suppress(OSError):
        send({"do": "leave"} | choice)
    return 0


def _failed() -> int:
    print(STARTED_BY_SERVER, file=sys.stderr, flush=True)
    return 1


__all__ = ["STARTED_BY_SERVER", "run_lobby"]
