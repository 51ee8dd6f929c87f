"""`bohn host --takeover` (a bot plays a seat that is away, and gives it back), chat lines
that survive an undo, and the notice a seat gets when a bot's move could not be saved (issue
#14): real host processes, as in test_net_host.py."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import test_net_host as net
from helpers.ui import until
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


def test_takeover_plays_an_away_seat_and_gives_it_back(start: Callable[..., Hosted]) -> None:
    h = start("Ana,Ben,bot:random", "--takeover", "1", "--bot-delay", "0.3")
    measured: dict[str, float] = {}

    async def main() -> None:
        ana, welcome, a = await joined(h.path, h.codes["Ana"])
        assert welcome["standin"] == [] and a["standin"] == []
        ben, _, b = await joined(h.path, h.codes["Ben"])
        # Ana plays her turn; Ben leaves when his own turn has come
        a = await play_until(ana, a, 0, lambda m: m["decider"] == 1 and not m["busy"])
        b = await ben.until("state", lambda m: m["version"] == a["version"])
        assert b["legal"] and b["standin"] == []
        await ben.close()
        left = time.monotonic()
        a = await ana.until("state", lambda m: m["standin"] == [1])
        measured["takeover after"] = time.monotonic() - left
        assert "Ben is away: a computer player plays for Ben." in texts(a)[-1]
        assert a["away"] == [1] and a["next_human"] != 1
        # the bot moves Ben's turn on; Ben comes back in the middle of it
        a = await ana.until("state", lambda m: m["version"] > b["version"])
        moved = [t for t in texts(a) if t.startswith("Ben ") and "away" not in t]
        assert moved, texts(a)  # a move of his seat, by the bot
        ben, welcome, b = await joined(h.path, h.codes["Ben"])
        back = time.monotonic()
        assert welcome["standin"] == [] and b["standin"] == []
        assert any("Ben is back" in t for t in texts(b))
        measured["his turn still"] = b["decider"] == 1
        if b["decider"] == 1:  # his turn still: his legal actions are his again, and no
            assert b["legal"] and not b["can_undo"]  # bot acts for him any more (and he
            # cannot take back the bot's move)
            await asyncio.sleep(0.8)
            await ana.send(p.ping())
            await ana.until("pong")
            last = [m for m in ana.backlog if m["t"] == "state"]
            assert all(m["version"] == b["version"] for m in last), "a bot acted for Ben"
            assert await ben.act(1, plain(b["legal"])) is None
        measured["back at"] = back - left
        # Ben leaves again: the bot plays his turn to its end, the game goes on past it
        await ben.close()
        a = await ana.until("state", lambda m: m["standin"] == [1])
        a = await ana.until("state", lambda m: m["decider"] != 1 and not m["busy"])
        await ana.close()

    asyncio.run(main())
    alive(h)
    save = Store(h.data).list()[0]
    exported = Store(h.data).export(save.id)
    assert exported["bots"] == {"2": "random"}  # Ben is still a person in the save
    seats = [a["seat"] for a in exported["record"]["actions"]]
    assert seats.count(1) >= 2  # the stand-in's moves are the seat's own actions
    assert 0.9 < measured["takeover after"] < 2.5, measured


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
        end = time.monotonic() + 60  # (a deadline, not a count of sleeps)
        while (error := ben.take_error()) is None and time.monotonic() < end:
            await asyncio.sleep(0.02)
        assert error == notice["text"] and ben.take_error() is None  # once
        assert ben.connection is None  # a notice closes nothing
        ben.stop()
        await ana.close()

    asyncio.run(main())
    alive(h)


def test_the_remote_banner_names_the_seats_a_bot_plays_for() -> None:
    from bohn_tui.ui.screens.table import TableScreen

    client = SimpleNamespace(
        connection=None,
        names=["Ana", "Ben", "Cem"],
        away=lambda: [1, 2],
        stand_ins=lambda: [1],
        resigned=list,
        waiting_for=lambda: [1, 2],
    )
    note = TableScreen.remote_note(SimpleNamespace(client=client, seat=0))  # type: ignore[arg-type]
    assert note == "a computer player plays for Ben (away); waiting for Cem (disconnected)"
    client.stand_ins = list
    note = TableScreen.remote_note(SimpleNamespace(client=client, seat=0))  # type: ignore[arg-type]
    assert note == "waiting for Ben (disconnected) and Cem (disconnected)"
    client.waiting_for = lambda: [0]  # away at all times, not only when the game waits
    note = TableScreen.remote_note(SimpleNamespace(client=client, seat=0))  # type: ignore[arg-type]
    assert note == "Ben and Cem are away"
    client.away = lambda: [0, 2]  # (the seat's own person is not "away")
    note = TableScreen.remote_note(SimpleNamespace(client=client, seat=0))  # type: ignore[arg-type]
    assert note == "Cem is away"


async def test_the_banner_shows_the_instruction_and_who_is_away(
    start: Callable[..., Hosted], tmp_path: Path
) -> None:
    """A real host, Ana's table (a Pilot): on her turn the banner keeps her instruction
    and says under it that Ben is away; once a computer player plays for Ben (--takeover)
    it says that, the instruction still there."""
    from bohn_tui.ui.app import BohnApp
    from bohn_tui.ui.widgets.phase_banner import PhaseBanner

    h = start("Ana,Ben", "--takeover", "5")
    ana = RemoteClient(h.codes["Ana"], Path(h.path))
    await ana.connect()
    app = BohnApp(Store(tmp_path / "ui"), remote=ana, seat=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.screen.query("#banner"))
        table = app.screen
        banner = table.query_one("#banner", PhaseBanner)

        def shown() -> str:
            return banner.render().plain  # type: ignore[union-attr]

        hint = table.controls.banner()[1]  # type: ignore[attr-defined]
        # (the banner as the table shows it once the host's state came: not after one pause())
        await until(pilot, lambda: hint in shown() and shown().endswith("\nBen is away"))
        assert hint and hint in shown() and shown().endswith("\nBen is away")
        assert banner.size.height == 3
        await until(pilot, lambda: "computer player" in shown())  # five seconds, then it
        assert shown().endswith("\na computer player plays for Ben (away)")
        assert table.controls.banner()[1] in shown()  # type: ignore[attr-defined]
    ana.stop()
