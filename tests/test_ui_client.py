"""The seat client: what every screen talks to. Submitting, undo, the bots off the event
loop (their decisions in a thread, at the session's pace) and the notices of a change."""

from __future__ import annotations

import asyncio
import threading

from bohn_tui.games.common.actions import EndPlanting, PlantHand
from bohn_tui.play.client import LocalClient, SeatClient
from bohn_tui.play.session import Session


def test_local_client_is_a_seat_client() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Bot"], {2: "random"}, seed=5)
    c: SeatClient = LocalClient(s, bot_delay=0)
    assert c.names == ["Ana", "Ben", "Bot"] and c.humans == [0, 1] and c.is_bot(2)
    assert c.game_id == s.spec.id and c.title == s.spec.title and c.table == s.spec.table
    assert c.view(0) == s.view(0) and c.legal(0) == s.legal(0)
    assert c.asks()[0].sentence == "It is Ana's turn."
    assert c.help_lines() and c.seed == 5


async def test_submit_refused_gives_the_reason_and_changes_nothing() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=5)
    c = LocalClient(s, bot_delay=0)
    seen: list[int] = []
    c.subscribe(lambda: seen.append(c.version))
    before = c.view(None)
    refused = await c.submit(PlantHand(1, 0))  # not Ben's turn
    assert refused and c.view(None) == before and c.version == 0 and seen == []
    assert await c.submit(PlantHand(0, 0)) is None
    assert seen == [1] and c.can_undo(0) and not c.can_undo(1)
    assert await c.undo() is None
    assert c.view(None) == before and seen == [1, 2]
    await c.submit(PlantHand(0, 0))
    await c.submit(EndPlanting(0))  # turns up cards: no taking back
    assert not c.can_undo(0) and await c.undo()


async def test_bots_decide_in_a_thread_and_tell_when_done() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "random", 2: "random"}, seed=2)
    c = LocalClient(s, bot_delay=0)
    threads: set[str] = set()
    next_move = s.next_bot_move

    def spy() -> object:
        threads.add(threading.current_thread().name)
        return next_move()

    s.next_bot_move = spy  # type: ignore[method-assign]
    done = asyncio.Event()
    c.subscribe(done.set)
    for a in (PlantHand(0, 0), EndPlanting(0)):
        await c.submit(a)
    assert not c.settle() or c.busy
    while c.settle():  # Ana's trade: the bots may offer; then Ana decides
        await asyncio.wait_for(done.wait(), 5)
        done.clear()
    assert threading.current_thread().name not in threads  # never on the event loop
    assert c.decider() == 0 or c.over


async def test_bots_show_each_move_for_bot_delay() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {0: "random", 1: "random"}, seed=3)
    c = LocalClient(s, bot_delay=0.01)
    notices: list[int] = []
    c.subscribe(lambda: notices.append(c.version))
    assert c.settle()
    while c.busy:
        await asyncio.sleep(0.01)
    assert c.next_human() == 2 and len(notices) >= 2  # a notice per move, and at the end
    assert notices == sorted(notices)
