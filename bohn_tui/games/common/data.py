"""The bean games' content: varieties, bean-o-meters and player-count rules, read from each
game's data.toml, or from its compiled form beside it (data.json: the same tables as JSON,
with the text of the data.toml they were read from) while that text is the file's: tomllib,
a parser in Python, was ~25 M instructions of `bohn play`'s start (issue #25).
`python -m bohn_tui.games.common.data` writes them anew; tests/test_data_compiled.py checks
that each is current."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from bohn_tui.engine.records import record


@dataclass(frozen=True, slots=True)
class Variety:
    id: str
    name: str
    name_de: str
    short: str
    count: int
    meter: tuple[int, int, int, int]
    colour: str

    # coins paid for 0, 1, 2, ... cards, up to the top step of the bean-o-meter
    payout: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pay = tuple(
            max((c for c, need in enumerate(self.meter, 1) if need and n >= need), default=0)
            for n in range(max(self.meter) + 1)
        )
        object.__setattr__(self, "payout", pay)

    def coins_for(self, cards: int) -> int:
        """Coins a field of `cards` cards of this variety pays (the bean-o-meter)."""
        pay = self.payout
        return pay[cards] if cards < len(pay) else pay[-1]

    def next_step(self, cards: int) -> tuple[int, int] | None:
        """(cards needed, coins) of the next bean-o-meter step above `cards`, if any."""
        now = self.coins_for(cards)
        for coins, needed in enumerate(self.meter, start=1):
            if needed and coins > now and needed > cards:
                return needed, coins
        return None


@record
class CountRules:
    """The rules that differ by player count."""

    removed: tuple[str, ...]
    fields: int
    hands: tuple[int, ...]
    draw: int
    third_field_cost: int
    paid_coins: str
    end_runout: int
    turn_up: int
    duel: bool

    def hand_size(self, seat: int) -> int:
        return self.hands[min(seat, len(self.hands) - 1)]


@record
class Words:
    """What a game calls its things (its data's `[words]` table), for the help, the log and
    the table: Bohnanza's beans and bean-o-meter, Dahlias' flowers and Market Price."""

    card: str = "card"  # one card of the game: "bean", "flower"
    cards: str = "cards"  # more than one
    meter: str = "payout"  # the table of coins a field pays: "Bean-o-meter", "Market Price"
    # the trade area's name for the cards a two-player turn leaves for the other player
    # ({player}: the one they are left for): Bohnanza's "Duel offer"
    left: str = "Left for {player}"


@dataclass(frozen=True, slots=True)
class GameData:
    game: str
    title: str
    min_players: int
    max_players: int
    tiebreak: str
    third_field: bool
    varieties: dict[str, Variety]
    by_count: dict[int, CountRules]
    # the draw pile runs out for the last time while cards are turned up: the game ends
    # "at_once" (Bohnanza) or "after_phase_3" (Dahlias: phases 2 and 3 are completed first)
    turn_up_end: str = "at_once"
    words: Words = field(default_factory=Words)
    # the game's own tables that this loader does not read (e.g. Bohnröschen's vine cards)
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def for_players(self, n: int) -> CountRules:
        if n not in self.by_count:
            raise ValueError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {n}"
            )
        return self.by_count[n]


@cache
def load(game: str) -> GameData:
    """The data of the game whose package is bohn_tui/games/<game>/ (its data.toml)."""
    raw = read(game)
    if "varieties_from" in raw:  # the varieties named in `varieties`, from another game's file
        source = load(raw["varieties_from"]).varieties
        missing = [v for v in raw["varieties"] if v not in source]
        if missing:
            raise ValueError(f"{game}: {raw['varieties_from']} has no {', '.join(missing)}")
        varieties = {v: source[v] for v in raw["varieties"]}
    else:
        varieties = _varieties(raw["variety"])
    by_count: dict[int, CountRules] = {}
    for p in raw["players"]:
        rules = CountRules(
            removed=tuple(p["removed"]),
            fields=p["fields"],
            hands=tuple(p["hands"]),
            draw=p["draw"],
            third_field_cost=p["third_field_cost"],
            paid_coins=p["paid_coins"],
            end_runout=p["end_runout"],
            turn_up=p["turn_up"],
            duel=p.get("duel", False),
        )
        for n in p["counts"]:
            by_count[n] = rules
    return GameData(
        game=raw["game"],
        title=raw["title"],
        min_players=raw["min_players"],
        max_players=raw["max_players"],
        tiebreak=raw["tiebreak"],
        third_field=raw["third_field"],
        varieties=varieties,
        by_count=by_count,
        turn_up_end=_turn_up_end(game, raw.get("turn_up_end", "at_once")),
        words=_words(game, raw.get("words", {})),
        extra={k: v for k, v in raw.items() if k not in _READ},
    )


def _path(game: str, name: str) -> Path:
    # (a path, not importlib.resources: its modules and zipfile are 0.5 MB of every seat)
    return Path(__file__).resolve().parent.parent / game / name


def read(game: str) -> dict[str, Any]:
    """The tables of the game's data.toml: its compiled form while that is of the same text."""
    path = _path(game, "data.toml")
    if not path.is_file():
        raise ValueError(f"unknown game {game!r}")
    text = path.read_text("utf-8")
    try:
        compiled = json.loads(_path(game, "data.json").read_text("utf-8"))
    except (OSError, ValueError):
        compiled = None
    if isinstance(compiled, dict) and compiled.get("toml") == text:
        tables: dict[str, Any] = compiled["tables"]
        return tables
    return parse(text)


def parse(text: str) -> dict[str, Any]:
    """A data.toml's tables, parsed."""
    import tomllib

    return tomllib.loads(text)


def compile_data(game: str) -> str:
    """The text of the game's data.json: its data.toml's tables and that file's text."""
    text = _path(game, "data.toml").read_text("utf-8")
    return json.dumps({"toml": text, "tables": parse(text)}, ensure_ascii=False, indent=1) + "\n"


# the games whose data.json is written (each loads its content here); the others parse
COMPILED = ("bohnanza", "dahlias", "excalibohn")


_READ = {"game", "title", "min_players", "max_players", "tiebreak", "third_field", "variety"}
_READ |= {"players", "varieties_from", "varieties", "turn_up_end", "words"}
TURN_UP_ENDS = ("at_once", "after_phase_3")


def _turn_up_end(game: str, value: Any) -> str:
    if value not in TURN_UP_ENDS:
        raise ValueError(f"{game}: turn_up_end is one of {', '.join(TURN_UP_ENDS)}")
    return str(value)


def _words(game: str, raw: dict[str, Any]) -> Words:
    known = set(Words.__dataclass_fields__)
    bad = sorted(k for k, v in raw.items() if k not in known or not isinstance(v, str) or not v)
    if bad:
        raise ValueError(f"{game}: [words] has no word {', '.join(bad)} (known: {sorted(known)})")
    return Words(**raw)


def _varieties(rows: list[dict[str, Any]]) -> dict[str, Variety]:
    return {
        v["id"]: Variety(
            id=v["id"],
            name=v["name"],
            name_de=v["name_de"],
            short=v["short"],
            count=v["count"],
            meter=tuple(v["meter"]),
            colour=v["colour"],
        )
        for v in rows
    }


if __name__ == "__main__":  # python -m bohn_tui.games.common.data: write each data.json anew
    for name in COMPILED:
        _path(name, "data.json").write_text(compile_data(name), "utf-8")
