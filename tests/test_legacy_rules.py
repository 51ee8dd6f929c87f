"""Records saved before a rule was corrected stay playable (GameSpec.legacy_options): the
rules follow the rulebook by default; a record they now refuse replays with the game's
legacy options and goes on by the rule it was played with. Two corrections of issue #11:
Bohnanza ends at once at the last run-out while turning up ("The game ends instantly the
third time the deck runs out", bohnanza.txt), and Bohnröschen's intermediate phase asks
everyone about tribute, coins or none."""

from __future__ import annotations

from pathlib import Path

import pytest

from bohn_tui.engine.record import Record, RecordError
from bohn_tui.games import make_bot, replay, rules_for, with_legacy
from bohn_tui.play.session import Session, SessionError
from bohn_tui.play.simulate import play_game
from bohn_tui.store import Store


def old_record(game: str, n: int, legacy: dict[str, object], level: str) -> Record:
    """A game played by the old rule, its record saved without the option (as the old
    version saved it), that today's rules refuse."""
    for seed in range(40):
        bots = [make_bot(game, level, seed * 10 + s) for s in range(n)]
        rec = play_game(game, [f"P{s}" for s in range(n)], seed, bots, legacy).record  # type: ignore[arg-type]
        rec.options = {}
        try:
            rec.replay(rules_for(game, n))  # today's rules, no legacy options
        except RecordError:
            return rec
    raise AssertionError("no game of 40 crossed the corrected rule")


@pytest.mark.parametrize(
    ("game", "n", "legacy", "level"),
    [
        ("bohnanza", 4, {"turn_up_end": "after_phase_3"}, "random"),
        ("bohnroschen", 3, {"ask_everyone": False}, "standard"),
        (  # issue #23: phase 2's spells, the spells of a counterattack, phase 3's order
            "excalibohn",
            4,
            {"phase3_in_turn": False, "own_spells_down": False, "phase2_active_first": False},
            "standard",
        ),
    ],
)
def test_a_record_of_a_corrected_rule_still_plays(
    tmp_path: Path, game: str, n: int, legacy: dict[str, object], level: str
) -> None:
    rec = old_record(game, n, legacy, level)
    state = replay(rec)  # `bohn replay` reads it
    assert state.over  # type: ignore[attr-defined]
    s = Session(rec)  # a save opens, and goes on by its old rule
    assert s.over and s.record.options == legacy and s.state.scores == state.scores  # type: ignore[attr-defined]
    store = Store(tmp_path)
    unfinished = Record(rec.game, rec.players, rec.seed, {}, rec.deck, rec.actions[:-1])
    saved = Session(unfinished)
    saved.save_to(store)
    again = Session.load(store, saved.save_id)
    assert again.record.options == legacy and len(again.record.actions) == len(rec.actions) - 1
    assert with_legacy(again.record) is None  # nothing more to add
    # `bohn import` replays it without a session (engine/portable.py) and keeps the options
    imported = store.import_raw({"record": rec.to_json(), "bots": {}})
    header = store.export(imported)["record"]
    assert header["options"] == legacy and len(header["actions"]) == len(rec.actions)
    assert [g.over for g in store.list() if g.id == imported] == [True]


def test_a_damaged_record_keeps_its_own_reason() -> None:
    """A record that fails with the legacy options too is refused for what is wrong with it
    under today's rules, not for something the legacy options made up."""
    good = Session.new("bohnanza", ["A", "B", "C"], {0: "random", 1: "random", 2: "random"}, 3)
    good.run_bots()
    rec = good.record
    bad = Record(rec.game, rec.players, rec.seed, {}, rec.deck, [rec.actions[1], *rec.actions])
    with pytest.raises(RecordError) as today:
        bad.replay(rules_for("bohnanza", 3))  # today's rules alone
    reason = str(today.value).partition(": ")[2]
    with pytest.raises(SessionError) as e:
        Session(bad)
    assert str(e.value).endswith(reason)
    with pytest.raises(RecordError) as r:
        replay(bad)
    assert str(r.value) == str(today.value)
