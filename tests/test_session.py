from pathlib import Path

import pytest

from bohn_tui.games.common.actions import (
    EndPlanting,
    EndTrading,
    Harvest,
    IllegalAction,
    Offer,
    PlantHand,
)
from bohn_tui.play.session import Session, SessionError, parse_players
from bohn_tui.store import Store


def test_parse_players_names_bots_and_rejects_duplicates() -> None:
    names, bots = parse_players("Ana, Ben ,bot:random,bot")
    assert names[:2] == ["Ana", "Ben"]
    assert bots == {2: "random", 3: "standard"}
    assert len(set(names)) == 4
    with pytest.raises(SessionError):
        parse_players("Ana,Ana")
    with pytest.raises(SessionError):
        parse_players(" , ")


def test_apply_records_logs_and_autosaves(tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=5, store=store)
    assert [i.id for i in store.list()] == [s.save_id]
    front = s.state.players[0].hand[0]
    s.apply(PlantHand(0, 0))
    assert s.record.actions == [PlantHand(0, 0)]
    assert s.log[-1].text == f"Ana plants {s.rules.vname(front)} on field 1"
    again = Session.load(store, s.save_id)
    assert again.record.actions == s.record.actions
    assert again.state.players[0].fields[0].count == 1
    with pytest.raises(IllegalAction):
        s.apply(PlantHand(1, 0))  # not Ben's turn
    assert len(s.record.actions) == 1


def test_undo_only_when_nothing_was_revealed() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=5)
    before = s.view(0)
    s.apply(PlantHand(0, 0))
    assert s.can_undo()
    s.undo()
    assert s.view(0) == before and s.record.actions == []
    assert not s.can_undo()
    s.apply(PlantHand(0, 0))
    s.apply(EndPlanting(0))  # turns up two cards: cannot be taken back
    assert not s.can_undo()
    with pytest.raises(IllegalAction):
        s.undo()


def test_bots_play_until_a_person_decides_and_reasons_reach_the_log() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "random", 2: "random"}, seed=2)
    s.apply(PlantHand(0, 0))
    s.apply(EndPlanting(0))
    s.bots[1].reason = "wants Chili"  # type: ignore[attr-defined]
    s.run_bots()
    # the bots only answer: Ana still trades, or it is her turn again after a bot round
    assert s.decider() == 0 or s.over
    s.apply(EndTrading(0))
    while s.state.phase == "plant_trades" and s.decider() == 0:
        s.apply(next(a for a in s.legal(0) if a.type == "plant_area"))
    s.run_bots()
    assert s.next_human() == 0 or s.over
    assert s.state.turn >= 2  # Ben's turn began without Ana doing anything
    assert any(ln.text.startswith("Bot Ben") for ln in s.log)


def test_unknown_bot_level_falls_back_to_random_with_a_note() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben"], {1: "grandmaster"}, seed=1)
    assert s.bots[1].level == "random"
    assert "grandmaster" in s.log[0].text


class Proposer:
    level = "test"

    def __init__(self) -> None:
        self.asked: list[int] = []

    def choose(self, seat, observe, legal):  # noqa: ANN001, ANN201
        return next((a for a in legal if a.type == "decline"), legal[0])

    def propose(self, seat, observe):  # noqa: ANN001, ANN201
        self.asked.append(observe()["turn"])
        return Offer(seat, None, (0,), (), ())  # a gift of the front card


def test_bots_propose_when_trading_begins() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {2: "random"}, seed=4)
    bot = s.bots[2] = Proposer()
    s.apply(PlantHand(0, 0))
    s.apply(EndPlanting(0))
    assert s.bot_step()
    assert bot.asked == [1]
    assert [o["seat"] for o in s.view(0)["offers"]] == [2]
    assert "gift" in s.log[-1].text


def test_whole_game_coin_history_and_bot_only_game() -> None:
    s = Session.new("dahlias", ["A", "B", "C"], {0: "random", 1: "random", 2: "random"}, seed=9)
    s.run_bots()
    assert s.over
    assert s.coin_history[-1] == list(s.state.scores)
    assert all(len(row) == 3 for row in s.coin_history)
    assert len(s.coin_history) > 5
    assert "Game over" in s.log[-1].text


def test_damaged_record_gives_a_clear_error() -> None:
    with pytest.raises(SessionError, match="cannot be replayed"):
        Session.from_json({"record": {"game": "bohnanza", "players": ["A"], "actions": [1]}})
    good = Session.new("bohnanza", ["Ana", "Ben"], seed=1)
    good.apply(Harvest(0, 0)) if Harvest(0, 0) in good.legal(0) else None
    raw = {"bots": {}, "record": good.record.to_json()}
    raw["record"]["actions"].append({"type": "plant_hand", "seat": 1, "field": 0})
    with pytest.raises(SessionError, match="refused"):
        Session.from_json(raw)


class Broken:
    level = "broken"

    def choose(self, seat, observe, legal):  # noqa: ANN001, ANN201
        raise RuntimeError("bug")


def test_a_broken_bot_does_not_stop_the_game() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben"], {1: "random"}, seed=1)
    s.bots[1] = Broken()
    s.apply(PlantHand(0, 0))
    s.apply(EndPlanting(0))
    while s.decider() == 0 and not s.over:
        s.apply(s.legal(0)[0])
    s.run_bots()
    assert any("could not decide" in ln.text for ln in s.log)
    assert s.decider() == 0 or s.over


def test_a_games_spec_names_the_revealing_events(monkeypatch) -> None:  # noqa: ANN001
    """Undo is refused after an event the game's spec lists as revealing, and only then."""
    import dataclasses

    from bohn_tui.games import spec
    from bohn_tui.games.common.actions import Planted
    from bohn_tui.play import session as session_module

    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=5)
    s.apply(PlantHand(0, 0))
    assert s.can_undo()
    planting_reveals = dataclasses.replace(spec("bohnanza"), revealing=lambda: (Planted,))
    monkeypatch.setattr(session_module, "game_spec", lambda game: planting_reveals)
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=5)
    s.apply(PlantHand(0, 0))
    assert not s.can_undo()


def test_every_new_game_asks_its_starting_player_first() -> None:
    """The app's first hand-over goes to the seat the new game asks first (the rules'
    asks, read once the game is built): the starting player, seat 0 but where the deal
    chooses it (Excalibohn), with a sentence for the privacy screen, for every game and
    player count."""
    from bohn_tui.games import GAMES, spec

    for game in GAMES:
        for n in spec(game).player_counts:
            s = Session.new(game, [f"P{i}" for i in range(n)], seed=5)
            d = s.decider()
            assert d is not None and d == s.view(None)["active"], (game, n)
            assert next(iter(s.asks())) == d and s.asks()[d].sentence, (game, n)


def test_bot_may_act_is_false_only_when_no_bot_would_move() -> None:
    """The client asks `bot_may_act` before it starts the bots (no thread for nothing): it
    may say True for nothing, never False for a move."""
    import random

    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "expert", 2: "standard"}, seed=4)
    rng = random.Random(4)
    for _ in range(150):
        if s.over:
            break
        if not s.bot_may_act():
            assert s.next_bot_move() is None
        if not s.bot_step():
            s.apply(rng.choice(s.legal(0)))


def test_bots_are_told_which_seats_are_people() -> None:
    """Bots offer to people seldom (games/common/bots/people.py); the session tells each bot
    who the people are, or the gate would never hold an offer back."""
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem", "Dora"], {1: "standard", 3: "expert"}, 1)
    assert {seat: bot.people for seat, bot in s.bots.items()} == {
        1: frozenset({0, 2}),
        3: frozenset({0, 2}),
    }


def test_bohnroschen_bots_are_told_which_seats_are_people_too() -> None:
    s = Session.new("bohnroschen", ["Ana", "Ben", "Cem"], {1: "standard", 2: "expert"}, 1)
    for seat in (1, 2):
        bot = s.bots[seat]
        assert bot.people == frozenset({0})
        assert bot.base.people == bot.other.people == frozenset({0})  # type: ignore[attr-defined]


def test_a_bots_reason_stays_with_its_decision_not_the_cards_turned_up() -> None:
    """Issue #23: "Bot C turns up White Bean, Picker Bean: keeps its next card in hand: no
    field worth it" glued the reason for ending the planting to the cards that chance turned
    up. The reason gets its own line, before the turn-up it led to."""
    for game, seed in (("bohnanza", 3), ("excalibohn", 2)):
        s = Session.new(game, ["A", "B", "C"], {0: "standard", 1: "standard", 2: "standard"}, seed)
        s.run_bots()
        texts = [ln.text for ln in s.log]
        kept = [i for i, t in enumerate(texts) if "keeps its next card in hand" in t]
        assert kept, game
        for i in kept:
            who = texts[i].split(":")[0]
            assert texts[i] == f"{who}: keeps its next card in hand: no field worth it", game
        assert not any(" turns up " in t and "worth it" in t for t in texts), game
        assert any(texts[i + 1].startswith(texts[i].split(":")[0] + " turns up") for i in kept)


def test_a_saves_public_view_is_the_next_one_and_only_while_nothing_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save's progress builds the public view for its "active" (issue #26): the next
    view(None) of the same state is that one (built once), one caller's only; after a move
    or an undo it is built anew, equal to the rules' own."""
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], seed=5, store=Store(tmp_path))
    built: list[int | None] = []
    view = s.rules.view

    def counted(state: object, seat: int | None) -> dict[str, object]:
        built.append(seat)
        return view(state, seat)

    monkeypatch.setattr(s.rules, "view", counted)
    s.apply(PlantHand(0, 0))  # saved: its progress built one public view
    assert built == [None]
    first = s.view(None)
    assert built == [None] and first == view(s.state, None)
    assert s.view(None) is not first and built == [None, None]  # not handed out twice
    s.undo()  # its save builds the view of the state before the move
    undone = s.view(None)
    assert built == [None, None, None] and undone == view(s.state, None) != first
    s.apply(PlantHand(0, 0))  # a view kept for this state ...
    s.store = None
    s.apply(EndPlanting(0))  # ... and a move not saved: that view is not this state's
    assert s.view(None) == view(s.state, None) != first and built.count(None) == 5
