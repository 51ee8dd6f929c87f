"""The seat client: the one interface the screens talk to (design.md). Everything a screen
shows comes from a seat's view or from a method here; nothing reads a game's state, record
or rules. `LocalClient` serves hot-seat play over a Session; a client over a socket (play
over SSH) implements the same protocol.

The bots run in the session, off the UI's event loop: who is asked what is planned under
the lock that `submit` and `undo` take (with the seat's view taken then), the bot's
decision is computed in a worker thread outside the lock (it reads only that view, so a
person's key goes on meanwhile), and applied under the lock again, unless the game changed
meanwhile (then it is planned anew), one move every `bot_delay` seconds. Whoever watches
(`subscribe`) is told after every change (with no delay, once the bots are done)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from bohn_tui.engine.actions import Action, IllegalAction
from bohn_tui.engine.contract import Ask
from bohn_tui.play.players import SessionError

if TYPE_CHECKING:  # the checker's only: the screens' imports never reach the session
    from bohn_tui.engine.driver import BotDriver, Move, Question
    from bohn_tui.play.session import Session


class LogLine(Protocol):
    text: str
    turn: int
    seat: int | None


class SeatClient(Protocol):
    """What a table needs of a game. Seats are numbers; `None` as a seat is the public
    table. `submit` and `undo` give back the message of a refused action (None: done)."""

    game_id: str
    title: str
    table: str  # "module:attribute" of the game's table parts
    names: list[str]
    humans: list[int]
    options: dict[str, Any]
    save_id: str

    @property
    def seed(self) -> int | None:
        """The game's seed; None at a remote table (the seed tells every hidden card)."""
        ...

    def is_bot(self, seat: int) -> bool: ...
    def bot_level(self, seat: int) -> str | None: ...
    def who(self, seat: int | None) -> str: ...
    def view(self, seat: int | None) -> dict[str, Any]: ...
    def legal(self, seat: int) -> list[Action]: ...
    def waiting_for(self) -> list[int]: ...
    def decider(self) -> int | None: ...
    def next_human(self) -> int | None: ...
    def asks(self) -> Mapping[int, Ask]: ...
    @property
    def over(self) -> bool: ...
    @property
    def log(self) -> Sequence[LogLine]: ...
    @property
    def version(self) -> int: ...
    def summary(self) -> dict[str, Any]: ...
    def help_lines(self) -> list[str]: ...
    def can_undo(self, seat: int) -> bool: ...
    async def submit(self, action: Action) -> str | None: ...
    async def undo(self) -> str | None: ...
    def subscribe(self, callback: Callable[[], None]) -> None: ...
    def unsubscribe(self, callback: Callable[[], None]) -> None: ...
    def settle(self) -> bool: ...
    def take_error(self) -> str | None: ...
    @property
    def busy(self) -> bool: ...
    def stop(self) -> None:
        """The table closes: stop what runs for it (the bots; a remote seat's connection)."""
        ...


@runtime_checkable
class RemoteSeat(Protocol):
    """A seat client at a game played elsewhere (net/client.py): what the remote table
    says about the connection and the people who are not there."""

    connection: str | None  # None: connected; else what is wrong, one line

    def away(self) -> list[int]:
        """The people's seats whose person is not connected."""
        ...

    def stand_ins(self) -> list[int]:
        """The people's seats a computer player plays for now."""
        ...

    def resigned(self) -> list[int]:
        """The people's seats whose person resigned (a computer player plays them to the
        end; each one of `stand_ins`)."""
        ...


@runtime_checkable
class Chats(Protocol):
    """A seat client whose table has a chat: `chat(text)` says a line to the table (the
    message of a refusal, None: said)."""

    def chat(self, text: str) -> str | None: ...


class Watched:
    """Who watches a seat client (`subscribe`): told after every change, on the event loop.
    A client sets `self._watchers = []` and calls `_changed()`."""

    _watchers: list[Callable[[], None]]

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call `callback` (on the event loop) after every change."""
        self._watchers.append(callback)

    def unsubscribe(self, callback: Callable[[], None]) -> None:
        if callback in self._watchers:
            self._watchers.remove(callback)

    def _changed(self) -> None:
        for w in list(self._watchers):
            w()


class LocalClient(Watched):
    """Hot-seat: every seat of one session at one terminal. `settle()` starts the bots when
    one may act (in an asyncio task, each decision in a thread) and says whether they are
    at work; a change is announced to the subscribers when they have moved."""

    def __init__(self, session: Session, bot_delay: float = 0.4) -> None:
        self.session = session  # for the app and the tests; never for a screen
        self.bot_delay = bot_delay
        spec = session.spec
        self.game_id: str = spec.id
        self.title: str = spec.title
        self.table: str = spec.table
        self.names: list[str] = session.names
        self.humans: list[int] = session.humans
        self.options: dict[str, Any] = dict(session.record.options)
        self.seed: int = session.record.seed
        self.save_id: str = session.save_id
        self._version = 0
        self._lock: asyncio.Lock | None = None
        self._bots: asyncio.Task[None] | None = None
        self._idle_at = -1  # the version at which the bots last found nothing to do
        self._watchers: list[Callable[[], None]] = []
        self._help: list[str] | None = None
        self._error: str | None = None  # a bot's move that could not be saved
        self._stand_ins: set[int] = set()  # people's seats a bot plays for now
        self._by_stand_in: set[int] = set()  # the record's lengths after a stand-in's move

    # -- reading -------------------------------------------------------------------------------

    def is_bot(self, seat: int) -> bool:
        return self.session.is_bot(seat)

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot in `seat` ("expert"), None for a person."""
        return self.session.bot_levels.get(seat)

    def who(self, seat: int | None) -> str:
        return self.session.who(seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.session.view(seat)

    def legal(self, seat: int) -> list[Action]:
        return self.session.legal(seat)

    def waiting_for(self) -> list[int]:
        return self.session.waiting_for()

    def decider(self) -> int | None:
        return self.session.decider()

    def next_human(self) -> int | None:
        d = self.session.next_human()
        return None if d in self._stand_ins else d

    def asks(self) -> Mapping[int, Ask]:
        """Who may act now and why (`Rules.asks`)."""
        return self.session.asks()

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def log(self) -> Sequence[LogLine]:
        return self.session.log

    @property
    def version(self) -> int:
        """Grows with every change of the game (an action, an undo)."""
        return self._version

    def summary(self) -> dict[str, Any]:
        return self.session.summary()

    def help_lines(self) -> list[str]:
        if self._help is None:
            self._help = list(self.session.spec.help(self.session.rules))
        return self._help

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` may take back the last action (its own, and it showed nothing; a
        decline the driver made for a person after it goes with it)."""
        s = self.session
        target = s.undo_target()
        if not s.can_undo() or target is None or target.seat != seat:
            return False
        return s.undo_at() + 1 not in self._by_stand_in  # a stand-in's move is a bot's

    # -- acting --------------------------------------------------------------------------------

    def _get_lock(self) -> asyncio.Lock:
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    async def submit(self, action: Action) -> str | None:
        async with self._get_lock():
            try:
                self.session.apply(action)
            except (IllegalAction, SessionError) as e:  # refused, or not saved
                return str(e)
            self._version += 1
        self._changed()
        return None

    async def undo(self) -> str | None:
        async with self._get_lock():
            try:
                self.session.undo()
            except (IllegalAction, SessionError) as e:
                return str(e)
            self._version += 1
        self._changed()
        return None

    # -- bots ----------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Bots are at work (a change is on its way)."""
        return self._bots is not None

    def settle(self) -> bool:
        """Start the bots if one may act now; True while they are at work."""
        if self._bots is not None:
            return True
        s = self.session
        if s.over or self._idle_at == self._version or not self._bot_may_act():
            return False
        self._bots = asyncio.get_running_loop().create_task(self._run_bots())
        return True

    async def _run_bots(self) -> None:
        s = self.session
        try:
            while not s.over:
                async with self._get_lock():
                    self._sync_bots()
                    planned = s.plan_bot_move()
                    version = self._version
                if planned is None:
                    break
                driver, ask = planned
                # the bot thinks outside the lock: a person's key goes on meanwhile
                move = await self._think(driver, ask)
                acted = False
                async with self._get_lock():
                    if self._version != version or s.bots.get(ask.seat) is not ask.bot:
                        driver.again(ask)  # the game (or who plays the seat) changed meanwhile
                        continue
                    if move is None:
                        continue
                    moves = len(s.record.actions)
                    try:
                        acted = s.apply_bot_move(move)
                    except SessionError as e:  # not saved: the bots wait for a change
                        self._error = str(e)
                        break
                    if move.seat in self._stand_ins and len(s.record.actions) > moves:
                        self._by_stand_in.add(len(s.record.actions))
                    self._version += 1
                if acted and self.bot_delay:  # each move shows for a while
                    self._changed()
                    await asyncio.sleep(self.bot_delay)
            self._idle_at = self._version
        finally:
            self._bots = None
        self._changed()

    async def _think(self, driver: BotDriver, ask: Question) -> Move | None:
        """The bot's answer to `ask`, worked out in a thread (off the UI's event loop)."""
        return await asyncio.to_thread(driver.think, ask)

    def take_error(self) -> str | None:
        """The last bot move that could not be saved (once; None: there is none)."""
        error, self._error = self._error, None
        return error

    # -- stand-ins: a bot plays a person's seat for now -----------------------------------------

    def stand_ins(self) -> list[int]:
        """The people's seats a bot plays for now."""
        return sorted(self._stand_ins)

    def stand_in_level(self) -> str:
        """The level a stand-in plays at: the game's "standard" one, else its first."""
        levels = self.session.spec.bot_levels
        return "standard" if "standard" in levels else levels[0]

    def stand_in(self, seat: int) -> bool:
        """Let a bot play the person's `seat` from now on (its moves are the seat's own,
        as the person's would be; the saved players do not change). False if the seat is
        not a person's or has a stand-in already. Call `settle()` after it."""
        if seat not in self.humans or seat in self._stand_ins:
            return False
        self._stand_ins.add(seat)
        self._idle_at = -1  # a bot may act now where none could
        self._sync_bots()
        return True

    def release(self, seat: int) -> bool:
        """Give `seat` back to its person at once (a move the bot was deciding is dropped);
        the person goes on from wherever the bot left the game. False if no bot plays it."""
        if seat not in self._stand_ins:
            return False
        self._stand_ins.discard(seat)
        self._sync_bots()
        return True

    def _bot_may_act(self) -> bool:
        s = self.session
        return s.bot_may_act() or (s.decider() in self._stand_ins and not s.over)

    def _sync_bots(self) -> bool:
        """Put the stand-ins' bots into the session's (or take them out); a bot thinking in a
        thread meanwhile has its own (its answer is dropped when its seat's bot changed)."""
        s, changed = self.session, False
        for seat in self.humans:
            if seat in self._stand_ins and seat not in s.bots:
                s.bots[seat], changed = s.new_bot(seat, self.stand_in_level()), True
            elif seat not in self._stand_ins and seat in s.bots:
                del s.bots[seat]
                changed = True
        return changed

    def stop(self) -> None:
        """Cancel the bots (the game closes)."""
        task, self._bots = self._bots, None
        if task is not None:
            task.cancel()


__all__ = ["Chats", "LocalClient", "LogLine", "RemoteSeat", "SeatClient"]
