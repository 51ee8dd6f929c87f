"""The SSH door's counts (bohn_tui/net/gate.py), with a clock and a chance of the test's:
what each limit of docs/formats.md ("The SSH front door", Limits) lets in and refuses."""

from __future__ import annotations

from pathlib import Path

from bohn_tui.net.gate import MAX_TRACKED, Gate, Limits, source
from bohn_tui.net.ssh import Door


class Conn:
    """A connection not logged in yet, as the door gives it to the gate."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.dropped = ""

    def drop(self, why: str) -> None:
        self.dropped = why


def admit(gate: Gate, address: str) -> str | None:
    return gate.admit(address, Conn(address))


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_logins_in_progress_are_capped_per_address_and_dropped_early_beyond_start() -> None:
    chance = [0.0]
    gate = Gate(Limits(startups=(4, 50, 8), per_address=2), chance=lambda: chance[0])
    a1, a2 = Conn("a"), Conn("a")
    assert gate.admit("a", a1) is None and gate.admit("a", a2) is None
    assert admit(gate, "a") == "too many logins in progress from this address"
    assert admit(gate, "b") is None and admit(gate, "c") is None  # 4 now: the start
    chance[0] = 0.49  # drop chance at 4 waiting: 50 %, for an address that has one already
    assert admit(gate, "b") == "too many logins in progress"
    assert admit(gate, "d") is None  # an address with none waiting is not dropped at random
    chance[0] = 0.99
    for who in "efg":
        admit(gate, who)
    assert gate.waiting() == 8
    assert admit(gate, "h") is None and a1.dropped  # full: "a" had two, its oldest made room
    assert admit(gate, "i") == "too many logins in progress"  # full, and nobody busier
    gate.left("a", a1)  # the dropped one's end: nothing
    gate.left("a", a2)
    gate.left("a", a2)  # twice: nothing
    assert "a" not in gate.pending  # nothing kept for an address with none
    assert admit(gate, "a") is None


def test_when_full_a_newcomer_takes_the_place_of_the_busiest_addresses_oldest() -> None:
    gate = Gate(Limits(startups=(2, 100, 6), per_address=3), chance=lambda: 1.0)
    held = [Conn(f"10.0.0.{n % 2}") for n in range(6)]  # two addresses hold the door
    for c in held:
        assert gate.admit(c.address, c) is None
    assert gate.admit("10.0.0.0", Conn("10.0.0.0")) is not None  # its own address is full
    person = Conn("192.0.2.7")
    assert gate.admit(person.address, person) is None
    assert held[0].dropped and not any(c.dropped for c in held[1:])  # the oldest of the busiest
    assert gate.waiting() == 6 and person in gate.pending["192.0.2.7"]
    gate.left(held[0].address, held[0])  # its connection_lost after the drop: counted once
    assert gate.waiting() == 6
    # the attacker comes back: from an address now one short of the busiest, nobody to drop
    assert admit(gate, "10.0.0.0") == "too many logins in progress"
    assert not person.dropped


def test_an_ipv6_network_counts_as_one_address() -> None:
    assert source("2001:db8:1:2:aaaa::1") == source("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert source("2001:db8:1:3::1") != source("2001:db8:1:2::1")
    assert source("::ffff:192.0.2.1") == "192.0.2.1" and source("192.0.2.1") == "192.0.2.1"
    assert source("fe80::1%eth0") == "fe80::/64" and source("local") == "local"
    gate = Gate(Limits(per_address=2, slow_after=1, block_after=2))
    assert admit(gate, "2001:db8::1") is None and admit(gate, "2001:db8::2") is None
    assert admit(gate, "2001:db8::3") == "too many logins in progress from this address"
    gate.failed("2001:db8::4")
    gate.failed("2001:db8::5")
    assert admit(gate, "2001:db8::6") == "too many failed logins from this address"
    assert admit(gate, "2001:db9::6") is None


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
    assert admit(gate, "x") == "too many failed logins from this address"
    assert admit(gate, "y") is None  # another address is not refused
    clock.now += 61
    assert admit(gate, "x") is None  # the time is over
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


def test_a_door_keeps_the_default_login_time_and_delays(tmp_path: Path) -> None:
    """The SSH tests of the login time and of slowed guesses set them small (their hosts'
    limits, tests/helpers/ssh.py): a door made as `bohn host --port` makes it has these."""
    door = Door("127.0.0.1", 0, tmp_path)
    assert door.gate.limits == Limits()
    assert (Limits().grace, Limits().max_delay, Limits().slow_after) == (20.0, 4.0, 5)
    delays = [door.gate.failed("127.0.0.9") for _ in range(Limits().block_after)]
    assert delays == [0.0] * 4 + [0.25, 0.5, 1.0, 2.0] + [4.0] * 12
