"""What the SSH front door lets in (issue #22): every count bounded, whatever clients do.

- Connections that have not logged in yet (`Limits.startups`, OpenSSH's MaxStartups model):
  up to `start` of them are always accepted; beyond that a new one from an address that has
  some already is dropped at random, with a chance rising from `rate` percent to 100 at
  `full`. At most `per_address` of them come from one address. At `full`, a newcomer from an
  address with fewer than the busiest address's less one takes the place of the busiest
  address's oldest (that one is dropped): whoever holds the door from a few addresses cannot
  keep a person from another address out. A login has `grace` seconds.
- An address is a source (`source`): an IPv4 address, or an IPv6 address's /64 (one end
  site's network holds 2^64 addresses, each of them free to its owner).
- Failed logins (a login name that is none of the game's codes) are counted per address
  within `fail_window` seconds: after `slow_after` of them each further failure is answered
  only after a delay (doubling, at most `max_delay`), and after `block_after` the address is
  refused at once for `block_seconds`; both are said in one line of the host's output.
- Logged-in connections: at most `spectators` on the spectator code (`spectators_per_address`
  from one address) and `per_seat` for each seat's code (its person's own key only), so that
  spectators can never take the room a seat's person needs.

The Gate only counts; the door (ssh.py) asks it and acts. Memory is bounded: at most
`MAX_TRACKED` addresses are remembered, the oldest forgotten first."""

from __future__ import annotations

import ipaddress
import random
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

MAX_TRACKED = 4096  # addresses whose failures are remembered


@dataclass(frozen=True)
class Limits:
    startups: tuple[int, int, int] = (32, 30, 128)  # start, rate (percent), full
    per_address: int = 4  # connections not yet logged in, from one address
    grace: float = 20.0  # seconds to log in
    fail_window: float = 600.0
    slow_after: int = 5
    max_delay: float = 4.0
    block_after: int = 20
    block_seconds: float = 600.0
    spectators: int = 8
    spectators_per_address: int = 2
    per_seat: int = 2


class Waiting(Protocol):
    """A connection not logged in yet, as the gate holds it."""

    def drop(self, why: str) -> None:
        """Close at once: the gate has given this connection's place to a newcomer."""


def source(address: str) -> str:
    """What the counts of `address` are kept under: an IPv4 address as it is (an IPv4-mapped
    IPv6 address as its IPv4), an IPv6 address as its /64, anything else as it is."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass
class _Failures:
    times: deque[float] = field(default_factory=deque)
    blocked_until: float = 0.0


class Gate:
    """The counts of one front door. `clock` and `chance` are for tests."""

    def __init__(
        self,
        limits: Limits | None = None,
        say: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        chance: Callable[[], float] = random.random,
        door: str = "SSH",
    ) -> None:
        self.limits = limits or Limits()
        self.door = door  # how the host's output names this door
        self.say = say or (lambda text: None)
        self.clock, self.chance = clock, chance
        # source -> its connections not yet logged in, the oldest first
        self.pending: dict[str, dict[Waiting, None]] = {}
        self.failures: OrderedDict[str, _Failures] = OrderedDict()
        self.spectators: dict[str, int] = {}  # address -> logged-in spectator connections
        self.seats: dict[int, int] = {}  # seat -> logged-in connections

    # -- before the login -----------------------------------------------------------------

    def waiting(self) -> int:
        """The connections not logged in yet."""
        return sum(len(w) for w in self.pending.values())

    def admit(self, address: str, conn: Waiting) -> str | None:
        """Why a new connection `conn` from `address` is refused, or None (it is counted then,
        until `left`; it may be dropped later for a newcomer, see the module's docstring)."""
        key = source(address)
        if self._blocked(key):
            return "too many failed logins from this address"
        own = self.pending.get(key, {})
        if len(own) >= self.limits.per_address:
            return "too many logins in progress from this address"
        start, rate, full = self.limits.startups
        waiting = self.waiting()
        if waiting >= full:
            busiest = max(self.pending, key=lambda k: len(self.pending[k]))
            if len(self.pending[busiest]) <= len(own) + 1:
                return "too many logins in progress"
            oldest = next(iter(self.pending[busiest]))
            self.left(busiest, oldest)
            oldest.drop("a login in progress dropped for a newcomer from another address")
        elif waiting >= start and own:
            drop = rate + (100 - rate) * (waiting - start) / max(1, full - start)
            if self.chance() * 100 < drop:
                return "too many logins in progress"
        self.pending.setdefault(key, {})[conn] = None
        return None

    def left(self, address: str, conn: Waiting) -> None:
        """A connection that had not logged in is gone, or has logged in now (one the gate
        has dropped already: nothing)."""
        key = source(address)
        own = self.pending.get(key)
        if own is not None:
            own.pop(conn, None)
            if not own:
                del self.pending[key]

    def failed(self, address: str) -> float:
        """A failed login from `address`: the seconds to wait before answering it."""
        now = self.clock()
        address = source(address)
        f = self.failures.pop(address, None) or _Failures()
        self.failures[address] = f  # the newest last
        while len(self.failures) > MAX_TRACKED:
            self.failures.popitem(last=False)
        f.times.append(now)
        while f.times and now - f.times[0] > self.limits.fail_window:
            f.times.popleft()
        while len(f.times) > self.limits.block_after:
            f.times.popleft()
        n = len(f.times)
        if n >= self.limits.block_after and f.blocked_until <= now:
            f.blocked_until = now + self.limits.block_seconds
            minutes = self.limits.block_seconds / 60
            self.say(
                f"{self.door}: {n} failed logins from {address}: refused for {minutes:g} minutes"
            )
        elif n == self.limits.slow_after:
            self.say(f"{self.door}: {n} failed logins from {address}: answering it slowly now")
        if n < self.limits.slow_after:
            return 0.0
        return min(self.limits.max_delay, 0.25 * 2.0 ** (n - self.limits.slow_after))

    def _blocked(self, address: str) -> bool:
        f = self.failures.get(address)
        return f is not None and f.blocked_until > self.clock()

    # -- after the login ------------------------------------------------------------------

    def take(self, seat: int | None, address: str) -> str | None:
        """Why a logged-in connection of `seat` (None: a spectator) cannot have a game now,
        or None (it is counted then, until `release`)."""
        lim = self.limits
        address = source(address)
        if seat is None:
            if sum(self.spectators.values()) >= lim.spectators:
                return f"this game has {lim.spectators} spectators over {self.door} already"
            if self.spectators.get(address, 0) >= lim.spectators_per_address:
                return f"at most {lim.spectators_per_address} spectators from one address"
            self.spectators[address] = self.spectators.get(address, 0) + 1
            return None
        if self.seats.get(seat, 0) >= lim.per_seat:
            return f"this seat has {lim.per_seat} connections already; close one first"
        self.seats[seat] = self.seats.get(seat, 0) + 1
        return None

    def release(self, seat: int | None, address: str) -> None:
        if seat is None:
            _down(self.spectators, source(address))
        else:
            _down(self.seats, seat)


def _down(counts: dict[Any, int], key: Any) -> None:
    """One fewer of `key` in `counts` (none left: the key goes)."""
    n = counts.get(key, 0) - 1
    if n > 0:
        counts[key] = n
    else:
        counts.pop(key, None)


__all__ = ["Gate", "Limits", "Waiting", "source"]
