"""Sampled worlds: a complete game state that fits what one seat sees, for the bots that
search (expert) or weigh a trade against the other side's sampled hand (trader). Its own
module so that both import it at the top (no function-level import hiding a cycle)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

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
    rng.shuffle(unseen)

    def take(n: int) -> list[str]:
        n = max(0, min(n, len(unseen)))
        out = unseen[len(unseen) - n :]
        del unseen[len(unseen) - n :]
        return out

    hands: list[list[str]] = []
    spots: dict[int, list[int]] = {}
    for s, p in enumerate(players):
        if s == seat:
            hands.append(list(me["hand"]))
            continue
        known = placed.get(s, [])
        size = p["hand_size"]
        where = rng.sample(range(size), len(known))
        hand = take(size - len(known))
        for i in sorted(range(len(known)), key=lambda i: where[i]):
            hand.insert(where[i], known[i])
        hands.append(hand)
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
    deck = take(view["deck_size"])
    discard = take(view["discard_size"] - (1 if top is not None else 0))
    if top is not None:
        discard.append(top)
    removed: list[str] = []
    if rules.count.paid_coins == "removed":
        removed = take(rules.field_cost * sum(1 for p in players if p["bought_field"]))
    coins: list[list[str]] = [[] for _ in players]
    coins[seat] = take(me["coins"] or 0)
    others = [s for s in range(len(players)) if s != seat]
    unknown = []
    for s in others:
        if players[s]["coins"] is not None:
            coins[s] = take(players[s]["coins"])
        else:
            unknown.append(s)
    for i, c in enumerate(list(unseen)):  # whatever is left is the others' coins
        if unknown:
            coins[unknown[i % len(unknown)]].append(c)
    unseen.clear()
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
