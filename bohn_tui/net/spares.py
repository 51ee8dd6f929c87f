"""A door's session processes, started before their sessions (issue #26: a session's start
was a fresh Python importing Textual, 1-4 s; issue #25: without typer, lighter).

A door keeps `KEEP` idle processes of each kind it runs (`join`: a seat's table; `server`:
the lobby), each `python -m bohn_tui.spare KIND FD` started by exec (never a fork of the
door: a clean interpreter that holds nothing of the server, its host key or anyone's
secrets), which imports Textual and the app and waits on its end of a socket pair. A
session takes one (or, none being idle, starts one now) and hands it its pty's terminal
end and the command's descriptors over that socket (SCM_RIGHTS; the secret stays in its
pipe, never on a command line); the door starts the next one in the background. A
session that found none idle (a burst of logins) raises the kind's number to `BURST`,
started at once, until a minute goes by without another (issue #26: the second and third
logins of a burst started cold; a server that starts with running tables does so at once:
its people log in again). Each process runs one person's session and exits: one
process per person. The idle ones end with the door (net/orphan.py; `close` kills them)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import sys
from dataclasses import dataclass, field

from bohn_tui.net.ssh_session import DEFAULT_TERM

KEEP = 1  # idle processes kept ready per kind (each ~30 MB)
# the next one starts this long after a session took one: its imports (a second of a core)
# would otherwise compete with that session's first frame
REFILL_SECONDS = 1.5
# a burst of logins: when a session finds none idle, BURST of its kind are kept ready (started
# at once) until BURST_SECONDS have gone by without a session finding too few, then KEEP again
BURST = 3
BURST_SECONDS = 60.0


def child_env(term: str = DEFAULT_TERM) -> dict[str, str]:
    """The environment of a session's process: the door's, without a window size, with the
    session's TERM (a spare's is set again at its session) and a UTF-8 locale by default."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["TERM"] = term
    env.setdefault("LANG", "C.UTF-8")
    return env


@dataclass
class Spare:
    """One started process and the door's end of its socket."""

    proc: asyncio.subprocess.Process
    sock: socket.socket

    def hand(self, args: list[str], term: str, fds: list[int]) -> None:
        """Give the process its session: `fds[0]` its terminal, `fds[1:]` the descriptors
        `args` names. OSError when it cannot take it (it ended)."""
        job = {"args": args, "term": term, "fds": fds[1:]}
        try:
            socket.send_fds(self.sock, [json.dumps(job).encode() + b"\n"], fds)
        finally:
            self.sock.close()

    def drop(self) -> None:
        self.sock.close()
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()


@dataclass
class Spares:
    """The idle processes of one door, by kind: `keep` of each, `burst` during a burst of
    logins of that kind."""

    keep: int = KEEP
    burst: int = BURST
    idle: dict[str, list[Spare]] = field(default_factory=dict)
    starting: dict[str, int] = field(default_factory=dict)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    closed: bool = False
    raised: dict[str, float] = field(default_factory=dict)  # kind -> `burst` kept until (loop time)

    def target(self, kind: str) -> int:
        """How many idle processes of `kind` are kept now: `burst` during a burst of logins,
        else `keep`."""
        loop = asyncio.get_running_loop()
        return self.burst if self.raised.get(kind, 0.0) > loop.time() else self.keep

    def prepare(self, *kinds: str) -> None:
        """Start the idle processes of `kinds` (in the background)."""
        for kind in kinds:
            self._refill(kind)

    async def take(self, kind: str) -> Spare:
        """A process for a session of `kind`: an idle one, else one started now; OSError
        when none can start. The next idle one starts in the background, a little later."""
        spare = None
        waiting = self.idle.setdefault(kind, [])
        while waiting and spare is None:
            spare = waiting.pop(0)
            if spare.proc.returncode is not None:  # it ended (killed?): not this one
                spare.drop()
                spare = None
        loop = asyncio.get_running_loop()
        missed = spare is None
        if missed or (not waiting and kind in self.raised):
            self.raise_to_burst(kind)  # (none idle, or the last one taken during a burst)
        if spare is None:
            spare = await start(kind)
        if missed:  # the burst's later logins find them (at once: no first frame to spare)
            self._refill(kind)
        loop.call_later(REFILL_SECONDS, self._refill, kind)
        return spare

    def raise_to_burst(self, kind: str, start: bool = False) -> None:
        """A burst of `kind`'s sessions: `burst` of them kept ready until BURST_SECONDS pass
        without a session finding too few; with `start`, those missing started now (a
        server that starts with running tables: its people log in again, in a burst)."""
        loop = asyncio.get_running_loop()
        self.raised[kind] = loop.time() + BURST_SECONDS
        loop.call_later(BURST_SECONDS, self._calm, kind)
        if start:
            self._refill(kind)

    def _calm(self, kind: str) -> None:
        """A burst's time over without another: back to `keep` idle ones of `kind` (those
        over it end)."""
        if self.target(kind) > self.keep:
            return  # a later session found too few: its own call comes
        self.raised.pop(kind, None)
        waiting = self.idle.get(kind, [])
        while len(waiting) > self.keep:
            waiting.pop().drop()

    def _refill(self, kind: str) -> None:
        """Start as many of `kind` as are missing from its target now."""
        if self.closed:
            return
        have = len(self.idle.get(kind, ())) + self.starting.get(kind, 0)
        for _ in range(self.target(kind) - have):
            self.starting[kind] = self.starting.get(kind, 0) + 1
            task = asyncio.get_running_loop().create_task(self._one(kind))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _one(self, kind: str) -> None:
        try:
            spare = await start(kind)
        except OSError:
            return  # no process now: the next session starts its own
        finally:
            self.starting[kind] -= 1
        if self.closed:
            spare.drop()
        else:
            self.idle.setdefault(kind, []).append(spare)

    def close(self) -> None:
        """No more idle processes: those waiting are ended (one still starting is ended
        once it has started)."""
        self.closed = True
        for waiting in self.idle.values():
            for spare in waiting:
                spare.drop()
            waiting.clear()


async def start(kind: str) -> Spare:
    """A new process of `kind`, waiting for its session (OSError if it cannot start)."""
    mine, theirs = socket.socketpair()
    try:
        proc = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "bohn_tui.spare", kind, str(theirs.fileno())),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
            env=child_env(),
            start_new_session=True,  # its own session: the pty becomes its terminal
            pass_fds=(theirs.fileno(),),
        )
    except BaseException:
        mine.close()
        raise
    finally:
        theirs.close()
    return Spare(proc, mine)


__all__ = [
    "BURST",
    "BURST_SECONDS",
    "KEEP",
    "REFILL_SECONDS",
    "Spare",
    "Spares",
    "child_env",
    "start",
]
