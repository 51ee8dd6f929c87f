"""Excalibohn at the table: what the table draws from a view (spell cards, the pass marker,
the abilities, the coins turned up, the Sword duel, the decision waited for), and Pilot tests
of phase 1b, a decision out of turn behind the privacy screen, and 80x24."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers.ui import SIZE, make_app, screen_text, shows_a_hand, table, until

from bohn_tui.games.common.table import Field
from bohn_tui.games.common.ui.hand import HandView
from bohn_tui.games.excalibohn.state import SpellCard
from bohn_tui.games.excalibohn.ui.render import (
    ability_lines,
    is_duel,
    others_spells,
    own_spell_line,
    pass_text,
    pending_text,
    shown_lines,
    spell_texts,
)
from bohn_tui.play.session import Session
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp
from bohn_tui.ui.screens.choose import ChooseScreen
from bohn_tui.ui.screens.privacy import PrivacyScreen
from bohn_tui.ui.screens.table import TableScreen

NAMES = ["Ana", "Ben", "Cem", "Dora"]


def _player(seat: int, spells: list[dict[str, Any]], hand: list[str] | None = None) -> dict:
    return {
        "seat": seat,
        "name": NAMES[seat],
        "hand": hand,
        "hand_size": 5,
        "spells": spells,
        "spell_count": len(spells),
    }


def _view(seat: int | None = 0, **kw: Any) -> dict[str, Any]:
    """A hand-made view with Excalibohn's keys (common13.md's list): Ana holds the Attack
    Spell face down and the Trade Spell face up; Ben two face-down ones; Cem the Random
    Spell face up."""
    mine = seat == 0
    players = [
        _player(
            0,
            [
                {"index": 0, "id": "attack" if mine else None, "up": False, "temp": False},
                {"index": 1, "id": "trade", "up": True, "temp": False},
            ],
        ),
        _player(
            1,
            [
                {"index": 0, "id": None, "up": False, "temp": False},
                {"index": 1, "id": None, "up": False, "temp": False},
            ],
        ),
        _player(2, [{"index": 0, "id": "random", "up": True, "temp": False}]),
    ]
    v: dict[str, Any] = {
        "seat": seat,
        "players": players,
        "active": 0,
        "phase": "magic",
        "pass": 2,
        "passes": 4,
        "spell_deck": 5,
        "pending": None,
        "shown": [],
        "abilities": [],
    }
    v.update(kw)
    return v


def test_the_pass_marker_counts_in_roman_numerals() -> None:
    """excalibohn.txt: the pass marker shows I., II., ... for the draw pile's passes; 4-5
    players end with the 4th."""
    assert pass_text(_view()) == "pass II. of IV."
    assert pass_text(_view(**{"pass": 3, "passes": 3})) == "pass III. of III."


def test_own_spells_show_state_name_groschen_and_when() -> None:
    """The table: one's own spell cards face down or active, name, Groschen, when it can be
    used; "now" when a cast is legal."""
    v = _view()
    down, up = v["players"][0]["spells"]
    line = own_spell_line(down, False, 40).plain
    assert line.startswith("○ Attack Spell") and "1G·1b" in line and "now" not in line
    line = own_spell_line(up, True, 40).plain
    assert line.startswith("● Trade Spell") and "3G·start of 2" in line and line.endswith("now")
    narrow = own_spell_line(
        {"index": 2, "id": "enchant_players", "up": False, "temp": True}, False, 30
    ).plain
    assert "Ench. Players" in narrow and "↺" in narrow and len(narrow) <= 30


def test_others_spells_are_a_count_and_the_face_up_ones_by_name() -> None:
    """The others' spell cards: their count; face-up ones are public, by name."""
    v = _view()
    assert others_spells(v["players"][1]).plain == "spells 2"
    assert others_spells(v["players"][2]).plain == "spells 1: Random Spell up"


def test_spell_texts_are_the_readers_own_and_the_public_ones_only() -> None:
    """`r`: the rulebook's text of each of one's own spells and of the face-up ones; a
    face-down spell of another seat never (its id is not in the view)."""
    mine = spell_texts(_view(0), 0, NAMES).plain
    assert "Attack Spell (Angriffszauber) · 1 Groschen · face down" in mine
    assert "draw two coins from a fellow player" in mine  # the rulebook's explanation
    assert "Random Spell" in mine and "Cem's, face up" in mine
    theirs = spell_texts(_view(1), 1, NAMES).plain
    assert "Attack Spell" not in theirs  # Ana's face-down card is secret to Ben
    assert "Trade Spell" in theirs  # face up: public


def test_a_sword_duel_shows_its_rounds() -> None:
    """A Sword duel's rounds: who attacks whom, the coin (its number), what it did; a
    Sword turned up is a counterattack with the roles swapped."""
    shown = [
        {"owner": 1, "card": "sword", "fate": "kept", "by": 0, "result": "counter", "round": 1},
        {"owner": 0, "card": "princess", "fate": "taken", "by": 1, "result": "princess"},
    ]
    v = _view(shown=shown)
    assert is_duel(v)
    lines = [t.plain for t in shown_lines(v, NAMES)]
    assert lines[0].startswith("1. Ana ⚔ Ben:") and "19" in lines[0] and "counterattack" in lines[0]
    assert lines[1].startswith("2. Ben ⚔ Ana:")  # without a round: counted
    assert "17" in lines[1] and "taken" in lines[1]


def test_the_mean_beans_coins_show_with_their_fate() -> None:
    """excalibohn.txt, the Mean Bean: whoever turns up the highest number keeps the card,
    the others discard theirs (the rulebook's example: 17 kept, 9 and 14 discarded)."""
    shown = [
        {"owner": 1, "card": "princess", "fate": "kept"},
        {"owner": 2, "card": "picker", "fate": "discarded"},
        {"owner": 3, "card": "white", "fate": "discarded"},
    ]
    v = _view(shown=shown)
    assert not is_duel(v)
    lines = [t.plain for t in shown_lines(v, NAMES)]
    assert "Ben:" in lines[0] and "17 → kept" in lines[0]
    assert "9 → discarded" in lines[1] and "14 → discarded" in lines[2]


def test_a_stolen_card_is_named_only_where_the_view_holds_it() -> None:
    """A stolen card is seen by the two players involved: the text names it only from the
    view's `card` (None in every other view)."""
    pending = {"kind": "place", "seat": 1, "source": "stolen", "other": 0, "card": "sword"}
    text = pending_text(_view(0, pending=pending), NAMES, 0)
    assert text is not None and "Ben stole your Sword Bean" in text.plain
    hidden = dict(pending, card=None)
    text = pending_text(_view(2, pending=hidden), NAMES, 2)
    assert text is not None and "Sword" not in text.plain and "stolen from Ana" in text.plain


def test_abilities_show_what_they_do_now_with_their_keys() -> None:
    """Phase 1b: one key per usable ability with what it does now (the view's text)."""
    abilities = [
        {"field": 0, "variety": "sword", "ability": "sword", "text": "Duel a fellow player"},
        {"field": 1, "variety": "mean", "ability": "mean", "text": "Needs 4 Mean Beans (2 now)"},
    ]
    v = _view(abilities=abilities)
    lines = [t.plain for t in ability_lines(v, NAMES, True)]
    assert lines[0].startswith("s ") and "1: Duel a fellow player" in lines[0]
    assert lines[1].startswith("n ") and "(2 now)" in lines[1]
    assert not ability_lines(v, NAMES, False)[0].plain.startswith("s ")
    lines = [t.plain for t in ability_lines(v, NAMES, True, usable={0})]
    assert lines[0].startswith("s ") and lines[1].startswith("· ")  # no key: cannot use it


# -- at the table (Pilot) ------------------------------------------------------------------------

GAME = "excalibohn"


def position(
    s: Session,
    hands: list[list[str]],
    fields: list[list[tuple[str, int] | None]],
    coins: list[list[str]],
    spells: list[list[str]],
    phase: str = "magic",
    area: list[str] = (),  # type: ignore[assignment]
) -> Session:
    """Seat 0's `phase` (1b) in `s`, laid out as the test needs: hands front card first,
    fields (variety, count) or None, coins top last, spells ids ("^id": face up), seat 0's
    cards to plant. A position, not a game: the card totals are not kept."""
    st = s.state
    st.active = st.start = 0
    st.phase = phase
    st.pending.clear()
    st.offers.clear()
    st.shown.clear()
    st.turned_up = []
    st.deck.discard = []
    for seat, p in enumerate(st.players):
        p.hand = list(hands[seat])
        p.fields = [Field(*f) if f else Field() for f in fields[seat]]
        p.coins = list(coins[seat])
        p.area = []
    st.spells = [[SpellCard(i.lstrip("^"), up=i.startswith("^")) for i in row] for row in spells]
    used = {i for row in spells for i in row}
    st.spell_deck = [c for c in st.spell_deck if c not in used and "^" + c not in used]
    st.players[0].area = list(area)
    st.uses = [bool(f.count) for f in st.players[0].fields] if phase == "magic" else []
    st.notes = [[] for _ in st.players]
    return s


def counterattack() -> Session:
    """Ana's Sword on Ben, whose Sword counterattacks and turns up Ana's Magic Bean: Ben
    may activate his one face-down spell card (the Trade Spell)."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {2: "standard"}, seed=1)
    return position(
        s,
        hands=[["mean"], ["cap"], ["princess"]],
        fields=[[("sword", 1), None], [None, None], [None, None]],
        coins=[["magic"], ["sword"], []],
        spells=[["attack"], ["trade"], ["pile"]],
    )


def text(app: BohnApp) -> str:
    from helpers.screen import seen

    return seen(app)


async def test_a_sword_duel_passes_the_steal_to_the_fellow_and_back(tmp_path: Path) -> None:
    """excalibohn.txt, the Sword Bean: "a Picker Bean: your fellow player steals your
    rearmost hand card and tucks it behind his hand or plants it". At one terminal the
    decision passes the screen to that player behind the privacy screen (it needs their
    hand) and back; the duel's round shows to all; only the two involved see the card."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {2: "standard"}, seed=1)
    position(
        s,
        hands=[["mean", "cap", "white"], ["princess"], ["princess"]],
        fields=[[("sword", 2), None], [None, None], [None, None]],
        coins=[[], ["picker"], []],
        spells=[["attack"], ["trade"], ["pile"]],
    )
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Ana"
        await pilot.press("enter")
        await pilot.pause()
        t = table(app)
        assert t.viewer == 0
        keys = str(t.query_one("#keys").content)
        assert "s Sword duel" in keys and "e End 1b" in keys
        assert "Duel a fellow player" in str(t.query_one("#magic").content)
        await pilot.press("s")  # the chooser: the fellow players from the legal targets
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        assert [str(c[0]).split(" ·")[0] for c in app.screen.choices] == ["Ben", "Cem"]
        await pilot.press("1")  # Ben's pile: a Picker Bean turned up
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Ben"
        assert not any(map(shows_a_hand, t.query(HandView))), "a hand behind the privacy screen"
        assert "White" not in text(app)  # the privacy screen names no card
        await pilot.press("enter")
        await pilot.pause()
        assert t.viewer == 1
        banner = str(t.query_one("#banner").content)
        assert "you stole Ana's White Bean" in banner and "tuck it" in banner
        shown = text(app)
        assert "Sword duel" in shown and "Pic" in shown  # the turned-up coin, for all
        assert "Attack" not in shown  # Ana's face-down spell is hers alone
        assert " Mea " not in shown and " Cap " not in shown  # nor her hand
        assert "t Tuck it" in str(t.query_one("#keys").content)
        # what only the thief saw, in his spells' box (the view's notes)
        assert "✉ You stole a White Bean from Ana." in str(t.query_one("#spells").content)
        assert not t.check_action("harvest", ())  # nobody harvests during the duel
        await pilot.press("t")
        await pilot.pause()
        assert s.state.players[1].hand == ["princess", "white"]
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Ana"
        await pilot.press("enter")
        await pilot.pause()
        assert t.viewer == 0 and s.state.players[0].hand == ["mean", "cap"]
        notes = str(t.query_one("#spells").content)
        assert "✉ Ben stole your White Bean." in notes and "You stole" not in notes
        assert "Pic" in str(t.query_one("#magic").content)  # the round stays in view


async def test_the_first_hand_over_goes_to_the_dealt_starting_player(tmp_path: Path) -> None:
    """Setup: "the holder of the highest Groschen starts". The app builds the game first
    and shows the privacy screen for the starting player (here not the first seat), never
    a hand unseen."""
    from bohn_tui.play.players import NewGame

    seed = next(x for x in range(40) if Session.new(GAME, NAMES[:3], seed=x).decider() == 1)
    new = NewGame(GAME, NAMES[:3], {2: "standard"}, seed=seed)
    app = BohnApp(Store(tmp_path), new, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        # the table is built beneath the privacy screen after a refresh, and Ben's hand
        # shows once it is: each waited for by a deadline (not two pause()s)
        built = lambda: any(isinstance(x, TableScreen) for x in app.screen_stack)  # noqa: E731
        await until(pilot, lambda: built() and isinstance(app.screen, PrivacyScreen))
        t = table(app)
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Ben"
        assert t.viewer is None and not any(map(shows_a_hand, t.query(HandView)))
        await pilot.press("enter")
        shown = lambda: "Ben's hand" in str(t.query_one(HandView).border_title)  # noqa: E731
        await until(pilot, lambda: app.screen is t and t.viewer == 1 and shown())
        assert app.screen is t and t.viewer == 1
        assert "Ben's hand" in str(t.query_one(HandView).border_title)


async def test_phase_1b_fits_80x24_for_five_and_a_spell_is_cast_with_its_choices(
    tmp_path: Path,
) -> None:
    """At 80x24 with five players everything of phase 1b reads: the pass marker, every
    player, one's spells, the abilities with their keys. The Re-tuck Spell ("move a hand
    card to another position in your hand") asks the card, then the place."""
    names = ["Ana", "Ben", "Cem", "Dora", "Emil"]
    s = Session.new(GAME, names, {i: "standard" for i in range(1, 5)}, seed=2)
    position(
        s,
        hands=[["cap", "white", "princess"], *[["cap"]] * 4],
        fields=[[("sword", 1), ("picker", 3)], *[[("mean", 2), None]] * 4],
        coins=[[], ["cap"], ["cap"], [], []],
        spells=[["^retuck", "attack"], ["trade"], ["pile"], ["swap"], ["random"]],
    )
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t = table(app)
        assert t.viewer == 0  # one person: no privacy screen
        shown = text(app)
        assert "pass I. of IV." in shown
        assert all(n in shown for n in names)
        assert "Re-tuck" in shown and "Attack" in shown and "Your spells" in shown
        magic = str(t.query_one("#magic").content)
        assert "s  Swo  1:" in magic and "t  Pic  2:" in magic
        keys = str(t.query_one("#keys").content)
        assert "s Sword duel" in keys and "z Cast Re-tuck Spell" in keys
        await pilot.press("z")
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        await pilot.press("1")  # the Re-tuck Spell
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen) and "which card" in app.screen.title_text
        await pilot.press("3")  # the Princess Bean at the back
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen) and "position" in app.screen.title_text
        await pilot.press("1")  # to the front
        await pilot.pause()
        assert s.state.players[0].hand == ["princess", "cap", "white"]


async def test_attack_spell_coins_and_magic_activation_are_keys_of_the_attacker(
    tmp_path: Path,
) -> None:
    """The Attack Spell: "if you use the ability of the Sword Bean, draw 2 coins from a
    fellow player; use one of them and give the other back without effect" (the digits
    name the two coins); a Magic Bean so used: "activate one of your own spell cards" (m
    picks it). A Magic Bean from the hand (d) activates a spell too."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {2: "standard"}, seed=1)
    position(
        s,
        hands=[["magic", "mean"], ["cap"], ["princess"]],
        fields=[[("sword", 1), None], [None, None], [None, None]],
        coins=[[], ["princess", "magic"], []],
        spells=[["^attack", "swap", "trade"], ["pile"], ["random"]],
    )
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "z", "1")  # cast the Attack Spell
        await pilot.pause()
        t = table(app)
        assert "Attack Spell in force" in str(t.query_one("#magic").content)
        await pilot.press("s", "1")  # the Sword on Ben: two coins turned up
        await pilot.pause()
        keys = str(t.query_one("#keys").content)
        assert "1 Princess Bean" in keys and "2 Magic Bean" in keys
        assert "keep one coin of Ben's" in str(t.query_one("#banner").content)
        await pilot.press("2")  # the Magic Bean: activate a spell
        await pilot.pause()
        assert "m Activate a spell" in str(t.query_one("#keys").content)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        assert [str(c[0]) for c in app.screen.choices] == [  # the face-down ones: the
            "Attack Spell (1 G)",  # Attack, used, is face down again
            "Spell Card Swap (2 G)",
            "Trade Spell (3 G)",
        ]
        await pilot.press("3")
        await pilot.pause()
        assert [c.up for c in s.state.spells[0]] == [False, False, True]
        await pilot.press("d")  # the Magic Bean in the hand: discarded for the Swap
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen) and "Magic Bean" in app.screen.title_text
        labels = [str(c[0]) for c in app.screen.choices]
        assert labels == [
            "hand #1  Mag  → activate Attack Spell (1 G)",
            "hand #1  Mag  → activate Spell Card Swap (2 G)",
        ]
        await pilot.press("2")
        await pilot.pause()
        assert s.state.spells[0][1].up and s.state.players[0].hand == ["mean"]


async def test_the_enchantment_makes_each_fellow_plant_behind_the_privacy_screen(
    tmp_path: Path,
) -> None:
    """Enchantment of the Fellow Players: "All fellow players must immediately plant their
    front hand card. If they have no free bean field for it, they must first harvest one.
    You yourself may plant your front hand card, but do not have to." The forced plant
    needs Ben's hand: the screen passes to him (the harvest asked on the table), then back
    to Ana, who may skip (e)."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {2: "standard"}, seed=1)
    position(
        s,
        hands=[["mean", "cap"], ["cap", "white"], ["princess"]],
        fields=[[("sword", 1), None], [("magic", 2), ("picker", 1)], [None, None]],
        coins=[[], [], []],
        spells=[["^enchant_players"], ["trade"], ["pile"]],
    )
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "z", "1")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Ben"
        await pilot.press("enter")
        await pilot.pause()
        t = table(app)
        assert t.viewer == 1 and t.choice is not None  # Cap fits no field: harvest first
        assert "Harvest which field?" in str(t.query_one("#banner").content)
        await pilot.press("1")  # the Magic Beans (the lone Picker Bean is protected)
        await pilot.pause()
        assert "Enchantment of the Fellow Players: plant Cap Bean" in str(
            t.query_one("#banner").content
        )
        await pilot.press("1")
        await pilot.pause()
        assert s.state.players[1].fields[0].variety == "cap"
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Ana"
        await pilot.press("enter")
        await pilot.pause()
        assert "you may plant Mean Bean" in str(t.query_one("#banner").content)
        assert "e Don't plant" in str(t.query_one("#keys").content)
        await pilot.press("e")
        await pilot.pause()
        assert s.state.pending == [] and s.state.players[0].hand == ["mean", "cap"]


async def test_a_swap_asks_whose_card_and_then_which_face(tmp_path: Path) -> None:
    """Spell Card Swap: "Swap this spell card for a face-down spell card of a fellow
    player. Look at the swapped card and decide whether to lay it face up (activated) or
    face down": the chooser lists the fellows' face-down cards, the digits the faces."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {2: "standard"}, seed=1)
    position(
        s,
        hands=[["mean"], ["cap"], ["princess"]],
        fields=[[("sword", 1), None], [None, None], [None, None]],
        coins=[[], [], []],
        spells=[["^swap"], ["trade"], ["pile"]],
    )
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "z", "1")
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        assert [str(c[0]) for c in app.screen.choices] == [
            "Ben's face-down card #1",
            "Cem's face-down card #1",
        ]
        await pilot.press("1")
        await pilot.pause()
        t = table(app)
        assert "Trade Spell" in str(t.query_one("#spells").content)  # seen at once
        keys = str(t.query_one("#keys").content)
        assert "1 Face up" in keys and "2 Face down" in keys
        await pilot.press("1")
        await pilot.pause()
        assert s.state.spells[0][0].id == "trade" and s.state.spells[0][0].up


async def test_a_counterattackers_activation_passes_the_screen_and_the_help_reads(
    tmp_path: Path,
) -> None:
    """The Sword Bean: "a Sword Bean: your fellow player carries out a counterattack with
    your coin pile"; the Magic Bean he turns up lets him "activate one of [his] own spell
    cards": his secret, so the screen passes to him. `r` reads one's spells in the
    rulebook's words; `?` holds the abilities and the eleven spells."""
    s = counterattack()
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "s", "1")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Ben"
        await pilot.press("enter", "r")
        await pilot.pause()
        shown = screen_text(app.screen)
        assert "Trade Spell (Handelszauber) · 3 Groschen" in shown
        assert "turn up a third bean card" in shown and "Attack" not in shown
        await pilot.press("escape", "m")  # his one face-down card: no chooser
        await pilot.pause()
        assert s.state.spells[1][0].up
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player == "Ana"
        await pilot.press("enter")
        await pilot.pause()
        t = table(app)
        assert s.state.phase == "trade"  # nothing left in 1b: it ended by itself
        magic = t.query_one("#magic")
        assert magic.display and t.query_one("#trade").display  # the duel stays readable
        rounds = str(magic.content)
        assert "Sword duel:" in rounds and "1. Ana ⚔ Ben:" in rounds and "2. Ben ⚔ Ana:" in rounds
        await pilot.press("question_mark")
        await pilot.pause()
        from textual.widgets import Static

        help_text = " ".join(str(getattr(w, "content", "")) for w in app.screen.query(Static))
        tables = [w.content for w in app.screen.query(Static) if hasattr(w.content, "title")]
        titles = [str(tb.title) for tb in tables]
        assert "The bean abilities (phase 1b)" in titles
        assert any(t_.startswith("The spell cards") for t_ in titles)
        spells = next(tb for tb in tables if str(tb.title).startswith("The spell cards"))
        assert spells.row_count == 11
        assert "Excalibohn for 3" in help_text


async def test_the_enchantment_of_the_beans_asks_field_and_bean_and_marks_the_field(
    tmp_path: Path,
) -> None:
    """Enchantment of the Beans: "On a field with exactly one bean card, lay any second
    bean card that you must plant at that moment. The first bean on the field now counts as
    a bean of the second bean variety": the chooser lists field x bean; the field shows
    what its first card was."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {1: "standard", 2: "standard"}, seed=1)
    position(
        s,
        hands=[["mean"], ["cap"], ["princess"]],
        fields=[[("cap", 1), ("white", 3)], [None, None], [None, None]],
        coins=[[], [], []],
        spells=[["^enchant_beans"], ["trade"], ["pile"]],
        phase="plant_trades",
        area=["sword", "picker"],
    )
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        banner = str(table(app).query_one("#banner").content)
        assert "fits no field" in banner and "z: cast Enchantment of the Beans" in banner
        await pilot.press("z", "1")
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen) and "which bean" in app.screen.title_text
        labels = [str(c[0]) for c in app.screen.choices]
        assert labels == [
            "field 1 ( Cap ) ←  Swo  Sword Bean: both count as it",
            "field 1 ( Cap ) ←  Pic  Picker Bean: both count as it",
        ]
        await pilot.press("1")
        await pilot.pause()
        f = s.state.players[0].fields[0]
        assert (f.variety, f.count) == ("sword", 2)
        assert "(1st was Cap)" in str(table(app).query_one("#player-0").content)


async def test_the_end_screen_shows_the_groschen_of_the_tie_break(tmp_path: Path) -> None:
    """The end: "In case of a tie, the player with more Groschen on his spell cards wins":
    every player's Groschen shows beside the coins."""
    from rich.table import Table
    from textual.widgets import Static

    from bohn_tui.games.excalibohn.ui.end import ExcaliEndScreen

    s = Session.new(GAME, NAMES[:3], {0: "standard", 1: "standard", 2: "standard"}, seed=4)
    s.run_bots()
    groschen = [str(p["groschen"]) for p in s.view(None)["players"]]
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ExcaliEndScreen))  # (not 2 pauses)
        assert isinstance(app.screen, ExcaliEndScreen)
        scores = next(w.content for w in app.screen.query(Static) if isinstance(w.content, Table))
        col = next(c for c in scores.columns if c.header == "Groschen")
        order = app.screen.summary.get("ranking") or sorted(
            range(3), key=lambda x: (x not in s.state.winners, -s.state.scores[x], x)
        )
        assert list(col.cells) == [groschen[x] for x in order]


def test_the_bean_field_spells_third_field_is_marked_for_its_seat_only() -> None:
    """Bean Field Spell: "Temporarily open a 3rd bean field next to your bean field tray":
    that seat's third field reads "temporary" (the view's flags per seat)."""
    from bohn_tui.games.excalibohn.ui.widgets import ExcaliPanel

    for marks in ({"temp_fields": [False, True, False]}, {"temp_fields": [True, True, False]}):
        ben, cem = ExcaliPanel(1), ExcaliPanel(2)
        note = ben.field_note(marks, 2)
        assert note is not None and note.plain == " temporary", marks
        assert ben.field_note(marks, 1) is None and cem.field_note(marks, 2) is None


async def test_the_newest_notice_shows_whole_at_80x24(tmp_path: Path) -> None:
    """Issue #23: at 80x24 "the newest notice is cut ('You stole a Mean Bean from')": the
    spells panel wraps its notices at words and shows the newest whole, dropping older ones
    first."""
    from helpers.screen import rows

    names = ["Ana", "Ben", "Cem", "Dora", "Emil"]
    s = Session.new(GAME, names, {i: "standard" for i in range(1, 5)}, seed=2)
    position(
        s,
        hands=[["cap", "white", "princess"], *[["cap"]] * 4],
        fields=[[("sword", 1), ("picker", 3)], *[[("mean", 2), None]] * 4],
        coins=[[], ["cap"], ["cap"], [], []],
        spells=[["^retuck", "attack", "trade"], ["swap"], ["pile"], ["random"], ["pile"]],
    )
    older = ["Ben stole your White Bean.", "Your Trade Spell was swapped for Cem's Pile Spell."]
    newest = "You stole a Mean Bean from Dora."
    s.state.notes[0] = [*older, newest]
    app = make_app(tmp_path, s)
    for size in ((80, 24), (120, 40)):
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            panel = table(app).query_one("#spells")
            r = panel.region
            inside = [row[r.x + 1 : r.right - 1].strip() for row in rows(app)[r.y : r.bottom]]
            said = " ".join(" ".join(inside).split())
            assert "✉ " + newest in said, (size, inside)
            assert all(n in said for n in ("Re-tuck", "Attack Spell", "Trade Spell 3G"))
            if size == (80, 24):
                assert older[1] not in said  # the older ones give way first
            else:
                assert older[1] in said  # room for more at 120x40
        app = make_app(tmp_path / "b", s)
