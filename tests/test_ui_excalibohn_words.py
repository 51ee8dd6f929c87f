"""Excalibohn at the table, the words of issue #23: phase 2's spells ("First turn up two
cards ... Then decide whether you want to use the spell": a person with the Pile Spell face
up decides before the bots offer, z casts it, e trades without it, only then e ends the
trading), and prompts that said what a key does not do."""

from __future__ import annotations

from pathlib import Path

from helpers.ui import SIZE, make_app, table
from test_ui_excalibohn import GAME, counterattack, position

from bohn_tui.games.excalibohn.state import Pending
from bohn_tui.play.session import Session
from bohn_tui.ui.screens.choose import ChooseScreen


async def test_phase_2_the_active_person_decides_on_the_pile_spell_before_any_offer(
    tmp_path: Path,
) -> None:
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {1: "standard", 2: "standard"}, seed=1)
    position(
        s,
        hands=[["mean", "cap"], ["princess", "white", "cap"], ["princess", "sword", "cap"]],
        fields=[[("white", 2), None], [None, None], [None, None]],
        coins=[[], [], []],
        spells=[["^pile"], ["trade"], ["swap"]],
    )
    s.state.deck.discard = ["princess"]
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = table(app)
        await pilot.press("e")  # phase 1b ends: two cards turned up
        for _ in range(5):
            await pilot.pause()
        assert s.state.phase == "trade" and not s.state.offers  # nobody offered yet
        keys = str(t.query_one("#keys").content)
        assert "z Cast Pile Spell" in keys and "e Trade without the spell" in keys
        assert "End trading" not in keys
        banner = str(t.query_one("#banner").content)
        assert "z casts the Pile Spell, or e trades without it (no offers before)" in banner
        await pilot.press("e")
        for _ in range(5):
            await pilot.pause()
        assert not s.state.phase2_open and s.state.phase == "trade"
        assert "e End trading" in str(t.query_one("#keys").content)
        assert "z Cast" not in str(t.query_one("#keys").content)


def ana_alone(**kw) -> Session:
    """Ana (a person) against two bots, in a position of her turn (test_ui_excalibohn's)."""
    s = Session.new(GAME, ["Ana", "Ben", "Cem"], {1: "standard", 2: "standard"}, seed=1)
    base = dict(
        hands=[["cap", "white", "princess"], ["princess"], ["princess"]],
        fields=[[None, None], [None, None], [None, None]],
        coins=[[], [], []],
        spells=[["attack"], ["trade"], ["swap"]],
    )
    base.update(kw)
    return position(s, **base)  # type: ignore[arg-type]


async def banner_and_keys(tmp_path: Path, s: Session) -> tuple[str, str]:
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = table(app)
        return str(t.query_one("#banner").content), str(t.query_one("#keys").content)


async def test_phase_1a_says_e_goes_on_to_phase_1b(tmp_path: Path) -> None:
    """Phase 1a is followed by "Phase 1b: Use the abilities of the beans and activate spell
    cards", not by the turn-up."""
    s = ana_alone(phase="plant", fields=[[("white", 1), None], [None, None], [None, None]])
    s.state.planted = 1
    banner, _ = await banner_and_keys(tmp_path, s)
    assert "stop planting (e) for 1b." in banner and "turn up" not in banner


async def test_the_own_plant_with_no_field_for_it_says_so(tmp_path: Path) -> None:
    """The Enchantment of the Fellow Players: "You yourself may plant your front hand card,
    but do not have to." With no field for it: harvest first or skip, no empty brackets."""
    s = ana_alone(
        hands=[["princess", "cap"], ["princess"], ["princess"]],
        fields=[[("white", 2), ("cap", 2)], [None, None], [None, None]],
    )
    s.state.pending = [Pending("own_plant", 0)]
    banner, _ = await banner_and_keys(tmp_path, s)
    assert "Ana: Princess Bean fits no field: harvest a field first (f) or skip (e)." in banner
    assert "()" not in banner


async def test_phase_1b_names_the_magic_card_flows_plants(tmp_path: Path) -> None:
    """The Magic Card Flow: "Plant your respective front hand card as often as you like":
    while it runs, phase 1b is not "nothing left to use"."""
    s = ana_alone(fields=[[("cap", 1), ("sword", 2)], [None, None], [None, None]])
    s.state.flow = True
    banner, _ = await banner_and_keys(tmp_path, s)
    assert "nothing left to use" not in banner
    assert "1 plant the front card (Magic Card Flow)" in banner


async def test_phase_4_with_the_pile_used_up_draws_nothing(tmp_path: Path) -> None:
    """ "It can happen that fewer cards are turned up or drawn." """
    s = ana_alone(spells=[["^retuck"], ["trade"], ["swap"]], phase="draw")
    s.state.deck.cards = []
    banner, keys = await banner_and_keys(tmp_path, s)
    assert "e draws nothing (the draw pile is used up) and ends your turn." in banner
    assert "e End turn (no pile)" in keys and "Draw 3" not in keys


async def test_the_re_tuck_names_each_place_by_its_neighbours(tmp_path: Path) -> None:
    """The Re-tuck Spell: "move it to another position in your hand": each place is named
    by the cards around it, never a position number beside a different digit."""
    s = ana_alone(spells=[["^retuck"], ["trade"], ["swap"]])
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("z", "1", "1")  # the Re-tuck Spell, the Cap Bean at the front
        await pilot.pause()
        where = app.screen
        assert isinstance(where, ChooseScreen) and "position" in where.title_text
        assert [str(c[0]) for c in where.choices] == [
            "between the White Bean and the Princess Bean",
            "to the back, behind the Princess Bean",
        ]
        await pilot.press("2")
        await pilot.pause()
        assert s.state.players[0].hand == ["white", "princess", "cap"]


async def test_one_spell_card_to_activate_is_activated_by_m_at_once(tmp_path: Path) -> None:
    """Issue #23: one choice is no choice. The counterattacker's Magic Bean ("activate one
    of your own spell cards") with one face-down card: `m` activates it, no chooser; the
    keys and the banner name it."""
    s = counterattack()
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "s", "1", "enter")  # the duel; Ben takes the screen
        await pilot.pause()
        t = table(app)
        assert t.viewer == 1
        assert "m Activate Trade Spell" in str(t.query_one("#keys").content)
        assert "m activates the Trade Spell, e skips" in str(t.query_one("#banner").content)
        await pilot.press("m")
        await pilot.pause()
        assert not isinstance(app.screen, ChooseScreen)
        assert s.state.spells[1][0].up


async def test_the_swap_names_a_face_down_card_its_chooser_knows(tmp_path: Path) -> None:
    """Issue #23: a face-down card the chooser knows (here Ben's Attack Spell, cast face up
    before and so seen by all) is named in the Swap's list, not listed as if unknown."""
    s = ana_alone(spells=[["^swap"], ["attack", "trade"], ["pile"]])
    s.state.spells[1][0].known = (0, 2)
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("z", "1")  # the Spell Card Swap
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        assert [str(c[0]) for c in app.screen.choices] == [
            "Ben's face-down card #1: Attack Spell, known to you",
            "Ben's face-down card #2",
            "Cem's face-down card #1",
        ]


async def test_r_says_why_a_face_up_spell_cannot_be_cast_now(tmp_path: Path) -> None:
    """Issue #23: after phase 2's first moment the `r` screen still said "face up
    (active)" of the Pile Spell ("at the beginning of phase 2, before the first offer"),
    with no word that its moment has passed; a spell of its time says it can be cast."""
    from helpers.ui import screen_text

    s = ana_alone(spells=[["^pile", "^retuck"], ["trade"], ["swap"]], phase="trade")
    s.state.deck.discard = ["princess"]
    s.state.phase2_open = False  # an offer came, or Ana traded without the spell
    app = make_app(tmp_path, s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        shown = " ".join(screen_text(app.screen).split())
        assert "face up (active), cannot be cast now: the beginning of phase 2 has passed" in shown
        assert "Re-tuck Spell (Umsteckzauber)" in shown
        assert "face up (active), can be cast now (z)" in shown
