"""Hostile input through every entry point (issue #10): generated actions, records, options
and files must be refused with one short line (IllegalAction, RecordError, ValueError, exit
code 1), never another exception, and must change nothing. Every registered game, every
player count, through the registry. Hypothesis runs derandomized: the same examples in CI."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from typer.testing import CliRunner

from bohn_tui.cli import app
from bohn_tui.engine import IllegalAction, RecordError, action_from_json, to_json
from bohn_tui.engine.actions import ACTION_TYPES
from bohn_tui.engine.limits import MAX_INT, MESSAGE, InputError, load_json, show
from bohn_tui.engine.record import Record
from bohn_tui.games import GAMES, load_actions, read_record, replay, rules_for, spec
from bohn_tui.play.players import SessionError, parse_players, parse_seed

HOSTILE = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
COUNTS = [(g, n) for g in GAMES for n in spec(g).player_counts]
SNAPSHOT_AT = (0, 3, 12, 40, 120)  # live states: after this many random legal moves
NAMES = ["Ana", "Ben", "Cy", "Di", "Eve", "Fay", "Gus"]

load_actions()


def seen(what: str) -> None:
    """Count what happened to an example (--hypothesis-show-statistics)."""
    if currently_in_test_context():
        event(what)


def short(message: str) -> None:
    """A refusal a person can read: one line of at most MESSAGE characters."""
    assert message and len(message) <= MESSAGE and "\n" not in message, message[:400]


def plain(value: Any) -> Any:
    """A value as plain data, compared by value: dataclasses and objects with slots (a
    Field) by their attributes, the random generator by its state, the rules left out."""
    if isinstance(value, random.Random):
        return value.getstate()
    if isinstance(value, dict):
        return type(value).__name__, {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value).__name__, [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return set(value)
    if is_dataclass(value):
        names = [f.name for f in fields(value)]
    elif hasattr(type(value), "__slots__"):
        names = list(type(value).__slots__)
    elif hasattr(value, "__dict__"):
        names = list(vars(value))
    else:
        return value
    return type(value).__name__, {n: plain(getattr(value, n)) for n in names if n != "rules"}


def snap(state: Any) -> tuple[Any, ...]:
    """Everything in a state (every field, the random generator's state included), built
    fresh so that it can be compared with a later snapshot."""
    return state.rules.full_state(state), plain(state)


@cache
def live_states() -> list[tuple[str, int, int, Any]]:
    """For every game and count, states along one game of random legal moves."""
    out = []
    for game, n in COUNTS:
        rules = rules_for(game, n)
        state, _ = rules.new_game(NAMES[:n], 17 + n)
        rng = random.Random(n)
        for moves in range(max(SNAPSHOT_AT) + 1):
            if moves in SNAPSHOT_AT:
                out.append((game, n, moves, copy.deepcopy(state, {id(rules): rules})))
            seats = rules.waiting_for(state)
            if not seats:
                break
            rules.apply(state, rng.choice(rules.legal_actions(state, seats[0])))
    return out


def copy_of(state: Any) -> Any:
    return copy.deepcopy(state, {id(state.rules): state.rules})


# -- hostile values ------------------------------------------------------------------------

EDGE_INTS = [0, 1, -1, 2, 3, 6, 7, 99, MAX_INT, -MAX_INT, MAX_INT + 1, -MAX_INT - 1, 10**19,
             10**30, 10**4300, -(10**4301)]  # fmt: skip
VARIETIES = sorted({v for g, n in COUNTS for v in getattr(rules_for(g, n), "varieties", ())})


def deep(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def pick(choices: list[Any]) -> st.SearchStrategy[Any]:
    """sampled_from without printing the choices (hypothesis would repr a 4,301-digit
    integer or 100,000 nested lists, which Python cannot)."""

    def chosen(i: int) -> Any:
        return choices[i]

    return st.integers(0, len(choices) - 1).map(chosen)


ints = st.one_of(pick(EDGE_INTS), st.integers(-(10**25), 10**25), st.integers(-3, 8))
texts = st.one_of(
    st.sampled_from(VARIETIES),
    st.text(max_size=30),
    pick(["", "x" * 10_001, "x" * 1_000_000, "a\nb", "\x00", "wax" * 5000]),
)
scalars = st.one_of(st.none(), st.booleans(), ints, st.floats(allow_nan=False), texts)
trees = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=12,
)
values = st.one_of(
    scalars,
    trees,
    st.lists(ints, max_size=5),
    st.lists(texts, max_size=5),
    pick([deep(31), deep(40), deep(100_000), [0] * 200_001, {"a": deep(33)}]),
)


def of_kind(annotation: str) -> st.SearchStrategy[Any]:
    """Values of a field's own kind (that pass the codec and reach the rules), with the
    edges: huge and negative numbers, unknown and long names."""
    small = st.integers(-2, 12) | ints
    if annotation.startswith("tuple[int"):
        return st.lists(small, max_size=4)
    if annotation.startswith("tuple[str"):
        return st.lists(texts, max_size=4)
    if annotation == "int | None":
        return st.none() | small
    if annotation == "int":
        return small
    return texts


@st.composite
def hostile_actions(draw: st.DrawFn, legal: list[Any] | None = None) -> Any:
    """An action as it may come from outside: a random JSON tree, or an action of a
    registered type (or a legal one) with fields of their own kind or of any kind,
    dropped or added to."""
    kind = draw(
        st.sampled_from(["tree", "typed", "legal", "legal"] if legal else ["tree", "typed"])
    )
    if kind == "tree":
        return draw(values)
    if kind == "legal":
        raw = to_json(draw(st.sampled_from(legal)))
        cls = ACTION_TYPES[raw["type"]]
    else:
        cls = draw(st.sampled_from(sorted(ACTION_TYPES.values(), key=lambda c: c.type)))
        raw = {"type": cls.type} | {f.name: draw(of_kind(str(f.type))) for f in fields(cls)}
    kinds = {f.name: str(f.type) for f in fields(cls)}
    for name in draw(st.lists(st.sampled_from([*raw, "extra"]), max_size=3)):
        how = draw(st.sampled_from(["own", "own", "any", "drop"]))
        if how == "drop":
            raw.pop(name, None)
        elif how == "own" and name in kinds:
            raw[name] = draw(of_kind(kinds[name]))
        else:
            raw[name] = draw(values)
    return raw


REFUSED = object()


def attempt(step: Callable[[], Any], refusal: type[Exception], what: str) -> Any:
    """step(), or REFUSED when it raises `refusal` (one short line, counted as `what`)."""
    try:
        return step()
    except refusal as e:
        short(str(e))
        seen(what)
        return REFUSED


def refuse_or_accept(state: Any, raw: Any) -> None:
    """The whole path of an action from outside: read it, apply it to a copy of a live
    state. Only IllegalAction, short, and a refused action changes nothing."""
    action = attempt(lambda: action_from_json(raw), IllegalAction, "refused by the codec")
    if action is REFUSED:
        return
    target = copy_of(state)
    before = snap(target)
    applied = attempt(lambda: target.rules.apply(target, action), IllegalAction, "refused")
    if applied is REFUSED:
        assert snap(target) == before, f"refused {action} changed the state"
    else:
        seen("accepted")


# -- actions -------------------------------------------------------------------------------


@settings(HOSTILE, max_examples=600)
@given(data=st.data())
def test_hostile_actions_on_live_states_of_every_game(data: st.DataObject) -> None:
    game, n, moves, state = data.draw(st.sampled_from(live_states()))
    rules = state.rules
    legal = [a for s in range(n) for a in rules.legal_actions(state, s)]
    refuse_or_accept(state, data.draw(hostile_actions(legal or None)))


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "harvest", "seat": 0, "field": 10**4300 - 1},
        {"type": "harvest", "seat": 0, "field": 2**63},
        {"type": "harvest", "seat": 0, "field": -(2**63)},
        {"type": "harvest", "seat": 2**63 - 1, "field": 0},
        {"type": "x" * 1_000_000, "seat": 0},
        {"type": "plant_area", "seat": 0, "variety": "y" * 10_000, "field": 0},
        {"type": "offer", "seat": 0, "want": ["z" * 10_000], "give_hand": [0]},
        {"type": "accept", "seat": 1, "offer": 2**63 - 1},
        {"type": "discard_hand", "seat": 0, "index": -(2**63) + 1},
        {"type": "end_turn", "seat": 0, "k" * 5000: 1, "l" * 5000: 2},
        deep(100_000),
        [{"type": "harvest"}] * 10,
    ],
)
def test_the_issues_hostile_actions_everywhere(raw: Any) -> None:
    """The cases of issue #10: each on every live state of every game."""
    for _, _, _, state in live_states():
        refuse_or_accept(state, raw)
    if isinstance(raw, dict) and raw.get("type") == "harvest" and raw["field"] > MAX_INT:
        with pytest.raises(IllegalAction, match="too large"):
            action_from_json(raw)


def test_an_action_outside_the_int_limits_is_refused_and_inside_is_read() -> None:
    for bad in (MAX_INT + 1, -MAX_INT - 1, 10**4300):
        with pytest.raises(IllegalAction, match="a whole number too large") as info:
            action_from_json({"type": "harvest", "seat": 0, "field": bad})
        short(str(info.value))
    for good in (MAX_INT, -MAX_INT):
        assert action_from_json({"type": "harvest", "seat": 0, "field": good}).field == good
    with pytest.raises(IllegalAction) as info:
        action_from_json({"type": "x" * 1_000_000, "seat": 0})
    assert len(str(info.value)) < 120  # short by itself, not only clipped


def test_refusal_messages_quote_outside_values_short() -> None:
    rules = rules_for("bohnanza", 4)
    state, _ = rules.new_game(NAMES[:4], 3)
    with pytest.raises(IllegalAction) as info:
        rules.apply(state, action_from_json({"type": "harvest", "seat": 0, "field": MAX_INT}))
    assert str(info.value) == (
        "there is no field a whole number too large to use: 2 fields are in play"
    )
    raw = {"type": "offer", "seat": 0, "want": ["z" * 10_000], "give_hand": [0]}
    state.phase = "trade"
    with pytest.raises(IllegalAction) as info:
        rules.apply(state, action_from_json(raw))
    assert str(info.value) == f"{show('z' * 10_000)} is not a card of this game"


# -- records -------------------------------------------------------------------------------


@cache
def base_records() -> list[dict[str, Any]]:
    """One short real record per game and count (the first moves of a random game)."""
    out = []
    for game, n in COUNTS:
        rules = rules_for(game, n)
        state, _ = rules.new_game(NAMES[:n], 5 + n)
        rng = random.Random(n)
        actions = []
        for _ in range(30):
            seats = rules.waiting_for(state)
            if not seats:
                break
            a = rng.choice(rules.legal_actions(state, seats[0]))
            rules.apply(state, a)
            actions.append(a)
        out.append(Record(game, NAMES[:n], 5 + n, {}, None, actions).to_json())
    return out


@st.composite
def hostile_records(draw: st.DrawFn) -> Any:
    """A real record with one to three parts changed: to values of their own kind (names,
    whole numbers, option values, varieties, actions) or to anything."""
    raw = copy.deepcopy(draw(st.sampled_from(base_records())))
    legal = [action_from_json(a) for a in raw["actions"]]  # the record's own actions
    options = sorted({o for g in GAMES for o in spec(g).option_names})
    for _ in range(draw(st.integers(1, 3))):
        what = draw(st.sampled_from(["seed", "players", "options", "deck", "actions", "key"]))
        if draw(st.integers(0, 4)) == 0:  # anything at all
            raw[what if what != "key" else draw(texts)] = draw(values)
        elif what == "options":
            raw["options"] = draw(
                st.dictionaries(st.sampled_from(options) | texts, values, max_size=3)
            )
        elif what == "actions" and isinstance(raw["actions"], list) and raw["actions"]:
            k = draw(st.integers(0, len(raw["actions"]) - 1))
            raw["actions"][k] = draw(hostile_actions(legal))
            if draw(st.booleans()):
                del raw["actions"][k + 1 :]
        elif what == "deck":
            raw["deck"] = draw(st.lists(st.sampled_from(VARIETIES) | texts, max_size=60))
        elif what == "players":
            raw["players"] = draw(st.lists(st.sampled_from(NAMES) | texts, max_size=8))
        elif what == "seed":
            raw["seed"] = draw(ints)
        else:
            raw[draw(texts)] = draw(values)
    return raw if draw(st.integers(0, 19)) else draw(values)


def replay_outside(raw: Any) -> None:
    record = attempt(lambda: read_record(raw), RecordError, "refused when read")
    if record is not REFUSED:
        if attempt(lambda: replay(record), RecordError, "refused in the replay") is not REFUSED:
            seen("replayed")


@settings(HOSTILE, max_examples=300)
@given(raw=hostile_records())
def test_hostile_records_replay_or_give_one_short_line(raw: Any) -> None:
    replay_outside(raw)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": 10**4301 - 1}, "a whole number too large"),
        ({"seed": 2**63}, "a whole number too large"),
        ({"seed": True}, "'seed' must be a whole number"),
        ({"players": ["x" * 100_000, "B"]}, "players[0]: a text of 100,000 characters"),
        ({"players": ["x" * 41, "B"]}, "player 1's name has 41 characters (at most 40)"),
        ({"players": ["A\nB", "C"]}, "holds a control character"),
        ({"players": ["", "C"]}, "player 1's name is empty"),
        ({"players": ["P"] * 17}, "'players' names 17 players (1 to 16)"),
        ({"players": []}, "'players' names 0 players"),
        ({"options": {"x": deep(40)}}, "nested too deeply"),
        ({"options": {"open_treasuries": "yes"}}, "option 'open_treasuries' is true or false"),
        ({"deck": ["x" * 5000] * 30}, "the deck holds cards that are not in this game: 'xxx"),
        ({"actions": [{"type": "x" * 1_000_000, "seat": 0}]}, "a text of 1,000,000 characters"),
        ({"actions": [{"type": "x" * 9_000, "seat": 0}]}, "action 1: unknown action type 'xxx"),
        ({"actions": deep(100_000)}, "nested too deeply"),
    ],
)
def test_hostile_records_of_the_issue(change: dict[str, Any], message: str) -> None:
    raw = {"game": "bohnanza", "players": ["Ana", "Ben", "Cy"], "seed": 1} | change
    with pytest.raises(RecordError) as info:
        replay(read_record(raw))
    short(str(info.value))
    assert message in str(info.value)


def test_a_bug_in_the_rules_while_replaying_a_record_is_a_record_error() -> None:
    """The last line of defence: an exception the rules should never raise, met while
    replaying outside input, becomes a RecordError naming the action (and the rules'
    own apply path still raises it, so tests see the bug)."""

    class Broken:
        def __init__(self, real: Any) -> None:
            self.real = real

        def new_game(self, *args: Any) -> Any:
            return self.real.new_game(*args)

        def apply(self, state: Any, action: Any) -> Any:
            if action.seat == 1:
                raise KeyError("a bug")
            return self.real.apply(state, action)

    raw = next(r for r in base_records() if r["game"] == "bohnanza")
    record = read_record(raw)
    k = next(i for i, a in enumerate(record.actions, start=1) if a.seat == 1)
    with pytest.raises(RecordError, match=rf"^action {k}: the rules failed on it: KeyError"):
        record.replay(Broken(rules_for("bohnanza", len(record.players))))
    with pytest.raises(KeyError):
        Broken(None).apply(None, record.actions[k - 1])


# -- options -------------------------------------------------------------------------------

BAD_OPTION_VALUES = [[[1]], "x", 10**18, {"a": 1}, 1.5, -1, ["x" * 10_000], [1, 2]]


@pytest.mark.parametrize(("game", "n"), [(g, n) for g, n in COUNTS if spec(g).options])
def test_every_option_a_game_reads_refuses_the_wrong_kind(game: str, n: int) -> None:
    rules = rules_for(game, n)
    for option in spec(game).option_names:
        for bad in BAD_OPTION_VALUES:
            with pytest.raises(ValueError) as info:
                rules.new_game(NAMES[:n], 1, {option: bad})
            assert not isinstance(info.value, TypeError)
            short(str(info.value))
            assert f"'{option}'" in str(info.value), (option, bad, str(info.value))


@settings(HOSTILE, max_examples=150)
@given(data=st.data())
def test_hostile_options_for_every_game(data: st.DataObject) -> None:
    game, n = data.draw(st.sampled_from(COUNTS))
    names = sorted({o for g in GAMES for o in spec(g).option_names})
    options = data.draw(st.dictionaries(st.sampled_from(names) | texts, values, max_size=4))
    try:
        state, _ = rules_for(game, n).new_game(NAMES[:n], 1, options)
    except ValueError as e:
        short(str(e))
    else:
        assert state.rules.violations(state) == []


def test_the_vine_option_of_the_issue() -> None:
    """A Bohnröschen record with "options": {"vine": [[1]]} raised TypeError on main."""
    for n in spec("bohnroschen").player_counts:
        raw = {"game": "bohnroschen", "players": NAMES[:n], "options": {"vine": [[1]]}}
        with pytest.raises(RecordError, match="^option 'vine' is a list of vine card ids$"):
            replay(read_record(raw))


# -- the command line ----------------------------------------------------------------------

runner = CliRunner()


def one_line_failure(result: Any) -> str:
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and result.stdout == ""
    short(result.stderr.strip())
    return result.stderr.strip()


@settings(HOSTILE, max_examples=40)
@given(raw=hostile_records(), wrap=st.sampled_from(["bare", "export", "v1"]))
def test_hostile_records_through_bohn_replay(tmp_path_factory: Any, raw: Any, wrap: str) -> None:
    if wrap == "export":
        raw = {"format": "bohn-game", "version": 2, "bots": {}, "record": raw}
    elif wrap == "v1":
        raw = {"version": 1, "id": "x", "bots": {}, "record": raw}
    path = tmp_path_factory.mktemp("rec") / "game.json"
    try:
        path.write_text(json.dumps(raw))
    except (ValueError, RecursionError):  # json cannot write it (a huge integer, too deep)
        return
    result = runner.invoke(app, ["replay", str(path), "--json"])
    if result.exit_code == 0:
        json.loads(result.stdout)
    else:
        one_line_failure(result)


HOSTILE_FILES = {
    "seed.json": '{"game": "bohnanza", "players": ["A", "B"], "seed": ' + "9" * 4301 + "}",
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "field.json": json.dumps({"game": "bohnanza", "players": ["A", "B", "C"]})[:-1]
    + ', "actions": [{"type": "harvest", "seat": 0, "field": '
    + "9" * 4300
    + "}]}",
    "refused.json": json.dumps(
        {"game": "bohnanza", "players": ["A", "B"], "actions": [{"type": "end_turn", "seat": 1}]}
    ),
    "vine.json": json.dumps(
        {"game": "bohnroschen", "players": ["A", "B", "C"], "options": {"vine": [[1]]}}
    ),
    "type.json": json.dumps(
        {"game": "bohnanza", "players": ["A", "B"], "actions": [{"type": "t" * 1_000_000}]}
    ),
    "export.json": json.dumps({"format": "bohn-game", "version": 3, "record": {}}),
    "latin1.json": "\xff\xfe".encode("latin-1").decode("latin-1"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
def test_bohn_replay_in_a_real_process_gives_one_line(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(HOSTILE_FILES[name].encode("latin-1" if name == "latin1.json" else "utf-8"))
    done = subprocess.run(
        [sys.executable, "-m", "bohn_tui", "replay", str(path)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert done.stderr.endswith("\n") and done.stderr.count("\n") == 1, done.stderr
    short(done.stderr.strip())


@pytest.mark.parametrize("wrap", ["bare", "export", "v1"])
def test_bohn_replay_reads_records_exports_and_old_saves(tmp_path: Path, wrap: str) -> None:
    record = base_records()[0]
    raw: Any = record
    if wrap == "export":
        raw = {"format": "bohn-game", "version": 2, "bots": {"1": "standard"}, "record": record}
    elif wrap == "v1":
        raw = {"version": 1, "id": "abc", "bots": {}, "summary": {}, "record": record}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(raw))
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    state = replay(read_record(record))
    assert json.loads(result.stdout) == json.loads(json.dumps(state.rules.full_state(state)))


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"format": "bohn-game", "version": 3, "record": {}}, "written by a newer bohn"),
        ({"format": "other", "version": 2, "record": {}}, "its format is 'other'"),
        ({"version": 1, "record": {}}, "the record names no game"),
        ({"version": 1, "record": []}, "this is not a bohn game (no game record in it)"),
        ([1, 2], "a game must be a JSON object, not a list of 2"),
    ],
)
def test_bohn_replay_refuses_other_wrappers(tmp_path: Path, raw: Any, message: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(raw))
    assert message in one_line_failure(runner.invoke(app, ["replay", str(path)]))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "-3"], "--players must be a whole number from 1 to 16, not -3"),
        (["--players", "9" * 5000], "--players must be a whole number from 1 to 16, not '999"),
        (["--players", "99999999999999999999999"], "--players must be a whole number"),
        (["--players", "x"], "--players must be a whole number from 1 to 16, not 'x'"),
        (["--players", "9"], "for 2 to 7 players, not 9"),
        (["--games", "-1"], "--games must be a whole number from 1 to 1,000,000, not -1"),
        (["--games", "1" + "0" * 30], "--games must be a whole number"),
        (["--seed", "-5"], "--seed must be a whole number from 0 to"),
        (["--seed", "9" * 4301], "--seed must be a whole number"),
        (["--seed", str(MAX_INT), "--games", "2"], "--seed must be a whole number"),
        (["--bots", "nonsense"], "unknown bot level 'nonsense'; choose one of:"),
        (["--bots", "q" * 5000], "unknown bot level 'qqq"),
        (["--bots", "random,random"], "3 players need 3 bot levels, not 2"),
    ],
)
def test_bohn_simulate_bad_arguments_give_one_line(args: list[str], message: str) -> None:
    base = ["simulate", "bohnanza", "--players", "3", "--games", "1"]
    result = runner.invoke(app, base + args)
    assert message in one_line_failure(result)


def test_bohn_simulate_refuses_a_save_dir_it_cannot_write(tmp_path: Path) -> None:
    afile = tmp_path / "a-file"
    afile.write_text("")
    for target in (afile, afile / "below"):
        result = runner.invoke(
            app, ["simulate", "bohnanza", "-p", "3", "-n", "1", "--save-dir", str(target)]
        )
        assert "cannot write the records to" in one_line_failure(result)
    result = runner.invoke(app, ["simulate", "bohnanza", "-p", "3", "-n", "1", "--seed", "0"])
    assert result.exit_code == 0, result.output  # the seed's edge is not the default


@pytest.mark.parametrize(
    ("spec_", "message"),
    [
        (",".join(f"P{i}" for i in range(17)), "--players names 17 players; at most 16"),
        ("Ana,,Ben", "player 2's name is empty"),
        ("Ana,Ben,", "player 3's name is empty"),
        ("Ana," + "B" * 41, "player 2's name has 41 characters (at most 40)"),
        ("Ana," + "B" * 1_000_000, "--players is 1,000,004 characters long"),
        ("Ana,bot:nonsense", "unknown bot level 'nonsense'; choose one of: random"),
        ("Ana,Ana", "every player needs a different name"),
    ],
    ids=lambda v: str(v)[:20],
)
def test_parse_players_refuses_with_one_line(spec_: str, message: str) -> None:
    with pytest.raises(SessionError) as info:
        parse_players(spec_, spec("bohnanza").bot_levels)
    short(str(info.value))
    assert message in str(info.value)
    result = runner.invoke(app, ["play", "bohnanza", "--players", spec_])
    assert message in one_line_failure(result)  # before the app starts


def test_parse_players_reads_good_specs() -> None:
    names, bots = parse_players("Ana, Botond ,bot:random,bot", spec("bohnanza").bot_levels)
    assert names[:2] == ["Ana", "Botond"] and bots == {2: "random", 3: "standard"}


def test_fail_clips_every_message() -> None:
    result = runner.invoke(app, ["simulate", "q" * 5000, "--games", "1"])
    assert "unknown game 'qqq" in one_line_failure(result)


def test_record_errors_are_input_errors() -> None:
    """What the limits refuse in a file is an InputError; a record's own errors are
    RecordErrors, which are InputErrors too (one `except` in the command line)."""
    with pytest.raises(InputError, match="nested too deeply"):
        load_json("[" * 100_000, "x")
    assert not issubclass(InputError, RecordError) and issubclass(RecordError, InputError)


def test_seeds_as_typed_are_read_through_the_limits() -> None:
    assert parse_seed(None) is None and parse_seed(" ") is None
    assert parse_seed("12") == 12 and parse_seed("-3") == -3 and parse_seed(str(MAX_INT)) == MAX_INT
    for bad in ("x", "1.5", str(MAX_INT + 1), "9" * 4301, "١٢"):
        with pytest.raises(SessionError, match="the seed must be a whole number") as info:
            parse_seed(bad)
        short(str(info.value))
    result = runner.invoke(app, ["play", "bohnanza", "--seed", "9" * 4301])
    assert "the seed must be a whole number of at most 19 digits" in one_line_failure(result)


def test_optional_names_and_flags_round_trip_and_refuse_the_wrong_kind() -> None:
    """An action field typed `str | None` reads a name or null, a `bool` field true or false;
    anything else is refused in one line (Excalibohn's CastSpell and ChooseFace have both)."""
    from bohn_tui.games.excalibohn.actions import CastSpell, ChooseFace

    for action in (CastSpell(0, 1), CastSpell(1, 0, field=1, variety="sword"), ChooseFace(2, True)):
        assert action_from_json(to_json(action)) == action
    for raw, why in (
        ({"type": "cast_spell", "seat": 0, "spell": 0, "variety": 3}, "string or null"),
        ({"type": "choose_face", "seat": 0, "up": 1}, "true or false"),
        ({"type": "choose_face", "seat": 0, "up": "yes"}, "true or false"),
    ):
        with pytest.raises(IllegalAction, match=why) as info:
            action_from_json(raw)
        short(str(info.value))
