"""Sampled worlds: a complete game state that fits what one seat sees, for the bots that
search (expert) or weigh a trade against the other side's sampled hand (trader). Its own
module so that both import it at the top (no function-level import hiding a cycle)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bohn_tui.engine.hidden import Place, deal
from bohn_tui.games.common.rules import GameState, PendingOffer
from bohn_tui.games.common.table import Deck, Field, PlayerState

__all__ = ["determinize"]


def determinize(rules: Any, view: dict[str, Any], seat: int, rng: random.Random) -> GameState:
    """A complete game state that fits `view` (what `seat` sees): the unseen cards are
    dealt at random to the other hands, the draw and discard piles, the coins and the
    cards out of the game, each by its known size."""
    pool: Counter[str] = Counter({v.id: v.count for v in rules.varieties.values()})
    players = view["players"]
    me = players[seat]
    seen: list[str] = list(me["hand"]) + list(view["turned_up"]) + list(view["duel_offer"])
    for p in players:
        seen.extend(p["area"])
        for f in p["fields"]:
            if f["count"]:
                seen.extend([f["variety"]] * f["count"])
    top = view["discard_top"]
    if top is not None:
        seen.append(top)
    # the hand cards others offer are known: give each a spot in its owner's hand (a card
    # named in two offers of one seat may be the same card: reuse a spot of its kind)
    placed: dict[int, list[str]] = {}  # seat -> offered cards, one per hand spot
    uses: dict[int, list[int]] = {}  # offer id -> indexes into placed[its seat]
    for o in view["offers"]:
        if o["seat"] == seat:
            continue
        cards = placed.setdefault(o["seat"], [])
        idx: list[int] = []
        for c in o["give"][: len(o["give"]) - len(o["give_up"])]:
            k = next((i for i, x in enumerate(cards) if x == c and i not in idx), None)
            if k is None:
                cards.append(c)
                k = len(cards) - 1
            idx.append(k)
        uses[o["id"]] = idx
    for cards in placed.values():
        seen.extend(cards)
    pool.subtract(seen)
    unseen = [v for v, c in pool.items() for _ in range(max(0, c))]
    others = [s for s in range(len(players)) if s != seat]
    hands = [list(me["hand"]) if s == seat else [] for s in range(len(players))]
    coins: list[list[str]] = [[] for _ in players]
    removed: list[str] = []
    deck: list[str] = []
    discard: list[str] = []
    # the piles the unseen cards fill, each by its known size, in this order (as far as the
    # cards go): the other hands (but for the cards they offer), the draw pile, the discard
    # pile below its top, the cards out of the game, the coins; the rest: the others' coins
    # of unknown count, one each in turn
    fill: list[tuple[list[str], int]] = [
        (hands[s], players[s]["hand_size"] - len(placed.get(s, []))) for s in others
    ]
    fill.append((deck, view["deck_size"]))
    fill.append((discard, view["discard_size"] - (1 if top is not None else 0)))
    if rules.count.paid_coins == "removed":
        fill.append((removed, rules.field_cost * sum(1 for p in players if p["bought_field"])))
    fill.append((coins[seat], me["coins"] or 0))
    unknown = []
    for s in others:
        if players[s]["coins"] is not None:
            fill.append((coins[s], players[s]["coins"]))
        else:
            unknown.append(s)
    deal(unseen, _places(fill, unknown, coins, len(unseen)), rng)
    spots: dict[int, list[int]] = {}
    for s in others:
        known = placed.get(s, [])
        hand = hands[s]
        where = rng.sample(range(players[s]["hand_size"]), len(known))
        for i in sorted(range(len(known)), key=lambda i: where[i]):
            hand.insert(where[i], known[i])
        spots[s] = where
    offers: dict[int, PendingOffer] = {}
    for o in view["offers"]:
        if o["seat"] == seat:
            give_hand = tuple(o["give_hand"])
        else:
            give_hand = tuple(spots[o["seat"]][k] for k in uses[o["id"]])
        offers[o["id"]] = PendingOffer(
            o["id"],
            o["seat"],
            o["to"],
            give_hand,
            tuple(o["give_up"]),
            tuple(o["want"]),
            o["counter_to"],
            set(o["declined"]),
        )
    if top is not None:
        discard.append(top)
    states = [
        PlayerState(
            name=p["name"],
            hand=hands[s],
            fields=[Field(f["variety"], f["count"]) for f in p["fields"]],
            coins=coins[s],
            area=list(p["area"]),
            bought_field=p["bought_field"],
        )
        for s, p in enumerate(players)
    ]
    return GameState(
        rules=rules,
        seed=0,
        options={},
        players=states,
        deck=Deck(
            cards=deck,
            discard=discard,
            end_at=view["end_runout"],
            runouts=view["runouts"],
            ending=view["ending"],
        ),
        removed=removed,
        rng=random.Random(rng.random()),
        turned_up=list(view["turned_up"]),
        duel_offer=list(view["duel_offer"]),
        offers=offers,
        next_offer=max([o["id"] for o in view["offers"]], default=0) + 1000,
        active=view["active"],
        phase=view["phase"],
        planted=view["planted"],
        turn=view["turn"],
        total=Counter({v.id: v.count for v in rules.varieties.values()}),
    )


def _places(
    fill: list[tuple[list[str], int]], unknown: list[int], coins: list[list[str]], n: int
) -> list[Place]:
    """Where the k-th of `n` shuffled cards goes: the piles of `fill` are dealt from the end
    of the shuffled cards (the first pile the last cards, in their order), each as far as
    the cards go; what is left (the first cards) goes to the coins of the seats in
    `unknown` in turn (nowhere when there are none). The piles are made that long here."""
    where: list[Place] = []
    rest = n
    for pile, size in fill:
        size = max(0, min(size, rest))
        rest -= size
        pile.extend([""] * size)
        where[:0] = [(pile, i) for i in range(size)]  # (the cards before the ones so far)
    lost: list[str] = [""] * rest
    left: list[Place] = []
    for i in range(rest):
        if unknown:
            pile = coins[unknown[i % len(unknown)]]
            pile.append("")
            left.append((pile, len(pile) - 1))
        else:
            left.append((lost, i))
    return left + where
