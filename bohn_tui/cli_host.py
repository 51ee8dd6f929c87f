"""What `bohn host` opens and prints (cli.py's `host` command): the session it serves and
its invites. Imported only by that command."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

SEED_KNOWN = "--seed: anyone who knows the seed can see every hand and every card to come"
SEED_SHORT = (
    "this game's seed was not drawn for hosting: a player could find it from the cards "
    "they see, and with it every hand"
)


def host_session(
    store: Any,
    game: str | None,
    players: str,
    seed: str | None,
    resume: str | None,
    options: Callable[[int], dict[str, Any]] = lambda n: {},
) -> Any:
    """The session `bohn host` serves: a new game of `game` (an id; saved at once) with the
    `options(n)` for its n players, or the saved game `resume`. A ValueError's message is
    the one line why it cannot."""
    from bohn_tui.play.players import (
        SECURE_SEED_BITS,
        NewGame,
        SessionError,
        parse_seats,
        parse_seed,
        secure_seed,
    )
    from bohn_tui.play.session import Session
    from bohn_tui.store import StoreError

    try:
        if resume is not None:
            session = Session.load(store, store.find(resume))
            if session.over:
                raise ValueError(f"the saved game {resume!r} is over already")
            if session.record.seed.bit_length() <= SECURE_SEED_BITS:
                typer.echo(SEED_SHORT, err=True)
            return session
        if game is None:
            raise ValueError("name the game to host (or --resume SAVE)")
        names, bots = parse_seats(game, players)
        first = parse_seed(seed)
        if first is not None:
            typer.echo(SEED_KNOWN, err=True)
        chosen = options(len(names))
        new = NewGame(game, names, bots, secure_seed() if first is None else first, chosen)
        return Session.start(new, store=store)
    except (StoreError, SessionError) as e:
        raise ValueError(str(e)) from None


def front_doors(
    bind: str | None,
    port: int | None,
    web: int | None,
    root: Path,
    login_delay: float,
    hosts: tuple[str, ...] = (),
) -> tuple[Any, Any, Any]:
    """The SSH door (--port; on 0.0.0.0 unless --bind), the web door (--web; on 127.0.0.1
    unless --bind; answering for `hosts` too, --web-host's names) and the one door serve()
    takes for both (each None when not asked)."""
    ssh = web_door = None
    if port is not None:
        from bohn_tui.net.ssh import Door

        ssh = Door("0.0.0.0" if bind is None else bind, port, root)
    if web is None:
        return ssh, None, ssh
    from bohn_tui.net.web import Doors, WebDoor

    keys = ssh.keys if ssh is not None else {}  # a seat bound to an SSH key stays so
    web_door = WebDoor("127.0.0.1" if bind is None else bind, web, None, login_delay)
    web_door.bound = lambda seat: seat in keys
    web_door.hosts = hosts
    return ssh, web_door, Doors(ssh, web_door)


def host_invites(
    host: Any, door: Any, path: Path, custom: bool, as_json: bool, web: Any = None
) -> None:
    """What `bohn host` prints once it listens: one JSON line, or each seat's invite (by
    ssh too with a `door`, ssh.py's; the page's address with `web`, web.py's door)."""
    names = host.client.names
    # the command to run, the code typed at its prompt (never on a command line: `ps`)
    join = f"bohn join --socket {path}" if custom else "bohn join"

    def invite(code: str) -> dict[str, str]:
        out = {"join": join}
        if door is not None:
            out["ssh"] = door.invite(code)
        return out

    seats = [{"seat": s, "name": names[s], "code": c} | invite(c) for s, c in host.codes.items()]
    spectator = invite(host.spectator_code)
    if as_json:
        out = {"socket": str(path), "host": host.host_id, "seats": seats}
        out |= {"spectator": host.spectator_code, "pid": os.getpid()}
        out |= {f"spectator_{k}": v for k, v in spectator.items()}
        if door is not None:
            out |= {"port": door.port, "host_key": door.fingerprint}
        if web is not None:
            out |= {"web": web.url()}
        typer.echo(json.dumps(out))
        sys.stdout.flush()
        return
    typer.echo(f"Hosting {host.client.title} ({host.client.save_id}) on {path}")
    if door is not None:
        typer.echo(f"SSH on port {door.port}, host key {door.fingerprint}")
    if web is not None:
        typer.echo(f"In a browser: {web.url()} (the page asks for the invite code)")
    for row in [*seats, {"name": "spectators", "code": host.spectator_code} | spectator]:
        here = f"{row['join']}  (code: {row['code']})"
        ways = "  or  ".join([row["ssh"], here] if "ssh" in row else [here])
        typer.echo(f"  {row['name']}: {ways}")
    typer.echo("Ctrl+C ends the hosting (the game stays saved).")
    sys.stdout.flush()
