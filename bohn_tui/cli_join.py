"""The seat's table of `bohn join` (cli.py's `join` command, and a door's seat process:
spare.py): connect to the host, then run the app for that seat until the person leaves or
the hosting ends. Imported only by these, after the invite code is read; nothing here
imports typer (a door's seat process runs without it: issue #25)."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

HOST_ENDED = "the host ended the game; it is saved"

# modules Textual imports as it starts and uses only to deliver a file (a screenshot saved:
# `App.deliver_binary`), for a toast's identity, or for a stylesheet's error message: a seat
# uses none of them before its first toast, and platformdirs alone imports tempfile, shutil
# and its archives' bz2 and lzma (~1.6 MiB of each seat's process in all: benchmarks/README.md).
# Each is a stand-in (`Deferred`) until its first use, which imports the real module: the
# same behaviour. A name Textual takes out of one as it starts is listed: "uuid4", a
# function (a forwarder to the real one, which imports the module at its first call), or
# "IgnoreReturnCallbackType=textual._types", an object the module re-exports from there
# (given at once: the same object).
DEFERRED = {
    "platformdirs": ("user_downloads_path",),
    "uuid": ("uuid4",),  # a toast's identity (textual.notifications)
    "mimetypes": (),
    "difflib": ("get_close_matches",),  # a stylesheet's "did you mean" (textual.suggestions)
    "bz2": (),  # shutil's (Textual's driver asks it the terminal's size): for its archives
    "lzma": (),
    "locale": (),  # subprocess's (asyncio imports it): a text-mode child's encoding
    "asyncio.sslproto": (),  # TLS, which a seat never speaks (without_tls)
    # Textual's re-exports for its documentation: with them the tree, directory tree,
    # select and placeholder widgets, none of them a seat's; the command palette takes one
    "textual.types": ("IgnoreReturnCallbackType=textual._types",),
}


def without_tls() -> None:
    """A seat speaks to its host over a Unix socket, never TLS: asyncio without ssl (OpenSSL
    is ~4 MB of every SSH session's process; asyncio takes a missing ssl as no TLS). Called
    before anything imports asyncio."""
    sys.modules.setdefault("ssl", None)  # type: ignore[arg-type]


class Deferred(types.ModuleType):
    """A module's stand-in in sys.modules until its first use: reading any other of its
    names imports the real module (which replaces the stand-in in sys.modules) and gives
    back the real one's. A package's stand-in has its `__path__` (a submodule is found)."""

    __homes__: dict[str, str]  # the names it re-exports: where each is from

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)  # what an import or a scan of sys.modules asks
        home = self.__dict__.get("__homes__", {}).get(name)
        if home is not None:
            return getattr(importlib.import_module(home), name)
        return getattr(real_module(self.__name__), name)


def real_module(name: str) -> types.ModuleType:
    """The module `name`, imported now if only its stand-in was there."""
    if isinstance(sys.modules.get(name), Deferred):
        sys.modules.pop(name, None)
    return importlib.import_module(name)


def defer(name: str, names: tuple[str, ...] = ()) -> None:
    """Put a stand-in for the module `name` in sys.modules, unless it is imported already;
    each of `names` is there at once: a forwarder to the real module's function, or
    ("NAME=MODULE") the object the real module re-exports from MODULE."""
    if name in sys.modules:
        return
    found = spec_of(name)
    if found is None:
        return
    stand_in = Deferred(name)
    stand_in.__spec__ = found  # importlib.util.find_spec(name) finds it as before
    if found.submodule_search_locations is not None:
        stand_in.__path__ = list(found.submodule_search_locations)
    stand_in.__homes__ = dict(n.split("=", 1) for n in names if "=" in n)
    for function in (n for n in names if "=" not in n):

        def forward(*args: Any, _name: str = function, **kwargs: Any) -> Any:
            return getattr(real_module(name), _name)(*args, **kwargs)

        forward.__name__ = forward.__qualname__ = function
        setattr(stand_in, function, forward)
    sys.modules[name] = stand_in


def spec_of(name: str) -> importlib.machinery.ModuleSpec | None:
    """Where the module `name` is, without importing it or its packages (find_spec imports
    a submodule's package: asyncio for asyncio.sslproto, which imports that at once)."""
    package, _, _ = name.rpartition(".")
    if not package:
        return importlib.util.find_spec(name)
    above = sys.modules.get(package)
    where = getattr(above, "__path__", None) if above is not None else None
    if where is None:
        up = spec_of(package)
        where = up.submodule_search_locations if up is not None else None
    return None if where is None else importlib.machinery.PathFinder.find_spec(name, where)


def lean_seat() -> None:
    """What a seat's process does before it imports anything else: no TLS, and the
    modules it never uses deferred (DEFERRED). Called again: nothing more happens."""
    without_tls()
    for name, names in DEFERRED.items():
        defer(name, names)


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
