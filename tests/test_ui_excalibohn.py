"""Excalibohn at the table: what the table draws from a view (spell cards, the pass marker,
the abilities, the coins turned up, the Sword duel, the decision waited for), and Pilot tests
of phase 1b, a decision out of turn behind the privacy screen, and 80x24."""

from __future__ import annotations

from typing import Any

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
    assert line.startswith("▯ Attack Spell") and "1G·1b" in line and "now" not in line
    line = own_spell_line(up, True, 40).plain
    assert line.startswith("✦ Trade Spell") and "3G·start of 2" in line and line.endswith("now")
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
        {"owner": 0, "card": "princess", "fate": "taken", "by": 1, "result": "princess", "round": 2},
    ]
    v = _view(shown=shown)
    assert is_duel(v)
    lines = [t.plain for t in shown_lines(v, NAMES)]
    assert lines[0].startswith("1. Ana ⚔ Ben:") and "19" in lines[0] and "counterattack" in lines[0]
    assert lines[1].startswith("2. Ben ⚔ Ana:") and "17" in lines[1] and "taken" in lines[1]


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
