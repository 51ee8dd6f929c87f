"""`bohn server` (issue #26): the games server for a group (net/server.py), its accounts'
administration, and the lobby process each SSH session runs (ui/lobby.py)."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

server_app = typer.Typer(
    help="A games server for a group: one SSH address, accounts by key, a lobby.",
    no_args_is_help=False,
    add_completion=False,
)
DataOption = Annotated[
    Path | None, typer.Option("--data", metavar="DIR", help="the data folder (its database)")
]
# (bohn host's too) the names besides addresses and localhost a browser may reach the web
# door by: a reverse proxy's public name; any other Host is refused (net/web.py: DNS rebinding)
WebHostOption = Annotated[
    list[str] | None,
    typer.Option("--web-host", metavar="NAME", help="a name the page is reached by (a proxy's)"),
]


def web_hosts(names: list[str] | None, web: int | None) -> tuple[str, ...]:
    """--web-host's names, checked (ValueError: given without --web, or not a host name);
    net/web.py (aiohttp) imported only when there are names."""
    if not names:
        return ()
    if web is None:
        raise ValueError("--web-host needs --web")
    from bohn_tui.net.web import host_names

    return host_names(names)


def _fail(message: str) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(1)


def _store(data: Path | None) -> Any:
    from bohn_tui.store import Store, StoreError

    if data is not None:
        os.environ["BOHN_DATA_DIR"] = str(data)  # the lobby and seat processes' too
    store = Store(data)
    try:
        store.open()
    except StoreError as e:
        _fail(str(e))
    return store


def _log(text: str) -> None:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
    sys.stderr.write(f"{stamp} {text}\n")
    sys.stderr.flush()


@server_app.callback(invoke_without_command=True)
def server(
    ctx: typer.Context,
    port: Annotated[int, typer.Option("--port", help="the SSH port (0: any free one)")] = 2222,
    bind: Annotated[str, typer.Option("--bind", metavar="ADDR", help="listen here")] = "127.0.0.1",
    data: DataOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="print one JSON line: the port and host key")
    ] = False,
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="seconds a bot move shows")] = 0.4,
    check: Annotated[float, typer.Option("--check-seconds", hidden=True)] = 5.0,  # for tests
    web: Annotated[
        int | None, typer.Option("--web", metavar="PORT", help="the lobby in browsers too")
    ] = None,
    web_host: WebHostOption = None,
    login_delay: Annotated[float, typer.Option("--login-delay", hidden=True)] = 1.0,  # tests
    # for tests: the server's clock this many seconds ahead (days passed: a person long awaited)
    clock_offset: Annotated[float, typer.Option("--clock-offset", hidden=True)] = 0.0,
) -> None:
    """Run the server: `ssh -p PORT NAME@HOST` lands in NAME's lobby (a new key is asked for
    a name). Subcommands: `accounts` (list, rename, remove-key, ban)."""
    if ctx.invoked_subcommand is not None:
        return
    import asyncio

    from bohn_tui.net.server import serve
    from bohn_tui.net.tables import Clock

    if not 0 <= port <= 65535:
        _fail("--port must be from 0 to 65535")
    if not 0 <= bot_delay <= 10:
        _fail("--bot-delay must be from 0 to 10 seconds")
    if web is not None and not 0 <= web <= 65535:
        _fail("--web must be from 0 to 65535")
    try:
        hosts = web_hosts(web_host, web)
    except ValueError as e:
        _fail(str(e))
    store = _store(data)
    page = None
    if web is not None:  # (a browser's lobby: net/web_server.py)
        from bohn_tui.net.web_server import ServerWebDoor

        page = ServerWebDoor(bind, web, max(0.0, login_delay), max(0.1, check))
        page.hosts = hosts

    def ready(door: Any) -> None:
        if as_json:
            info = {"port": door.port, "host_key": door.fingerprint, "pid": os.getpid()}
            typer.echo(json.dumps(info | ({"web": page.url()} if page else {})))
        else:
            typer.echo(f"bohn server on port {door.port}, host key {door.fingerprint}")
            typer.echo(f"  log in: ssh -p {door.port} NAME@{door.address}")
            if page is not None:
                typer.echo(f"  in a browser: {page.url()} (with a link code from a profile)")
        sys.stdout.flush()

    try:
        checks = max(0.1, check)
        clock = Clock()
        clock.move(max(0.0, min(clock_offset, 10 * 365 * 86400.0)))
        asyncio.run(serve(store, bind, port, ready, _log, bot_delay, None, checks, page, clock))
    except OSError as e:
        _fail(f"cannot serve: {e.strerror or e}")
    except KeyboardInterrupt:
        pass


@server_app.command()
def accounts(
    action: Annotated[str, typer.Argument(help="list, rename, remove-key or ban")] = "list",
    args: Annotated[list[str] | None, typer.Argument(help="NAME [NEW] or KEY-ID")] = None,
    data: DataOption = None,
) -> None:
    """The server's accounts: `list`; `rename NAME NEW`; `remove-key KEY-ID` (its first 8
    or more characters, as `list` shows them); `ban NAME` (the account and its keys)."""
    from bohn_tui.store import StoreError, ratings
    from bohn_tui.store import accounts as acc

    db = _store(data).db
    given = args or []
    need = {"list": 0, "rename": 2, "remove-key": 1, "ban": 1}
    if action not in need:
        _fail(f"unknown action {action!r}: list, rename, remove-key or ban")
    if len(given) != need[action]:
        _fail(f"`accounts {action}` takes {need[action]} argument(s)")
    try:
        if action == "rename":
            old = acc.by_name(db, given[0])
            if old is None:
                raise acc.AccountError(f"no account is called {given[0]!r}")
            new = acc.check_account_name(given[1])
            other = acc.by_name(db, new)
            if other is not None and other.id != old.id:
                raise acc.AccountError("that name is taken (names are the same in any case)")
            ratings.rename_account(db, old.name, new)  # its ratings follow it (or nothing)
            try:
                done = acc.rename(db, old.name, new)
            except acc.AccountError:
                ratings.rename_account(db, new, old.name)
                raise
            typer.echo(f"renamed to {done.name}")
        elif action == "remove-key":
            done = acc.remove_key(db, given[0])
            typer.echo(f"removed a key of {done.name}")
        elif action == "ban":
            done = acc.ban(db, given[0])
            typer.echo(f"banned {done.name} and its {done.keys} key(s)")
        else:
            for a in acc.accounts(db):
                keys = " ".join(k[:12] for k in acc.keys_of(db, a.id))
                typer.echo(f"{a.name}\t{'banned' if a.banned else 'active'}\tkeys: {keys}")
    except (acc.AccountError, StoreError) as e:
        _fail(str(e))


@server_app.command("lobby", hidden=True)
def lobby(
    sock_fd: Annotated[int, typer.Option("--sock-fd")],
    in_fd: Annotated[int, typer.Option("--in-fd")],
) -> None:
    """The lobby of one SSH session, started by the server: what to show comes on `in_fd`;
    requests and the person's last choice go on the socket `sock_fd` (one JSON line each)."""
    from bohn_tui.cli_lobby import STARTED_BY_SERVER, run_lobby

    if sock_fd < 3 or in_fd < 3:
        _fail(STARTED_BY_SERVER)
    from bohn_tui.net.orphan import end_with_parent

    end_with_parent()  # a server killed takes its lobbies with it
    status = run_lobby(sock_fd, in_fd)
    if status:
        raise typer.Exit(status)


__all__ = ["server_app"]
