"""Issue #23: "the prompt says 'x declines' where `x` shows only after moving to the offer."
An offer to the person that arrives while another is picked (here the person's own) is
picked: a and x answer it at once, the key bar shows them, and the prompt names only keys
the key bar shows. Driven with Textual's Pilot at 120x40 and 80x24."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import pytest
from helpers.ui import confirm_hand_over, make_app, table, until

from bohn_tui.games.common.actions import Decline, EndPlanting, EndTrading, Offer, PlantHand
from bohn_tui.play.session import Session


class LateOffer:
    """Cem, the active bot: asked to decide in its phase 2, it waits for `go`, then gives Ana
    (seat 1) its front turned-up card; then it declines what is offered to it and ends its
    trading."""

    level = "test"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.offered = False

    def choose(self, seat: int, observe: Any, legal: list[Any]) -> Any:
        if not self.offered and any(isinstance(a, EndTrading) for a in legal):
            self.go.wait(60)
            self.offered = True
            return Offer(seat, 1, (), (0,), ())
        return next((a for a in legal if isinstance(a, Decline)), None) or next(
            (a for a in legal if isinstance(a, EndTrading)), legal[0]
        )


async def maybe_hand_over(pilot: Any, app: Any) -> None:
    """One person at the table: a privacy screen only where the app shows one."""
    from bohn_tui.ui.screens.privacy import PrivacyScreen

    if isinstance(app.screen, PrivacyScreen):
        await confirm_hand_over(pilot, app, [])


def keys_of(app: Any) -> str:
    return str(table(app).query_one("#keys").content)


def named_keys(prompt: str) -> set[str]:
    """The single-letter keys a prompt names ("a accepts, x declines" -> {"a", "x"})."""
    return set(re.findall(r"(?:^|[ ,;(])([a-z]) (?=[a-z])", prompt))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_an_offer_that_arrives_is_picked_and_x_works_at_once(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    s = Session.new("bohnanza", ["Cem", "Ana", "Ben"], {0: "random", 2: "random"}, seed=7)
    cem = LateOffer()
    s.bots[0] = cem  # type: ignore[assignment]
    s.apply(PlantHand(0, 0))
    s.apply(EndPlanting(0))
    s.apply(Offer(0, 1, (), (0,), ()))  # 1: Cem gives Ana a turned-up card
    s.apply(Offer(1, 0, (0,), (), ()))  # 2: Ana gives Cem her front card
    app = make_app(tmp_path, s)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await maybe_hand_over(pilot, app)
        t = table(app)
        assert t.viewer == 1 and t.controls.offer_sel == 1
        await pilot.press("x")  # Ana declines Cem's first: her own offer is picked now
        await pilot.pause()
        assert 1 not in s.state.offers and t.controls.offer_sel == 2
        cem.go.set()

        def arrived() -> bool:  # Cem's offer made (in a bot's thread) and shown to Ana:
            # waited for by a deadline, with all that is asserted below
            prompt = str(t.query_one("#banner").content)
            return (
                len(s.state.offers) == 2
                and not t.client.busy
                and s.decider() == 1
                and t.viewer == 1
                and t.controls.offer_sel == 3
                and "x Decline" in keys_of(app)
                and "a accepts" in prompt
            )

        await until(pilot, arrived)
        assert s.decider() == 1 and t.viewer == 1
        assert t.controls.offer_sel == 3  # Cem's, to Ana: picked as it arrives
        keys = keys_of(app)
        assert "x Decline" in keys and "a Accept" in keys, keys
        prompt = str(t.query_one("#banner").content)
        assert "x declines" in prompt and "a accepts" in prompt, prompt
        shown = set(re.findall(r"(?:^|\s)([a-z]) [A-Z]", keys))
        assert named_keys(prompt) <= shown, (prompt, keys)
        await pilot.press("x")
        await pilot.pause()
        declined = [ln for ln in s.log if ln.text.startswith("Ana declines Bot Cem's offer")]
        assert len(declined) == 2 and 3 not in s.state.offers


async def test_the_prompt_names_only_keys_the_key_bar_shows(tmp_path: Path) -> None:
    """The active player with nothing offered to her: no a/x in the prompt (the old prompt
    said "a/x answer offers to you" with neither key on the bar)."""
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "random", 2: "random"}, seed=7)
    s.apply(PlantHand(0, 0))
    s.apply(EndPlanting(0))
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await maybe_hand_over(pilot, app)
        t = table(app)

        def settled() -> bool:  # the bots done (in their threads), the table shown after
            prompt = str(t.query_one("#banner").content)
            return not t.client.busy and s.decider() == 0 and "o makes an offer" in prompt

        await until(pilot, settled)
        assert s.decider() == 0 and not s.state.offers
        prompt = str(t.query_one("#banner").content)
        keys = keys_of(app)
        assert "o makes an offer" in prompt and "e ends trading" in prompt, prompt
        assert "a/x" not in prompt and "x " not in prompt, prompt
        shown = set(re.findall(r"(?:^|\s)([a-z]) [A-Z]", keys))
        assert named_keys(prompt) <= shown, (prompt, keys)


async def test_the_active_players_prompt_with_an_offer_to_her_fits_80_columns(
    tmp_path: Path,
) -> None:
    """At 80 columns the active player's prompt with an offer to answer keeps every key it
    names whole, "e ends trading" last (it was cut off after "e ends")."""
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {1: "random", 2: "random"}, seed=7)
    s.apply(PlantHand(0, 0))
    s.apply(EndPlanting(0))
    s.apply(Offer(1, 0, (0,), (), ()))  # Ben gives Ana his front card: hers to answer
    app = make_app(tmp_path, s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await maybe_hand_over(pilot, app)
        t = table(app)

        def prompt() -> str:
            return str(t.query_one("#banner").content).split("\n")[1]

        await until(pilot, lambda: not t.client.busy and "a accepts" in prompt())
        said = prompt()
        assert said.endswith("e ends trading.") and len(said) <= 78, said
        assert "o offers" in said and "x declines" in said and "c counters" in said, said
