"""Hidden cards dealt anew one way (engine/hidden.py, issue #24): the rules' redeal_hidden
(what a seat cannot see shuffled among its places) and the bots' sampled worlds (a whole
state made from one seat's view) both deal through `deal`. What a re-deal keeps: the seat's
own cards, the public cards, every pile's size and the cards there are; what it changes:
where the hidden cards lie."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from bohn_tui.engine.hidden import deal, places, redeal
from bohn_tui.games import rules_for, spec
from bohn_tui.games import start as start_record
from bohn_tui.games.common.bots.worlds import determinize
from bohn_tui.games.excalibohn.bots_world import sample_world
from bohn_tui.play.simulate import play_game


def test_deal_puts_the_shuffled_cards_in_the_places_in_order() -> None:
    """The k-th card of the generator's shuffle goes to the k-th place, the generator drawn
    exactly as by its shuffle."""
    a, b = ["-"] * 3, ["-"] * 4
    where = [(b, 3), (a, 0), (b, 0), (a, 2), (b, 1)]
    cards = list("vwxyz")
    rng, same = random.Random(5), random.Random(5)
    deal(cards, where, rng)
    shuffled = list("vwxyz")
    same.shuffle(shuffled)
    assert cards == shuffled and rng.getstate() == same.getstate()
    assert [b[3], a[0], b[0], a[2], b[1]] == shuffled
    assert a[1] == "-" and b[2] == "-"  # places not named keep what they hold


def test_deal_refuses_a_card_without_a_place() -> None:
    with pytest.raises(ValueError, match="3 cards cannot be dealt to 2 places"):
        deal(list("abc"), places(["-", "-"]), random.Random(1))


def test_redeal_keeps_each_pile_its_size_and_its_cards_among_the_places() -> None:
    hand, pile, kept = list("aab"), list("cdefg"), list("xyz")
    orders = set()
    for seed in range(20):
        h, p, k = list(hand), list(pile), list(kept)
        redeal(places(h, 1) + places(p, 0, 4), random.Random(seed))
        assert len(h) == 3 and len(p) == 5 and k == kept
        assert h[0] == "a" and p[4] == "g"  # outside the places: as it was
        assert Counter(h[1:] + p[:4]) == Counter(hand[1:] + pile[:4])
        orders.add(tuple(h + p))
    assert len(orders) > 10  # the cards do change places


def mid_trade(game: str, n: int, seed: int) -> Any:
    """A state of a random game with trading, at its first moment with an open offer that
    gives hand cards (or, failing that, half-way through)."""
    bots = [spec(game).bots("random", seed * 11 + s, True) for s in range(n)]
    record = play_game(game, [f"P{s + 1}" for s in range(n)], seed, bots).record
    state: Any = start_record(record)
    for k, action in enumerate(record.actions):
        if any(o.give_hand for o in state.offers.values()) or k > len(record.actions) // 2:
            return state
        state.rules.apply(state, action)
    return state


def public(state: Any) -> Any:
    """What everybody sees of a bean game: fields, trade areas, turned-up cards, the discard
    pile's top, each hand's size, the draw pile's size, the offers and the cards they give
    (not where in the hand those lie)."""
    return (
        [[(f.variety, f.count) for f in p.fields] for p in state.players],
        [list(p.area) for p in state.players],
        [len(p.hand) for p in state.players],
        list(state.turned_up),
        state.deck.discard[-1:],
        len(state.deck.cards),
        [
            (o.seat, [state.players[o.seat].hand[i] for i in o.give_hand], o.give_up, o.want)
            for o in state.offers.values()
        ],
    )


@pytest.mark.parametrize(("game", "n", "seed"), [("bohnanza", 4, 1), ("dahlias", 3, 2)])
def test_redeal_hidden_keeps_what_the_seat_knows_and_deals_the_others_hands(
    game: str, n: int, seed: int
) -> None:
    state = mid_trade(game, n, seed)
    rules = state.rules
    offered = {(o.seat, i) for o in state.offers.values() for i in o.give_hand}
    for seat in range(n):
        moved = 0
        for k in range(10):
            work = copy.deepcopy(state, {id(rules): rules})
            rules.redeal_hidden(work, seat, random.Random(k))
            assert work.players[seat].hand == state.players[seat].hand
            assert work.players[seat].coins == state.players[seat].coins
            assert public(work) == public(state)
            for s, i in offered:  # an offered card is public: it stays in its spot
                assert work.players[s].hand[i] == state.players[s].hand[i]
            assert rules.card_count(work) == rules.card_count(state)
            hidden_before = [c for s in range(n) if s != seat for c in state.players[s].hand]
            hidden_after = [c for s in range(n) if s != seat for c in work.players[s].hand]
            moved += hidden_after != hidden_before or work.deck.cards != state.deck.cards
        assert moved > 0, f"nothing of what seat {seat} cannot see was dealt anew"


@pytest.mark.parametrize(("game", "n", "seed"), [("bohnanza", 4, 3), ("bohnanza", 3, 4)])
def test_a_world_keeps_what_the_seat_sees_and_deals_the_unseen_cards(
    game: str, n: int, seed: int
) -> None:
    state = mid_trade(game, n, seed)
    rules = state.rules
    for seat in range(n):
        view = rules.view(state, seat)
        others = set()
        for k in range(10):
            world = determinize(rules, view, seat, random.Random(k))
            assert world.players[seat].hand == state.players[seat].hand
            assert public(world) == public(state)
            assert len(world.deck.discard) == len(state.deck.discard)
            assert rules.card_count(world) == state.total  # every card, none twice
            for o in state.offers.values():  # an offer's hand cards in its spots
                if o.seat != seat:
                    w = world.offers[o.id]
                    got = [world.players[o.seat].hand[i] for i in w.give_hand]
                    assert got == [state.players[o.seat].hand[i] for i in o.give_hand]
            others.add(tuple(c for s in range(n) if s != seat for c in world.players[s].hand))
        assert len(others) > 1, "the other hands were dealt the same in every world"


def test_an_excalibohn_world_deals_only_the_spells_the_seat_does_not_know() -> None:
    rules = rules_for("excalibohn", 4)
    state, _ = rules.new_game(["A", "B", "C", "D"], 6)
    state.spells[2][0].up = True  # one of another seat's spells is face up: everybody knows it
    for seat in range(4):
        view = rules.view(state, seat)
        dealt = set()
        for k in range(12):
            world = sample_world(rules, view, seat, random.Random(k))
            assert [c.id for c in world.spells[seat]] == [c.id for c in state.spells[seat]]
            assert world.spells[2][0].id == state.spells[2][0].id
            assert len(world.spell_deck) == len(state.spell_deck)
            ids = [c.id for row in world.spells for c in row] + world.spell_deck
            assert Counter(ids) == Counter(
                [c.id for row in state.spells for c in row] + state.spell_deck
            )  # the eleven spell cards, each once
            dealt.add(tuple(c.id for s in range(4) if s not in (seat, 2) for c in world.spells[s]))
        assert len(dealt) > 1, "the unknown spell cards were dealt the same in every world"
