"""The layers of issue 9, held by the import-linter contracts in pyproject.toml: the engine
imports no game, UI, play, store or cli (nor textual, rich, typer, asyncio, sqlite3); a game's
rules import no UI; outside bohn_tui.games nothing imports a game's module; games/common (the
bean engine and what the games share) imports no game's package; the UI's screens and
widgets import neither the session nor a game module. And no game id outside the games'
own packages (the registry names them), no game's option name and no id, class or widget
type of a game's widgets: not in a module, not in a stylesheet (.tcss)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
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


GAMES_DIR = ROOT / "bohn_tui" / "games"
# what a module assigns to its widgets: ids, classes, and the widget classes it defines
ASSIGNED_ID = re.compile(r"\bid=f?[\"']([-\w]+)[\"']")
ASSIGNED_CLASS = re.compile(
    r"(?:classes=|DEFAULT_CLASSES = |set_class\([^,()]+, |add_class\()[\"']([-\w ]+)[\"']"
)
DEFINED = re.compile(r"^class (\w+)\(", re.M)
QUERY = re.compile(r"\.query(?:_one|_exactly_one|_children)?\(\s*f?[\"']([^\"']+)[\"']")


def outside_the_games(*suffixes: str) -> list[Path]:
    """bohn_tui's modules and stylesheets outside bohn_tui/games."""
    return sorted(
        path
        for path in (ROOT / "bohn_tui").rglob("*")
        if path.suffix in suffixes and not path.is_relative_to(GAMES_DIR)
    )


def _assigned(paths: list[Path]) -> tuple[set[str], set[str], set[str]]:
    """(ids, classes, widget class names) the modules `paths` give their widgets."""
    ids: set[str] = set()
    classes: set[str] = set()
    types: set[str] = set()
    for path in paths:
        text = path.read_text(encoding="utf-8")
        ids |= set(ASSIGNED_ID.findall(text))
        classes |= {c for found in ASSIGNED_CLASS.findall(text) for c in found.split()}
        types |= set(DEFINED.findall(text))
    return ids, classes, types


def test_no_game_option_name_outside_the_games() -> None:
    """The command line and the new-game screen read a game's options from its spec's
    schema: nothing outside the games names one (quoted in a module, a word in a
    stylesheet), nor a game id in a stylesheet."""
    from bohn_tui.games import GAMES, spec

    names = {o for g in GAMES for o in spec(g).option_names}
    assert names, "the games declare options"
    quoted = re.compile(r"[\"'](" + "|".join(map(re.escape, sorted(names))) + r")[\"']")
    word = re.compile(r"\b(" + "|".join(map(re.escape, sorted(names | set(GAMES)))) + r")\b")
    named = sorted(
        f"{path.relative_to(ROOT)}: {m.group(1)}"
        for path in outside_the_games(".py", ".tcss")
        for m in (quoted if path.suffix == ".py" else word).finditer(
            path.read_text(encoding="utf-8")
        )
    )
    assert named == [], f"these files name a game's option; read the spec's options: {named}"


def test_no_game_widget_outside_the_games() -> None:
    """A game's widgets are styled in the game's own package (its table parts' css, a
    widget's DEFAULT_CSS) and found by its own controls: no stylesheet or module outside
    the games names an id or class only a game's widgets have, or a game's widget class."""
    games = _assigned(sorted(GAMES_DIR.rglob("*.py")))
    ours = _assigned(outside_the_games(".py"))
    ids, classes, types = (g - o for g, o in zip(games, ours, strict=True))
    assert {"vine", "spells", "magic", "piles"} <= ids  # the check sees the games' ids
    named = []
    for path in outside_the_games(".py", ".tcss"):
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".py":  # a query: query_one("#vine"), query(".panel")
            selectors = QUERY.findall(text) + re.findall(r"[\"'](#[-\w]+)", text)
            found = [f for sel in selectors for f in re.findall(r"[#.][-\w]+", sel)]
            named += [f"{path.relative_to(ROOT)}: {f}" for f in found if f[1:] in ids | classes]
        else:
            text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)  # not the comments
            named += [
                f"{path.relative_to(ROOT)}: {m.group(0)}"
                for m in re.finditer(r"#([-\w]+)|\.([-\w]+)|\b([A-Z]\w*)\b", text)
                if m.group(1) in ids or m.group(2) in classes or m.group(3) in types
            ]
    assert named == [], f"these files name a game's widget; style it in its package: {named}"


def test_no_game_id_outside_the_games() -> None:
    named = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "bohn_tui").rglob("*.py")
        if not path.is_relative_to(ROOT / "bohn_tui" / "games")
        and GAME_ID.search(path.read_text(encoding="utf-8"))
    )
    assert named == [], f"these files name a game id; go through the registry's specs: {named}"


COMMON = "bohn_tui.games.common"


def _game_packages() -> set[str]:
    """Every game package under bohn_tui/games (common is the games' shared code)."""
    return {
        f"bohn_tui.games.{path.parent.name}"
        for path in GAMES_DIR.glob("*/__init__.py")
        if path.parent.name != "common"
    }


def test_common_contract_names_every_game_package() -> None:
    """The contract that games/common imports no game's package lists them all: a new
    game's package is added there."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = (
        c
        for c in config["tool"]["importlinter"]["contracts"]
        if c.get("source_modules") == [COMMON]
    )
    assert set(contract["forbidden_modules"]) == _game_packages()


def test_common_imports_no_game_package() -> None:
    """No module of games/common imports a game's package, not even for the type checker
    (which the import-linter contracts leave out): the bean engine names no game."""
    games = _game_packages()
    assert "bohn_tui.games.bohnanza" in games
    named = []
    for path in sorted((GAMES_DIR / "common").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            else:
                continue
            named += [
                f"{path.relative_to(ROOT)}:{node.lineno}: {m}"
                for m in found
                if any(m == g or m.startswith(g + ".") for g in games)
            ]
    assert named == [], f"games/common imports a game's package: {named}"
