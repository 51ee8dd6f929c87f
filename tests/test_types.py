"""The typed contract (issue #24): mypy in strict mode on engine/, play/, net/, store/,
ui/ and the commands (pyproject.toml's [tool.mypy]) finds nothing. What the session, the bot
driver and the tables use of a game, a bot or a seat client is declared (engine/contract.py,
engine/bots.py, play/client.py, ui/parts.py), so a use the contract does not declare fails
here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_finds_nothing() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--no-color-output"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = (out.stdout + out.stderr).strip()
    assert "No module named mypy" not in report, "mypy is not installed: pip install -e '.[test]'"
    assert out.returncode == 0, f"mypy (strict) finds problems:\n{report}"
