"""Bohnröschen's log of the draw pile (issue #23 item 2): its pile may run out any number of
times, so a run-out never says "for the last time", and a count of one card is "1 card"."""

from __future__ import annotations

from bohn_tui.games import make_bot, rules_for, spec
from bohn_tui.play.simulate import play_game

GAME = "bohnroschen"
NAMES = ["Ana", "Ben", "Cem"]
SEED = 2  # a game whose pile runs out eight times with the discard pile empty


def logged_game(seed: int) -> tuple[list[str], list[str]]:
    """A whole game of random bots: its log lines, and the event types in order."""
    bots = [make_bot(GAME, "random", seed + s) for s in range(len(NAMES))]
    record = play_game(GAME, NAMES, seed, bots).record
    rules = rules_for(GAME, len(NAMES))
    st, events = rules.new_game(NAMES, seed, record.options)
    for a in record.actions:
        events += rules.apply(st, a)
    log = spec(GAME).log(rules, NAMES)
    lines = [log(e, lambda s: "everyone" if s is None else NAMES[s]) for e in events]
    return [x for x in lines if x], [e.type for e in events]


def test_a_run_out_with_an_empty_discard_is_not_the_last_time_and_1_card_is_singular() -> None:
    """Rulebook: "In BOHNRÖSCHEN the draw pile may be used up more than three times. The game
    ends only when a player fulfils the last vine card, or pays tribute for it, and at the
    same time can show that he holds at least five gold coins." A run-out that finds the
    discard pile empty says so (play goes on); a new pile of one card is "(1 card)"."""
    lines, types = logged_game(SEED)
    assert not [x for x in lines if "last time" in x]
    empty = [x for x in lines if x.startswith("The draw pile ran out") and "empty" in x]
    assert len(empty) >= 2, lines[-40:]
    assert "The discard pile is shuffled into a new draw pile (1 card)" in lines
    assert not [x for x in lines if "(1 cards)" in x]
    assert types.count("deck_ran_out") > types.count("game_over") == 1
