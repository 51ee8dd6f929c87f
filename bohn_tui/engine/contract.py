"""The game contract: what every game's rules offer, what each seat is asked now (`Ask`),
and a game's spec (everything the rest of the program may know of a game, found through the
registry).

Pure Python: no UI, no files, no asyncio, and no game (design.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from bohn_tui.engine.actions import Action, Event
from bohn_tui.engine.records import record

if TYPE_CHECKING:  # the schema of a game's options (engine/options.py), read where it is used
    from bohn_tui.engine.options import Option


class State(Protocol):
    """A game's state. All chance goes through `rng`, one seeded generator: the same config,
    seed and actions give the same game (the save, the replay and the undo). `rules` are the
    rules it is played by (the session and the bot driver read them from the state)."""

    rng: random.Random
    turn: int
    rules: Rules

    @property
    def over(self) -> bool: ...


@record
class Ask:
    """What one seat is asked now, and why: the one mechanism for who may act (boardgame.io's
    stages in `activePlayers` are the model). `Rules.asks(state)` gives one per seat that is
    asked or may volunteer an action; a seat not in it may do nothing now.

    `kind` is one of the game's kinds ("turn" for the active player's own turn; others for a
    decision outside the turn order: "answer_offer", "plant_received", "tribute", a dice
    game's "harvest"...), `sentence` says it to a person ("Ana has an offer for Ben."; the
    privacy screen shows it at a hand-over), `private` whether answering shows what only this
    seat may see (True: the screen passes behind the privacy screen between two people),
    `volunteer` whether the seat may volunteer an action instead of (or before) being asked
    (an offer to the active player, a harvest on another's turn: the bot driver asks such a
    bot's `propose`), `about` what it is about (an offer id). `window` is the volunteering
    window the moment belongs to: while seats may volunteer (or would, but for a decision in
    between), every ask carries the same key, a new one whenever they may volunteer anew
    (phase 2 begins, a trade was made); None while nobody may. The bot driver asks each bot
    that may volunteer once per window."""

    kind: str
    sentence: str
    private: bool = True
    volunteer: bool = False
    about: int | None = None
    window: Hashable = None


def window_of(asks: Mapping[int, Ask]) -> Hashable:
    """The volunteering window of a moment's asks (None: nobody may volunteer)."""
    for ask in asks.values():
        return ask.window
    return None


class Rules(Protocol):
    """The rules of one game for one player count. Rules objects hold no game state."""

    n: int

    def new_game(
        self,
        names: list[str],
        seed: int,
        options: dict[str, Any] | None = None,
        deck: list[str] | None = None,
    ) -> tuple[Any, list[Event]]:
        """A new game and the events of its setup."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """What `seat` may do now: any seat, not only the active one."""
        ...

    def apply(self, state: Any, action: Action) -> list[Event]:
        """Apply one action atomically: its events, or IllegalAction and no change at all
        (the generator included)."""
        ...

    def step(self, state: Any, action: Action) -> None:
        """`apply` without building events (simulations and bot rollouts)."""
        ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What `seat` may know, JSON-ready; None is the public table."""
        ...

    def asks(self, state: Any) -> dict[int, Ask]:
        """Who may act now and why: by seat, what it is asked (`Ask`), the seats the game
        waits for first in the order of `waiting_for`, then those that may only volunteer;
        a seat that may do nothing is absent, and nobody is once the game is over."""
        ...

    def waiting_for(self, state: Any) -> list[int]:
        """The seats of `asks` whose answer the game waits for (not those that may only
        volunteer), the most urgent first: its fast path, for the driver and the session."""
        ...

    def to_move(self, state: Any) -> int | None:
        """waiting_for(state)[0], or None when it is over (the hot path of simulations)."""
        ...

    def scores(self, state: Any) -> list[int]:
        """Each seat's score so far (for the chart at the end)."""
        ...

    def redeal_hidden(self, state: Any, seat: int | None, rng: random.Random) -> None:
        """Deal anew everything `seat` may not know (None: the public table), in place, so
        that `view(state, seat)` is unchanged: the conformance tests' check that no view holds
        another seat's secret."""
        ...

    def violations(self, state: Any) -> list[str]:
        """What is wrong with a state (cards created or lost...): empty when nothing."""
        ...

    def full_state(self, state: Any) -> dict[str, Any]:
        """The whole state as JSON, nothing hidden (`bohn replay --json`, tests)."""
        ...

    def summary(self, state: Any) -> dict[str, Any]:
        """The end of the game for the end screen (scores, winners, reason, tie-break)."""
        ...


# Optional capabilities of a game's rules, besides `Rules`: the bot driver's fast path
# (engine/driver.py's `_drive_plain`) uses them when the rules have them, and checks that
# through engine/capabilities.py (once per rules type), never by looking names up.


@runtime_checkable
class ListsSteps(Protocol):
    """Rules that can apply an action `legal_actions` has just listed without checking it
    again: by action type, what applies it (None: every type goes through `step`)."""

    @property
    def listed_steps(self) -> Mapping[type[Action], Callable[[Any, Action], None]] | None: ...


@runtime_checkable
class ListsUnasked(Protocol):
    """Rules that list the open offers to a seat it cannot take (declined for a person at
    once: docs/formats.md, offers that can no longer be met)."""

    def unasked(self, state: Any, seat: int) -> list[Action]: ...


@runtime_checkable
class LegalToMove(Protocol):
    """Rules with a faster `legal_actions` for the seat `to_move` names (the same list)."""

    def legal_to_move(self, state: Any, seat: int) -> list[Action]: ...


@runtime_checkable
class NextDecision(Protocol):
    """Rules that name the seat `to_move` names and what `legal_to_move` lists for it in one
    call (None where to_move says None), so that the bot driver does not find the seat twice."""

    def next_decision(self, state: Any) -> tuple[int, list[Action]] | None: ...


@runtime_checkable
class ListsVolunteers(Protocol):
    """Rules with a fast path of `asks` for the bot driver, which reads it at every step: the
    volunteering window (`window_of(asks(state))`) and the seats whose ask says they may
    volunteer (`Ask.volunteer`), without the sentences."""

    def volunteers(self, state: Any) -> tuple[Hashable, Collection[int]]: ...


class Describer(Protocol):
    """A game's log: one readable line per event ('' for events not worth one), given a
    function that names a seat (`who(None)` is everybody). It may keep what it has seen (who
    made which offer). `GameSpec.log(rules, names)` makes one for a game's players."""

    def __call__(self, event: Event, who: Callable[[int | None], str]) -> str: ...


BotFactory = Callable[[str, int, bool], Any]  # (level, seed, trade) -> Bot


@record
class SoloResult:
    """A finished solo run as the solo results keep it (store/solo.py): won or lost, the
    turns taken, the coins (the score), and how far the run got in the game's own steps:
    `reached` of `goal` (Bohnröschen: the vine cards its figure passed, of the row's; goal 0:
    not known)."""

    won: bool
    turns: int
    coins: int
    reached: int = 0
    goal: int = 0


@dataclass(frozen=True)
class GameSpec:
    """Everything about a game that the program outside its package may use.

    `rules(n)` makes its rules for n players (ValueError for a count it has not),
    `actions()` imports and returns its action types, `bots(level, seed, trade)` makes a bot
    (ValueError for an unknown level), `log(rules, names)` the Describer of a game between
    those players, `help(rules)` the rules in a few lines for `?`, `table` the
    "module:attribute" of its table parts (UI, imported only when a table opens).
    `revealing` lists the event types that show something nobody knew (an action that
    caused one cannot be undone). `calm` names the action types a bot falls
    back to when it has acted too often in one turn (they end a phase or decline).
    `options` are the record options the game reads, as a schema (engine/options.py: name,
    type, label, default, choices, player counts, a command-line shorthand), from which the
    command line and the new-game screen are built; its `new_game` refuses a value of the
    wrong kind for each with a ValueError naming it (tests/test_hostile.py holds it to that).
    `legacy_options` keep the records saved before a rule was corrected playable: the rules
    follow the rulebook by default, and the old behaviour is an option; a record the rules
    now refuse is replayed once more with these options (its own over them) and, if it then
    replays, goes on with them (Registry.replay_either). `aliases` are other names
    `Registry.find` accepts for the game (matched like the id: any case, umlauts or not)."""

    id: str
    title: str
    player_counts: tuple[int, ...]
    rules: Callable[[int], Rules]
    actions: Callable[[], tuple[type[Action], ...]]
    revealing: Callable[[], tuple[type[Event], ...]]
    bots: BotFactory
    bot_levels: tuple[str, ...]
    log: Callable[[Rules, list[str]], Describer]
    help: Callable[[Rules], list[str]]
    table: str = ""
    solo: bool = False  # has a solo mode (`bohn solo`)
    # a finished solo run's result from the player's view (seat 0) at the end
    solo_result: Callable[[dict[str, Any]], SoloResult] | None = None
    calm: frozenset[str] = field(default_factory=frozenset)
    options: tuple[Option, ...] = ()
    legacy_options: dict[str, Any] = field(default_factory=dict)
    round_start: Callable[[Event], bool] = lambda e: False  # a new round for the score chart
    aliases: tuple[str, ...] = ()  # other names a person may type ("dice")
    # the final state (`Rules.full_state`) in a few lines of text, for `bohn replay`
    state_lines: Callable[[dict[str, Any]], list[str]] = lambda full: []

    @property
    def option_names(self) -> tuple[str, ...]:
        """The names of the options the game reads."""
        return tuple(o.name for o in self.options)
