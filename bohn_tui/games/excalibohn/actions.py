"""Excalibohn's own actions and events (docs/formats.md, "Excalibohn"). The Bohnanza actions
(plant_hand, plant_area, harvest, offer, accept, ...) are played too; these are the magic
phase's, the spells' and the decisions out of turn. They live apart from the rules so that
bohn_tui.games can register them for game records at once, cheaply.

Secrets stay out of events: a stolen or drawn card, a spell drawn face down or swapped
away is named only in the views of the seats that may see it (the log is public)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bohn_tui.engine.actions import Action, Event, register_actions
from bohn_tui.games.common.actions import on_field

# -- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Phase 1b: use the ability of the variety on field `field` (one use per field; a row
    started in 1b brings a new one). `target` is the fellow player of the Picker Bean (whose
    rearmost hand card is stolen) and of the Sword Bean (whose coin pile is turned up)."""

    type: ClassVar[str] = "use_ability"
    field: int
    target: int | None = None

    def words(self) -> str:
        return on_field(self, self.field)


@dataclass(frozen=True, slots=True)
class ActivateSpell(Action):
    """Turn spell card `spell` (its index in the seat's row) face up. `magic` is the hand
    position of a Magic Bean discarded for it (phase 1b, the active player); None spends an
    activation granted by the Magic Bean's ability or by a Magic Bean turned up in a Sword
    duel (the seat that was granted it, which may be a fellow player's counterattack)."""

    type: ClassVar[str] = "activate_spell"
    spell: int
    magic: int | None = None


@dataclass(frozen=True, slots=True)
class CastSpell(Action):
    """Use face-up spell card `spell` (its index in the seat's row). The other fields are
    the spell's choices, None where it has none:
    swap: `target` (the fellow player) and `index` (the position in their row of the
    face-down card taken); enchant_beans: `field` (holding exactly one card) and `variety`
    (a card the seat must plant now); retuck: `index` (the hand position taken) and `to`
    (the hand position it goes to, counted after taking it out). The others take none."""

    type: ClassVar[str] = "cast_spell"
    spell: int
    target: int | None = None
    index: int | None = None
    to: int | None = None
    field: int | None = None
    variety: str | None = None

    def words(self) -> str:
        return on_field(self, self.field)


@dataclass(frozen=True, slots=True)
class PlaceCard(Action):
    """Place the card this seat is holding after a steal (Picker Bean, a Picker Bean turned
    up in a Sword duel) or a White Bean's draw: on field `field`, or tucked behind the hand
    (None)."""

    type: ClassVar[str] = "place_card"
    field: int | None = None

    def words(self) -> str:
        return on_field(self, self.field)


@dataclass(frozen=True, slots=True)
class ChooseCoin(Action):
    """A Sword attack with the Attack Spell: use turned-up coin `index` (0 or 1); the other
    goes back on its pile without effect."""

    type: ClassVar[str] = "choose_coin"
    index: int


@dataclass(frozen=True, slots=True)
class ChooseFace(Action):
    """After a Spell Card Swap: lay the card received face up (activated) or face down."""

    type: ClassVar[str] = "choose_face"
    up: bool


@dataclass(frozen=True, slots=True)
class EndMagic(Action):
    """End phase 1b: the bean cards are turned up (phase 2)."""

    type: ClassVar[str] = "end_magic"


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Forgo an optional step: the caster's own plant after the Enchantment of the Fellow
    Players, or the rest of a Magic Card Flow."""

    type: ClassVar[str] = "skip"


@dataclass(frozen=True, slots=True)
class DiscardTurnedUp(Action):
    """Phase 3 after the Trade Spell: lay an untraded turned-up card of `variety` on the
    discard pile instead of planting it."""

    type: ClassVar[str] = "discard_turned_up"
    variety: str


@dataclass(frozen=True, slots=True)
class DrawCards(Action):
    """Phase 4: draw three cards to the back of the hand; this ends the turn. (Asked only
    when a face-up spell could still be used in phase 4; otherwise the draw is automatic.)"""

    type: ClassVar[str] = "draw_phase4"  # (Bohnröschen has "draw_cards")


EXCALIBOHN_ACTIONS = (
    UseAbility,
    ActivateSpell,
    CastSpell,
    PlaceCard,
    ChooseCoin,
    ChooseFace,
    EndMagic,
    Skip,
    DiscardTurnedUp,
    DrawCards,
)
register_actions(*EXCALIBOHN_ACTIONS)

# -- events ----------------------------------------------------------------------------------
# Besides these, the Bohnanza events: planted (source "hand", "area", "stolen", "drawn"),
# harvested, turned_up, drew, deck_ran_out, offers, traded, phase_started, game_over.


@dataclass(frozen=True, slots=True)
class SpellsDealt(Event):
    """Setup: one face-down spell card each; `start` holds the highest Groschen
    (`groschen`, the only number said aloud) and is the starting player."""

    type: ClassVar[str] = "spells_dealt"
    start: int
    groschen: int


@dataclass(frozen=True, slots=True)
class AbilityUsed(Event):
    type: ClassVar[str] = "ability_used"
    seat: int
    field: int
    variety: str
    target: int | None


@dataclass(frozen=True, slots=True)
class CardStolen(Event):
    """`seat` took `victim`'s rearmost hand card (which card: only they two know)."""

    type: ClassVar[str] = "card_stolen"
    seat: int
    victim: int


@dataclass(frozen=True, slots=True)
class CardTucked(Event):
    """`seat` tucked the card it held (stolen or drawn) behind its hand, unseen."""

    type: ClassVar[str] = "card_tucked"
    seat: int
    source: str  # "stolen" or "drawn"


@dataclass(frozen=True, slots=True)
class CoinsShuffled(Event):
    type: ClassVar[str] = "coins_shuffled"
    seat: int  # whose coin pile


@dataclass(frozen=True, slots=True)
class CoinTurnedUp(Event):
    """A coin turned up for all to see: `owner`'s pile, turned up for `by` (Sword: the
    attacker; Mean: the owner), and what became of it: "kept" (back on the owner's pile),
    "taken" (onto `by`'s pile), "discarded"."""

    type: ClassVar[str] = "coin_turned_up"
    owner: int
    by: int
    card: str
    fate: str


@dataclass(frozen=True, slots=True)
class SwordResult(Event):
    """What a coin turned up in a Sword duel does: "princess" (taken), "magic" (`seat`
    activates a spell), "picker" (`other` steals `seat`'s rearmost card), "counter"
    (`other` counterattacks), "nothing"; `round` counts the turn-ups of one duel from 1.
    `why` says why a result does nothing: "no_coins" (`other`'s pile is empty), "no_spell"
    (a Magic Bean, `seat` has no face-down spell), "no_hand" (a Picker Bean, `seat` has no
    hand card), "last" (a Sword at the last turn-up); "" otherwise."""

    type: ClassVar[str] = "sword_result"
    seat: int  # who attacks in this round
    other: int  # whose pile was turned up
    result: str
    round: int
    why: str = ""


@dataclass(frozen=True, slots=True)
class SpellActivated(Event):
    """Spell `spell` (now face up: public) of `seat` at row index `index`; `by` is "magic_bean"
    (one discarded from the hand), "ability" or "sword"."""

    type: ClassVar[str] = "spell_activated"
    seat: int
    index: int
    spell: str
    by: str


@dataclass(frozen=True, slots=True)
class SpellCast(Event):
    type: ClassVar[str] = "spell_cast"
    seat: int
    spell: str
    target: int | None = None


@dataclass(frozen=True, slots=True)
class SpellDrawn(Event):
    """`seat` takes the top spell card of the deck: "cap" (a Cap harvest: face down, `spell`
    None, for its holder's eyes only) or "random" (face up: public)."""

    type: ClassVar[str] = "spell_drawn"
    seat: int
    source: str
    spell: str | None


@dataclass(frozen=True, slots=True)
class SpellsSwapped(Event):
    """`seat` gave its Spell Card Swap to `target` for `target`'s face-down card at `index`
    (which card: only they two know, until it is laid face up)."""

    type: ClassVar[str] = "spells_swapped"
    seat: int
    target: int
    index: int


@dataclass(frozen=True, slots=True)
class SpellLaid(Event):
    """After a swap: `seat` lays the received card face up (`spell` named) or face down."""

    type: ClassVar[str] = "spell_laid"
    seat: int
    up: bool
    spell: str | None


@dataclass(frozen=True, slots=True)
class SpellsTurnedDown(Event):
    """The end of `seat`'s turn: its face-up spells turn face down again; `returned` are the
    cards shuffled back into the spell deck (the Random Spell's draw)."""

    type: ClassVar[str] = "spells_turned_down"
    seat: int
    count: int
    returned: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FieldOpened(Event):
    """The Bean Field Spell: `seat`'s temporary third field."""

    type: ClassVar[str] = "field_opened"
    seat: int


@dataclass(frozen=True, slots=True)
class FieldClosed(Event):
    """A harvest closed `seat`'s temporary third field; its cards (`moved`) went to the
    field just emptied."""

    type: ClassVar[str] = "field_closed"
    seat: int
    moved: int
    to: int | None


@dataclass(frozen=True, slots=True)
class FieldEnchanted(Event):
    """The Enchantment of the Beans: `seat` laid a `variety` on field `field`, whose single
    `was` now counts as `variety`."""

    type: ClassVar[str] = "field_enchanted"
    seat: int
    field: int
    was: str
    variety: str


@dataclass(frozen=True, slots=True)
class TurnedUpDiscarded(Event):
    """Phase 3 after the Trade Spell: an untraded turned-up card laid on the discard pile."""

    type: ClassVar[str] = "turned_up_discarded"
    seat: int
    variety: str
