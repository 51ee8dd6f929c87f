"""Excalibohn's state: a Bohnanza state plus the spell cards, the magic phase's uses and the
decisions waiting out of turn. Coins are cards (`PlayerState.coins`, top of the pile last):
their varieties matter, since the Mean and the Sword Bean turn them up."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bohn_tui.games.common.rules import GameState

# The rules corrected to the rulebook (issue #23), each an option true by default; the
# records saved before replay with it false (the spec's legacy options: docs/formats.md).
RULEBOOK_OPTIONS = {
    "phase3_in_turn": "phase 3: the seats plant in turn, from the active player on",
    "own_spells_down": "the end of a turn turns down only the active player's spells",
    "phase2_active_first": "phase 2: nobody offers before the active player decides on a spell",
}


@dataclass(slots=True)
class SpellCard:
    """One spell card in front of a player. `up`: activated (front side, public). `temp`:
    drawn by the Random Spell (or swapped in with a drawn Swap): back into the deck at the
    end of the turn. `known`: the other seats that know which card it is while face down
    (its former holder after a swap)."""

    id: str
    up: bool = False
    temp: bool = False
    known: tuple[int, ...] = ()


@dataclass(slots=True)
class Pending:
    """A decision the game waits for, on top of the turn. `kind`:
    "place"     `seat` holds `card` (stolen: `source` "stolen", from `other`; or a White
                Bean's draw: "drawn") and plants it (PlaceCard field) or tucks it (None);
                `plant` says whether planting is allowed (a White Bean below 4: no).
    "activate"  `seat` may turn `count` spells face up (ActivateSpell magic=None), or Skip.
    "coin"      the Attack Spell's Sword: `seat` chooses one of `coins` (ChooseCoin), turned
                up from `other`'s pile.
    "face"      after a swap, `seat` lays its card at row index `index` face up or down.
    "forced"    the Enchantment of the Fellow Players: `seat` must plant its front card
                (PlantHand; Harvest first when no field takes it).
    "own_plant" the caster of that Enchantment may plant its front card, or Skip.
    `duel` marks the decisions inside a Sword duel (nobody may harvest then); `round` is the
    duel's turn-up count."""

    kind: str
    seat: int
    card: str | None = None
    source: str = ""
    other: int | None = None
    plant: bool = True
    count: int = 0
    coins: tuple[str, ...] = ()
    index: int = 0
    duel: bool = False
    round: int = 0


@dataclass(slots=True)
class ExcalibohnState(GameState):
    """A Bohnanza state plus Excalibohn's parts (see the module)."""

    spells: list[list[SpellCard]] = field(default_factory=list)  # per seat, in row order
    spell_deck: list[str] = field(default_factory=list)  # face down, top card last
    uses: list[bool] = field(default_factory=list)  # phase 1b: field i's ability is unused
    pending: list[Pending] = field(default_factory=list)  # decisions waiting, first is next
    attack: bool = False  # the Attack Spell is cast and not yet spent this turn
    flow: bool = False  # the Magic Card Flow: the front card may be planted again
    temp_fields: list[bool] = field(default_factory=list)  # per seat: its third field is the
    # Bean Field Spell's (temporary: it closes at that seat's next harvest)
    traded: bool = False  # a trade came about this turn (the Hand Card Spell)
    cast: list[str] = field(default_factory=list)  # the spells cast this turn (ids, in order)
    phase2_open: bool = False  # phase 2 has begun and no offer has been made yet
    discardable: list[str] = field(default_factory=list)  # the Trade Spell: may be discarded
    enchanted: dict[tuple[int, int], str] = field(default_factory=dict)  # (seat, field): was
    shown: list[tuple[Any, ...]] = field(default_factory=list)  # coins turned up since the
    # last ability (public; the table shows them): views.SHOWN_KEYS
    notes: list[list[str]] = field(default_factory=list)  # per seat, this turn: what only it saw
    start: int = 0  # the starting player (the highest Groschen)

    def rule(self, option: str) -> bool:
        """Whether the corrected rule `option` (RULEBOOK_OPTIONS) holds in this game."""
        return bool(self.options.get(option, True))

    def take_spell(self, seat: int, up: bool = False, temp: bool = False) -> SpellCard | None:
        """The top card of the spell deck to the end of `seat`'s row (None: the deck is
        empty): a Cap harvest (face down) or the Random Spell (face up, temp)."""
        if not self.spell_deck:
            return None
        card = SpellCard(self.spell_deck.pop(), up=up, temp=temp)
        self.spells[seat].append(card)
        return card
