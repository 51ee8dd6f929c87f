"""The one place that owns a running game (design.md): it applies actions to the rules,
keeps the record, autosaves, asks the bots, hands out per-seat views and keeps a readable
log. Free of Textual, so that the hot-seat app and the network host both use it."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bohn_tui.engine.actions import Action, Event, IllegalAction
from bohn_tui.engine.bots import Bot
from bohn_tui.engine.contract import GameSpec
from bohn_tui.engine.driver import BotDriver, Move
from bohn_tui.engine.record import Record
from bohn_tui.games import read_record, rules_for
from bohn_tui.games import spec as game_spec
from bohn_tui.play.players import NewGame
from bohn_tui.play.players import SessionError as SessionError  # re-exported
from bohn_tui.play.players import parse_players as parse_players

# at most this many bot actions in one turn; after that the bots only end or decline
BOT_ACTIONS_PER_TURN = 300


@dataclass(slots=True)
class LogLine:
    text: str
    turn: int
    seat: int | None = None


@dataclass
class Session:
    """A running game. Create with `Session.new` or `Session.from_save`."""

    record: Record
    bot_levels: dict[int, str] = field(default_factory=dict)
    save_id: str = ""
    autosave: Callable[[Session], None] | None = None
    state: Any = field(init=False)
    spec: GameSpec = field(init=False)
    log: list[LogLine] = field(default_factory=list, init=False)
    coin_history: list[list[int]] = field(default_factory=list, init=False)
    bots: dict[int, Bot] = field(default_factory=dict, init=False)
    last_events: list[Event] = field(default_factory=list, init=False)
    driver: BotDriver = field(init=False)
    _describe: Any = field(default=None, init=False)
    _revealing: tuple[type[Event], ...] = field(default=(), init=False)

    def __post_init__(self) -> None:
        try:
            self.spec = game_spec(self.record.game)
        except ValueError as e:
            raise SessionError(str(e)) from None
        self._revealing = self.spec.revealing()
        self._make_bots()
        self._replay()
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
        autosave: Callable[[Session], None] | None = None,
    ) -> Session:
        seed = secrets.randbelow(2**31) if seed is None else seed
        record = Record(game, list(names), seed, dict(options or {}), deck)
        try:
            s = cls(record, dict(bots or {}), secrets.token_hex(4), autosave)
        except ValueError as e:
            raise SessionError(str(e)) from None
        s._save()
        return s

    @classmethod
    def start(cls, new: NewGame, autosave: Callable[[Session], None] | None = None) -> Session:
        """Make the game `new` describes; SessionError if it cannot start."""
        return cls.new(new.game, new.names, new.bots, new.seed, new.options, autosave=autosave)

    def to_json(self) -> dict[str, Any]:
        """The save file: the record plus who is a bot, and a summary for the list."""
        st = self.state
        return {
            "version": 1,
            "id": self.save_id,
            "bots": {str(k): v for k, v in self.bot_levels.items()},
            "summary": {
                "title": self.spec.title,
                "turn": st.turn,
                "active": st.players[st.active].name,
                "over": self.over,
            },
            "record": self.record.to_json(),
        }

    @classmethod
    def from_json(cls, raw: Any, autosave: Callable[[Session], None] | None = None) -> Session:
        from bohn_tui.engine.record import RecordError

        if not isinstance(raw, dict) or not isinstance(raw.get("record"), dict):
            raise SessionError("this is not a bohn save file (no game record in it)")
        bots_raw = raw.get("bots", {})
        if not isinstance(bots_raw, dict):
            raise SessionError("the save file's 'bots' must be an object")
        try:
            bots = {int(k): str(v) for k, v in bots_raw.items()}
            record = read_record(raw["record"])
            return cls(record, bots, str(raw.get("id", "")), autosave)
        except (RecordError, ValueError) as e:
            raise SessionError(f"the saved game cannot be replayed: {e}") from None

    @classmethod
    def load(cls, store: Any, save_id: str) -> Session:
        """The saved game `save_id` of `store` as a running Session that autosaves there
        (StoreError if it cannot be read, SessionError if it cannot be replayed)."""
        from bohn_tui.store import autosaver

        return cls.from_json(store.read(save_id), autosave=autosaver(store))

    def _make_bots(self) -> None:
        make, levels = self.spec.bots, self.spec.bot_levels
        for seat, level in self.bot_levels.items():
            try:
                self.bots[seat] = make(level, self.record.seed * 31 + seat, True)
            except ValueError:
                self.bots[seat] = make(levels[0], self.record.seed * 31 + seat, True)
                known = ", ".join(sorted(levels))
                self._say(
                    f"There is no {level!r} computer player yet; "
                    f"{self.record.players[seat]} plays at level {levels[0]} (levels: {known}).",
                    None,
                )

    def _replay(self) -> None:
        """Rebuild the state, log and coin history from the record."""
        notes = [ln for ln in self.log if ln.turn == 0]
        self.log = notes
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
        for n, a in enumerate(self.record.actions, start=1):
            try:
                events = self.rules.apply(self.state, a)
            except IllegalAction as e:
                raise SessionError(f"action {n} of the record is refused: {e}") from None
            self._record_events(events, a)
            self.last_events = events

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
    def rules(self) -> Any:
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
        return self.rules.view(self.state, seat)

    def legal(self, seat: int) -> list[Action]:
        return self.rules.legal_actions(self.state, seat)

    def waiting_for(self) -> list[int]:
        return self.rules.waiting_for(self.state)

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
        """Apply an action: rules, record, log, autosave. Raises IllegalAction, changing
        nothing, when the rules refuse it."""
        events = self.rules.apply(self.state, action)
        self.record.actions.append(action)
        self.last_events = events
        self._record_events(events, action)
        self._save()
        return events

    def can_undo(self) -> bool:
        """The last action can be taken back if it revealed nothing new and was a person's."""
        if not self.record.actions or self.over:
            return False
        if self.is_bot(self.record.actions[-1].seat):
            return False
        return not any(isinstance(e, self._revealing) for e in self.last_events)

    def undo(self) -> Action:
        if not self.can_undo():
            raise IllegalAction("the last action cannot be taken back: it showed new cards")
        action = self.record.actions.pop()
        self._replay()
        self._say(f"{self.names[action.seat]} took back: {self.describe_action(action)}.", None)
        self._save()
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

    def apply_bot_move(self, move: Move) -> bool:
        """Apply a move of `next_bot_move`; a refused decision takes the first legal action
        instead. False when a refused proposal changed nothing (ask for the next move)."""
        if self._bot_apply(move.seat, move.action):
            return True
        if not move.proposal:
            self._bot_apply(move.seat, move.legal[0])
            return True
        return False

    def bot_may_act(self) -> bool:
        """Whether a bot may act now, without asking one: a bot's decision is due, or bots
        may volunteer actions (an offer). False means `next_bot_move` is None."""
        d = self.decider()
        if d is not None and self.is_bot(d):
            return True
        return bool(self.driver.proposers) and self.rules.proposal_round(self.state) is not None

    def summary(self) -> dict[str, Any]:
        """The end of the game (rules.summary) and each seat's coins over the game."""
        return {**self.rules.summary(self.state), "coins": [list(r) for r in self.coin_history]}

    def _bot_apply(self, seat: int, action: Action) -> bool:
        first = len(self.log)  # the reason goes on the action's first line
        try:
            self.apply(action)
        except IllegalAction as e:
            self._say(f"{self.names[seat]} tried something the rules refuse: {e}", seat)
            return False
        reason = getattr(self.bots[seat], "reason", "")
        if reason and len(self.log) > first:
            self.log[first].text += f": {reason}"
            self.bots[seat].reason = ""  # type: ignore[attr-defined]
        return True

    def run_bots(self, limit: int = 10_000) -> int:
        """Let the bots act until a person must decide (or the game ends)."""
        n = 0
        while n < limit and self.bot_step():
            n += 1
        return n

    # -- log -----------------------------------------------------------------------------------

    def _say(self, text: str, seat: int | None) -> None:
        self.log.append(LogLine(text, self.state.turn if hasattr(self, "state") else 0, seat))

    def _record_events(self, events: list[Event], action: Action | None = None) -> None:
        round_start = self.spec.round_start
        for e in events:
            line = self.describe(e)
            if line:
                seat = getattr(e, "seat", None)
                self._say(line, seat)
            if round_start(e):
                self.coin_history.append(self.rules.scores(self.state))
            if e.type == "game_over":
                self.coin_history.append(list(e.scores))  # type: ignore[attr-defined]
        if not self.coin_history:
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
        t = a.type.replace("_", " ")
        if hasattr(a, "field"):
            t += f" on field {a.field + 1}"  # type: ignore[attr-defined]
        return t

    # -- saving --------------------------------------------------------------------------------

    def _save(self) -> None:
        if self.autosave is not None:
            self.autosave(self)
