"""The one place that owns a running game (design.md): it applies actions to the rules,
keeps the record, saves every move before it is acknowledged, asks the bots, hands out
per-seat views and keeps a readable log. Free of Textual, so that the hot-seat app and the
network host both use it.

Saving: a session with a `store` (store/games.py: `begin`, `append`, `pop`) writes each
move in `apply` and each undo in `undo` before they return. If the write fails, the move is
taken back in memory too (the record replayed without it) and `SaveError` says why in one
line: the game and its save never differ."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from bohn_tui.engine.actions import Action, Event, IllegalAction
from bohn_tui.engine.bots import Bot
from bohn_tui.engine.capabilities import lists_unasked, reasons, sees_people
from bohn_tui.engine.contract import Ask, Describer, GameSpec, Rules, SoloResult, State
from bohn_tui.engine.driver import BotDriver, Move, Question
from bohn_tui.engine.limits import InputError, check_name, check_tree, clip
from bohn_tui.engine.portable import portable_parts, progress, read_bots, solo_outcome
from bohn_tui.engine.record import Record, RecordError
from bohn_tui.games import read_record, replay_either, rules_for
from bohn_tui.games import spec as game_spec
from bohn_tui.play.players import NewGame
from bohn_tui.play.players import SessionError as SessionError  # re-exported
from bohn_tui.play.players import parse_players as parse_players

# at most this many bot actions in one turn; after that the bots only end or decline
BOT_ACTIONS_PER_TURN = 300


class MoveStore(Protocol):
    """Where a session saves each move (store/games.py's Store): what the session asks of
    it, declared here so that play/ needs nothing of store/."""

    def begin(self, game: Any, source: str | None = None, when: float | None = None) -> str: ...

    def append(self, game_id: str, game: Any) -> None: ...

    def pop(self, game_id: str, game: Any, count: int = 1) -> None: ...

    def export(self, game_id: str) -> dict[str, Any]: ...

    def mark(self, game_id: str, error: str | None) -> str | None: ...


class SaveError(SessionError):
    """The move (or undo) could not be saved, so it was taken back; the message says why."""


@dataclass(slots=True)
class LogLine:
    text: str
    turn: int
    seat: int | None = None


@dataclass
class Session:
    """A running game. Create with `Session.new` (or `start`, from a NewGame), from a
    game's portable form with `from_json`, or from a store's saved game with `load`."""

    record: Record
    bot_levels: dict[int, str] = field(default_factory=dict)
    save_id: str = ""  # the game's key in the store ("" until it is saved)
    store: MoveStore | None = None  # where each move is saved, or None
    state: State = field(init=False)
    spec: GameSpec = field(init=False)
    log: list[LogLine] = field(default_factory=list, init=False)
    # lines of the table, not of the game (the chat): (the number of actions made when it
    # was said, the line); a replay puts each back after those actions' lines
    kept: list[tuple[int, LogLine]] = field(default_factory=list, init=False)
    coin_history: list[list[int]] = field(default_factory=list, init=False)
    bots: dict[int, Bot] = field(default_factory=dict, init=False)
    # people's seats whose person resigned (`bohn server`), in the order they did: the
    # result ranks them last (store/results.py)
    resigned: list[int] = field(default_factory=list, init=False)
    last_events: list[Event] = field(default_factory=list, init=False)
    driver: BotDriver = field(init=False)
    _describe: Describer = field(default=lambda e, who: "", init=False)
    _revealing: tuple[type[Event], ...] = field(default=(), init=False)
    _first_line: LogLine | None = field(default=None, init=False)  # of the last events' first
    _first_at: int = field(default=0, init=False)  # where the last events' lines begin
    # the record's lengths after a person's decline of an offer they could not take (the
    # driver's, engine/driver.py): an undo takes them back with the move before them
    _auto: set[int] = field(default_factory=set, init=False)
    _undo_events: list[Event] = field(default_factory=list, init=False)  # of the move undo takes
    # the state's changes (each move, each replay), and the public view the save's progress
    # built at one of them: the next view(None) at that change takes it (the host's, issue
    # #26: a save built the whole public view for its "active", which the host then built again)
    _changes: int = field(default=0, init=False)
    _public: tuple[int, dict[str, Any]] | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        try:
            self.spec = game_spec(self.record.game)
        except ValueError as e:
            raise SessionError(str(e)) from None
        self._revealing = self.spec.revealing()
        self._make_bots()
        replay_either(self.record, self._replay_record, SessionError)  # a corrected rule's?
        self._new_driver()

    # -- making and loading ------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str,
        names: list[str],
        bots: dict[int, str] | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        deck: list[str] | None = None,
        store: MoveStore | None = None,
    ) -> Session:
        """A new game; with a `store`, saved there at once (SessionError if it cannot be
        started or saved)."""
        if seed is None:
            import secrets  # here: its hashlib loads OpenSSL, which `bohn play --seed` lacks

            seed = secrets.randbelow(2**31)
        try:
            names = [check_name(n) for n in names]
        except InputError as e:
            raise SessionError(str(e)) from None
        try:
            record = Record(game, list(names), seed, dict(options or {}), deck)
            s = cls(record, dict(bots or {}))
        except ValueError as e:
            raise SessionError(str(e)) from None
        if store is not None:
            s.save_to(store)
        return s

    @classmethod
    def start(cls, new: NewGame, store: MoveStore | None = None) -> Session:
        """Make the game `new` describes; SessionError if it cannot start."""
        return cls.new(new.game, new.names, new.bots, new.seed, new.options, store=store)

    def save_to(self, store: MoveStore) -> None:
        """Save the game in `store` as a new saved game (with the moves made so far); every
        move from now on is saved there. SaveError if it cannot be written."""
        try:
            self.save_id = store.begin(self)
        except Exception as e:  # noqa: BLE001 - any failure to write is the player's one line
            raise SaveError(f"the game cannot be saved: {_reason(e)}") from None
        self.store = store

    @classmethod
    def from_json(cls, raw: Any, save_id: str = "") -> Session:
        """A game from its portable form (docs/formats.md): an export {"format": "bohn-game",
        "version": 2, "bots", "record"}, a save file of version 1 {"bots", "record", ...} or
        a bare record. SessionError, in one line, for anything that cannot be replayed."""
        try:
            check_tree(raw, "the game")
            try:
                record_raw, bots_raw = portable_parts(raw)
            except RecordError as e:
                raise SessionError(str(e)) from None
            record = read_record(record_raw)
            try:
                bots = read_bots(bots_raw, len(record.players))
            except RecordError as e:
                raise SessionError(str(e)) from None
            return cls(record, bots, save_id)
        except SessionError:
            raise
        except Exception as e:  # noqa: BLE001 - a damaged game must never crash the program
            raise SessionError(f"the game cannot be replayed: {_reason(e)}") from None

    @classmethod
    def load(cls, store: MoveStore, save_id: str) -> Session:
        """The saved game `save_id` of `store`, saving each move there (StoreError if it
        cannot be read, SessionError if it cannot be replayed: the list then shows it as
        damaged, with the reason)."""
        raw = store.export(save_id)
        try:
            s = cls.from_json(raw, save_id)
        except SessionError as e:
            store.mark(save_id, str(e))
            raise
        mended = store.mark(save_id, None)  # it replays: not (or no longer) damaged
        s.store = store
        if mended:  # its move count disagreed with its rows
            s.keep_line(mended)
        return s

    def progress(self) -> dict[str, Any]:
        """What the list of saved games shows: title, turn, who is to play, over."""
        public = self.rules.view(self.state, None)
        self._public = (self._changes, public)  # (the next view(None)'s, if nothing changed)
        return progress(self.spec, self.rules, self.state, self.names, public)

    def result_summary(self) -> dict[str, Any]:
        """The rules' summary of the finished game (scores, winners, ranking, reason), and
        the seats whose person resigned ("resigned", in order), if any did."""
        summary = self.rules.summary(self.state)
        return {**summary, "resigned": list(self.resigned)} if self.resigned else summary

    def solo_outcome(self) -> tuple[SoloResult, str | None] | None:
        """A finished solo run's result and day (the store keeps it: engine/portable.py)."""
        return solo_outcome(self.spec, self.rules, self.state, self.names, self.record.options)

    def _make_bots(self) -> None:
        levels = self.spec.bot_levels
        for seat, level in self.bot_levels.items():
            try:
                self.bots[seat] = self.new_bot(seat, level)
            except ValueError:
                self.bots[seat] = self.new_bot(seat, levels[0])
                known = ", ".join(sorted(levels))
                self._say(
                    f"There is no {level!r} computer player yet; "
                    f"{self.record.players[seat]} plays at level {levels[0]} (levels: {known}).",
                    None,
                )

    def new_bot(self, seat: int, level: str) -> Bot:
        """A bot of `level` for `seat` (ValueError for a level the game has not), seeded by
        the game and the seat, that knows the people's seats (bots offer to people seldom:
        bots/people.py)."""
        bot: Bot = self.spec.bots(level, self.record.seed * 31 + seat, True)
        if sees_people(bot):
            bot.people = frozenset(self.humans)
        return bot

    def _replay_record(self, record: Record) -> None:
        self.record = record
        self._replay()

    def _replay(self) -> None:
        """Rebuild the state, log and coin history from the record."""
        self._changes += 1
        own = {id(ln) for _, ln in self.kept}
        self.log = [ln for ln in self.log if ln.turn == 0 and id(ln) not in own]
        self.coin_history = []
        try:
            rules = rules_for(self.record.game, len(self.record.players))
            self._describe = self.spec.log(rules, self.record.players)
            self.state, events = rules.new_game(
                self.record.players, self.record.seed, self.record.options, self.record.deck
            )
        except ValueError as e:
            raise SessionError(str(e)) from None
        self._record_events(events)
        self.last_events = []
        self._auto, self._undo_events = set(), []
        kept = sorted(self.kept, key=lambda k: k[0])  # (stable: in the order they were said)
        at = self._put_kept(kept, 0, 0)
        for n, a in enumerate(self.record.actions, start=1):
            auto = self._unasked(a)
            try:
                events = self.rules.apply(self.state, a)
            except IllegalAction as e:
                raise SessionError(f"action {n} of the record is refused: {e}") from None
            self._record_events(events, a)
            self.last_events = events
            self._note_auto(n, auto, events)
            at = self._put_kept(kept, at, n)
        # lines said after actions taken back now: after the last action there is
        moves = len(self.record.actions)
        self.log.extend(line for _, line in kept[at:])
        self.kept = [(min(n, moves), line) for n, line in kept]

    def _put_kept(self, kept: list[tuple[int, LogLine]], at: int, moves: int) -> int:
        """Append the kept lines from `at` that were said after `moves` actions."""
        while at < len(kept) and kept[at][0] == moves:
            self.log.append(kept[at][1])
            at += 1
        return at

    def _new_driver(self) -> None:
        def problem(seat: int, text: str) -> None:
            self._say(f"{self.names[seat]} {text}", seat)

        self.driver = BotDriver(
            self.rules,
            self.bots,
            calm=self.spec.calm,
            cap=BOT_ACTIONS_PER_TURN,
            catch=True,
            on_problem=problem,
        )

    # -- reading -------------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def names(self) -> list[str]:
        return self.record.players

    @property
    def over(self) -> bool:
        return bool(self.state.over)

    def is_bot(self, seat: int) -> bool:
        return seat in self.bot_levels

    @property
    def humans(self) -> list[int]:
        return [s for s in range(len(self.names)) if s not in self.bot_levels]

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is None and self._public is not None:
            (at, public), self._public = self._public, None  # (one caller's: never shared)
            if at == self._changes:
                return public
        return self.rules.view(self.state, seat)

    def legal(self, seat: int) -> list[Action]:
        return self.rules.legal_actions(self.state, seat)

    def waiting_for(self) -> list[int]:
        return self.rules.waiting_for(self.state)

    def asks(self) -> dict[int, Ask]:
        """Who may act now and why (`Rules.asks`)."""
        return self.rules.asks(self.state)

    def decider(self) -> int | None:
        """The seat whose decision the game waits for first (None when it is over)."""
        w = self.waiting_for()
        return w[0] if w else None

    def next_human(self) -> int | None:
        """The human the game waits for once the bots have acted (None: a bot, or over)."""
        d = self.decider()
        return None if d is None or self.is_bot(d) else d

    # -- acting --------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply an action: rules, record, log, and the save. Raises IllegalAction, changing
        nothing, when the rules refuse it, and SaveError, having taken it back, when it
        cannot be saved."""
        log, coins, last = self.log, self.coin_history, self.last_events
        lines, rows = len(log), len(coins)  # apply only appends to both
        auto, undo_events = self._unasked(action), self._undo_events
        events = self.rules.apply(self.state, action)
        self._changes += 1
        self.record.actions.append(action)
        self.last_events = events
        self._record_events(events, action)
        self._note_auto(len(self.record.actions), auto, events)
        if self.store is not None:
            try:
                self.store.append(self.save_id, self)
            except Exception as e:  # noqa: BLE001 - whatever failed, the move is not kept
                self.record.actions.pop()
                self._replay()
                self.log, self.coin_history, self.last_events = log[:lines], coins[:rows], last
                self._undo_events = undo_events
                raise SaveError(f"Not played: {_reason(e)}") from None
        return events

    def _unasked(self, action: Action) -> bool:
        """`action` is a person's decline of an offer they cannot take (the rules' `unasked`):
        the driver makes it for them, and an undo takes it with the move before it."""
        if not lists_unasked(self.rules) or action.seat in self.bots:
            return False
        return action in self.rules.unasked(self.state, action.seat)

    def _note_auto(self, moves: int, auto: bool, events: list[Event]) -> None:
        if auto:
            self._auto.add(moves)
        else:
            self._undo_events = events

    def undo_at(self) -> int:
        """Where the move an undo takes back stands in the record (-1: there is none): the
        last one, or the last before the declines made for a person after it, which go
        with it."""
        n = len(self.record.actions)
        while n in self._auto:
            n -= 1
        return n - 1

    def undo_target(self) -> Action | None:
        """The move an undo would take back (None: there is none)."""
        at = self.undo_at()
        return self.record.actions[at] if at >= 0 else None

    def can_undo(self) -> bool:
        """The last move can be taken back if it revealed nothing new and was a person's (a
        decline made for a person after it goes with it)."""
        target = self.undo_target()
        if target is None or self.over or self.is_bot(target.seat):
            return False
        return not any(isinstance(e, self._revealing) for e in self._undo_events)

    def undo(self) -> Action:
        if not self.can_undo():
            raise IllegalAction("the last action cannot be taken back: it showed new cards")
        log, coins, last, kept = self.log, self.coin_history, self.last_events, self.kept
        at = self.undo_at()
        taken = self.record.actions[at:]
        del self.record.actions[at:]
        action = taken[0]
        self._replay()
        if self.store is not None:
            try:
                if len(taken) == 1:
                    self.store.pop(self.save_id, self)
                else:
                    self.store.pop(self.save_id, self, len(taken))
            except Exception as e:  # noqa: BLE001 - whatever failed, the move stays
                self.record.actions.extend(taken)
                self.kept = kept
                self._replay()
                self.log, self.coin_history, self.last_events = log, coins, last
                raise SaveError(f"Not taken back: {_reason(e)}") from None
        self._say(f"{self.names[action.seat]} took back: {self.describe_action(action)}.", None)
        return action

    # -- bots ----------------------------------------------------------------------------------

    def bot_step(self) -> bool:
        """Let one bot act if the game waits for one (or a bot volunteers an action, such as
        an offer to the active player). Returns whether a bot acted."""
        while True:
            move = self.next_bot_move()
            if move is None:
                return False
            if self.apply_bot_move(move):
                return True

    def next_bot_move(self) -> Move | None:
        """The next bot move (None: the game waits for a person, or is over). Only reads the
        state, so that it may run in a thread while the table reads views."""
        return self.driver.next_move(self.state)

    def plan_bot_move(self) -> tuple[BotDriver, Question] | None:
        """`next_bot_move` in two: who is asked what (with the seat's view taken now), and
        the driver whose `think(ask)` answers it, reading nothing of the state: it may run
        in a thread while people act (None: no bot is asked now)."""
        ask = self.driver.plan(self.state, eager=True)
        return None if ask is None else (self.driver, ask)

    def apply_bot_move(self, move: Move) -> bool:
        """Apply a move of `next_bot_move`; a refused decision takes the first legal action
        instead. False when a refused proposal changed nothing (ask for the next move). A
        move the driver makes for a person (a decline of an offer they cannot take) has its
        reason on its log line."""
        if self._bot_apply(move.seat, move.action, move.reason):
            return True
        if not move.proposal:
            self._bot_apply(move.seat, move.legal[0], move.reason)
            return True
        return False

    def bot_may_act(self) -> bool:
        """Whether a bot may act now, without asking one: a bot's decision is due, or bots
        may volunteer actions (an offer). False means `next_bot_move` is None."""
        d = self.decider()
        if d is not None and self.is_bot(d):
            return True
        if self.driver.unasked(self.state) is not None:  # a person's offer to decline
            return True
        return self.driver.window(self.state) is not None

    def summary(self) -> dict[str, Any]:
        """The end of the game (rules.summary) and each seat's coins over the game."""
        return {**self.rules.summary(self.state), "coins": [list(r) for r in self.coin_history]}

    def _bot_apply(self, seat: int, action: Action, why: str = "") -> bool:
        try:
            self.apply(action)
        except IllegalAction:
            # the refusal's text may name the bot's own cards: the public log only says so
            self._say(f"{self.who(seat)} tried a move the rules refuse and plays another.", seat)
            return False
        bot = self.bots.get(seat)  # (None: the driver answered for a person)
        reason = why
        if bot is not None and reasons(bot) and bot.reason:
            reason, bot.reason = reason or bot.reason, ""
        if reason:
            # the reason goes on the line of the action's own first event; when that event
            # writes no line, or shows what chance brought (the cards turned up when the
            # planting ends: the reason explains the decision, not them), it gets a line of
            # its own before the action's lines, so that it is never read as the reason of
            # a turn-up, a turn separator or someone else's move
            own = self._first_line
            if own is not None and not isinstance(self.last_events[0], self._revealing):
                stop = own.text.endswith(".")  # "Ben plants Soy." -> "Ben plants Soy: joins .."
                own.text = f"{own.text.removesuffix('.')}: {reason.removesuffix('.')}"
                own.text += "." if stop else ""
            else:
                self._say(f"{self.who(seat)}: {reason}", seat)
                self.log.insert(self._first_at, self.log.pop())
        return True

    def run_bots(self, limit: int = 10_000) -> int:
        """Let the bots act until a person must decide (or the game ends)."""
        n = 0
        while n < limit and self.bot_step():
            n += 1
        return n

    # -- log -----------------------------------------------------------------------------------

    def keep_line(self, text: str, seat: int | None = None) -> LogLine:
        """A line of the table, not of the game (a chat line, who plays for whom), for
        everyone's log: kept in its place among the moves' lines when the log is rebuilt (an
        undo), never part of the record."""
        line = LogLine(text, self.state.turn, seat)
        self.log.append(line)
        self.kept.append((len(self.record.actions), line))
        return line

    def forget_kept(self, lines: list[LogLine]) -> None:
        """Drop these lines of `keep_line` from the log for good (the host's oldest chat):
        the log becomes a new list, as after an undo (a client is sent it anew)."""
        gone = {id(ln) for ln in lines}
        self.kept = [(n, ln) for n, ln in self.kept if id(ln) not in gone]
        self.log = [ln for ln in self.log if id(ln) not in gone]

    def _say(self, text: str, seat: int | None) -> None:
        self.log.append(LogLine(text, self.state.turn if hasattr(self, "state") else 0, seat))

    def _record_events(self, events: list[Event], action: Action | None = None) -> None:
        round_start = self.spec.round_start
        self._first_line = None
        self._first_at = len(self.log)
        for i, e in enumerate(events):
            line = self.describe(e)
            if line:
                seat = getattr(e, "seat", None)
                self._say(line, seat)
                if i == 0:
                    self._first_line = self.log[-1]
            if round_start(e):
                self.coin_history.append(self.rules.scores(self.state))
        if events and self.state.over:  # the final scores, as the end screen ranks them
            self.coin_history.append(list(self.rules.summary(self.state)["scores"]))
        elif not self.coin_history:
            self.coin_history.append(self.rules.scores(self.state))

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "everybody"
        name = self.names[seat]
        return f"Bot {name}" if self.is_bot(seat) else name

    def describe(self, e: Event) -> str:
        """One readable log line for an event ('' for events not worth a line)."""
        return self._describe(e, self.who)

    def describe_action(self, a: Action) -> str:
        """The action in a few words, as its game says it (`Action.words`)."""
        return a.words()


def _reason(e: BaseException) -> str:
    """One short line for any failure (its message, else its kind)."""
    text = " ".join(str(e).split()) if isinstance(e, ValueError | OSError | LookupError) else ""
    return clip(text or f"{type(e).__name__}: {clip(' '.join(str(e).split()), 200)}", 250)
