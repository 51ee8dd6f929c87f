"""The one place that owns a running game (design.md): it applies actions to the rules,
keeps the record, autosaves, asks the bots, hands out per-seat views and keeps a readable
log. Free of Textual, so that the hot-seat app and the network host both use it."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, make_bot
from .players import SessionError as SessionError  # re-exported: a game's errors and names
from .players import parse_players as parse_players
from .rules.actions import (
    Action,
    DeckRanOut,
    Discarded,
    Drew,
    Event,
    FieldBought,
    GameOver,
    Harvested,
    IllegalAction,
    Offer,
    OfferClosed,
    OfferMade,
    PhaseStarted,
    Planted,
    Traded,
    TurnedUp,
)
from .rules.bohnanza import GameState
from .rules.record import Record

# events that show something nobody knew before: an action that caused one cannot be undone
REVEALING = (TurnedUp, Drew, DeckRanOut)
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
    state: GameState = field(init=False)
    log: list[LogLine] = field(default_factory=list, init=False)
    coin_history: list[list[int]] = field(default_factory=list, init=False)
    bots: dict[int, Bot] = field(default_factory=dict, init=False)
    last_events: list[Event] = field(default_factory=list, init=False)
    _proposers: list[int] = field(default_factory=list, init=False)
    _offer_makers: dict[int, int] = field(default_factory=dict, init=False)  # offer id -> seat
    _bot_actions: tuple[int, int] = field(default=(0, 0), init=False)

    def __post_init__(self) -> None:
        self._make_bots()
        self._replay()

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

    def to_json(self) -> dict[str, Any]:
        """The save file: the record plus who is a bot, and a summary for the list."""
        st = self.state
        return {
            "version": 1,
            "id": self.save_id,
            "bots": {str(k): v for k, v in self.bot_levels.items()},
            "summary": {
                "title": self.rules.data.title,
                "turn": st.turn,
                "active": st.players[st.active].name,
                "over": st.phase == "over",
            },
            "record": self.record.to_json(),
        }

    @classmethod
    def from_json(cls, raw: Any, autosave: Callable[[Session], None] | None = None) -> Session:
        from .rules.record import RecordError

        if not isinstance(raw, dict) or not isinstance(raw.get("record"), dict):
            raise SessionError("this is not a bohn save file (no game record in it)")
        bots_raw = raw.get("bots", {})
        if not isinstance(bots_raw, dict):
            raise SessionError("the save file's 'bots' must be an object")
        try:
            bots = {int(k): str(v) for k, v in bots_raw.items()}
            record = Record.from_json(raw["record"])
            return cls(record, bots, str(raw.get("id", "")), autosave)
        except (RecordError, ValueError) as e:
            raise SessionError(f"the saved game cannot be replayed: {e}") from None

    def _make_bots(self) -> None:
        from .bots import LEVELS

        for seat, level in self.bot_levels.items():
            try:
                self.bots[seat] = make_bot(level, self.record.seed * 31 + seat)
            except ValueError:
                self.bots[seat] = make_bot("random", self.record.seed * 31 + seat)
                known = ", ".join(sorted(LEVELS)) or "random"
                self._say(
                    f"There is no {level!r} computer player yet; "
                    f"{self.record.players[seat]} plays at random (levels: {known}).",
                    None,
                )

    def _replay(self) -> None:
        """Rebuild the state, log and coin history from the record."""
        notes = [ln for ln in self.log if ln.turn == 0]
        self.log = notes
        self.coin_history = []
        try:
            rules = self._rules_for_record()
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

    def _rules_for_record(self) -> Any:
        from .rules.games import rules_for

        return rules_for(self.record.game, len(self.record.players))

    # -- reading -------------------------------------------------------------------------------

    @property
    def rules(self) -> Any:
        return self.state.rules

    @property
    def names(self) -> list[str]:
        return self.record.players

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

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
        revealing = REVEALING + self._game_revealing()
        return not any(isinstance(e, revealing) for e in self.last_events)

    def _game_revealing(self) -> tuple[type[Event], ...]:
        """A game module may list more events that show something new (`REVEALING`)."""
        import sys

        module = sys.modules.get(type(self.rules).__module__)
        return tuple(getattr(module, "REVEALING", ()))

    def undo(self) -> Action:
        if not self.can_undo():
            raise IllegalAction("the last action cannot be taken back: it showed new cards")
        action = self.record.actions.pop()
        self._replay()
        self._say(f"{self.names[action.seat]} took back: {self.describe_action(action)}.", None)
        self._proposers = []
        self._save()
        return action

    # -- bots ----------------------------------------------------------------------------------

    def bot_step(self) -> bool:
        """Let one bot act if the game waits for one (or a bot wants to offer something to
        the active player). Returns whether a bot acted."""
        st = self.state
        while self._proposers and st.phase == "trade":
            seat = self._proposers.pop(0)
            bot = self.bots[seat]
            propose = getattr(bot, "propose", None)
            if propose is None or seat == st.active:
                continue
            try:
                offer = propose(seat, lambda s=seat: self.view(s))
            except Exception as e:  # a broken bot must not end the game for the people
                self._say(f"{self.names[seat]} could not make an offer ({e!r})", seat)
                continue
            if isinstance(offer, Offer) and self._bot_apply(seat, offer):
                return True
        seat = self.decider()
        if seat is None or not self.is_bot(seat):
            return False
        legal = self.legal(seat)
        if not legal:
            return False
        turn, count = self._bot_actions
        count = count + 1 if turn == st.turn else 1
        self._bot_actions = (st.turn, count)
        bot = self.bots[seat]
        if count > BOT_ACTIONS_PER_TURN:  # a bot that keeps offering: close the trading
            calm = [a for a in legal if a.type in ("end_trading", "decline", "end_turn")]
            action = calm[0] if calm else legal[0]
        else:
            try:
                action = bot.choose(seat, lambda: self.view(seat), legal)
            except Exception as e:  # a broken bot must not end the game for the people
                self._say(
                    f"{self.names[seat]} could not decide ({e!r}); it takes the first choice", seat
                )
                action = legal[0]
        if not self._bot_apply(seat, action):
            self._bot_apply(seat, legal[0])
        return True

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
        for e in events:
            line = self.describe(e)
            if line:
                seat = getattr(e, "seat", None)
                self._say(line, seat)
            if isinstance(e, PhaseStarted) and e.phase == "trade":
                self._proposers = [s for s in self.bots if s != e.seat]
            if isinstance(e, Traded):
                self._proposers = [s for s in self.bots if s != self.state.active]
            if isinstance(e, PhaseStarted) and e.phase in ("plant", "take_offer"):
                self.coin_history.append(self._coins())
            if isinstance(e, GameOver):
                self.coin_history.append(list(e.scores))
        if not self.coin_history:
            self.coin_history.append(self._coins())

    def _coins(self) -> list[int]:
        return [len(p.coins) for p in self.state.players]

    def vname(self, variety: str | None) -> str:
        return self.rules.vname(variety)

    def _cards(self, cards: tuple[str, ...] | list[str]) -> str:
        if not cards:
            return "nothing"
        counts: dict[str, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        return ", ".join(
            f"{n} {self.vname(c)}" if n > 1 else self.vname(c) for c, n in counts.items()
        )

    def who(self, seat: int | None) -> str:
        if seat is None:
            return "everybody"
        name = self.names[seat]
        return f"Bot {name}" if self.is_bot(seat) else name

    def describe(self, e: Event) -> str:
        """One readable log line for an event ('' for events not worth a line)."""
        who = self.who
        if isinstance(e, Planted):
            src = {"offer": " (from the offer)"}
            what = self.vname(e.variety) + src.get(e.source, "")
            return f"{who(e.seat)} plants {what} on field {e.field + 1}"
        if isinstance(e, Harvested):
            s = "" if e.coins == 1 else "s"
            return f"{who(e.seat)} harvests {e.count} {self.vname(e.variety)} for {e.coins} coin{s}"
        if isinstance(e, FieldBought):
            return f"{who(e.seat)} buys a third field for {e.cost} coins"
        if isinstance(e, TurnedUp):
            extra = (
                f" (+{self._cards(e.from_discard)} from the discard pile)" if e.from_discard else ""
            )
            return f"{who(e.seat)} turns up {self._cards(e.cards)}{extra}"
        if isinstance(e, Drew):
            s = "" if e.count == 1 else "s"
            return f"{who(e.seat)} draws {e.count} card{s}"
        if isinstance(e, DeckRanOut):
            if e.reshuffled:
                return f"The draw pile ran out ({e.time}): the discard pile is shuffled in"
            return "The draw pile ran out for the last time"
        if isinstance(e, OfferMade):
            self._offer_makers[e.offer] = e.seat
            give = self._cards(e.give)
            want = self._cards(e.want) if e.want else ""
            kind = "counters" if e.counter_to is not None else "offers"
            if not want:
                return f"{who(e.seat)} {kind} {who(e.to)} a gift: {give}"
            if not e.give:
                return f"{who(e.seat)} asks {who(e.to)} for {want} as a gift"
            return f"{who(e.seat)} {kind} {who(e.to)} {give} for {want}"
        if isinstance(e, OfferClosed):
            maker = self._offer_makers.get(e.offer)
            if e.reason == "withdrawn":
                return f"{who(e.seat)} withdraws an offer"
            if e.reason == "declined" and maker is not None:
                return f"{who(e.seat)} declines {who(maker)}'s offer"
            if e.reason == "declined":
                return f"{who(e.seat)} declines offer {e.offer}"
            return ""
        if isinstance(e, Traded):
            gave, got = self._cards(e.gave), self._cards(e.got)
            return f"{who(e.seat)} and {who(e.other)} trade: {gave} for {got}"
        if isinstance(e, Discarded):
            return f"{who(e.seat)} discards {self.vname(e.variety)}"
        if isinstance(e, PhaseStarted):
            if e.phase in ("plant", "take_offer"):
                return f"— Turn {e.turn}: {self.names[e.seat]} —"
            return ""
        if isinstance(e, GameOver):
            won = " and ".join(self.names[w] for w in e.winners)
            return f"Game over ({e.reason}). {won} win{'s' if len(e.winners) == 1 else ''}"
        if self.record.game == "bohnroschen":
            from .rose_log import describe as rose_line

            line = rose_line(e, who, self.vname)
            if line:
                return line
        text = getattr(e, "text", "")  # other games' events may carry their own line
        return (
            f"{who(e.seat)}: {text}" if text and isinstance(getattr(e, "seat", None), int) else text
        )

    def describe_action(self, a: Action) -> str:
        t = a.type.replace("_", " ")
        if hasattr(a, "field"):
            t += f" on field {a.field + 1}"  # type: ignore[attr-defined]
        return t

    # -- saving --------------------------------------------------------------------------------

    def _save(self) -> None:
        if self.autosave is not None:
            self.autosave(self)
