"""The `bohn` command's typer app (cli.py's `main` runs it, or `bohn play` without it:
cli_play.py). The UI is imported only inside the commands that start it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from bohn_tui.cli_play import DEFAULT_BOT_DELAY, DEFAULT_PLAYERS, PlayWords, game_and_flags
from bohn_tui.cli_play import fail as _fail
from bohn_tui.cli_play import game_id as _game
from bohn_tui.cli_play import game_options as _options
from bohn_tui.cli_play import run_app as _run

app = typer.Typer(
    name="bohn",
    help="Bohnanza and its family in the terminal.",
    no_args_is_help=False,
    add_completion=False,
)


@app.command()
def replay(
    record: Annotated[
        Path, typer.Argument(help="a game record, an exported game or an old save file (JSON)")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="print the final state as JSON")] = False,
) -> None:
    """Replay a game record and print the final state."""
    from bohn_tui.engine.limits import InputError, load_json, show
    from bohn_tui.engine.portable import portable_parts
    from bohn_tui.games import read_record, replay, spec

    where = show(record.name, 60)
    try:
        raw = load_json(record.read_bytes(), where)
        rec = read_record(portable_parts(raw)[0])
        state: Any = replay(rec)
    except OSError as e:
        _fail(f"cannot read {where}: {e.strerror or type(e).__name__}")
    except InputError as e:  # the file's JSON (naming the file), the wrapper's, the record's
        _fail(str(e))
    full = state.rules.full_state(state)
    if as_json:
        typer.echo(json.dumps(full, indent=2))
        return
    for line in spec(rec.game).state_lines(full):
        typer.echo(line)
    if full["over"]:
        names = [full["players"][w]["name"] for w in full["winners"]]
        reason = full.get("end_reason") or "the game is over"
        typer.echo(f"Winner: {' and '.join(names)}" if names else f"No winner: {reason}")


def _whole(text: str, option: str, low: int, high: int) -> int:
    """A whole-number option read through the limits: one line and code 1 when it is not a
    number from `low` to `high` (never click's box quoting the whole value)."""
    from bohn_tui.engine.limits import show

    value = text.strip()
    digits = value.removeprefix("-")
    if not digits.isdecimal() or not digits.isascii() or len(digits) > 19:
        _fail(f"{option} must be a whole number from {low:,} to {high:,}, not {show(text)}")
    number = int(value)
    if not low <= number <= high:
        _fail(f"{option} must be a whole number from {low:,} to {high:,}, not {show(number)}")
    return number


GAME_HELP = "the game (`bohn games` lists them)"  # the help scans no entry points (start-up)


@app.command()
def games() -> None:
    """List the games that can be played (and the installed ones that cannot, with why)."""
    from bohn_tui.games import REGISTRY
    from bohn_tui.play.players import count_span

    REGISTRY.say = lambda line: None  # said below, among the games
    for game in REGISTRY.ids:
        spec = REGISTRY.spec(game)
        typer.echo(f"{game:14} {spec.title} ({count_span(spec.player_counts)} players)")
    for line in REGISTRY.unusable().values():
        typer.echo(f"unusable: {line}")


# a game's options, read by its spec's schema (cli_options.py), and its shorthand flags: the
# arguments typer does not know, in the command's context (EXTRA)
EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}
OPTION_HELP = "a game's option, repeatable; `--option help` lists the game's options and flags"
GameOptions = Annotated[
    list[str] | None, typer.Option("--option", metavar="NAME=VALUE", help=OPTION_HELP)
]


def _game_and_flags(game: str | None, ctx: typer.Context) -> tuple[str | None, list[str]]:
    """The game argument and the arguments typer did not know (cli_play.game_and_flags)."""
    return game_and_flags([game, *ctx.args] if game is not None else list(ctx.args))


@app.command(context_settings=EXTRA)
def simulate(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    players: Annotated[str, typer.Option("--players", "-p", metavar="N", help="players")] = "4",
    games: Annotated[str, typer.Option("--games", "-n", metavar="K", help="games")] = "100",
    seed: Annotated[str, typer.Option("--seed", metavar="S", help="seed of the first game")] = "0",
    bots: Annotated[
        str | None, typer.Option("--bots", help="bot level per seat, comma-separated, in any case")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    save_dir: Annotated[
        Path | None, typer.Option("--save-dir", help="write each game's record here")
    ] = None,
    no_trade: Annotated[bool, typer.Option("--no-trade", help="bots make no offers")] = False,
    option: GameOptions = None,
) -> None:
    """Play whole games between computer players and report the results."""
    from bohn_tui.engine.limits import MAX_INT, MAX_PLAYERS, show
    from bohn_tui.play.simulate import MAX_GAMES
    from bohn_tui.play.simulate import simulate as run

    named, flags = _game_and_flags(game, ctx)
    game = _game(named or "")
    n = _whole(players, "--players", 1, MAX_PLAYERS)
    count = _whole(games, "--games", 1, MAX_GAMES)
    first = _whole(seed, "--seed", 0, MAX_INT - count)  # game g plays seed S + g
    options, day = _options(game, option, flags, n, None)
    if day is not None:  # a day's flag: the day's run is one game, not a simulation
        _fail("the day's run is played with `bohn solo`; bohn simulate plays --seed's games")
    levels = [b.strip() for b in bots.split(",")] if bots is not None else ["random"] * n
    if len(levels) == 1 and n > 1:
        levels = levels * n
    try:
        result = run(game, n, count, first, levels, not no_trade, save_dir, options)
    except ValueError as e:
        _fail(str(e))
    except OSError as e:
        where = show(str(save_dir), 80)
        _fail(f"cannot write the records to {where}: {e.strerror or type(e).__name__}")
    if as_json:
        keys = ("games", "games_per_second", "wins", "mean_scores", "win_rate", "violations")
        typer.echo(json.dumps({k: result[k] for k in keys}))
    else:
        typer.echo(
            f"{result['games']} games of {game} for {n} in {result['seconds']:.2f} s: "
            f"{result['games_per_second']:.1f} games/s"
        )
        for s in range(n):
            typer.echo(
                f"  seat {s + 1}: mean score {result['mean_scores'][s]:.2f}, "
                f"wins {result['wins'][s]:g}"
            )
        for lv, rate in result["win_rate"].items():
            typer.echo(f"  {lv}: win rate {rate:.1%}")
        typer.echo(f"invariant violations: {result['violations']}")
        for p in result["problems"]:
            typer.echo(f"  {p}")
    if result["violations"]:
        raise typer.Exit(2)


@app.command()
def stats(
    player: Annotated[str | None, typer.Option("--player", help="only this person")] = None,
    game: Annotated[str | None, typer.Option("--game", help=GAME_HELP)] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="print one JSON object (zero counts, exit 0, when no games)"),
    ] = False,
) -> None:
    """Statistics of the finished games: players, solo runs, bots against people, ratings."""
    import dataclasses

    from bohn_tui.engine.limits import clip, show
    from bohn_tui.store import db
    from bohn_tui.store.stats import load

    if game is not None:
        game = _game(game)
    path = db.data_dir() / db.DB_NAME
    try:
        found = load(path, player, game)
    except db.DatabaseError as e:
        _fail(clip(str(e)))
    s = found.stats
    for line in s.skipped:  # the rows left out, which and why
        typer.echo(line, err=True)
    of = f" of {game}" if game else ""
    nothing = ""
    if not found.found:
        nothing = f"no finished games yet (there is no database at {path})"
    elif s.empty and player is None:
        nothing = f"no finished games{of} yet in {path}"
    elif s.empty:
        known = f"; players with games: {', '.join(found.people)}" if found.people else ""
        nothing = f"{show(player)} has no finished games{of} and no solo runs{known}"
    if as_json:  # a script reads it: no games are zero counts, the reason on stderr
        if nothing:
            typer.echo(clip(nothing), err=True)
        typer.echo(json.dumps(dataclasses.asdict(s)))
        return
    if nothing:
        _fail(clip(nothing))
    from rich.console import Console

    from bohn_tui.ui import stats_tables as t

    tables = []
    if s.players:
        tables += [t.players_table(s.players), t.by_game_table(s.players)]
        tables.append(t.recent_table(s.players))
    if s.solo.runs:
        tables += t.solo_tables(s.solo)
    tables += [t.bots_table(s.bots)] if s.bots else []
    tables += t.ratings_tables(s.ratings, player)  # a player's ratings, or each leaderboard
    out = Console()
    for table in tables:
        out.print(table)


@app.callback(invoke_without_command=True)
def _menu(ctx: typer.Context) -> None:
    """Plain `bohn` opens the menu: new game, continue, saved games, rules."""
    if ctx.invoked_subcommand is None:
        store = _store(echo=False)  # the menu shows what the first start read in
        from bohn_tui.ui.app import BohnApp

        _run(BohnApp(store))


def _store(echo: bool = True) -> Any:
    """The store of saved games, opened (and its old files read in, which `echo` reports):
    a database that is damaged or of a newer version ends the command with its reason."""
    from bohn_tui.store import Store, StoreError

    store = Store()
    try:
        store.open()
    except StoreError as e:
        _fail(str(e))
    if echo and store.notice:
        typer.echo(store.notice, err=True)
        store.notice = None
    return store


# the seats and the seed of a new game: `bohn play` and `bohn host` take them alike
PlayersOption = Annotated[
    str, typer.Option("--players", help='names, "bot:LEVEL" for a computer player')
]
SeedOption = Annotated[str | None, typer.Option("--seed", metavar="S", help="the shuffle's seed")]


@app.command(context_settings=EXTRA)
def play(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    players: PlayersOption = DEFAULT_PLAYERS,
    seed: SeedOption = None,
    option: GameOptions = None,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", help="seconds a bot move shows")
    ] = DEFAULT_BOT_DELAY,
) -> None:
    """Start a hot-seat game at this terminal (a game's options: --option help)."""
    from bohn_tui import cli_play  # (`bohn play` is mostly read there, without typer)

    named, flags = _game_and_flags(game, ctx)
    cli_play.play_game(PlayWords(named, flags, players, seed, option, bot_delay))


# `bohn host`'s warnings about a seed the players could know (its game's hidden cards with it)
@app.command(context_settings=EXTRA)
def host(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(help=GAME_HELP)] = None,
    players: PlayersOption = "Ana,Ben,bot:standard",
    seed: SeedOption = None,
    option: GameOptions = None,
    socket: Annotated[
        Path | None, typer.Option("--socket", help="listen here (default: from the host id)")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="print one JSON line: socket, port, codes, pid")
    ] = False,
    resume: Annotated[
        str | None, typer.Option("--resume", metavar="SAVE", help="host a saved game")
    ] = None,
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="seconds a bot move shows")] = 0.4,
    port: Annotated[
        int | None,
        typer.Option("--port", help="also let players in by SSH on this port (0: any free one)"),
    ] = None,
    bind: Annotated[
        str | None,
        typer.Option("--bind", metavar="ADDR", help="listen here (SSH: 0.0.0.0, web: 127.0.0.1)"),
    ] = None,
    web: Annotated[int | None, typer.Option("--web", metavar="PORT", help="browsers too")] = None,
    web_host: WebHostOption = None,
    login_delay: Annotated[float, typer.Option("--login-delay", hidden=True)] = 1.0,
    takeover: Annotated[
        float | None,
        typer.Option("--takeover", metavar="SECONDS", help="a bot plays a seat away for this long"),
    ] = None,
) -> None:
    """Host a game for players who join from other terminals (`bohn join`, then the invite
    code), with --port by SSH (`ssh -p PORT CODE@HOST`), with --web in a browser."""
    import asyncio

    from bohn_tui.cli_host import front_doors, host_invites, host_session
    from bohn_tui.net.host import serve

    if not 0 <= bot_delay <= 10:
        _fail("--bot-delay must be from 0 to 10 seconds")
    for flag, value in (("--port", port), ("--web", web)):
        if value is not None and not 0 <= value <= 65535:
            _fail(f"{flag} must be from 0 to 65535")
    if takeover is not None and not 1 <= takeover <= 86400:
        _fail("--takeover must be from 1 to 86400 seconds")
    try:
        hosts = web_hosts(web_host, web)
    except ValueError as e:
        _fail(str(e))
    store = _store(echo=not as_json)
    ssh_door, web_door, door = front_doors(bind, port, web, store.root, login_delay, hosts)

    game, flags = _game_and_flags(game, ctx)
    game_id = _game(game) if game is not None and resume is None else None
    if resume is not None and (option or flags):
        _fail("a resumed game keeps its options: leave out --option and the game's flags")

    def read(n: int) -> dict[str, Any]:  # the options for n players, once the seats are read
        return _options(game_id, option, flags, n)[0] if game_id is not None else {}

    def open_session() -> Any:
        try:
            return host_session(store, game_id, players, seed, resume, read)
        except ValueError as e:
            _fail(str(e))

    def ready(h: Any, path: Path) -> None:
        host_invites(h, ssh_door, path, socket is not None, as_json, web_door)

    def say(text: str) -> None:
        typer.echo(text, err=True)

    try:
        asyncio.run(serve(open_session, socket, ready, bot_delay, say, door, takeover))
    except OSError as e:
        _fail(f"cannot host: {e.strerror or e}")
    except KeyboardInterrupt:
        pass


@app.command(context_settings=EXTRA)
def solo(
    ctx: typer.Context,
    game: Annotated[
        str | None, typer.Argument(help="the game (default: the first with a solo mode)")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="the seed (replays a run)")] = None,
    name: Annotated[str, typer.Option("--name", help="your name in the results")] = "Player",
    option: GameOptions = None,
) -> None:
    """A solo run (Bohnröschen: against the violet and the red figure).

    Reach the castle with five coins before they do; the end shows the best runs so far.
    The game's options and flags (the day's run, the same seed for everyone): --option help."""
    from bohn_tui.games import GAMES, spec
    from bohn_tui.play.session import Session, SessionError

    game, flags = _game_and_flags(game, ctx)
    solos = [g for g in GAMES if spec(g).solo]
    if game is None:
        game = solos[0]
    elif (game := _game(game)) not in solos:
        _fail(f"{game!r} has no solo mode; these do: {', '.join(solos)}")
    options, seed = _options(game, option, flags, 1, seed)  # a day's flag: the day's seed
    store = _store()
    try:
        session = Session.new(game, [name], {}, seed, options, store=store)
    except (SessionError, ValueError) as e:
        _fail(str(e))
    from bohn_tui.ui.app import BohnApp

    _run(BohnApp(store, session))


@app.command()
def resume(
    save: Annotated[str | None, typer.Argument(help="a save name (default: the latest)")] = None,
) -> None:
    """Continue a saved game (the latest unfinished one by default)."""
    from bohn_tui.engine.limits import clip
    from bohn_tui.play.session import Session, SessionError
    from bohn_tui.store import StoreError

    store = _store()
    if save is None:
        latest = store.latest()
        if latest is None:
            damaged = [s for s in store.list() if s.error]
            note = f" ({len(damaged)} damaged: {damaged[0].label})" if damaged else ""
            _fail(f"there is no unfinished saved game; start one with `bohn play`{note}")
        save = latest.id
    try:
        game_id = store.find(save)
        session = Session.load(store, game_id)
    except StoreError as e:  # not there, or its rows cannot be read
        _fail(str(e))
    except SessionError as e:  # read, but it does not replay: what is left can be exported
        _fail(f"{clip(str(e), 200)}; `bohn export {game_id}` writes what is left of it")
    from bohn_tui.ui.app import BohnApp

    _run(BohnApp(store, session))


@app.command("export")
def export_game(
    save: Annotated[str, typer.Argument(help="a save name (its id, or the start of it)")],
    file: Annotated[
        Path | None, typer.Argument(help="the file to write (default: standard output)")
    ] = None,
) -> None:
    """Write a saved game as a portable JSON file (`bohn import` and `bohn replay` read it)."""
    from bohn_tui.store import StoreError

    store = _store()
    try:
        game_id = store.find(save)
        if file is None:
            typer.echo(store.export_text(game_id), nl=False)
        else:
            store.write_export(game_id, file)
    except StoreError as e:
        _fail(str(e))
    if file is not None:
        typer.echo(f"wrote {game_id} to {file}", err=True)


@app.command("import")
def import_game(
    file: Annotated[Path, typer.Argument(help="a game exported by `bohn export` or an old save")],
) -> None:
    """Read a game (an export, a save file of an earlier version, or a record) into the saved
    games, as a new game; prints its save name."""
    from bohn_tui.store import StoreError

    store = _store()
    try:
        game_id = store.import_file(file)
    except StoreError as e:
        _fail(str(e))
    typer.echo(game_id)


@app.command()
def join(
    code: Annotated[
        str | None,
        typer.Argument(
            help="the invite code (leave it out: you are asked for it)", show_default=False
        ),
    ] = None,
    socket: Annotated[
        Path | None, typer.Option("--socket", help="the host's socket (default: from the code)")
    ] = None,
    code_fd: Annotated[
        int | None,
        typer.Option("--code-fd", metavar="N", help="read the code as one line from descriptor N"),
    ] = None,
) -> None:
    """Take a seat at a game `bohn host` runs on this machine: type the invite code it
    printed when asked (a code on the command line is seen by every user of `ps`)."""
    from bohn_tui.cli_join import join_seat, without_tls  # (only here: the other commands)

    without_tls()
    from bohn_tui.net.client import RemoteError, ask_code, code_from_fd

    if code is not None and code_fd is not None:
        _fail("give the invite code once: as an argument or with --code-fd")
    try:
        if code_fd is not None:  # started by a door (ssh, web): it ends with its door
            from bohn_tui.net.orphan import end_with_parent

            end_with_parent()
            code = code_from_fd(code_fd)
        elif code is None:
            code = ask_code()
        if not code:
            _fail("no invite code given")
    except RemoteError as e:
        _fail(str(e))
    status = join_seat(code or "", socket)  # (not empty: _fail exits)
    if status:
        raise typer.Exit(status)


from bohn_tui.cli_server import WebHostOption, server_app, web_hosts  # noqa: E402 - `bohn server` (issue #26)

app.add_typer(server_app, name="server")
