"""The layers of issue 9, held by the import-linter contracts in pyproject.toml: the engine
imports no game, UI, play, store or cli (nor textual, rich, typer, asyncio, sqlite3); a game's
rules import no UI; outside bohn_tui.games nothing imports a game's module; the UI's screens
and widgets import neither the session nor a game module. And no game id outside the games'
own packages (the registry names them)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
GAME_ID = re.compile(r"[\"'](bohnanza|dahlias|bohnroschen|excalibohn|wuerfelspiel)[\"']")


def test_import_contracts_are_kept() -> None:
    out = subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = out.stdout + out.stderr
    assert "Contracts:" in report, f"lint-imports did not run:\n{report}"
    assert out.returncode == 0, (
        "An import breaks the layers of issue 9 (contracts: [tool.importlinter] in "
        "pyproject.toml; run `.venv/bin/lint-imports` to see the chains). Move the import "
        "behind the registry or the seat client rather than adding it to ignore_imports.\n"
        + report[report.find("Contracts") :]
    )


def test_no_game_id_outside_the_games() -> None:
    named = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "bohn_tui").rglob("*.py")
        if not path.is_relative_to(ROOT / "bohn_tui" / "games")
        and GAME_ID.search(path.read_text(encoding="utf-8"))
    )
    assert named == [], f"these files name a game id; go through the registry's specs: {named}"
