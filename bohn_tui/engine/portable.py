"""A game's portable form (docs/formats.md "Exported games"): an export {"format":
"bohn-game", "version": 2, "bots", "record"}, a save file of version 1 {"bots", "record",
...} or a bare record; and what a saved game shows in the list of saved games (its progress).

The session (a game being played) and the store (a game read in from a file, replayed here
without a session) both use these, so that the store takes records and never a session."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bohn_tui.engine.contract import GameSpec, Rules, SoloResult
from bohn_tui.engine.limits import check_tree, show
from bohn_tui.engine.options import DAY
from bohn_tui.engine.record import Record, RecordError
from bohn_tui.engine.registry import Registry

FORMAT = "bohn-game"  # the portable form of one game (`bohn export`, `bohn import`)
FORMAT_VERSION = 2  # version 1 was the JSON save file of earlier versions


def portable_parts(raw: Any) -> tuple[Any, Any]:
    """(record, bots) of an export, a version 1 save file or a bare record (RecordError, in
    one line, for anything else)."""
    if not isinstance(raw, dict):
        raise RecordError(f"a game must be a JSON object, not {show(raw)}")
    if "format" in raw:
        fmt, version = raw.get("format"), raw.get("version")
        if fmt != FORMAT:
            raise RecordError(f"this is not a bohn game (its format is {show(fmt)})")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise RecordError(f"the game's format version {show(version)} is not a number")
        if version > FORMAT_VERSION:
            raise RecordError(
                f"the game was written by a newer bohn (format {version}; "
                f"this one reads up to {FORMAT_VERSION})"
            )
    if isinstance(raw.get("record"), dict):
        return raw["record"], raw.get("bots", {})
    if "game" in raw and "record" not in raw:
        return raw, {}
    raise RecordError("this is not a bohn game (no game record in it)")


def read_bots(raw: Any, players: int) -> dict[int, str]:
    """Who is a bot: {"seat": "level"}. A seat the game has not is an error (a save that
    names seat 99 of three is damaged, not a game to guess at); a level the game has not is
    kept (the session plays it at the game's first level, with a note in the log)."""
    if not isinstance(raw, dict):
        raise RecordError(f"'bots' must be an object of seat: level, not {show(raw)}")
    bots: dict[int, str] = {}
    for key, level in raw.items():
        seat = int(key) if key.isdecimal() and len(key) < 4 else -1
        if not 0 <= seat < players:
            raise RecordError(
                f"'bots' names seat {show(key)}, but the game has seats 0 to {players - 1}"
            )
        if not isinstance(level, str):
            raise RecordError(f"the bot of seat {seat} has the level {show(level)}, not a name")
        bots[seat] = level
    return bots


def progress(
    spec: GameSpec, rules: Rules, state: Any, names: list[str], public: Any = None
) -> dict[str, Any]:
    """What the list of saved games shows: title, turn, who is to play, over. `public`: the
    state's public view, when the caller has built it."""
    if public is None:
        public = rules.view(state, None)
    active = public.get("active")  # the public table's, in any game
    return {
        "title": spec.title,
        "turn": state.turn,
        "active": names[active] if isinstance(active, int) else "",
        "over": bool(state.over),
    }


def solo_outcome(
    spec: GameSpec, rules: Rules, state: Any, names: list[str], options: dict[str, Any]
) -> tuple[SoloResult, str | None] | None:
    """A finished solo run's result (its spec's `solo_result` of the player's final view)
    and its day (the value of the spec's DAY option: a daily run's, else None); None when
    the game is no finished solo run."""
    if spec.solo_result is None or len(names) != 1 or not state.over:
        return None
    day = next((options.get(o.name) for o in spec.options if o.type == DAY), None)
    return spec.solo_result(rules.view(state, 0)), day if isinstance(day, str) else None


@dataclass(frozen=True)
class Replayed:
    """A game replayed from its portable form, without a session: what the store keeps of
    it (the record as it replays, the bots, the progress and, once over, the result)."""

    record: Record
    bot_levels: dict[int, str]
    spec: GameSpec
    rules: Rules
    state: Any

    def progress(self) -> dict[str, Any]:
        return progress(self.spec, self.rules, self.state, self.record.players)

    def result_summary(self) -> dict[str, Any]:
        return self.rules.summary(self.state)

    def solo_outcome(self) -> tuple[SoloResult, str | None] | None:
        rec = self.record
        return solo_outcome(self.spec, self.rules, self.state, list(rec.players), rec.options)


def replay_portable(registry: Registry, raw: Any) -> Replayed:
    """The game in `raw` (an export, a version 1 save file or a bare record) replayed to its
    end; a record of a rule since corrected replays with its game's legacy options, and is
    kept with them, as the session does. RecordError, in one line, if it cannot be."""
    check_tree(raw, "the game")
    record_raw, bots_raw = portable_parts(raw)
    try:
        record = registry.read_record(record_raw)
    except RecordError as e:
        raise RecordError(f"the game cannot be replayed: {e}") from None
    bots = read_bots(bots_raw, len(record.players))

    def replay(r: Record) -> tuple[Record, Rules, Any]:
        try:
            rules = registry.rules_for(r.game, len(r.players))
        except ValueError as e:
            raise RecordError(str(e)) from None
        return r, rules, r.replay(rules)

    try:
        spec = registry.spec(record.game)
    except ValueError as e:
        raise RecordError(str(e)) from None
    try:
        kept, rules, state = registry.replay_either(record, replay, RecordError)
    except RecordError as e:
        raise RecordError(f"the game cannot be replayed: {e}") from None
    return Replayed(kept, bots, spec, rules, state)
