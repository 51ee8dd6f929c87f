"""Game records and the `bohn replay` / `bohn simulate` commands (issue 2, docs/formats.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.rules import deck_for, snapshot
from typer.testing import CliRunner

from bohn_tui.cli import app
from bohn_tui.engine.record import Record, RecordError
from bohn_tui.games import read_record, replay
from bohn_tui.games.common.actions import EndPlanting, EndTrading, PlantArea, PlantHand, to_json

runner = CliRunner()

FULL_STATE_KEYS = {
    "game", "title", "seat", "players", "active", "phase", "phase_name", "turn", "planted",
    "turned_up", "duel_offer", "offers", "deck_size", "discard_top", "discard_size",
    "runouts", "end_runout", "ending", "field_cost", "duel", "waiting_for", "can_offer",
    "varieties", "over", "scores", "winners", "end_reason", "deck", "discard", "removed",
    "seed",
}  # fmt: skip
SIMULATE_KEYS = {"games", "games_per_second", "wins", "mean_scores", "violations"}


def bohn(*args: str):
    result = runner.invoke(app, list(args))
    # never an unexpected exception: only clean exits
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result


def stacked_record() -> dict:
    """A 4-player record with a stacked deck: seat 0 plants, turns up two Wax, plants them."""
    hands = [["wax"] * 5, ["red"] * 5, ["red"] * 5, ["red"] * 5]
    deck = deck_for("bohnanza", 4, hands, ["wax", "wax"] + ["soy"] * 30)
    actions = [PlantHand(0, 0), EndPlanting(0), EndTrading(0)]
    actions += [PlantArea(0, "wax", 0)] * 2
    rec = Record("bohnanza", ["Ana", "Ben", "Cy", "Di"], 7, {}, deck, actions)
    return rec.to_json()


def write(tmp_path: Path, raw, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(raw if isinstance(raw, str) else json.dumps(raw))
    return str(path)


def test_record_json_form() -> None:
    raw = stacked_record()
    assert list(raw) == ["game", "players", "seed", "options", "deck", "actions"]
    assert raw["deck"][:5] == ["wax"] * 5  # top card first: dealt to seat 0
    assert raw["actions"][0] == {"type": "plant_hand", "seat": 0, "field": 0}
    assert raw["actions"][-1] == {"type": "plant_area", "seat": 0, "variety": "wax", "field": 0}
    again = read_record(json.loads(json.dumps(raw)))
    assert again.to_json() == raw


def test_record_deck_replaces_the_shuffle() -> None:
    state = replay(read_record(stacked_record()))
    assert state.players[0].hand == ["wax"] * 4 + ["soy"] * 3
    assert state.players[1].hand == ["red"] * 5
    assert state.players[0].fields[0].count == 3 and state.active == 1
    assert list(reversed(state.deck.cards)) == ["soy"] * 27


def test_replay_json_prints_the_full_state(tmp_path: Path) -> None:
    raw = stacked_record()
    result = bohn("replay", write(tmp_path, raw), "--json")
    assert result.exit_code == 0
    full = json.loads(result.stdout)
    assert set(full) == FULL_STATE_KEYS
    state = replay(read_record(raw))
    assert full == json.loads(json.dumps(state.rules.full_state(state)))
    me = full["players"][0]
    assert me["hand"] == ["wax"] * 4 + ["soy"] * 3 and me["coins"] == 0
    assert me["fields"][0]["variety"] == "wax" and me["fields"][0]["count"] == 3
    assert full["runouts"] == 0 and full["scores"] is None and full["winners"] is None


def test_replay_plain_text_summary(tmp_path: Path) -> None:
    result = bohn("replay", write(tmp_path, stacked_record()))
    assert result.exit_code == 0
    assert "Ana: 0 coins, 7 in hand, fields: 3 wax, empty" in result.stdout


@pytest.mark.parametrize(
    ("n", "change", "reason"),
    [
        (2, {"seat": 2}, "action 2: only Ana, whose turn it is, can end planting now"),
        (1, {"field": 5}, "action 1: there is no field 6"),
        (3, {"type": "end_turn"}, "action 3: the turn can be ended only after"),
    ],
)
def test_replay_stops_at_an_illegal_action(tmp_path: Path, n: int, change, reason) -> None:
    raw = stacked_record()
    raw["actions"][n - 1].update(change)
    result = bohn("replay", write(tmp_path, raw), "--json")
    assert result.exit_code == 1
    assert reason in result.stderr and result.stdout == ""


@pytest.mark.parametrize(
    ("corrupt", "message"),
    [
        ("{not json", "'game.json' is not valid JSON: Expecting property name"),
        ("[" * 100_000 + "]" * 100_000, "'game.json' is nested too deeply (at most 32"),
        ("[1, 2]", "a game must be a JSON object, not a list of 2"),
        ({"players": ["a", "b"]}, "this is not a bohn game (no game record in it)"),
        ({"game": "chess", "players": ["a", "b"]}, "unknown game 'chess'"),
        ({"game": "bohnanza", "players": ["a"]}, "for 2 to 7 players, not 1"),
        ({"game": "dahlias", "players": ["a", "b"]}, "for 3 to 5 players, not 2"),
        ({"game": "bohnanza", "players": "ab"}, "'players' must be a list of names"),
        ({"game": "bohnanza", "players": ["a", "b"], "seed": "x"}, "'seed' must be a whole"),
        ({"game": "bohnanza", "players": ["a", "b"], "options": []}, "'options' must be"),
        ({"game": "bohnanza", "players": ["a", "b"], "deck": [1]}, "'deck' must be a list"),
        ({"game": "bohnanza", "players": ["a", "b"], "deck": ["tulip"]}, "not in this game"),
        ({"game": "bohnanza", "players": ["a", "b"], "deck": ["wax"]}, "too small"),
        ({"game": "bohnanza", "players": ["a", "b"], "actions": {}}, "'actions' must be a list"),
        (
            {"game": "bohnanza", "players": ["a", "b"], "actions": [{"type": "dance"}]},
            "action 1: unknown action type 'dance'",
        ),
        (
            {"game": "bohnanza", "players": ["a", "b"], "actions": [{"type": "harvest"}]},
            "action 1: harvest: missing 'seat'",
        ),
        (
            {
                "game": "bohnanza",
                "players": ["a", "b"],
                "actions": [{"type": "harvest", "seat": 0, "field": "x"}],
            },
            "action 1: harvest: 'field' must be a whole number",
        ),
        (
            {
                "game": "bohnanza",
                "players": ["a", "b"],
                "actions": [{"type": "end_turn", "seat": 0, "extra": 1}],
            },
            "action 1: end_turn: unknown key(s) 'extra'",
        ),
    ],
)
def test_a_malformed_record_gives_a_clear_error(tmp_path: Path, corrupt, message: str) -> None:
    result = bohn("replay", write(tmp_path, corrupt), "--json")
    assert result.exit_code == 1
    assert message in result.stderr


def test_a_missing_record_file(tmp_path: Path) -> None:
    result = bohn("replay", str(tmp_path / "nope.json"))
    assert result.exit_code == 1 and "cannot read" in result.stderr


def test_record_error_for_an_illegal_action_in_code() -> None:
    raw = stacked_record()
    raw["actions"].insert(0, to_json(EndTrading(0)))
    with pytest.raises(RecordError, match="action 1: trading is not on now"):
        replay(read_record(raw))


@pytest.mark.parametrize(("game", "n"), [("bohnanza", 2), ("bohnanza", 5), ("dahlias", 4)])
def test_simulate_json_and_saved_records_replay(tmp_path: Path, game: str, n: int) -> None:
    games = 4
    result = bohn(
        "simulate", game, "--players", str(n), "--games", str(games), "--seed", "3",
        "--json", "--save-dir", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert SIMULATE_KEYS <= set(out)
    assert out["games"] == games and out["violations"] == 0 and out["games_per_second"] > 0
    assert len(out["wins"]) == n and sum(out["wins"]) == pytest.approx(games)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == games
    # each saved record replays to a finished game; together they give the same results
    wins = [0.0] * n
    scores = [0] * n
    for f in files:
        replayed = bohn("replay", str(f), "--json")
        assert replayed.exit_code == 0, replayed.output
        full = json.loads(replayed.stdout)
        assert full["over"] and full["phase"] == "over"
        for w in full["winners"]:
            wins[w] += 1 / len(full["winners"])
        scores = [a + b for a, b in zip(scores, full["scores"], strict=True)]
        assert full["scores"] == [p["coins"] for p in full["players"]]
    assert wins == pytest.approx(out["wins"])
    summary = bohn("replay", str(files[0])).stdout
    assert "Winner: " in summary and "Game over" in summary
    assert [s / games for s in scores] == pytest.approx(out["mean_scores"])


def test_saved_record_replays_to_the_simulated_state(tmp_path: Path) -> None:
    from bohn_tui.games.common.bots import make as make_bot
    from bohn_tui.play.simulate import play_game

    bots = [make_bot("random", s, True) for s in range(4)]
    result = play_game("bohnanza", ["a", "b", "c", "d"], 9, bots)
    path = write(tmp_path, result.record.to_json())
    replayed = replay(read_record(json.loads(Path(path).read_text())))
    assert snapshot(replayed) == snapshot(result.state)


def test_simulate_plain_and_errors() -> None:
    result = bohn("simulate", "dahlias", "--players", "3", "--games", "2", "--no-trade")
    assert result.exit_code == 0 and "invariant violations: 0" in result.stdout
    result = bohn("simulate", "chess", "--games", "1")
    assert result.exit_code == 1 and "unknown game 'chess'" in result.stderr
    result = bohn("simulate", "dahlias", "--players", "6", "--games", "1")
    assert result.exit_code == 1 and "3 to 5 players" in result.stderr
    result = bohn("simulate", "bohnanza", "--players", "3", "--bots", "random,random")
    assert result.exit_code == 1 and "3 players need 3 bot levels" in result.stderr


def test_formats_doc_names_every_action_event_and_view_key() -> None:
    from bohn_tui.games.common import actions

    doc = (Path(__file__).parent.parent / "docs" / "formats.md").read_text(encoding="utf-8")
    events = [c.type for c in vars(actions).values() if isinstance(c, type)
              and issubclass(c, actions.Event) and c is not actions.Event]  # fmt: skip
    ours = [cls.type for cls in actions.BEAN_ACTIONS]
    names = ours + events + sorted(FULL_STATE_KEYS) + sorted(SIMULATE_KEYS)
    assert len(ours) == 13 and len(events) == 12
    missing = [n for n in names if f"`{n}`" not in doc]
    assert missing == [], f"docs/formats.md does not document {missing}"


def test_python_m_bohn_tui_replay_in_a_real_process(tmp_path: Path) -> None:
    import subprocess
    import sys

    raw = stacked_record()
    good = subprocess.run(
        [sys.executable, "-m", "bohn_tui", "replay", write(tmp_path, raw, "good.json")],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert good.returncode == 0 and "Ana: 0 coins" in good.stdout
    raw["actions"][1]["seat"] = 3
    bad = subprocess.run(
        [sys.executable, "-m", "bohn_tui", "replay", write(tmp_path, raw, "bad.json"), "--json"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.strip() == "action 2: only Ana, whose turn it is, can end planting now"
