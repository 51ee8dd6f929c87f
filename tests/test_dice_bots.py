"""The dice game's computer players (games/wuerfelspiel/bots.py): legal choices only, from the
public view; the standard and expert choices in constructed positions; harvest policies; a
short seeded match."""

from __future__ import annotations

import itertools

import pytest

from bohn_tui.engine.driver import BotDriver
from bohn_tui.games import make_bot, rules_for
from bohn_tui.games.wuerfelspiel import bots
from bohn_tui.games.wuerfelspiel.actions import Harvest, Reroll, Roll
from bohn_tui.games.wuerfelspiel.dice import covered_run, outcomes
from bohn_tui.games.wuerfelspiel.state import FIELD, ROLLED
from bohn_tui.play.simulate import play_game

LEVELS = ("random", "standard", "expert")


def test_make_by_level_and_through_the_registry():
    """Each level is made by bots.make, and the game's spec hands out the same levels."""
    for level in LEVELS:
        assert bots.make(level, 1).level == level
        assert make_bot("wuerfelspiel", level, 1).level == level
    with pytest.raises(ValueError, match="unknown bot level"):
        bots.make("genius")


@pytest.mark.parametrize("level", LEVELS)
def test_bots_only_take_legal_actions(level):
    """Every choice is one of the seat's legal actions, every volunteered harvest is legal
    when it is made ("you may harvest at any time ... even if you are not the actively
    rolling player"), and every reason is short."""
    rules = rules_for("wuerfelspiel", 4)
    for seed in range(2):
        st, _ = rules.new_game(list("ABCD"), seed)
        seats = {s: bots.make(level if s % 2 == 0 else "random", seed * 10 + s) for s in range(4)}
        driver = BotDriver(rules, seats)
        kinds = set()
        while not st.over:
            move = driver.next_move(st)
            assert move is not None
            assert move.action in rules.legal_actions(st, move.seat)
            if not move.proposal:
                assert move.action in move.legal
            assert len(seats[move.seat].reason) <= 80
            kinds.add(type(move.action))
            rules.apply(st, move.action)
        assert {Roll, Harvest} <= kinds


def _position(covered=0, field=None, rolled=None, figure_used=False):
    """A 4-player game where seat 0 (card 1: Garden + Red/Soy, Broad + Red/Blue,
    Soy + Blue + Garden/Broad, ...) is rolling: `field` on the bean field, `rolled` open."""
    rules = rules_for("wuerfelspiel", 4)
    st, _ = rules.new_game(list("ABCD"), 7)
    me = st.players[0]
    me.upper, me.covered = 1, covered
    st.roller, st.first_roll, st.rolls, st.figure_used = 0, False, 1, figure_used
    for d, face in (field or {}).items():
        st.faces[d], st.where[d] = face, FIELD
    for d, face in (rolled or {}).items():
        st.faces[d], st.where[d] = face, ROLLED
    st.last_roller, st.last_dice, st.open = 0, tuple(sorted(rolled or {})), True
    return rules, st


def _choose(level, rules, st, seat=0):
    bot = bots.make(level, 3)
    action = bot.choose(seat, lambda: rules.view(st, seat), rules.legal_actions(st, seat))
    return action, bot.reason


FOUR = {0: "broad", 1: "blue", 2: "garden", 3: "red"}  # orders 1 and 2; 3 needs a Soy


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_the_die_that_completes_an_order_is_placed(level):
    """The last die shows the Soy that order 3 lacks: both levels place it."""
    rules, st = _position(field=FOUR, rolled={4: "soy"})
    action, reason = _choose(level, rules, st)
    assert action == Roll(0, (4,))
    assert reason == "for order 3 (Soy + Blue + Garden/Broad)"


def test_expert_uses_the_figure_when_a_reroll_is_worth_it():
    """The last die shows Wax (order 3 needs the Soy): with the figure unused and the others
    needing little from the dice the expert re-rolls it ("you may use the bean figure to
    repeat your roll"); the figure spent, it must place the die."""
    rules, st = _position(field=FOUR, rolled={4: "wax"})
    for p in st.players[1:]:
        p.covered = 5  # nothing for the others to gain
    action, reason = _choose("expert", rules, st)
    assert action == Reroll(0) and reason == "nothing in its roll (Wax) helps"
    rules, st = _position(field=FOUR, rolled={4: "wax"}, figure_used=True)
    assert _choose("expert", rules, st)[0] == Roll(0, (4,))


def test_expert_keeps_a_complete_roll_whole():
    """A first roll of Broad, Blue, Garden, Red, Soy covers orders 1-3, the most five dice
    can reach on card 1: the expert places all five (any further roll only feeds others)."""
    rolled = {0: "broad", 1: "blue", 2: "garden", 3: "red", 4: "soy"}
    rules, st = _position(rolled=rolled)
    action, _ = _choose("expert", rules, st)
    assert action == Roll(0, (0, 1, 2, 3, 4))


def test_standard_places_what_serves_the_lowest_orders():
    """Garden and Red fulfil order 1 (Garden + Red/Soy): the standard bot places them (and
    the Broad of order 2's Broad + Red/Blue), not the Wax."""
    rules, st = _position(rolled={0: "broad", 1: "wax", 2: "garden", 3: "red", 4: "wax"})
    action, _ = _choose("standard", rules, st)
    assert isinstance(action, Roll)
    assert {2, 3} <= set(action.place) and 1 not in action.place and 4 not in action.place


def _harvest_position(covered, thalers=0, others=0):
    rules = rules_for("wuerfelspiel", 4)
    st, _ = rules.new_game(list("ABCD"), 5)
    st.roller = 1
    st.players[0].covered = covered
    st.players[0].singles = list(range(100, 100 + thalers))
    for p in st.players[1:]:
        p.singles = list(range(200, 200 + others))
    return rules, st


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_harvest_when_it_wins_the_game(level):
    """Nine thalers and three orders on another's turn: the harvest brings ten ("If a player
    has 10 or more bean thalers after harvesting, they trigger the end") ahead of all."""
    rules, st = _harvest_position(3, thalers=9, others=5)
    bot = bots.make(level, 1)
    assert bot.propose(0, lambda: rules.view(st, 0)) == Harvest(0)
    assert "wins" in bot.reason


def test_standard_waits_at_four_without_dice_to_use_and_below_three():
    """Four orders on another's turn, no roll open: harvesting later, on dice that cover
    the next card's orders, is never worse, so the standard waits (at the end everyone with
    three or more harvests anyway). Two orders: nothing to harvest ("Once you have
    fulfilled three or more orders, you can harvest"), no proposal."""
    rules, st = _harvest_position(4)
    assert bots.make("standard").propose(0, lambda: rules.view(st, 0)) is None
    rules, st = _harvest_position(2)
    assert bots.make("standard").propose(0, lambda: rules.view(st, 0)) is None


def test_standard_places_everything_when_no_further_order_is_reachable():
    """A first roll of Broad, Blue, Garden, Red, Soy covers orders 1-3 of card 1, the most
    five dice reach (order 4 needs Garden, Red and two Wax/Blue besides); with no lower card
    to gain on the field, any further roll only feeds the others ("everyone else can
    profit from your dice"): the standard places all five."""
    rolled = {0: "broad", 1: "blue", 2: "garden", 3: "red", 4: "soy"}
    rules, st = _position(rolled=rolled)
    st.players[0].lower = None
    action, reason = _choose("standard", rules, st)
    assert action == Roll(0, (0, 1, 2, 3, 4))
    assert reason == "for order 1 (Garden + Red/Soy)"


def test_standard_keeps_a_roll_that_completes_the_third_order():
    """Field Broad, Garden, Red; the roll shows Blue and Soy: both placed cover orders 1-3
    of card 1 (Soy + Blue + Garden/Broad is the third), and no further roll could do
    better, so the standard places both rather than rolling one again ("At the end of
    your turn you check which orders you fulfil")."""
    rules, st = _position(field={0: "broad", 2: "garden", 3: "red"}, rolled={1: "blue", 4: "soy"})
    action, _ = _choose("standard", rules, st)
    assert action == Roll(0, (1, 4))


def test_expert_waits_when_ending_would_lose():
    """Three orders and nine thalers, but another player would end ahead: no harvest that
    ends the game lost (the expert waits for the card's fourth order)."""
    rules, st = _harvest_position(3, thalers=9, others=11)
    assert bots.make("expert").propose(0, lambda: rules.view(st, 0)) is None


def test_expert_beats_random_in_a_short_match():
    """20 seeded 4-player games, the expert against three random bots, its seat rotating: it
    wins far more than the fair quarter."""
    won = 0.0
    for g in range(20):
        seat = g % 4
        players = [bots.make("expert" if s == seat else "random", g * 7919 + s) for s in range(4)]
        res = play_game("wuerfelspiel", list("ABCD"), g, players)
        assert res.violations == []
        winners = res.state.rules.view(res.state, None)["winners"]
        won += (seat in winners) / len(winners)
    assert won / 20 >= 0.6


def test_standard_uses_the_figure_on_a_roll_that_serves_nothing():
    """Field Broad, Blue, Garden, Red (orders 1 and 2 of card 1); the last die shows Wax,
    which serves neither order 3 (Soy + Blue + Garden/Broad) nor brings it closer: the
    standard bot lays the figure down ("use the bean figure to repeat your roll")."""
    rules, st = _position(field=FOUR, rolled={4: "wax"})
    action, reason = _choose("standard", rules, st)
    assert action == Reroll(0) and reason == "nothing in its roll (Wax) helps"
    rules, st = _position(field=FOUR, rolled={4: "wax"}, figure_used=True)
    assert _choose("standard", rules, st)[0] == Roll(0, (4,))  # the one die it must place


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_harvests_when_the_open_roll_covers_its_next_card(level):
    """Three orders on another player's turn, the roll still open shows what the bottom
    order of its lower card asks: harvesting now lets the new upper card be checked
    against that roll ("After harvesting, check whether you also fulfil the lowest order
    of your new upper harvest card")."""
    rules, st = _harvest_position(3)
    me = st.players[0]
    bottom = rules.data.cards[me.lower - 1].orders[0]
    faces = next(f for f, _ in outcomes(rules.data.dice) if bottom.fulfilled_by(f))
    for d, face in enumerate(faces_for_dice(rules.data, faces)):
        st.faces[d], st.where[d] = face, ROLLED
    st.first_roll, st.last_roller, st.last_dice, st.open = False, 1, (0, 1, 2, 3, 4), True
    bot = bots.make(level)
    assert bot.propose(0, lambda: rules.view(st, 0)) == Harvest(0)
    gift = covered_run(rules.data.cards[me.lower - 1].orders, 0, faces)
    assert bot.reason == f"the dice cover {gift} order{'s' if gift > 1 else ''} of the next card"
    st.roller = 0  # the same dice while it rolls itself: never mid-own-roll
    st.last_roller = 0
    assert bot.propose(0, lambda: rules.view(st, 0)) is None


def faces_for_dice(data, faces):
    """The sorted outcome `faces` laid on dice 0-4 so that each die can show its face."""
    for perm in itertools.permutations(faces):
        if all(f in data.dice[i] for i, f in enumerate(perm)):
            return perm
    raise AssertionError(faces)


def test_standard_counts_its_lower_card_where_the_harvest_after_its_turn_checks_it():
    """Three orders or more at the end of its turn: the standard will harvest, and "After
    harvesting, check whether you also fulfil the lowest order of your new upper harvest
    card" uses the same full field, so the field is worth the lower card's orders too; with
    fewer than three it is not."""
    data = bots.load()
    faces = tuple(sorted(("soy", "blue", "garden", "red", "broad")))
    lower = next(
        c.number for c in data.cards[1:] if c.orders[0].fulfilled_by(faces)
    )  # a card whose bottom order this field fulfils
    gained = covered_run(data.cards[lower - 1].orders, 0, faces)
    values = bots.chances.VALUES
    assert bots._worth((1, 2, lower), faces) == values[3] + values[gained]  # orders 1-3 + lower
    assert bots._worth((1, 2, 0), faces) == values[3]  # no lower card
    two = tuple(sorted(("broad", "blue", "garden", "red", "wax")))  # orders 1-2 only
    assert bots._worth((1, 0, lower), two) == values[2]


def test_reasons_say_why_not_what_the_log_line_says():
    """The session joins a bot's reason to its action's own log line after ": ", so a
    reason says only why: never the dice placed, the harvest made or the figure used again
    (the log line names them), never a forced move's description; short and public."""
    rules = rules_for("wuerfelspiel", 4)
    st, _ = rules.new_game(list("ABCD"), 11)
    seats = {s: bots.make("standard" if s % 2 else "expert", s) for s in range(4)}
    driver = BotDriver(rules, seats)
    seen = set()
    while not st.over:
        move = driver.next_move(st)
        reason = seats[move.seat].reason
        seats[move.seat].reason = ""
        words = reason.split(" ", 1)[0]
        assert words not in {"places", "harvests", "uses", "rolls"}, reason
        if isinstance(move.action, Harvest):
            assert reason.startswith(("the dice cover", "it wins", "the card is full")), reason
            seen.add("harvest")
        elif isinstance(move.action, Reroll):
            roll = ", ".join(bots.load().by_id[f].name for f in st.roll_faces())
            assert reason in {
                f"nothing in its roll ({roll}) helps",
                f"a new roll is worth more than {roll}",
            }
            seen.add("figure")
        elif move.action.place and len(move.legal) > 1:
            assert reason.startswith(("for order ", "for the next card's", "no further")), reason
            seen.add("place")
        elif len(move.legal) == 1:
            assert reason == ""  # forced: nothing to explain
        rules.apply(st, move.action)
    assert {"harvest", "place"} <= seen


def test_place_reason_names_the_order_the_dice_serve():
    """Field Broad, Blue, Garden, Red fulfils orders 1 and 2 of card 1; a Soy placed serves
    order 3 ("Soy + Blue + Garden/Broad"); a last die that adds no order is placed because
    nothing further is within reach."""
    rules, st = _position(field=FOUR, rolled={4: "soy"})
    view = rules.view(st, 0)
    data = bots.load()
    assert bots._place_reason(data, view, 0, ["soy"]) == "for order 3 (Soy + Blue + Garden/Broad)"
    assert bots._place_reason(data, view, 0, ["wax"]) == "no further order is within reach"
    rules, st = _position(field={0: "broad", 1: "blue"}, rolled={2: "garden", 3: "red", 4: "wax"})
    view = rules.view(st, 0)
    assert bots._place_reason(data, view, 0, ["garden", "red"]) == "for order 1 (Garden + Red/Soy)"


def test_place_reason_names_the_next_cards_order_once_three_are_on_the_field():
    """Orders 1-3 of card 1 covered: dice that do nothing for order 4 (Garden + Red + 2
    Wax/Blue) but fulfil the bottom order of the lower card are placed for the next card
    ("After harvesting, check whether you also fulfil the lowest order of your new upper
    harvest card": the harvest after the turn checks it against the full field)."""
    data = bots.load()
    placed = ["broad", "soy"]
    lower = next(c for c in data.cards[1:] if c.orders[0].fulfilled_by(placed))
    rules, st = _position(covered=3, rolled={0: "broad", 4: "soy", 1: "wax", 2: "wax", 3: "wax"})
    st.players[0].lower = lower.number
    view = rules.view(st, 0)
    assert not data.cards[0].orders[3].fulfilled_by(placed)
    assert (
        bots._place_reason(data, view, 0, placed)
        == f"for the next card's order 1 ({lower.orders[0].text})"
    )


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_no_figure_where_it_lowers_the_bots_own_expected_orders(level):
    """Issue #23: "Once in your turn you may use the bean figure to repeat your roll."
    Card 31 with two orders covered, the field Soy, Garden, Red, Garden: the last die shows
    Blue, which fulfils order 3 (Broad/Blue + 2 Garden) for sure; re-rolled, that die shows
    Broad or Blue only 4 times in 6, so the figure lowers the expected orders (0.67 instead
    of 1). Both levels used it (a gamble for the lower card's orders on a Broad); now they
    place the die, and with the figure spent nothing changes."""
    field = {1: "soy", 2: "garden", 3: "red", 4: "garden"}
    rules, st = _position(covered=2, field=field, rolled={0: "blue"})
    st.players[0].upper, st.players[0].lower = 31, 34
    for p in st.players[1:]:
        p.covered = 5  # nothing for the others to gain
    data = rules.data
    assert bots.chances.figure_gain(data, data.cards[30].orders, 2, field, {0: "blue"}) < 0
    action, reason = _choose(level, rules, st)
    assert action == Roll(0, (0,))
    assert reason == "for order 3 (Broad/Blue + 2 Garden)"


def test_a_figure_reason_names_the_roll_it_re_rolls():
    """Issue #23: the reason of a bot's re-roll ("take all the dice you have just rolled and
    roll them all again") stands on its own line before the new roll's; it names the roll
    the bot decided about (its last "rolls" line), never reads as the new roll's."""
    from bohn_tui.play.session import Session

    s = Session.new("wuerfelspiel", ["A", "B", "C"], {0: "standard", 1: "expert", 2: "standard"}, 4)
    s.run_bots()
    lines = [ln.text for ln in s.log]
    seen = 0
    for i, line in enumerate(lines):
        if "rolls again with the bean figure" not in line:
            continue
        who = line.split(" rolls again")[0]
        before = next(x for x in reversed(lines[:i]) if x.startswith(f"{who} rolls"))
        faces = before.split(": ", 1)[1].rstrip(".").split(" ")
        reason = lines[i - 1]
        assert reason.startswith(f"{who}: "), reason
        assert reason.endswith((f"({', '.join(faces)}) helps", f"than {', '.join(faces)}"))
        seen += 1
    assert seen >= 2
