"""The SSH door's counts (bohn_tui/net/gate.py), with a clock and a chance of the test's:
what each limit of docs/formats.md ("The SSH front door", Limits) lets in and refuses."""

from __future__ import annotations

from bohn_tui.net.gate import MAX_TRACKED, Gate, Limits


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_logins_in_progress_are_capped_per_address_and_dropped_early_beyond_start() -> None:
    chance = [0.0]
    gate = Gate(Limits(startups=(4, 50, 8), per_address=2), chance=lambda: chance[0])
    assert gate.admit("a") is None and gate.admit("a") is None
    assert gate.admit("a") == "too many logins in progress from this address"
    assert gate.admit("b") is None and gate.admit("c") is None  # 4 now: the start
    chance[0] = 0.49  # drop chance at 4 waiting: 50 %
    assert gate.admit("d") == "too many logins in progress"
    chance[0] = 0.51
    assert gate.admit("d") is None  # 5 waiting: 62.5 %
    chance[0] = 0.99
    for who in "efg":
        gate.admit(who)
    assert sum(gate.pending.values()) <= 8
    assert gate.admit("h") == "too many logins in progress"  # full: always
    gate.left("a")
    gate.left("a")
    assert "a" not in gate.pending  # nothing kept for an address with none
    assert gate.admit("a") is None


def test_failures_are_slowed_then_refused_for_a_while_and_said_once_each() -> None:
    said: list[str] = []
    clock = Clock()
    limits = Limits(slow_after=3, block_after=6, max_delay=2.0, block_seconds=60, fail_window=100)
    gate = Gate(limits, said.append, clock=clock)
    delays = [gate.failed("x") for _ in range(6)]
    assert delays == [0.0, 0.0, 0.25, 0.5, 1.0, 2.0]
    assert said == [
        "SSH: 3 failed logins from x: answering it slowly now",
        "SSH: 6 failed logins from x: refused for 1 minutes",
    ]
    assert gate.admit("x") == "too many failed logins from this address"
    assert gate.admit("y") is None  # another address is not refused
    clock.now += 61
    assert gate.admit("x") is None  # the time is over
    clock.now += 200  # and the old failures are forgotten
    assert gate.failed("x") == 0.0


def test_the_failures_of_at_most_max_tracked_addresses_are_kept() -> None:
    gate = Gate()
    for n in range(MAX_TRACKED + 50):
        gate.failed(f"10.0.{n // 256}.{n % 256}")
    assert len(gate.failures) == MAX_TRACKED
    assert "10.0.0.0" not in gate.failures  # the oldest went first


def test_spectators_and_seats_have_room_of_their_own() -> None:
    gate = Gate(Limits(spectators=3, spectators_per_address=2, per_seat=1))
    assert gate.take(None, "a") is None and gate.take(None, "a") is None
    assert gate.take(None, "a") == "at most 2 spectators from one address"
    assert gate.take(None, "b") is None
    assert gate.take(None, "c") == "this game has 3 spectators over SSH already"
    assert gate.take(0, "a") is None  # a seat's person gets in, whatever the spectators do
    assert gate.take(0, "z") == "this seat has 1 connections already; close one first"
    assert gate.take(1, "a") is None
    gate.release(0, "a")
    assert gate.take(0, "z") is None
    gate.release(None, "a")
    assert gate.take(None, "c") is None
