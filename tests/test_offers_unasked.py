"""Issue #23: "Bot offers to a person stop the game until answered, even when the person lacks
the kind wanted." An offer a person cannot take (they hold nothing of what it asks for) is
declined for them at once by the session's driver, with the reason in the log; bots answer
as before. The decline goes with the person's move before it at an undo, and the person's
next move taken back never brings the offer back to wait."""

from __future__ import annotations

import asyncio
from typing import Any

from bohn_tui.engine.driver import UNASKED
from bohn_tui.games.common.actions import Accept, Decline, EndPlanting, EndTrading, Offer, PlantHand
from bohn_tui.play.client import LocalClient
from bohn_tui.play.session import Session


def lacking(s: Session, seat: int) -> str:
    """A kind of card `seat` holds none of (nor, as the active player, among the turned-up)."""
    st = s.state
    held = set(st.players[seat].hand) | (set(st.turned_up) if seat == st.active else set())
    return next(v for v in sorted(s.rules.varieties) if v not in held)


class AsksAna:
    """The active bot: in its phase 2 it offers Ana (seat 1) its front turned-up card for a
    kind she lacks, once; otherwise the first legal action (it ends its trading)."""

    level = "test"

    def __init__(self) -> None:
        self.session: Session | None = None
        self.offered = 0

    def choose(self, seat: int, observe: Any, legal: list[Any]) -> Any:
        s = self.session
        assert s is not None
        if s.state.phase == "trade" and not self.offered and s.state.turned_up:
            self.offered += 1
            return Offer(seat, 1, (), (0,), (lacking(s, 1),))
        return next((a for a in legal if isinstance(a, EndTrading)), legal[0])


def asking_game() -> tuple[Session, AsksAna]:
    s = Session.new("bohnanza", ["Cem", "Ana", "Ben"], {0: "random", 2: "random"}, seed=7)
    bot = AsksAna()
    bot.session = s
    s.bots[0] = bot  # type: ignore[assignment]
    return s, bot


def test_an_offer_a_person_cannot_take_is_declined_for_them_and_the_game_goes_on() -> None:
    s, bot = asking_game()
    s.run_bots()
    assert bot.offered == 1
    line = "Ana declines Bot Cem's offer: cannot give what it asks for"
    assert any(ln.text.startswith(line) for ln in s.log), [ln.text for ln in s.log]
    # Cem's turn went on to its end: it is Ana's own turn now, no offer waits for her
    assert s.state.turn == 2 and s.state.active == 1 and s.decider() == 1
    declines = [a for a in s.record.actions if isinstance(a, Decline)]
    assert [a.seat for a in declines] == [1]


def test_bots_still_answer_for_themselves() -> None:
    """An offer to a bot that it cannot take: the bot's own choice answers it (no reason)."""
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "random", 2: "random"}, seed=7)
    s.apply(PlantHand(0, 0))
    s.apply(EndPlanting(0))
    s.apply(Offer(0, 1, (), (0,), (lacking(s, 1),)))
    assert s.driver.unasked(s.state) is None
    move = s.next_bot_move()
    assert move is not None and move.seat == 1 and move.reason == ""


def two_offers() -> tuple[Session, str]:
    """Ana active in phase 2 holds one card of a kind K, among the turned-up; Ben and Cem
    (bots) each ask her for K. Both can be taken."""
    for seed in range(1, 200):
        s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "random", 2: "random"}, seed=seed)
        s.apply(PlantHand(0, 0))
        s.apply(EndPlanting(0))
        up = s.state.turned_up
        if up[0] != up[1] and up[0] not in s.state.players[0].hand:
            s.apply(Offer(1, 0, (0,), (), (up[0],)))
            s.apply(Offer(2, 0, (0,), (), (up[0],)))
            return s, up[0]
    raise AssertionError("no seed")


def test_undo_takes_the_decline_back_with_the_move_that_caused_it() -> None:
    s, kind = two_offers()
    s.run_bots()
    assert len(s.state.offers) == 2  # both can be taken: nobody declines for Ana
    moves = len(s.record.actions)
    s.apply(Accept(0, 2, give_up=(0,)))  # Cem's: Ana's only K goes; Ben's asks in vain now
    assert s.run_bots() == 1
    assert s.log[-1].text.startswith("Ana declines Bot Ben's offer: " + UNASKED)
    assert len(s.record.actions) == moves + 2
    assert s.can_undo()
    s.undo()
    assert len(s.record.actions) == moves and sorted(s.state.offers) == [1, 2]
    assert {a.offer for a in s.legal(0) if isinstance(a, Accept)} == {1, 2}
    assert s.run_bots() == 0  # nothing to decline for her now
    assert "took back" in s.log[-1].text


def test_undo_of_the_next_move_does_not_bring_the_offer_back() -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "random", 2: "random"}, seed=7)
    s.apply(PlantHand(0, 0))
    s.apply(EndPlanting(0))
    s.apply(Offer(1, 0, (0,), (), (lacking(s, 0),)))  # as Ben's bot would
    assert s.run_bots() == 1 and not s.state.offers
    assert not s.can_undo()  # after a bot's move (its offer): as before
    s.apply(EndTrading(0))
    assert s.can_undo()
    s.undo()
    assert s.state.phase == "trade" and not s.state.offers and s.decider() == 0
    assert s.run_bots() == 0


def test_the_decline_is_saved_and_a_reloaded_game_undoes_the_same(tmp_path) -> None:  # noqa: ANN001
    from bohn_tui.store.games import Store

    store = Store(tmp_path / "games.db")
    s, _ = two_offers()
    s.save_to(store)
    s.apply(Accept(0, 2, give_up=(0,)))
    s.run_bots()
    assert isinstance(s.record.actions[-1], Decline)  # saved as the move it is
    again = Session.load(store, s.save_id)
    assert again.record.actions == s.record.actions and again.can_undo()
    again.undo()
    assert sorted(again.state.offers) == [1, 2]
    assert Session.load(store, s.save_id).record.actions == again.record.actions


async def test_hot_seat_client_declines_for_the_person_and_undo_follows() -> None:
    """play/client.py's LocalClient (the host's too): the bots' loop declines for Ana."""
    s, _ = two_offers()
    c = LocalClient(s, bot_delay=0)
    await c.submit(Accept(0, 2, give_up=(0,)))
    done = asyncio.Event()
    c.subscribe(done.set)
    while c.settle():
        await asyncio.wait_for(done.wait(), 5)
        done.clear()
    assert list(s.state.offers) == [] and "cannot give" in s.log[-1].text
    assert c.can_undo(0) and await c.undo() is None
    assert sorted(s.state.offers) == [1, 2]


def test_bots_do_not_offer_people_what_they_plainly_cannot_give(monkeypatch) -> None:  # noqa: ANN001
    """bots/people.py's gate: a bot asks a person only for what they may hold, as far as it
    sees (no more cards than their hand, no kind whose every card is in sight)."""
    from bohn_tui.games.common.bots import people
    from bohn_tui.games.common.bots.people import PeopleGate, could_take

    monkeypatch.setattr(people, "_gain", lambda view, offer, taker: 1.0)  # Ana would gain

    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "standard", 2: "standard"}, seed=7)
    s.apply(PlantHand(0, 0))
    s.apply(EndPlanting(0))
    view = s.view(1)
    gate = PeopleGate()
    gate.people = frozenset({0})
    size = view["players"][0]["hand_size"]
    gift = Offer(1, 0, (0, 1), (), ())  # two cards for nothing
    assert could_take(view, gift, 0) and gate.admit(view, gift) == gift
    gate = PeopleGate()  # (one offer to people a turn)
    gate.people = frozenset({0})
    kind = view["players"][1]["hand"][0]
    many = Offer(1, 0, (0, 1), (), (kind,) * (size + 3))  # more than Ana holds
    assert not could_take(view, many, 0) and gate.admit(view, many) is None
    # every card of a kind in sight (on Ben's fields here): Ana cannot hold one
    rare = min(s.rules.varieties, key=lambda v: s.rules.varieties[v].count)
    view["players"][1]["fields"][0] = {"variety": rare, "count": s.rules.varieties[rare].count}
    ask = Offer(1, 0, (0, 1), (), (rare,))
    assert rare not in view["turned_up"] and not could_take(view, ask, 0)
    assert gate.admit(view, ask) is None


def test_the_rules_in_the_app_say_that_such_an_offer_is_declined_for_you() -> None:
    """docs/formats.md "Offers that can no longer be met": the in-app rules (`?`) say it too,
    for every bean game that trades, and not for the duel (no trading)."""
    from bohn_tui.games import spec
    from bohn_tui.games.common.help import rules_lines

    said = "declined for you right away"
    for game in ("bohnanza", "dahlias"):
        rules = Session.new(game, ["Ana", "Ben", "Cem"], {}, seed=1).rules
        assert said in " ".join(spec(game).help(rules))
    duel = Session.new("bohnanza", ["Ana", "Ben"], {}, seed=1).rules
    assert said not in " ".join(rules_lines(duel))
