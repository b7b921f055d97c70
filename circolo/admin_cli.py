"""``circolo admin``: the room's operator reviews reports and suspends accounts
(docs/fairplay.md), checks the chip ledger (docs/chips.md) and schedules tournaments
(docs/tournaments.md). Each command opens the
store, does one thing and closes it; a running server notices a suspension within
seconds (the revocations it reads) and closes the account's connections, on every
process."""

from __future__ import annotations

import asyncio
import re
import secrets
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import click

from circolo.tournaments.config import MAX_ENTRIES

T = TypeVar("T")
REASON_CHARS = 200
_SPAN = re.compile(r"^(\d{1,5})([mhdw])$")
_SECONDS = {"m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def parse_until(raw: str, now: float, hint: str = "--until") -> float:
    """When a suspension ends: a span from now ("30m", "12h", "7d", "2w") or a UTC date
    or time ("2026-12-24", "2026-12-24T18:00"); it must be in the future."""
    span = _SPAN.match(raw.strip())
    if span:
        until = now + int(span.group(1)) * _SECONDS[span.group(2)]
    else:
        try:
            when = datetime.fromisoformat(raw.strip())
        except ValueError:
            raise click.BadParameter(
                "a span (30m, 12h, 7d, 2w) or a UTC date (2026-12-24, 2026-12-24T18:00)",
                param_hint=hint,
            ) from None
        until = (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()
    if until <= now:
        raise click.BadParameter("that time is past", param_hint=hint)
    return until


def when(at: float | None) -> str:
    """A time for the operator: UTC, to the minute."""
    if at is None:
        return "until lifted"
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _with_store(
    data_dir: Path | None, config: Path | None, work: Callable[[Any], Awaitable[T]]
) -> T:
    from circolo.server.settings import SettingsError, load_settings
    from circolo.store import Store

    overrides: dict[str, Any] = {} if data_dir is None else {"data_dir": data_dir}
    try:
        settings = load_settings(config, **overrides)
    except SettingsError as error:
        raise click.UsageError(str(error)) from None

    async def run() -> T:
        store = await Store.open(settings.url)
        try:
            return await work(store)
        finally:
            await store.close()

    return asyncio.run(run())


def _where(f: Callable[..., Any]) -> Callable[..., Any]:
    f = click.option("--config", type=click.Path(path_type=Path), default=None,
                     help="A TOML file of settings (CIRCOLO_CONFIG).")(f)  # fmt: skip
    return click.option("--data-dir", type=click.Path(path_type=Path), default=None,
                        help="Folder of the SQLite file (CIRCOLO_DATA_DIR; data).")(f)  # fmt: skip


@click.group()
def admin() -> None:
    """Review players' reports; suspend and reinstate accounts; check the chip ledger."""


@admin.command()
@click.option("--closed", is_flag=True, help="The closed reports instead of the open ones.")
@click.option("--limit", type=click.IntRange(1, 1000), default=100, show_default=True)
@_where
def reports(closed: bool, limit: int, data_dir: Path | None, config: Path | None) -> None:
    """The open reports, oldest first, each with its match's replay."""

    async def work(store: Any) -> list[Any]:
        found: list[Any] = await store.reports(closed=closed, limit=limit)
        return found

    found = _with_store(data_dir, config, work)
    if not found:
        click.echo("no closed reports" if closed else "no open reports")
        return
    for r in found:
        click.echo(f"#{r.report_id}  {when(r.at)}  {r.game}  table {r.table_id}")
        click.echo(f"  by {r.reporter}; players: {', '.join(r.reported) or '-'}")
        click.echo(f"  reason: {r.reason}" + (f": {r.text}" if r.text else ""))
        click.echo(f"  replay: /api/tables/{r.table_id}/replay")
        if r.closed_at is not None:
            click.echo(f"  closed: {when(r.closed_at)}")
    if not closed:
        click.echo("close one: circolo admin close NUMBER")


@admin.command()
@click.argument("number", type=click.IntRange(1))
@_where
def close(number: int, data_dir: Path | None, config: Path | None) -> None:
    """Close report NUMBER (reviewed)."""

    async def work(store: Any) -> bool:
        done: bool = await store.close_report(number, time.time())
        return done

    if not _with_store(data_dir, config, work):
        raise click.ClickException(f"no open report #{number}")
    click.echo(f"closed report #{number}")


async def _account(store: Any, name: str) -> Any:
    from circolo.server import names

    account = await store.account_named(names.key(name)) if names.key(name) else None
    if account is None:
        raise click.ClickException(f"no account named {name!r}")
    return account


@admin.command()
@click.argument("name")
@click.option(
    "--until",
    "until_raw",
    default=None,
    help="When it ends: 30m, 12h, 7d, 2w or a UTC date (none: until lifted).",
)
@click.option("--reason", default=None, help=f"Why (at most {REASON_CHARS} characters).")
@_where
def suspend(
    name: str, until_raw: str | None, reason: str | None, data_dir: Path | None, config: Path | None
) -> None:
    """Suspend the account NAME: its sessions end, its connections close (within seconds,
    on every process), it cannot log in nor sit at a table."""
    now = time.time()
    until = parse_until(until_raw, now) if until_raw is not None else None
    if reason is not None and len(reason) > REASON_CHARS:
        raise click.BadParameter(f"at most {REASON_CHARS} characters", param_hint="--reason")

    async def work(store: Any) -> str:
        account = await _account(store, name)
        await store.suspend(account.player_id, now, until, reason)
        await store.drop_sessions(player_id=account.player_id)
        await store.revoke(account.player_id, now)  # the servers close its connections
        return str(account.name)

    shown = _with_store(data_dir, config, work)
    click.echo(f"suspended {shown} " + (f"until {when(until)}" if until else "until lifted"))


@admin.command()
@click.argument("name")
@_where
def unsuspend(name: str, data_dir: Path | None, config: Path | None) -> None:
    """Lift the suspension of the account NAME: it may log in again."""

    async def work(store: Any) -> str:
        account = await _account(store, name)
        if account.suspended_at is None:
            raise click.ClickException(f"{account.name} is not suspended")
        await store.suspend(account.player_id, None, None, None)
        return str(account.name)

    click.echo(f"lifted the suspension of {_with_store(data_dir, config, work)}")


def replayed_results(config: Any, entries: list[Any], result: Any) -> list[Any]:
    """Each match's result as the table gave it (its totals), by replaying its log; a log
    the table no longer replays keeps its table's result for its last match."""
    from circolo.table import Table, TableConfig
    from circolo.table.log import replaying
    from circolo.table.outcomes import match_ends

    try:
        table = Table(TableConfig.from_json(config))
        for _ in replaying(table, entries):
            pass
        return list(table.results)
    except Exception:
        last = len(match_ends(entries))
        if not last or not isinstance(result, dict):
            return []
        return [*({} for _ in range(last - 1)), result]


@admin.command("record-matches")
@_where
def record_matches(data_dir: Path | None, config: Path | None) -> None:
    """Keep each match of the finished tables stored before match results were (once:
    run it again and it finds nothing to do)."""
    from circolo.table.outcomes import match_ends, match_results

    async def work(store: Any) -> tuple[int, int]:
        ids: list[str] = await store.finished_without_matches()
        kept = 0
        with click.progressbar(ids, label="tables", file=sys.stderr) as bar:
            for table_id in bar:
                saved = await store.load(table_id)
                entries = [entry.data for entry in saved.entries]
                config = saved.table.config
                told = replayed_results(config, entries, saved.table.result)
                try:
                    found = match_results(table_id, config, match_ends(entries), told)
                except Exception:  # a config no table of this room opens: nothing to count
                    continue
                await store.record_matches(found)
                kept += len(found)
        return len(ids), kept

    tables, matches = _with_store(data_dir, config, work)
    click.echo(f"{matches} matches kept from {tables} finished tables")


def _ledger_problems(check: Any) -> list[str]:
    """Each problem ``verify_ledger`` found, as a line for the operator."""
    lines = [f"  {a}: stored {s}, its entries sum to {n}" for a, s, n in check.mismatched]
    lines += [f"  movement #{t}: its entries do not sum to zero" for t in check.unbalanced]
    lines += [f"  {a}: below zero ({b})" for a, b in check.negative]
    if check.total != 0:
        lines.append(f"  all entries sum to {check.total}, not zero")
    return lines


@admin.command()
@click.argument("name")
@click.option("--limit", type=click.IntRange(1, 1000), default=20, show_default=True,
              help="Movements shown, the newest first.")  # fmt: skip
@_where
def chips(name: str, limit: int, data_dir: Path | None, config: Path | None) -> None:
    """The chips of the account NAME: its balance, the sum of its entries (the same, or
    the ledger is broken) and its last movements."""
    from circolo.chips import player_account

    async def work(store: Any) -> tuple[str, int, int, list[Any]]:
        account = await _account(store, name)
        chip_account = player_account(account.player_id)
        return (
            str(account.name),
            await store.chip_balance(chip_account),
            await store.recompute_chips(chip_account),
            await store.chip_history(chip_account, limit=limit),
        )

    shown, balance, summed, lines = _with_store(data_dir, config, work)
    click.echo(f"{shown}: {balance} chips")
    for line in lines:
        about = f"  {line.reference}" if line.reference else ""
        click.echo(f"  {when(line.at)}  {line.kind:8} {line.amount:+d} -> {line.balance}{about}")
    if balance != summed:
        raise click.ClickException(f"the stored balance is {balance}, its entries sum to {summed}")
    click.echo("the balance is the sum of its entries")


@admin.command("ledger-verify")
@_where
def ledger_verify(data_dir: Path | None, config: Path | None) -> None:
    """Check the whole chip ledger: every stored balance is the sum of its entries, every
    movement and all of them sum to zero, nobody is below zero (but the house's grants).
    Exits 1 if anything is wrong."""

    async def work(store: Any) -> Any:
        return await store.verify_ledger()

    check = _with_store(data_dir, config, work)
    click.echo(
        f"{check.accounts} accounts, {check.transactions} movements, {check.entries} entries"
    )
    problems = _ledger_problems(check)
    if problems:
        click.echo("\n".join(problems))
        raise click.ClickException("the ledger is not whole")
    click.echo("the ledger is whole: every balance is the sum of its entries, all sum to zero")


@admin.command()
@click.argument("game", type=click.Choice(["scopa", "bisca", "burraco"]))
@click.option("--start", "start_raw", required=True,
              help="When it starts: a span from now (30m, 12h, 7d) or a UTC time "
                   "(2026-12-24T18:00); registration closes then.")  # fmt: skip
@click.option("--name", default="", help="Its name in the lobby (at most 80 characters).")
@click.option("--target", default=None,
              help="Scopa: 11, 7 or single_hand (the game's own default otherwise).")  # fmt: skip
@click.option("--team", type=click.Choice(["1", "2"]), default="1", show_default=True,
              help="1: one against one; 2: fixed pairs.")  # fmt: skip
@click.option("--fee", type=click.IntRange(0), default=0, show_default=True)
@click.option("--rake-bp", type=click.IntRange(0, 5000), default=0, show_default=True,
              help="The house's part of the fees, in basis points.")  # fmt: skip
@click.option("--max-entries", type=click.IntRange(2, MAX_ENTRIES), default=64, show_default=True)
@click.option("--start-deadline", type=click.IntRange(10, 3600), default=120, show_default=True,
              help="Seconds each player has to press \"start match\" when a round starts; "
                   "one who does not loses the match.")  # fmt: skip
@click.option("--practice", is_flag=True, help="Unrated and free; bots may fill seats.")
@click.option("--rated", is_flag=True)
@click.option("--seeding", type=click.Choice(["random", "rating"]), default="random")
@_where
def tournament(
    game: str, start_raw: str, name: str, target: str | None, team: str, fee: int,
    rake_bp: int, max_entries: int, start_deadline: int, practice: bool, rated: bool,
    seeding: str, data_dir: Path | None, config: Path | None,
) -> None:  # fmt: skip
    """Schedule a tournament of GAME: the room lists it within seconds and starts it at
    --start (fewer than 2 entries then: cancelled, fees refunded)."""
    from circolo.server.tournaments import Live, summary
    from circolo.tournaments import Tournament, TournamentConfig, TournamentError

    now = time.time()
    starts_at = parse_until(start_raw, now, "--start")
    if len(name) > 80:
        raise click.BadParameter("at most 80 characters", param_hint="--name")
    options: dict[str, Any] = {}
    if target is not None:
        options["target"] = target if target == "single_hand" else int(target)
    try:
        settings = TournamentConfig(
            game=game, kind="scheduled", team=int(team), options=options, starts_at=starts_at,
            max_entries=max_entries, fee=fee, rake_bp=rake_bp, rated=rated, practice=practice,
            seeding=seeding, start_deadline=float(start_deadline),
        )  # fmt: skip
    except (TournamentError, ValueError) as error:
        raise click.UsageError(str(getattr(error, "message", error))) from None
    tournament_id = "tn_" + secrets.token_urlsafe(6)
    shown = summary(Live(tournament_id, name, now, Tournament(settings)))

    async def work(store: Any) -> None:
        await store.create_tournament(tournament_id, name, settings.to_json(), shown, now)

    _with_store(data_dir, config, work)
    click.echo(f"tournament {tournament_id} starts {when(starts_at)}")
