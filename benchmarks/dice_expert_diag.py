import json, sys
from collections import Counter, defaultdict
from bohn_tui.games import rules_for
from bohn_tui.games.wuerfelspiel import bots
from bohn_tui.games.wuerfelspiel.actions import Rolled, TurnBegan, Harvested, Covered, Reroll
from bohn_tui.play.simulate import play_game

opts = json.loads(sys.argv[1])
games = int(sys.argv[2])
st_ = defaultdict(Counter)
for g in range(games):
    seat = g % 4
    bs = [
        bots.ExpertBot(g * 7919 + s, **opts) if s == seat else bots.make("standard", g * 7919 + s)
        for s in range(4)
    ]
    res = play_game("wuerfelspiel", list("ABCD"), g, bs)
    rules = rules_for("wuerfelspiel", 4)
    st, _ = rules.new_game(list("ABCD"), g)
    roller = None
    for a in res.record.actions:
        if isinstance(a, Reroll):
            st_["E" if a.seat == seat else "S"]["figure"] += 1
        for e in rules.apply(st, a):
            if isinstance(e, TurnBegan):
                roller = e.seat
                st_["E" if e.seat == seat else "S"]["turns"] += 1
            if isinstance(e, Rolled):
                st_["E" if e.seat == seat else "S"]["rolls"] += 1
            if isinstance(e, Covered):
                who = "E" if e.seat == seat else "S"
                if e.source == "field":
                    st_[who]["field_orders"] += len(e.orders)
                else:
                    st_[who]["got_orders"] += len(e.orders)
                    st_["E" if e.roller == seat else "S"]["gave_orders"] += len(e.orders)
            if isinstance(e, Harvested):
                who = "E" if e.seat == seat else "S"
                st_[who][f"h{e.orders}"] += 1
                st_[who]["thalers"] += e.thalers
    w = (
        st.rules.view(st, None)["winners"]
        if hasattr(st, "rules")
        else res.state.rules.view(res.state, None)["winners"]
    )
    st_["E"]["wins"] += (seat in w) / len(w)
for k in ("E", "S"):
    c = st_[k]
    n = 1 if k == "E" else 3
    print(k, {x: round(v / n / games, 2) for x, v in sorted(c.items())})
