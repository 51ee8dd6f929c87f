"""The README's screenshot of a table in the browser (screenshots/web.png): a `bohn host
--web 0` on 127.0.0.1 (a seeded Bohnanza game), Ana's page in Debian's chromium driven by
playwright (tests/helpers/browser.py), after her two plantings, the cards turned up.

    .venv/bin/python scripts/web_screenshot.py"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from helpers.browser import Page, browser  # noqa: E402
from helpers.ssh import hosting  # noqa: E402

GAME = ("bohnanza", "--players", "Ana,Ben,bot:standard", "--seed", "3", "--web", "0")


def main() -> None:
    with tempfile.TemporaryDirectory() as data, hosting(Path(data), *GAME) as (_, info):
        with browser() as context:
            ana = Page(context, info["web"])
            ana.wait_for("Invite code:")
            ana.type(info["seats"][0]["code"] + "\n")
            ana.wait_for(lambda s: "Ana · you" in s and "1 Plant on 1" in s)
            ana.press("1")
            ana.wait_for("Chi ×1")
            ana.press("2")
            ana.wait_for("Cof ×1")
            ana.press("e")
            ana.wait_for("Turned up: ")
            ana.page.wait_for_timeout(600)
            ana.page.screenshot(path=str(ROOT / "screenshots" / "web.png"))


if __name__ == "__main__":
    main()
