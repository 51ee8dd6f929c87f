"""The one bot driver: which bot acts next and with what, for the session (a game with people)
and for simulations and bot rollouts alike. Pure: it applies nothing itself.

`BotDriver.next_move(state)` gives the next bot move: first, once per volunteering window
(the rules' `asks`: `Ask.window`), each bot with a `propose` method whose seat's ask says it
may volunteer is asked for an action it volunteers (an offer to the active player, a
harvest); then the decision of the bot seat the game waits for. The caller
applies the move; `drive` is the loop that does so without events (simulations, rollouts).
`next_move` is `plan` (who is asked what: cheap, reads the state) then `think` (the bot's
answer: reads only the planned view), so that a table can let a bot think in a thread, and
without holding its lock, while people act (play/client.py).

People are the seats without a bot. An offer made to a person that the person cannot take
(the rules' `unasked`: they do not hold what it asks for) is declined for them at once, before
anything else, so that the game does not wait for an answer that can only be no; the move's
`reason` says why (UNASKED). Rules without `unasked` have no such offers."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Hashable, Mapping
from functools import partial
from itertools import repeat
from math import floor
from typing import Any

from bohn_tui.engine.records import record

from .actions import Action, IllegalAction
from .bots import Bot, Observe
from .capabilities import (
    decides_next,
    draws_uniform,
    legal_to_move,
    lists_steps,
    lists_unasked,
    lists_volunteers,
    proposes,
)
from .contract import Rules, window_of

MAX_ACTIONS = 50_000  # a game longer than this counts as a violation (it would never end)
UNASKED = "cannot give what it asks for"  # why a person's offer was declined for them
_UNSET = object()

Volunteers = Callable[[Any], tuple[Hashable, Collection[int]]]


def volunteering(rules: Rules) -> Volunteers:
    """What tells the driver, for a state, the volunteering window and the seats that may
    volunteer in it: the rules' `volunteers` (the fast path), else read from their `asks`."""
    if lists_volunteers(rules):
        return rules.volunteers

    def from_asks(state: Any) -> tuple[Hashable, Collection[int]]:
        asks = rules.asks(state)
        return window_of(asks), [seat for seat, ask in asks.items() if ask.volunteer]

    return from_asks


@record
class Move:
    seat: int
    action: Action
    proposal: bool  # volunteered (Bot.propose), not an answer to the game's question
    legal: list[Action]  # what the seat could do (empty for a proposal)
    reason: str = ""  # why the driver answered for a person (UNASKED); "" for a bot's move


@record
class Question:
    """A question to a bot, planned on the state (`BotDriver.plan`) and answered without it
    (`BotDriver.think`): the seat's bot, its view, its legal actions (empty for a proposal:
    an action it may volunteer in the volunteering window `key`); `forced` is the answer already
    given (a bot that acted too often this turn ends the phase, or a person's decline of an
    offer they cannot take: then `bot` is None and `reason` says why)."""

    seat: int
    bot: Bot | None
    observe: Observe
    legal: list[Action]
    key: Any  # the volunteering window asked for (None: a decision)
    forced: list[Action] | None = None
    reason: str = ""

    @property
    def proposal(self) -> bool:
        return not self.legal


class BotDriver:
    """`bots` by seat. `calm` names the action types a bot falls back to after `cap` actions in
    one turn (a bot that keeps offering). With `catch`, a bot that raises is reported through
    `on_problem(seat, text)` and the game goes on (the first legal action); without, it raises.
    With `propose_first` False a state already in a volunteering window asks nobody until the
    next."""

    def __init__(
        self,
        rules: Rules,
        bots: Mapping[int, Bot],
        *,
        calm: frozenset[str] = frozenset(),
        cap: int | None = None,
        catch: bool = False,
        on_problem: Callable[[int, str], None] | None = None,
        propose_first: bool = True,
        state: Any = None,
    ) -> None:
        self.rules = rules
        self.bots = bots  # the caller's: a seat's bot may be replaced during the game
        self.calm = calm
        self.cap = cap
        self.catch = catch
        self.on_problem = on_problem
        self._volunteers = volunteering(rules)
        self._key: Any = _UNSET
        if not propose_first and state is not None:
            self._key = self._volunteers(state)[0]
        self._pending: list[int] = []
        self._per_turn = (0, 0)  # (turn, bot decisions in it)
        self._unasked = rules.unasked if lists_unasked(rules) else None

    def window(self, state: Any) -> Any:
        """The volunteering window now, when a bot may volunteer (None: no bot can)."""
        return self._volunteers(state)[0] if self.proposers else None

    @property
    def proposers(self) -> list[int]:
        """The bot seats that may volunteer actions (their bots have `propose`)."""
        return [s for s in sorted(self.bots) if proposes(self.bots[s])]

    def _observe(self, state: Any, seat: int, eager: bool) -> Observe:
        if not eager:
            return partial(self.rules.view, state, seat)
        view = self.rules.view(state, seat)
        return lambda: view

    def _problem(self, seat: int, text: str) -> None:
        if self.on_problem is not None:
            self.on_problem(seat, text)

    def next_move(self, state: Any) -> Move | None:
        """The next bot move, or None when the game waits for a person (or is over)."""
        while (ask := self.plan(state)) is not None:
            move = self.think(ask)
            if move is not None:
                return move
        return None

    def plan(self, state: Any, eager: bool = False) -> Question | None:
        """Which bot is asked what now (None: nobody: the game waits for a person, or is
        over). Cheap: it reads the state but asks no bot. With `eager` the seat's view is
        taken now, so that `think` may run in a thread while the state changes."""
        rules = self.rules
        answered = self.unasked(state, eager)
        if answered is not None:
            return answered
        key, may = self._volunteers(state)
        if key is not None:
            if key != self._key:
                self._key = key
                self._pending = self.proposers
            while self._pending:
                seat = self._pending.pop(0)
                bot = self.bots.get(seat)
                if bot is None or not proposes(bot):
                    continue
                if seat not in may:
                    continue
                return Question(seat, bot, self._observe(state, seat, eager), [], key)
        to_move = rules.to_move(state)
        if to_move is None or to_move not in self.bots:
            return None
        seat = to_move
        legal = rules.legal_actions(state, seat)
        if not legal:
            return None
        bot = self.bots[seat]
        if self.cap is not None:
            turn, count = self._per_turn
            count = count + 1 if turn == state.turn else 1
            self._per_turn = (state.turn, count)
            if count > self.cap:  # a bot that keeps offering: close the phase
                calm = [a for a in legal if a.type in self.calm]
                observe = self._observe(state, seat, False)
                return Question(seat, bot, observe, legal, None, calm or legal)
        return Question(seat, bot, self._observe(state, seat, eager), legal, None)

    def unasked(self, state: Any, eager: bool = False) -> Question | None:
        """A person's decline of an offer made to them that they cannot take (the first
        such, in seat order), as an Question already answered; None when there is none."""
        unasked = self._unasked
        if unasked is None or len(self.bots) >= self.rules.n:  # (every seat a bot's)
            return None
        for seat in range(self.rules.n):
            if seat in self.bots:
                continue
            declines = unasked(state, seat)
            if declines:
                observe = self._observe(state, seat, eager)
                return Question(seat, None, observe, declines, None, declines[:1], UNASKED)
        return None

    def think(self, ask: Question) -> Move | None:
        """The planned bot's answer (None: a proposal it does not make). Reads no state: only
        the ask's view and legal actions."""
        if ask.forced:
            return Move(ask.seat, ask.forced[0], False, ask.legal, ask.reason)
        assert ask.bot is not None  # (only a forced answer has none)
        if ask.proposal:
            if not proposes(ask.bot):  # (plan asks only a bot that proposes)
                return None
            offer = self._ask(ask.seat, "make an offer", ask.bot.propose, ask.observe)
            return None if offer is None else Move(ask.seat, offer, True, [])
        choose = partial(ask.bot.choose, legal=ask.legal)
        action = self._ask(ask.seat, "decide", choose, ask.observe)
        return Move(ask.seat, ask.legal[0] if action is None else action, False, ask.legal)

    def again(self, ask: Question) -> None:
        """`ask` went unanswered (the game changed while its bot thought): a proposal's seat is
        asked once more in the same volunteering window; a decision is planned anew anyway."""
        if ask.proposal and ask.key == self._key and ask.seat not in self._pending:
            self._pending.insert(0, ask.seat)

    def _ask(self, seat: int, what: str, call: Callable[..., Any], observe: Observe) -> Any:
        if not self.catch:
            return call(seat, observe)
        try:
            return call(seat, observe)
        except Exception as e:  # a broken bot must not end the game for the people
            tail = "; it takes the first choice" if what == "decide" else ""
            # the public log names only the kind of failure: its text may name hidden cards
            self._problem(seat, f"could not {what} (a fault in it: {type(e).__name__}){tail}")
            return None


def drive(
    state: Any,
    bots: list[Bot],
    actions: list[Action],
    violations: list[str],
    until_turn: int | None = None,
    propose_first: bool = True,
) -> None:
    """Let the bots play `state` on until the game ends or turn `until_turn` begins (bot
    rollouts stop early), applying with `rules.step`; each action goes into `actions`, each
    problem into `violations`."""
    # no limit: the largest int of one digit (a compare of two such is the interpreter's
    # fast one, and every decision makes it); no game gets near 2**30 turns
    last_turn = until_turn if until_turn is not None else (1 << 30) - 1
    if not any(proposes(b) for b in bots):  # the hot path (random bots): no volunteering
        _drive_plain(state, bots, actions, violations, last_turn)
        return
    key = _UNSET if propose_first else volunteering(state.rules)(state)[0]
    _drive_volunteering(state, bots, actions, violations, last_turn, key)


def _refused(
    action: Action, legal: list[Action], seat: int, e: IllegalAction, violations: list[str]
) -> None:
    """A refused choice is a bug: of the rules if it was listed, else of the bot."""
    if action in legal:
        violations.append(f"a listed legal action was refused: {action}: {e}")
    else:
        violations.append(f"seat {seat}'s bot chose a refused action: {action}: {e}")


def _drive_volunteering(
    state: Any,
    bots: list[Bot],
    actions: list[Action],
    violations: list[str],
    last_turn: int,
    key: Any,
) -> None:
    """`drive` for bots of which some volunteer: `BotDriver.next_move`'s moves (every seat a
    bot's, no cap on a turn's actions), without its questions and moves: once per
    volunteering window each bot that proposes, in seat order, while its seat may volunteer,
    then the decision of the seat `to_move` names. A decision that is one of the listed
    legal actions is applied through the rules' `listed_steps` (as in `_drive_plain`)."""
    rules: Rules = state.rules
    step, to_move, legal_actions = rules.step, rules.to_move, rules.legal_actions
    listed = (lists_steps(rules) and rules.listed_steps) or defaultdict(repeat(step).__next__)
    volunteers = volunteering(rules)
    observers = list(map(partial(partial, rules.view, state), range(len(bots))))
    proposers = [s for s, b in enumerate(bots) if proposes(b)]
    pending: list[int] = []
    while not state.over and state.turn < last_turn:
        if len(actions) >= MAX_ACTIONS:
            violations.append(f"no end after {MAX_ACTIONS} actions")
            return
        window, may = volunteers(state)
        offer = None
        if window is not None:
            if window != key:
                key = window
                pending = list(proposers)
            while pending:
                who = pending.pop(0)
                if who in may:
                    bot = bots[who]
                    assert proposes(bot)  # (the proposers only)
                    offer = bot.propose(who, observers[who])
                    if offer is not None:
                        break
        if offer is not None:
            try:
                step(state, offer)
            except IllegalAction as e:
                violations.append(f"seat {who} proposed an illegal offer: {offer}: {e}")
                continue
            actions.append(offer)
            continue
        seat = to_move(state)  # None once the game is over
        if seat is None or seat >= len(bots):
            return
        legal = legal_actions(state, seat)
        if not legal:
            return
        action: Action | None = bots[seat].choose(seat, observers[seat], legal=legal)
        if action is None:  # (as BotDriver.think: no answer is the first choice)
            action = legal[0]
        # one of the listed actions (the same object): applied without the checks again
        apply = listed[action.__class__] if any(a is action for a in legal) else step
        try:
            apply(state, action)
        except IllegalAction as e:
            _refused(action, legal, seat, e, violations)
            action = legal[0]
            step(state, action)
        actions.append(action)


def _drive_plain(
    state: Any, bots: list[Bot], actions: list[Action], violations: list[str], last_turn: int
) -> None:
    """`drive` for bots that never volunteer: the loop of every random simulation. A bot
    whose `choose` takes `legal[floor(r * len(legal))]` for r = `uniform()`, a draw from
    its generator in [0, 1), and nothing else (the random bot without trading), offers
    `uniform`: the driver draws its choice that way, without a call of the bot, and applies
    the action, one that legal_actions has listed, through the rules' `listed_steps` when
    they have them (the checks of listing are not made twice); the legal actions of the seat
    `to_move` names come from `legal_to_move` likewise, or both in one call from the rules'
    `next_decision` when they have it."""
    rules: Rules = state.rules
    legal_actions, step, to_move, view = rules.legal_actions, rules.step, rules.to_move, rules.view
    # listed_steps: by action type, what applies an action legal_actions listed (rules that
    # have none: their step for every type)
    # (no closures over state or step: a variable a closure reads is slower to read)
    listed = (lists_steps(rules) and rules.listed_steps) or defaultdict(repeat(step).__next__)
    if legal_to_move(rules):
        legal_actions = rules.legal_to_move
    decide = rules.next_decision if decides_next(rules) else None
    observers = list(map(partial(partial, view, state), range(len(bots))))
    uniforms = [b.uniform if draws_uniform(b) else None for b in bots]
    for _ in range(len(actions), MAX_ACTIONS):
        if state.turn >= last_turn:
            return
        if decide is not None:
            decision = decide(state)  # None once the game is over
            if decision is None:
                return
            seat, legal = decision
        else:
            mover = to_move(state)  # None once the game is over
            if mover is None:
                return
            seat = mover
            legal = legal_actions(state, seat)
        uniform = uniforms[seat]
        if uniform is not None:
            action = legal[floor(uniform() * len(legal))]
            apply = listed[action.__class__]
        else:
            action = bots[seat].choose(seat, observers[seat], legal)
            apply = step
        try:
            apply(state, action)
        except IllegalAction as e:
            _refused(action, legal, seat, e, violations)
            if not legal:
                return
            action = legal[0]
            step(state, action)
        actions.append(action)  # (a list's append as a method call: the fast one)
    if not state.over and state.turn < last_turn:
        violations.append(f"no end after {MAX_ACTIONS} actions")


__all__ = ["MAX_ACTIONS", "UNASKED", "BotDriver", "Move", "drive"]
