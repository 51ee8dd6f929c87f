"""The dice game's empty harvest pile (wuerfelspiel.txt, the note under "The Bean Harvest")
and the choices made where the rulebook leaves one (docs/formats.md, "The dice game"). Seat 0
rolls first; the seats are Matthias, Martina, Björn."""

from __future__ import annotations

from helpers.dice import act, game, of

from bohn_tui.games import spec
from bohn_tui.games.wuerfelspiel.actions import Exchanged, Harvest, Harvested


def emptied(st: object, singles: dict[int, int]) -> None:
    """Move the whole pile into the players' single thalers: `singles` per seat, the rest to
    seat 0."""
    pile = st.pile
    for seat, k in singles.items():
        st.players[seat].singles += [pile.pop() for _ in range(k)]
    st.players[0].singles += pile[:]
    pile.clear()


def test_the_player_who_runs_out_exchanges_five_of_their_own_single_thalers() -> None:
    """ "Note: In the rare case that you run out of harvest cards, take one of the overview
    cards and turn it to its thaler side. You can exchange it for five single thalers that
    you have already received." "You" is the player who runs out: the harvester who must
    draw, even when another player has more single thalers. The five cards, shuffled, are
    the new pile."""
    st = game([(1, 2), (3, 4), (5, 6)])
    emptied(st, {1: 30, 2: 6})  # Martina has the most single thalers; seat 0 the other 13
    st.players[2].covered = 4
    total_before = sum(p.thalers for p in st.players)
    events = act(st, Harvest(2))
    assert of(events, Exchanged) == [Exchanged(2)]
    b = st.players[2]
    # his 6 single thalers and the turned upper card: 7, five of them exchanged, one drawn
    assert b.overview == 1 and len(b.singles) == 7 - 5 + 1 and st.overview_left == 4
    assert b.thalers == 6 + 2
    assert len(st.players[1].singles) == 30 and st.players[1].overview == 0
    assert sum(p.thalers for p in st.players) == total_before + 2
    assert b.lower is not None and len(st.pile) == 5 - 2
    assert st.rules.violations(st) == []


def test_with_fewer_than_five_single_thalers_the_player_who_runs_out_exchanges_nothing() -> None:
    """Choice (the note: "five single thalers that you have already received"): a harvester
    with fewer than five single thalers cannot exchange, and nobody else exchanges for them:
    the harvest pays what it can draw (the turned upper card always pays one)."""
    st = game([(1, 2), (3, 4), (5, 6)])
    emptied(st, {1: 30, 2: 3})  # Björn: 3, and his upper card makes 4
    st.players[2].covered = 4
    events = act(st, Harvest(2))
    assert of(events, Exchanged) == []
    assert of(events, Harvested) == [Harvested(2, 5, 4, 1, 4, 6, None)]
    assert st.overview_left == 5 and all(p.overview == 0 for p in st.players)
    assert st.rules.violations(st) == []


def test_records_saved_before_the_correction_keep_the_most_single_thalers_rule() -> None:
    """The legacy option `exchange: "most"` (docs/formats.md, Records of a corrected rule):
    the player with the most single thalers (five at least) exchanges; a tie goes to the
    first from the harvester on in seat order."""
    assert spec("wuerfelspiel").legacy_options == {"exchange": "most"}
    st = game([(1, 2), (3, 4), (5, 6)])
    st.options["exchange"] = "most"
    emptied(st, {1: 30, 2: 6})
    st.players[2].covered = 4
    assert of(act(st, Harvest(2)), Exchanged) == [Exchanged(1)]
    st = game([(1, 2), (3, 4), (5, 6)])
    st.options["exchange"] = "most"
    emptied(st, {1: 20, 2: 9})  # Matthias gets the other 20
    assert [len(p.singles) for p in st.players] == [20, 20, 9]
    st.players[2].covered = 4  # Björn harvests: from him on, Matthias comes before Martina
    assert of(act(st, Harvest(2)), Exchanged) == [Exchanged(0)]


def test_without_an_exchange_the_harvest_pays_what_it_can_and_cards_are_conserved() -> None:
    """Choice: if no exchange is possible, the harvest pays only the thalers it can take
    (the turned upper card always pays one), and a player left without a lower card plays
    with the upper card alone; the next harvest that can draw gives them a lower card
    first."""
    st = game([(1, 2), (3, 4)])
    emptied(st, {})
    st.overview_left = 0
    st.players[1].overview = 5  # all five taken: no exchange is possible
    st.ending = (1, 25)  # (so many thalers: the final harvests of an ending game)
    st.players[1].covered = 5
    events = act(st, Harvest(1))
    assert of(events, Harvested) == [Harvested(1, 3, 5, 1, 26, 4, None)]
    m = st.players[1]
    assert (m.upper, m.lower, m.covered) == (4, None, 0)
    m.covered = 3  # the upper card alone counts its covered orders the same
    assert st.rules.violations(st) == []
    for c in (30, 31):  # cards again (as after an exchange), top card 31
        st.players[0].singles.remove(c)
    st.pile = [30, 31]
    act(st, Harvest(1))
    # the top card first becomes the missing lower card, which turns upper; then a lower
    assert (m.upper, m.lower) == (31, 30) and m.singles[-1] == 4
    assert st.rules.violations(st) == []
