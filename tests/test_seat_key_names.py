"""A seat's process names keys without Unicode's name database (bohn_tui/lean_keys.py,
issue #25): the same answers as unicodedata's, and textual.keys asks no more of it."""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

from bohn_tui.lean_keys import asked, key_names

ROOT = Path(__file__).resolve().parent.parent


def answer(ask: Any, *args: Any) -> object:
    try:
        return ask(*args)
    except (KeyError, ValueError) as e:
        return type(e)


def test_its_answers_are_unicodedatas() -> None:
    names = key_names()
    questions = [n for known in sorted(asked()) for n in (known, known.lower(), known.title())]
    questions += ["NO SUCH NAME", "LATIN SMALL LETTER E WITH ACUTE", "sNoWmAn", "\u00c4PFEL"]
    for q in questions:
        assert answer(names.lookup, q) == answer(unicodedata.lookup, q), q
    for c in [*map(chr, range(128)), "\u00e9", "\u4e2d", "\u2603", "\x85"]:
        assert answer(names.name, c) == answer(unicodedata.name, c), repr(c)
        assert names.name(c, "none") == unicodedata.name(c, "none")
    assert names.category("a") == "Ll"  # anything else: unicodedata's


KEYS = """
from textual.keys import _character_to_key, format_key, key_to_character
chars = [chr(c) for c in range(32, 127)] + ["\\t", "\\x1b", "\\x7f"]
keys = ["slash", "question_mark", "escape", "enter", "up", "ctrl+p", "v", "1", "tab",
        "space", "full_stop", "backspace", "delete", "f1", "circumflex_accent"]
print([_character_to_key(c) for c in chars])
print([key_to_character(k) for k in keys], [format_key(k) for k in keys])
"""
NO_NAMES = """
from bohn_tui.cli_join import lean_seat
lean_seat()
from bohn_tui import spare
spare.warm("join")
import unicodedata
def asked(*args):
    raise AssertionError(f"unicodedata asked {args}")
unicodedata.name = unicodedata.lookup = asked
"""


def test_a_seats_process_names_keys_as_textual_without_the_name_database(
    tmp_path: Path,
) -> None:
    def run(script: str) -> str:
        env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
        return subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
            env=env, timeout=120, check=True,
        ).stdout  # fmt: skip

    textuals = run(KEYS)  # Textual's own, asking unicodedata
    assert "'slash'" in textuals and "'question_mark'" in textuals
    assert run(NO_NAMES + KEYS) == textuals  # a seat's: the same, never asking it
