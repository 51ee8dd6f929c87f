"""The log is public (issue #10): over whole bot games of every game and player count, played
through a real Session, no new log line names a card kind, or quotes a text, that the table
cannot see, and neither the public view nor a log line tells a coin count of a treasury the
rules keep closed.

What the table sees is the public view (`view(state, None)`) before or after the action, the
action itself (an offer's wanted kinds are named on the table) and the cards laid on the
face-up discard pile during the action (each showed as it landed). A card kind is named as
the log writes it, by its display name (`rules.vname`); a line may name a kind only if it
shows in one of those views (on a field, turned up, on offer, in a trading area, on top of
the discard pile) or in the action. Texts in “quotes” (Bohnröschen's tasks) must be texts of
the public view. Cards the table cannot see (hands, the draw pile, the discard pile under its
top card, the coins, face-down vine cards) are exactly what is left out of it, so a line that
names one of those and nothing public fails.

Treasuries: the public view must not change when a closed treasury gains a coin, and a line
may speak of coins only as the public amounts that change hands (a harvest's payout, a field's
price, a coin paid as tribute, a trade's estimated gain) unless every treasury is open after
the action (the game is over, or the table plays with open treasuries).

The default run plays one game per game and player count, the bot levels mixed (each level in
some game of every game, the expert in at most one seat a game, with fewer samples for its
trading predictions); the slow-marked test plays BOHN_SLOW_GAMES games per count, the levels
in turn at every seat (by default one game of each game at its largest count, where the most
seats meet, the expert's predictions sampled less as in the default run; with
BOHN_SLOW_GAMES set, every count and the expert as it plays: the slowest games of the
suite)."""

from __future__ import annotations

import os
import re
from dataclasses import fields, is_dataclass
from typing import Any

import pytest
from helpers.asks import private_at_start

from bohn_tui.games import GAMES, rules_for, spec
from bohn_tui.play.session import Session

SLOW_GAMES = int(os.environ.get("BOHN_SLOW_GAMES", "1"))
SLOW_ALL_COUNTS = "BOHN_SLOW_GAMES" in os.environ  # by default: each game's largest count
MAX_ACTIONS = 5_000
# the games with something private to a seat (hands, closed treasuries); in a public game
# (nothing it asks is private: `Ask.private`) every seat sees the whole table but the pile's
# order, which no log names
SECRET = [  # the checker reads bean cards by name: the games whose cards are beans
    g
    for g in GAMES
    if hasattr(rules_for(g, spec(g).player_counts[0]), "varieties") and private_at_start(g)
]
CASES = [(g, n) for g in SECRET for n in spec(g).player_counts]
SLOW_CASES = [(g, n) for g, n in CASES if SLOW_ALL_COUNTS or n == max(spec(g).player_counts)]
QUOTED = re.compile(r"“([^”]*)”")
COIN = re.compile(r"\bcoins?\b")
# the coin amounts every seat sees change hands: a harvest's payout or a field's price
# ("for 2 coins"), a coin paid as tribute, a bot's estimate of what a trade gains it, a coin
# turned up for everyone to see (Excalibohn's Mean and Sword Beans: "Ben's coin turned up",
# "attacks Ben's coin pile")
PUBLIC_COINS = re.compile(
    r"\bfor \d+ coins?\b|\bpays a coin\b|\bgains about -?\d+(\.\d+)? coins\b"
    r"|\bcoin turned up\b|\bcoin pile\b"
)


def levels_for(game: str, n: int, first: int, strongest: int) -> dict[int, str]:
    """Every seat a bot, the levels in turn from `first`, so that the levels meet each other
    and each plays every game over its counts; the strongest level (the last, the slowest)
    in at most `strongest` seats."""
    levels = spec(game).bot_levels
    out: dict[int, str] = {}
    for s in range(n):
        level = levels[(first + s) % len(levels)]
        if level == levels[-1] and len(levels) > 1:
            if strongest <= 0:
                level = levels[(first + s + 1) % len(levels)]
            strongest -= 1
        out[s] = level
    return out


def sample_less(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer sampled hands for the expert's trading predictions: the same kinds of offers
    and reasons, in a fraction of the time."""
    from bohn_tui.games.common.bots import trader

    monkeypatch.setattr(trader, "SAMPLES", 2)


@pytest.fixture
def quick_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    sample_less(monkeypatch)


def fast(session: Session) -> None:
    """The expert's planting search stops at a time budget: the smallest (one sample a
    decision) keeps the games short and the same on any machine."""
    for bot in session.bots.values():
        for part in (bot, getattr(bot, "other", None)):
            if hasattr(part, "budget"):
                part.budget = 0.0


def strings(value: Any, skip: frozenset[str] = frozenset({"varieties"})) -> set[str]:
    """Every string in a view (or an action), but the list of the game's kinds."""
    out: set[str] = set()
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                out |= strings(v, skip)
    elif isinstance(value, list | tuple):
        for v in value:
            out |= strings(v, skip)
    elif is_dataclass(value):
        for f in fields(value):
            out |= strings(getattr(value, f.name), skip)
    return out


class Table:
    """What the log of one game may name: the game's kinds by their display names."""

    def __init__(self, session: Session) -> None:
        rules = session.rules
        self.session = session
        self.names = {v: rules.vname(v) for v in rules.varieties}
        kinds = sorted(self.names.values(), key=len, reverse=True)
        self.kind = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, kinds)) + r")(?![\w-])")

    def public(self, *things: Any) -> set[str]:
        """The display names of the kinds that show in these views and actions, and their
        texts."""
        found: set[str] = set()
        for t in things:
            found |= strings(t)
        return found | {self.names[v] for v in found if v in self.names}

    def hidden_where(self, name: str) -> str:
        """Where the cards of a kind lie that the table cannot see (for the message)."""
        st = self.session.state
        ids = [v for v, n in self.names.items() if n == name]
        places = [f"{p.name}'s hand" for p in st.players if any(c in ids for c in p.hand)]
        places += [f"{p.name}'s coins" for p in st.players if any(c in ids for c in p.coins)]
        if any(c in ids for c in st.deck.cards):
            places.append("the draw pile")
        return ", ".join(places) or "nowhere the table sees"

    def problems(self, line: str, seen: set[str], closed: bool) -> list[str]:
        out = []
        for text in QUOTED.findall(line):
            if text not in seen:
                out.append(f"quotes “{text}”, which the table cannot see")
        bare = QUOTED.sub("“”", line)
        for name in sorted(set(self.kind.findall(bare)) - seen):
            out.append(f"names {name} (unseen: {self.hidden_where(name)})")
        if closed and COIN.search(PUBLIC_COINS.sub("", bare)):
            out.append("speaks of coins while a treasury is closed")
        return out


def landed(before: list[str], after: list[str]) -> list[str]:
    """The cards laid on the discard pile during an action: the pile is face up, so each
    showed as it landed, even if another covers it before the action ends."""
    k = 0
    while k < min(len(before), len(after)) and before[k] == after[k]:
        k += 1
    return after[k:]


def closed_treasuries(view: dict[str, Any]) -> list[int]:
    return [p["seat"] for p in view["players"] if p["coins"] is None]


def check_public_view(session: Session, view: dict[str, Any], step: int) -> list[str]:
    """A closed treasury's size must not show anywhere in the public view: give one (in
    turn, by `step`) a coin more for a moment and the view must stay as it was."""
    out = []
    st = session.state
    closed = closed_treasuries(view)
    for s in closed[step % len(closed) :][:1] if closed else []:
        coins = st.players[s].coins
        coins.append(coins[-1] if coins else next(iter(session.rules.varieties)))
        try:
            if session.view(None) != view:
                name = st.players[s].name
                out.append(f"turn {st.turn}: the public view changes with {name}'s coins")
        finally:
            coins.pop()
    return out


def play_and_check(game: str, n: int, seed: int, bots: dict[int, str]) -> list[str]:
    """Play one whole game of bots; every problem found, with the line and the action."""
    s = Session.new(game, [f"P{i + 1}" for i in range(n)], bots=bots, seed=seed)
    fast(s)
    table = Table(s)
    problems: list[str] = []
    before = s.view(None)
    problems += check_public_view(s, before, 0)
    steps = 0
    while not s.over and steps < MAX_ACTIONS:
        first_line, first_action = len(s.log), len(s.record.actions)
        discard = list(s.state.deck.discard)
        if not s.bot_step():
            break
        steps += 1
        after = s.view(None)
        actions = s.record.actions[first_action:]
        seen = table.public(before, after, *actions, landed(discard, s.state.deck.discard))
        closed = bool(closed_treasuries(after))
        for line in s.log[first_line:]:
            for p in table.problems(line.text, seen, closed):
                problems.append(f"{game} {n}p seed {seed}, after {actions}: {line.text!r} {p}")
        problems += check_public_view(s, after, steps)
        before = after
    assert s.over, f"{game} {n}p seed {seed}: not over after {steps} bot actions"
    return problems


@pytest.mark.parametrize(("game", "n"), CASES)
def test_no_log_line_names_what_the_table_cannot_see(game: str, n: int, quick_expert: None) -> None:
    # one game a count; the first seat's level goes round the levels over the counts, at
    # most one seat of the strongest (the expert's trading predictions are the slow part)
    problems = play_and_check(game, n, n, levels_for(game, n, n, strongest=1))
    assert not problems, "\n".join(problems[:10])


@pytest.mark.slow
@pytest.mark.parametrize(("game", "n"), SLOW_CASES)
def test_no_log_line_names_what_the_table_cannot_see_in_more_games(
    game: str, n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not SLOW_ALL_COUNTS:  # the default run: the expert's trading predictions sampled less
        sample_less(monkeypatch)
    problems: list[str] = []
    for g in range(SLOW_GAMES):
        seed = 1000 + 10 * g + n
        problems += play_and_check(game, n, seed, levels_for(game, n, seed, strongest=n))
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize("game", [g for g in SECRET if 1 in spec(g).player_counts])
def test_a_solo_player_s_coins_show_in_its_own_view_only(game: str) -> None:
    s = Session.new(game, ["Ana"], seed=1)
    s.state.players[0].coins.extend([next(iter(s.rules.varieties))] * 3)
    own, public = s.view(0), s.view(None)
    assert own["players"][0]["coins"] == 3 and public["players"][0]["coins"] is None
    if "solo" in own:  # the solo summary tells the coins as the player's entry does
        assert own["solo"]["coins"] == 3 and public["solo"]["coins"] is None


@pytest.mark.parametrize("game", SECRET)
def test_the_check_tells_a_hidden_card_or_coin_count_from_a_public_one(game: str) -> None:
    """The checker itself: a line naming a card only a hand holds, or a closed treasury's
    size, is found; lines naming a planted card and a harvest's payout are not."""
    n = max(3, spec(game).player_counts[0])
    s = Session.new(game, [f"P{i + 1}" for i in range(n)], seed=4)
    table = Table(s)
    first = s.decider()  # seat 0, or whoever the deal makes the starting player
    s.apply(next(a for a in s.legal(first) if a.type == "plant_hand"))
    seen = table.public(s.view(None))
    planted = table.names[s.state.players[first].fields[0].variety]
    hand = s.state.players[first].hand
    secret = next(table.names[c] for c in hand if table.names[c] not in seen)
    assert table.problems(f"Bot P1 keeps {secret} in hand", seen, closed=True)
    assert table.problems("Bot P1 counts 4 coins", seen, closed=True)
    assert not table.problems("Bot P1 counts 4 coins", seen, closed=False)
    assert table.problems("Bot P1 fulfils “a task nobody sees”", seen, closed=True)
    fine = f"Bot P1 harvests 1 {planted} for 0 coins: joins its 1 {planted}"
    assert table.problems(fine, seen, closed=True) == []
