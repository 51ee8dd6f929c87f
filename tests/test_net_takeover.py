"""Chat lines that survive an undo (issue #14): a real host process, as in test_net_host.py."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import test_net_host as net
from test_net_host import Hosted, alive, joined

from bohn_tui.net import protocol as p
from bohn_tui.play.session import Session, SessionError

start = net.start  # the fixture: a real `bohn host` process


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
