"""The ``circolo`` command: play in a terminal, simulate games, pit bots against each other."""

from __future__ import annotations

import json
import random
import secrets
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from circolo.admin_cli import admin
from circolo.bots import make_bot
from circolo.cards import Faces
from circolo.deal import DealError, deal_of, deal_words
from circolo.engine import EngineError, Rules
from circolo.games import GAMES, make_rules, rules_class
from circolo.i18n import DEFAULT_LANGUAGE, LANGUAGES, translate
from circolo.levels import LEVELS
from circolo.serve_cli import serve

if TYPE_CHECKING:
    from circolo.terminal.common import Prompt

GAME = click.Choice(sorted(GAMES))


def _rules(game: str, options: Mapping[str, object]) -> Rules:
    try:
        return make_rules(game, options)
    except EngineError as error:
        raise click.BadParameter(error.message) from None


@click.group()
@click.version_option(package_name="circolo")
def main() -> None:
    """Circolo: Scopa, Bisca Capixaba and Burraco."""


@main.command()
@click.argument("game", type=GAME, required=False)
@click.option(
    "--faces",
    type=click.Choice([f.value for f in Faces]),
    default=None,
    help="How cards look (default: Italian for Scopa, French otherwise).",
)
@click.option("--lang", type=click.Choice(LANGUAGES), default=None, help="it, pt-BR or en.")
@click.option("--bot", "level", default=None, help="The bots' level: random, greedy, expert.")
@click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True)
@click.option("--seed", type=int, default=None, help="Fix the deals (default: random).")
def play(
    game: str | None,
    faces: str | None,
    lang: str | None,
    level: str | None,
    players: str,
    seed: int | None,
) -> None:
    """Play a match in the terminal against bots; without GAME, asks the game, the
    language and the bots' level."""
    from circolo.terminal.common import Prompt, play_match
    from circolo.terminal.registry import terminal_game

    try:
        if lang is None:
            lang = _ask_language(Prompt(DEFAULT_LANGUAGE, Faces.FRENCH))
        setup = Prompt(lang, Faces.FRENCH)
        if game is None:
            games = sorted(GAMES)
            game = games[setup.pick(setup.t("setup-game"), [setup.t(f"game-{g}") for g in games])]
            if level is None:
                labels = [setup.t(f"level-{name}") for name in LEVELS]
                level = LEVELS[setup.pick(setup.t("setup-level"), labels)]
    except (EOFError, KeyboardInterrupt):
        click.echo()
        return
    level = level or "random"
    rules = _rules(game, {"players": int(players)})
    seed = secrets.randbits(63) if seed is None else seed
    face = Faces(faces) if faces else rules_class(game).card_faces[0]
    try:
        bots = {seat: make_bot(game, level, seed + seat) for seat in range(1, rules.players)}
    except EngineError as error:
        raise click.BadParameter(error.message, param_hint="--bot") from None
    prompt = Prompt(lang, face)
    try:
        play_match(rules, terminal_game(game), bots, prompt, seed)
    except (EOFError, KeyboardInterrupt):
        click.echo()
        click.echo(prompt.t("goodbye"))


def _ask_language(prompt: Prompt) -> str:
    """The language, each offered in its own words."""
    labels = [translate(lang, "language-self") for lang in LANGUAGES]
    return LANGUAGES[prompt.pick(prompt.t("setup-language"), labels)]


@main.command()
@click.option("--check", is_flag=True, help="Fail if docs/words.md is not current.")
def words(check: bool) -> None:
    """Write docs/words.md: every phrase in Italian and pt-BR beside its English."""
    from circolo.words import WORDS_PATH, words_markdown

    text = words_markdown()
    if check:
        if not WORDS_PATH.exists() or WORDS_PATH.read_text(encoding="utf-8") != text:
            raise click.ClickException("docs/words.md is out of date: run `circolo words`")
        return
    WORDS_PATH.write_text(text, encoding="utf-8")
    click.echo(f"wrote {WORDS_PATH.name}")


@main.command()
@click.argument("game", type=GAME)
@click.option("--hands", type=click.IntRange(1), default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def simulate(game: str, hands: int, seed: int, players: str, as_json: bool) -> None:
    """Play random hands and report average points per category."""
    rules = _rules(game, {"players": int(players)})
    rng = random.Random(seed)
    totals: list[dict[str, int]] = [{} for _ in range(rules.sides)]
    points = [0] * rules.sides
    moves = 0
    start = time.perf_counter()
    with click.progressbar(range(hands), label=f"{game} {players}p", file=sys.stderr) as bar:
        for number in bar:
            hand = rules.new_hand(rng.getrandbits(63), number % rules.players)
            while not hand.is_over():
                hand.apply(rng.choice(hand.legal_moves()))
                moves += 1
            score = hand.score()
            for side, breakdown in enumerate(score.breakdown):
                points[side] += score.points[side]
                for name, value in breakdown.items():
                    totals[side][name] = totals[side].get(name, 0) + value
    seconds = time.perf_counter() - start
    report: dict[str, Any] = {
        "game": game,
        "players": int(players),
        "hands": hands,
        "seed": seed,
        "hands_per_second": round(hands / seconds, 1),
        "moves_per_hand": round(moves / hands, 2),
        "points_per_hand": [round(p / hands, 4) for p in points],
        "categories_per_hand": [
            {name: round(value / hands, 4) for name, value in side.items()} for side in totals
        ],
    }
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    click.echo(f"{game}, {players} players, {hands} random hands (seed {seed})")
    names = list(dict.fromkeys(n for side in totals for n in side))
    click.echo(
        f"{'per hand':<20}" + "".join(f"{'side ' + str(s + 1):>12}" for s in range(rules.sides))
    )
    for name in names:
        row = "".join(f"{side.get(name, 0) / hands:>12.3f}" for side in totals)
        click.echo(f"{name:<20}{row}")
    click.echo(f"{'points':<20}" + "".join(f"{p / hands:>12.3f}" for p in points))
    click.echo(
        f"moves per hand {report['moves_per_hand']}, {report['hands_per_second']} hands "
        f"per second ({seconds / max(moves, 1) * 1e6:.1f} µs per move, progress bar included)"
    )


@main.command()
@click.argument("game", type=GAME)
@click.option("--a", "a", default="expert", show_default=True, help="Bot A's level.")
@click.option("--b", "b", default="greedy", show_default=True, help="Bot B's level.")
@click.option("--deals", type=click.IntRange(1), default=100, show_default=True)
@click.option("--paired/--unpaired", default=True, show_default=True, help="Swap seats per deal.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--budget-ms", type=click.FloatRange(min=0, min_open=True), default=None)
@click.option("--iterations", type=click.IntRange(1), default=None)
@click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True)
@click.option("--workers", type=click.IntRange(1), default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def arena(
    game: str,
    a: str,
    b: str,
    deals: int,
    paired: bool,
    seed: int,
    budget_ms: float | None,
    iterations: int | None,
    players: str,
    workers: int,
    as_json: bool,
) -> None:
    """Pit bot A against bot B over (paired) deals: won/drawn/lost, margins, ms per move."""
    from circolo.bots.arena import ArenaConfig, format_report, run_arena

    config = ArenaConfig(
        game, a, b, deals, seed, paired, int(players), budget_ms, iterations, workers
    )
    try:
        report = run_arena(config, label=f"{game} {a} vs {b}")
    except EngineError as error:
        raise click.BadParameter(error.message) from None
    click.echo(json.dumps(report, indent=2) if as_json else format_report(report))


@main.command()
@click.argument("game", type=GAME)
@click.option(
    "--seed",
    required=True,
    help="The seed revealed after the hand, as the room prints it (64 hex digits).",
)
@click.option("--commitment", default=None, help="The SHA-256 published before the deal.")
@click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True)
@click.option(
    "--first",
    type=int,
    default=0,
    show_default=True,
    help="The hand's first seat from 0 (Scopa, Bisca: the dealer).",
)
@click.option(
    "--cut",
    "cuts",
    type=int,
    multiple=True,
    help="Scopa: the cards cut, 4 to 36 (once more after a void deal).",
)
@click.option(
    "--choice",
    default=None,
    help="Bisca: the trump choice, sorteio (the default) or copas.",
)
@click.option("--lang", type=click.Choice(LANGUAGES), default=DEFAULT_LANGUAGE, show_default=True)
@click.option("--faces", type=click.Choice([f.value for f in Faces]), default=None,
              help="Italian or French card names (default: the game's own).")  # fmt: skip
def verify(
    game: str,
    seed: str,
    commitment: str | None,
    players: str,
    first: int,
    cuts: tuple[int, ...],
    choice: str | None,
    lang: str,
    faces: str | None,
) -> None:
    """Check a hand's seed against its commitment and tell the deal it gives, in words."""
    try:
        deal = deal_of(game, seed, int(players), first, cuts, choice)
    except DealError as error:
        hint = "--seed" if error.code == "bad_seed" else None
        raise click.BadParameter(translate(lang, f"error-{error.code}"), param_hint=hint) from None
    face = Faces(faces) if faces else rules_class(game).card_faces[0]
    matches = commitment is None or commitment.strip().lower() == deal.commitment
    if commitment is not None:
        click.echo(translate(lang, "verify-match" if matches else "verify-mismatch"))
    click.echo(translate(lang, "verify-digest", digest=deal.commitment))
    if not matches:
        sys.exit(1)
    for line in deal_words(deal, lang, face):
        click.echo(line)


@main.command()
@click.argument("guest_id")
@click.option("--data-dir", type=click.Path(path_type=Path), default=None,
              help="Folder of the SQLite file (CIRCOLO_DATA_DIR; data).")  # fmt: skip
@click.option("--config", type=click.Path(path_type=Path), default=None,
              help="A TOML file of settings (CIRCOLO_CONFIG).")  # fmt: skip
def revoke(guest_id: str, data_dir: Path | None, config: Path | None) -> None:
    """Sign GUEST_ID out everywhere: every token it holds now stops working (a running
    server notices within seconds and closes its connections)."""
    import asyncio

    from circolo.server.settings import SettingsError, load_settings
    from circolo.store import Store

    overrides: dict[str, Any] = {} if data_dir is None else {"data_dir": data_dir}
    try:
        settings = load_settings(config, **overrides)
    except SettingsError as error:
        raise click.UsageError(str(error)) from None

    async def run() -> None:
        store = await Store.open(settings.url)
        try:
            await store.revoke(guest_id)
        finally:
            await store.close()

    asyncio.run(run())
    click.echo(f"revoked every token of {guest_id}")


main.add_command(serve)
main.add_command(admin)
