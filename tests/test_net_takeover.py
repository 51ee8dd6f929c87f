"""Chat lines that survive an undo, and the notice a seat gets when a bot's move could not
be saved (issue #14): real host processes, as in test_net_host.py."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import test_net_host as net
from test_net_host import Hosted, Peer, alive, joined

from bohn_tui.net import protocol as p
from bohn_tui.net.client import RemoteClient
from bohn_tui.play.session import Session, SessionError
from bohn_tui.store import Store

start = net.start  # the fixture: a real `bohn host` process


def plain(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The first legal action that is not an offer (a game that moves on)."""
    return next((a for a in legal if not a["type"].startswith("offer")), legal[0])


async def play_until(peer: Peer, state: dict[str, Any], seat: int, done: Callable[..., bool]):
    """Let `peer` (at `seat`) play its first plain action whenever it is asked, until a
    state passes `done`; that state."""
    rid = 1000
    while not done(state):
        if seat in state["waiting_for"] and state["legal"] and not state["busy"]:
            rid += 1
            await peer.send(p.act(rid, plain(state["legal"])))
        state = await peer.until("state")
    return state


def texts(state: dict[str, Any]) -> list[str]:
    return [ln["text"] for ln in state["log"]]


def test_chat_survives_an_undo_in_its_place(start: Callable[..., Hosted]) -> None:
    h = start()

    async def main() -> None:
        ana, _, a0 = await joined(h.path, h.codes["Ana"])
        await ana.send(p.chat("before"))
        await ana.until("state", lambda m: "Ana: before" in texts(m))
        assert await ana.act(1, a0["legal"][0]) is None
        await ana.until("state", lambda m: m["version"] == a0["version"] + 1)
        await ana.send(p.chat("after"))
        await ana.until("state", lambda m: "Ana: after" in texts(m))
        await ana.send(p.undo(2))
        assert (await ana.until("result", lambda m: m["id"] == 2))["error"] is None
        st = await ana.until("state", lambda m: m["version"] == a0["version"] + 2)
        assert st["log_from"] == 0
        log = texts(st)
        assert log[: len(a0["log"])] == texts(a0)  # the game's lines before the chat
        assert log[len(a0["log"]) :] == ["Ana: before", "Ana: after", log[-1]]
        assert "took back" in log[-1]
        await ana.close()

    asyncio.run(main())
    alive(h)


class _NoUndo:
    """A store whose undo cannot be written."""

    def append(self, save_id: str, session: Any) -> None:
        pass

    def pop(self, save_id: str, session: Any) -> None:
        raise OSError("disk full")


def test_kept_lines_across_undo_and_a_failed_undo() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben"], seed=3)
    s.store = _NoUndo()
    first = len(s.log)
    s.keep_line("Ana: zero", 0)
    s.apply(s.legal(0)[0])
    s.keep_line("Ben: one", 1)
    second = len(s.log)
    s.apply(s.legal(0)[0])
    s.keep_line("Ana: two", 0)
    before = [ln.text for ln in s.log]
    assert s.can_undo()
    try:
        s.undo()
    except SessionError:
        pass
    else:
        raise AssertionError("the undo was saved")
    assert [ln.text for ln in s.log] == before  # a failed undo changes nothing
    s.log.append(s.log[0].__class__("noise", 9))  # a replay rebuilds the log
    s._replay()
    assert [ln.text for ln in s.log] == before
    s.store = None
    s.undo()  # the line said after the second action goes after the first one now
    got = [ln.text for ln in s.log]
    assert got[:second] == before[:second]
    assert got[second:] == ["Ana: two", got[-1]] and "took back" in got[-1]
    assert got[first] == "Ana: zero"
    s.apply(s.legal(0)[0])  # and stays before the action made in place of the one undone
    got = [ln.text for ln in s.log]
    assert got.index("Ana: two") == second and len(got) > second + 1
    assert all(line.seat in (0, 1) for _, line in s.kept)


def test_a_bot_move_that_cannot_be_saved_is_a_notice_to_the_seats(
    start: Callable[..., Hosted],
) -> None:
    h = start("Ana,bot:random,Ben", "--bot-delay", "0.4")

    async def main() -> None:
        ben = RemoteClient(h.codes["Ben"], Path(h.path))
        await ben.connect()
        ana, welcome, a = await joined(h.path, h.codes["Ana"])
        a = await play_until(ana, a, 0, lambda m: m["decider"] == 1 and m["busy"])
        Store(h.data).delete(welcome["save_id"])  # while the bot waits between two moves
        notice = await ana.until("notice")
        assert "changed or deleted elsewhere" in notice["text"], notice
        assert len(notice["text"]) <= p.NOTICE
        for _ in range(100):
            error = ben.take_error()
            if error is not None:
                break
            await asyncio.sleep(0.02)
        assert error == notice["text"] and ben.take_error() is None  # once
        assert ben.connection is None  # a notice closes nothing
        ben.stop()
        await ana.close()

    asyncio.run(main())
    alive(h)
