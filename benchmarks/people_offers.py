"""How often bots' offers make people answer (each answer is a hot-seat hand-over).

Plays seeded hot-seat games (Session, like the app) with two people and two bots; the people
are played by a `standard` bot that never offers (it plants and answers as a careful person
would). Counts, per game: the bots' offers that reach a person (to them, or to everybody),
the hand-overs (the person deciding changes) and those of them that are for answering a
bot's offer, and the most offers one bot has open to people at once.

    python benchmarks/people_offers.py --games 6 --level standard            # after
    python benchmarks/people_offers.py --games 6 --level standard --blind    # before

--blind empties the bots' `people`, which the session sets (as before bots/people.py: they
don't know who the people are, and nothing is held back)."""

from __future__ import annotations

import argparse
from collections import Counter

from bohn_tui.games.common.actions import Accept, Decline, Offer
from bohn_tui.games.common.bots.standard import StandardBot
from bohn_tui.play.session import Session


def play(game: str, seed: int, level: str, blind: bool, players: int) -> Counter[str]:
    names = ["Ana", "Ben", "Cem", "Dora", "Emil"][:players]
    bots = {s: level for s in range(2, players)}
    s = Session.new(game, names, bots, seed=seed)
    people = frozenset(s.humans)  # the session has told its bots (Session._make_bots)
    if blind:
        for b in s.bots.values():
            b.people = frozenset()  # type: ignore[attr-defined]
    stand_in = {p: StandardBot(seed * 7 + p, trade=False) for p in people}
    out: Counter[str] = Counter()
    holder: int | None = None
    seen_offers: set[int] = set()
    per_turn: Counter[tuple[int, int]] = Counter()  # (turn, bot) -> its offers to people
    for _ in range(5000):
        s.run_bots()
        view = s.view(None)
        per_bot = Counter(
            o["seat"]
            for o in view["offers"]
            if s.is_bot(o["seat"]) and (o["to"] in people or o["to"] is None)
        )
        out["max open to people"] = max(out["max open to people"], *per_bot.values(), 0)
        for o in view["offers"]:
            if o["id"] not in seen_offers and s.is_bot(o["seat"]):
                seen_offers.add(o["id"])
                if o["to"] in people or o["to"] is None:
                    out["bot offers to people"] += 1
                    per_turn[(view["turn"], o["seat"])] += 1
        d = s.decider()
        if d is None or s.over:
            break
        legal = s.legal(d)
        bot_offer = {o["id"] for o in view["offers"] if s.is_bot(o["seat"])}
        answering = any(isinstance(a, Accept | Decline) and a.offer in bot_offer for a in legal)
        if d != holder:
            out["hand-overs"] += 1
            if answering:
                out["hand-overs for bot offers"] += 1
            holder = d
        a = stand_in[d].choose(d, lambda d=d: s.view(d), legal)
        if isinstance(a, Offer):  # the stand-in never offers; play it safe
            a = legal[0]
        s.apply(a)
    out["turns"] = s.state.turn
    out["most in a turn"] = max(per_turn.values(), default=0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="bohnanza")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--level", default="standard")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--blind", action="store_true")
    args = ap.parse_args()
    total: Counter[str] = Counter()
    worst = 0
    for g in range(args.games):
        c = play(args.game, args.seed + g, args.level, args.blind, args.players)
        worst = max(worst, c.pop("max open to people"), c.pop("most in a turn"))
        total += c
    n = args.games
    print(
        f"{args.game} {args.players}p, 2 people, bots {args.level}, {n} games"
        f"{' (blind: before)' if args.blind else ''}: per game "
        f"{total['bot offers to people'] / n:.1f} bot offers to people, "
        f"{total['hand-overs'] / n:.1f} hand-overs, of them "
        f"{total['hand-overs for bot offers'] / n:.1f} for answering bot offers; "
        f"most offers from one bot to people in a turn or open at once: {worst}; "
        f"{total['turns'] / n:.0f} turns"
    )


if __name__ == "__main__":
    main()
