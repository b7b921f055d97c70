"""The room's tournaments (docs/tournaments.md): each a pure ``Tournament`` driven here.

A command is handled under the tournament's lock, its log entry stored, and only then is
what it asks carried out: chips through the ledger, tables opened, players told. Every
output is carried out idempotently (each chip movement has a key of its own, each table
an id of its own), so after a crash the whole log is carried out again and only what was
missed happens. The draw's secrets come from ``secrets`` and are logged; a scheduled start
wakes the tournament at its time; a tournament table's end feeds its result back.

Fees: a fee is taken after its registration is stored. One that cannot be taken (the
player spent the chips meanwhile) unregisters the entry, and a refund gives back only a
fee that was taken, so no chip is made or lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import structlog

from circolo import chips
from circolo.cards import seed_text
from circolo.chips import ChipsError
from circolo.server.bus import Bus, encode
from circolo.server.chiproutes import grant_due
from circolo.server.nextmatch import player_topic
from circolo.server.settings import Settings
from circolo.server.tables import Tables
from circolo.server.tasks import Tasks
from circolo.store import Store, StoreError, UnknownTable
from circolo.table import TableConfig, TableSettings
from circolo.table.outcomes import mode_of
from circolo.tournaments import Tournament, TournamentConfig, TournamentError
from circolo.tournaments.bracket import bracket_size, rounds_of
from circolo.tournaments.commands import (
    AddBots,
    Command,
    Draw,
    MatchOver,
    Register,
    Tick,
    Unregister,
)
from circolo.tournaments.deals import hand_seed, round_commitment, round_secret
from circolo.tournaments.outputs import (
    CreateMatch,
    Fee,
    Notice,
    Payout,
    Rake,
    Refund,
)
from circolo.tournaments.prizes import split_for
from circolo.tournaments.tournament import Step

log = structlog.get_logger(__name__)

ENDED = ("finished", "cancelled")
WAKE_AGAIN = 0.5
"""Seconds before a tournament woken a hair early is woken again."""
ENDED_KEPT = 16
ENDED_KEPT_FOR = 60.0
"""Ended tournaments ``read`` keeps rebuilt, and for how many seconds."""
MAX_PAIR_CODES = 10_000
"""Partners' codes held at once (the oldest forgotten beyond)."""
FINISHED_SHOWN = 20
ROUND_PAGE = 64
"""Matches of a round one page of its comparison shows."""
"""Finished tournaments a listing shows (the newest)."""


def table_id_of(tournament_id: str, match: str) -> str:
    """The table of a match: one id per attempt, so opening it twice opens it once."""
    return f"{tournament_id}-{match.replace('.', '-')}"


@dataclass
class Live:
    """One open tournament as the server holds it."""

    tournament_id: str
    name: str
    created_at: float
    tournament: Tournament
    seq: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.TimerHandle | None = None
    tables: dict[str, str] = field(default_factory=dict)
    """Match -> table id."""
    paid: dict[str, int] = field(default_factory=dict)
    """Player -> the log seq of the fee they paid last (its refund names it)."""
    shown: tuple[int, int, str] | None = None
    """(seq, tables known, its page's JSON but ``me``): one encoding per change, however
    many players ask (a page of 1,024 entries is about 100 kB)."""


def seeds_from(secret: int | None) -> Callable[[int], int] | None:
    """The seed of each hand from a round's secret (the same at every table of the round)."""
    if secret is None:
        return None
    return lambda n: hand_seed(secret, n)


class Tournaments:
    """Every tournament not ended, by id; finished ones are read from the store."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        bus: Bus,
        tables: Tables,
        tasks: Tasks,
        clock: Callable[[], float],
    ) -> None:
        self.settings = settings
        self.store = store
        self.bus = bus
        self.tables = tables
        self.tasks = tasks
        self.clock = clock
        self.live: dict[str, Live] = {}
        self.by_table: dict[str, tuple[str, str]] = {}
        """A live tournament table's id -> (tournament id, match)."""
        self._seeds: dict[str, int] = {}
        """A tournament table's id -> its round's secret, from which its hands' seeds come."""
        self._replayed: list[tuple[Live, int, Step]] = []
        self.pairs: dict[str, tuple[str, str, str]] = {}
        """A partner's code -> (tournament, the first player's id and name): a pair's
        entry waiting for its partner (in memory: nothing is paid until both are in)."""
        self.codes: dict[tuple[str, str], str] = {}
        """(tournament, first player) -> their partner's code."""
        self._watch: asyncio.Task[None] | None = None
        self._ended_kept: dict[str, tuple[float, Live]] = {}
        """Ended tournaments lately rebuilt, with when: ``read``'s cache."""
        self._standing = asyncio.Lock()  # one look at the standing sit-and-gos at a time

    # -- the seeds a tournament table deals -----------------------------------------------

    def seeds_of(self, table_id: str) -> Callable[[int], int] | None:
        """The seed of hand ``n`` (from 0) of a tournament table: the round's duplicate
        deals; None for other tables (theirs are drawn by the table's owner)."""
        return seeds_from(self.secret_of(table_id))

    def secret_of(self, table_id: str) -> int | None:
        """A tournament table's round secret (its deals' source), if this process runs its
        tournament."""
        return self._seeds.get(table_id)

    # -- life ---------------------------------------------------------------------------

    async def load(self) -> None:
        """Before the tables come back: every open tournament rebuilt from its log (so a
        tournament table knows its seeds as soon as its owner runs)."""
        for record in await self.store.open_tournaments():
            try:
                config = TournamentConfig.from_json(record.config)
                live = Live(record.tournament_id, record.name, record.created_at,
                            Tournament(config))  # fmt: skip
                for seq, data in enumerate(record.entries, 1):
                    step = live.tournament.handle(
                        Command.from_json(data["command"]), data["at"], logged=True
                    )
                    live.seq = seq
                    self._replayed.append((live, seq, step))
                    self._learn(live, step)
            except (TournamentError, KeyError, TypeError, ValueError):
                log.exception("tournament_not_recovered", tournament=record.tournament_id)
                continue
            live.tables.update(await self.store.tournament_tables(live.tournament_id))
            self.live[live.tournament_id] = live

    async def resume(self) -> None:
        """After the tables came back: every stored step carried out again (what a crash
        left undone happens now; the rest moves nothing), the results of matches that
        ended meanwhile fed in, the wake-ups set; then the standing sit-and-gos."""
        replayed, self._replayed = self._replayed, []
        for live, seq, step in replayed:
            try:
                await self._carry(live, seq, step, telling=False)
            except StoreError as error:
                log.warning("tournament_step_not_carried", tournament=live.tournament_id,
                            error=str(error))  # fmt: skip
        for live in list(self.live.values()):
            await self._results_missed(live)
            self._schedule(live)
        await self.keep_standing()
        self._watch = asyncio.create_task(self._watch_new())
        log.info("tournaments_recovered", tournaments=len(self.live))

    async def _watch_new(self) -> None:
        while True:
            await asyncio.sleep(self.settings.tournament_look)
            try:
                await self.look_for_new()
            except Exception:
                log.exception("tournaments_unread")

    async def look_for_new(self) -> None:
        """Tournaments created by the operator (``circolo admin tournament``) while the
        room runs: taken in, with their scheduled start."""
        for record in await self.store.list_tournaments(("registering",), 200):
            if record.tournament_id in self.live:
                continue
            try:
                loaded = await self.store.load_tournament(record.tournament_id)
                config = TournamentConfig.from_json(loaded.config)
            except (StoreError, TournamentError):
                log.exception("tournament_not_taken", tournament=record.tournament_id)
                continue
            if loaded.entries or record.tournament_id in self.live:
                continue  # another process runs it
            live = Live(loaded.tournament_id, loaded.name, loaded.created_at, Tournament(config))
            self.live[live.tournament_id] = live
            self._schedule(live)
            log.info("tournament_taken", tournament=live.tournament_id)

    def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
        for live in self.live.values():
            if live.wake is not None:
                live.wake.cancel()

    # -- creating -------------------------------------------------------------------------

    async def create(self, config: TournamentConfig, name: str = "") -> str:
        tournament_id = "tn_" + secrets.token_urlsafe(6)
        now = self.clock()
        live = Live(tournament_id, name, now, Tournament(config))
        await self.store.create_tournament(tournament_id, name, config.to_json(),
                                           summary(live), now)  # fmt: skip
        self.live[tournament_id] = live
        self._schedule(live)
        log.info("tournament_created", tournament=tournament_id, game=config.game)
        return tournament_id

    async def keep_standing(self) -> None:
        """One sit-and-go of each standing kind open for registration at all times."""
        async with self._standing:
            await self._keep_standing()

    async def _keep_standing(self) -> None:
        open_kinds = {
            _standing_key(live.tournament.config.to_json())
            for live in self.live.values()
            if live.tournament.status == "registering"
        }
        for template in self.settings.tournaments:
            try:
                config = TournamentConfig.from_json({"kind": "sit_and_go", **template})
            except TournamentError as error:
                log.warning("standing_tournament_refused", error=error.message)
                continue
            if _standing_key(config.to_json()) not in open_kinds:
                await self.create(config)
                open_kinds.add(_standing_key(config.to_json()))

    # -- commands ---------------------------------------------------------------------------

    def get(self, tournament_id: str) -> Live:
        live = self.live.get(tournament_id)
        if live is None:
            raise TournamentError("not_found", "no such tournament open")
        return live

    async def handle(self, live: Live, command: Command) -> Step:
        """Handle ``command`` under the lock: stored, then carried out."""
        async with live.lock:
            return await self._handle(live, command)

    async def _handle(self, live: Live, command: Command) -> Step:
        step = live.tournament.handle(command, self.clock())
        if step.entry is None:
            return step
        players = [p[0] for p in command.players] if isinstance(command, Register) else []
        try:
            await self.store.append_tournament(
                live.tournament_id, live.seq + 1, step.entry, live.tournament.status,
                summary(live), players,
            )  # fmt: skip
        except StoreError:  # not stored: the tournament is as the store has it
            await self._reload(live)
            raise
        live.seq += 1
        self._learn(live, step)
        await self._carry(live, live.seq, step, telling=True)
        if step.wants_draw:
            draw = Draw(secrets.token_hex(32), secrets.token_hex(32))
            await self._handle(live, draw)
        self._schedule(live)
        if live.tournament.status in ENDED:
            self._ended(live)
        elif live.tournament.status != "registering":
            self.tasks.spawn(self.keep_standing())
        return step

    async def _reload(self, live: Live) -> None:
        record = await self.store.load_tournament(live.tournament_id)
        tournament = Tournament(live.tournament.config)
        for data in record.entries:
            tournament.handle(Command.from_json(data["command"]), data["at"], logged=True)
        live.tournament, live.seq = tournament, len(record.entries)

    async def register(
        self, tournament_id: str, player_id: str, name: str, account: bool,
        code: str | None = None,
    ) -> str | None:  # fmt: skip
        """One player enters (1 v 1). For pairs (2 v 2): the first asks without ``code``
        and is given one (nothing is paid yet) to send to a partner, who enters the pair
        with it; each pays their fee. Returns the code when one is given."""
        live = self.get(tournament_id)
        config = live.tournament.config
        if (config.fee or config.rated) and not account:
            raise TournamentError("needs_account", "log in or register to enter this one")
        if config.team == 2 and code is None:
            if self.entry_of(live, player_id) is not None:
                raise TournamentError("already_registered", "you are in this tournament")
            await self._can_pay(config, player_id)
            return self._invite(live, player_id, name)
        async with live.lock:
            players = [(player_id, name)]
            if config.team == 2:
                first = self._partner(live, code or "", player_id)
                players.insert(0, first)
            for player, _name in players:
                await self._can_pay(config, player)
            ratings = [await self._rating(config, player) for player, _name in players]
            known = [r for r in ratings if r is not None]
            rating = sum(known) / len(known) if len(known) == len(ratings) else None
            entry = "p-" + players[0][0]
            await self._handle(live, Register(entry, tuple(players), rating))
            if code is not None:
                self._forget_code(code)
        return None

    def _invite(self, live: Live, player_id: str, name: str) -> str:
        """A partner's code for ``player_id`` (the same one if asked again)."""
        known = self.codes.get((live.tournament_id, player_id))
        if known is not None:
            return known
        if len(self.pairs) >= MAX_PAIR_CODES:
            self._forget_code(next(iter(self.pairs)))
        code = secrets.token_urlsafe(6)
        self.pairs[code] = (live.tournament_id, player_id, name)
        self.codes[(live.tournament_id, player_id)] = code
        return code

    def _forget_code(self, code: str) -> None:
        found = self.pairs.pop(code, None)
        if found is not None:
            self.codes.pop((found[0], found[1]), None)

    def _partner(self, live: Live, code: str, player_id: str) -> tuple[str, str]:
        found = self.pairs.get(code)
        if found is None or found[0] != live.tournament_id:
            raise TournamentError("no_partner", "this partner's link is not valid any more")
        _tid, first, first_name = found
        if first == player_id:
            raise TournamentError("no_partner", "send the link to your partner")
        if self.entry_of(live, first) is not None:
            raise TournamentError("already_registered", "your partner entered already")
        return first, first_name

    async def _can_pay(self, config: TournamentConfig, player_id: str) -> None:
        """The fee, if any, is there (after the opening grant or today's top-up)."""
        if not config.fee:
            return
        await grant_due(self.store, player_id, self.clock())
        balance = await self.store.chip_balance(chips.player_account(player_id))
        if balance < config.fee:
            raise chips.Overdraft("your account", balance, config.fee)

    async def _rating(self, config: TournamentConfig, player_id: str) -> float | None:
        if config.seeding != "rating":
            return None
        mode = mode_of(config.players)
        for known in await self.store.ratings(player_id):
            if known.game == config.game and known.mode == mode:
                return float(known.shown)
        return None

    async def unregister(self, tournament_id: str, player_id: str) -> None:
        live = self.get(tournament_id)
        async with live.lock:
            entry = self.entry_of(live, player_id)
            if entry is None:
                raise TournamentError("not_registered", "you are not in this tournament")
            await self._handle(live, Unregister(entry))

    async def add_bots(self, tournament_id: str, player_id: str, level: str) -> None:
        """A registered player of a practice tournament fills its empty seats with bots."""
        live = self.get(tournament_id)
        async with live.lock:
            if self.entry_of(live, player_id) is None:
                raise TournamentError("not_registered", "register first, then add bots")
            free = live.tournament.config.capacity - len(live.tournament.entries)
            await self._handle(live, AddBots(level, free))

    async def match_over(self, table_id: str, result: dict[str, Any]) -> None:
        """A tournament table's match ended: its result goes to its tournament."""
        known = self.by_table.get(table_id)
        if known is None:
            return
        tournament_id, match = known
        live = self.live.get(tournament_id)
        if live is None:
            return
        command = MatchOver(match, result.get("winner"), tuple(result.get("losers") or ()),
                            str(result.get("reason") or "played"))  # fmt: skip
        try:
            await self.handle(live, command)
        except TournamentError as error:  # told twice (a restart): the first one counted
            log.info("tournament_result_not_taken", table=table_id, error=error.message)

    async def read(self, tournament_id: str) -> Live | None:
        """An open tournament, or an ended one rebuilt from the store (None: unknown). The
        last few ended ones are kept a minute: a page polled by its players, or asked by
        many, replays its log once (a 1,024-entry one costs about 0.2 s)."""
        live = self.live.get(tournament_id)
        if live is not None:
            return live
        kept = self._ended_kept.get(tournament_id)
        if kept is not None and self.clock() - kept[0] < ENDED_KEPT_FOR:
            return kept[1]
        try:
            record = await self.store.load_tournament(tournament_id)
        except StoreError:
            return None
        config = TournamentConfig.from_json(record.config)
        live = Live(tournament_id, record.name, record.created_at, Tournament(config))
        for data in record.entries:
            live.tournament.handle(Command.from_json(data["command"]), data["at"], logged=True)
        live.seq = len(record.entries)
        live.tables.update(await self.store.tournament_tables(tournament_id))
        self._ended_kept[tournament_id] = (self.clock(), live)
        while len(self._ended_kept) > ENDED_KEPT:
            self._ended_kept.pop(next(iter(self._ended_kept)))
        return live

    async def listing(self, player_id: str | None) -> list[dict[str, Any]]:
        """The open tournaments (registering first, the soonest first), then the newest
        ended ones."""
        shown = []
        for live in self.live.values():
            mine = player_id is not None and self.entry_of(live, player_id) is not None
            shown.append({**public(summary(live)), "mine": mine})
        shown.sort(key=lambda s: (s["status"] != "registering", s["starts_at"] or 0,
                                  s["created_at"]))  # fmt: skip
        for record in await self.store.list_tournaments(ENDED, FINISHED_SHOWN):
            mine = any(p.get("player_id") == player_id for p in record.summary.get("places") or [])
            shown.append({**public(record.summary), "mine": mine})
        return shown

    def entry_of(self, live: Live, player_id: str) -> str | None:
        for entry, data in live.tournament.entries.items():
            if any(p[0] == player_id for p in data["players"]):
                return entry
        return None

    # -- carrying out ------------------------------------------------------------------------

    def _learn(self, live: Live, step: Step) -> None:
        """What a step tells the server to remember: the tables its matches will have."""
        for out in step.outputs:
            if isinstance(out, CreateMatch):
                table_id = table_id_of(live.tournament_id, out.match)
                live.tables[out.match] = table_id
                self.by_table[table_id] = (live.tournament_id, out.match)
                secret = live.tournament.secret
                assert secret is not None
                self._seeds[table_id] = round_secret(secret, out.round)

    async def _carry(self, live: Live, seq: int, step: Step, *, telling: bool) -> None:
        tid, at = live.tournament_id, self.clock()
        unpaid: list[str] = []
        for out in step.outputs:
            if isinstance(out, Fee):
                try:
                    await self.store.post_chips(
                        chips.fee(
                            out.player, tid, out.amount, at=at, key=f"fee:{tid}:{out.player}:{seq}"
                        )
                    )
                    live.paid[out.player] = seq
                except ChipsError:
                    unpaid.append(out.player)
            elif isinstance(out, Refund):
                paid = live.paid.pop(out.player, None)
                if paid is not None:
                    await self.store.post_chips(chips.refund(
                        out.player, tid, out.amount, at=at,
                        key=f"refund:{tid}:{out.player}:{paid}"))  # fmt: skip
            elif isinstance(out, Rake):
                await self.store.post_chips(chips.rake(tid, out.amount, at=at))
            elif isinstance(out, Payout):
                await self.store.post_chips(chips.prize(out.player, tid, out.amount, at=at))
                if telling:
                    self._tell(live, out.player, "prize", amount=out.amount, place=out.place)
        # a round's tables opened together (the store commits their writes in groups),
        # then their players told
        matches = [out for out in step.outputs if isinstance(out, CreateMatch)]
        await asyncio.gather(*(self._open_table(live, m, fresh=telling) for m in matches))
        for out in step.outputs:
            if isinstance(out, Notice) and telling:
                data = dict(out.data)
                if "match" in data:
                    data["table_id"] = table_id_of(tid, data["match"])
                self._tell(live, out.player, out.what, **data)
        for player in unpaid:  # spent meanwhile: the entry leaves, and nothing is refunded
            entry = self.entry_of(live, player)
            if entry is not None and live.tournament.status == "registering":
                log.info("tournament_fee_unpaid", tournament=tid, player=player)
                await self._handle(live, Unregister(entry))

    async def _open_table(self, live: Live, match: CreateMatch, *, fresh: bool) -> None:
        """``fresh``: the step was just taken, so its table cannot exist yet; else (after a
        restart) a table already stored is the tables' recovery's."""
        table_id = table_id_of(live.tournament_id, match.match)
        await self.store.link_tournament_table(table_id, live.tournament_id, match.match)
        if table_id in self.tables.owners:
            return
        if not fresh:
            try:
                await self.store.table(table_id)
                return
            except UnknownTable:
                pass
        room = TableSettings.from_json(self.settings.table or None).to_json()
        data = dict(match.table)
        data["settings"] = {**room, "start_deadline": match.start_deadline}
        await self.tables.open_match(table_id, TableConfig.from_json(data))

    async def _results_missed(self, live: Live) -> None:
        """Matches of the current round whose table ended while nobody listened."""
        if live.tournament.status != "running":
            return
        for record in live.tournament.rounds[-1]:
            if record["done"] or record["match"] is None:
                continue
            table_id = live.tables.get(record["match"]) or table_id_of(
                live.tournament_id, record["match"])  # fmt: skip
            try:
                stored = await self.store.table(table_id)
            except UnknownTable:
                continue
            if stored.status == "finished" and stored.result:
                await self.match_over(table_id, dict(stored.result))

    def _tell(self, live: Live, player: str, what: str, **data: Any) -> None:
        frame = {
            "type": "tournament.notice", "tournament": live.tournament_id, "name": live.name,
            "game": live.tournament.config.game, "what": what, "data": data,
        }  # fmt: skip
        self.bus.publish_now(player_topic(player), encode(frame))

    def _schedule(self, live: Live, at_least: float = 0.0) -> None:
        if live.wake is not None:
            live.wake.cancel()
            live.wake = None
        at = live.tournament.wake_at
        if at is None:
            return
        delay = max(at_least, at - self.clock())
        live.wake = asyncio.get_running_loop().call_later(
            delay, lambda: self.tasks.spawn(self._tick(live))
        )

    async def _tick(self, live: Live) -> None:
        """The scheduled start. The loop's timer may fire a hair before the wall clock
        reaches the time: then the tournament is woken again."""
        live.wake = None
        try:
            await self.handle(live, Tick())
        except (TournamentError, StoreError) as error:
            log.warning("tournament_tick_failed", tournament=live.tournament_id, error=str(error))
        if live.wake is None and self.live.get(live.tournament_id) is live:
            self._schedule(live, at_least=WAKE_AGAIN)

    def _ended(self, live: Live) -> None:
        """Finished or cancelled: forgotten here; the store keeps it for the listing."""
        self.live.pop(live.tournament_id, None)
        for table_id in live.tables.values():
            self.by_table.pop(table_id, None)
            self._seeds.pop(table_id, None)

    # -- what the pages show -----------------------------------------------------------------

    async def serve(self, op: str, args: dict[str, Any]) -> Any:
        """A tournament route's work by name, with JSON arguments and a JSON answer (it may
        come from another process of the room): ``listing``; ``page`` and ``rounds``
        (None for an unknown tournament); ``register``, ``unregister``, ``bots``."""
        if op == "listing":
            return await self.listing(args["player_id"])
        if op in ("page", "rounds"):
            live = await self.read(args["tournament_id"])
            if live is None:
                return None
            if op == "page":
                return self.page(live, args["player_id"], bool(args["account"]))
            return await self.round_deals(live, int(args["round_no"]), int(args["offset"]))
        if op == "register":
            return await self.register(
                args["tournament_id"], args["player_id"], args["name"], bool(args["account"]),
                args.get("code"),
            )  # fmt: skip
        if op == "unregister":
            return await self.unregister(args["tournament_id"], args["player_id"])
        if op == "bots":
            return await self.add_bots(args["tournament_id"], args["player_id"], args["level"])
        raise ValueError(f"no tournament operation {op!r}")

    def page(self, live: Live, player_id: str | None, account: bool) -> str:
        """The tournament's page as JSON text: its shared part encoded once per change,
        with the asking player's ``me`` added."""
        if live.shown is None or live.shown[:2] != (live.seq, len(live.tables)):
            shared = self.detail(live, None, False)
            del shared["me"]
            live.shown = (live.seq, len(live.tables), encode(shared))
        me = encode(self._me(live, player_id, account))
        return live.shown[2][:-1] + ',"me":' + me + "}"

    def detail(self, live: Live, player_id: str | None, account: bool) -> dict[str, Any]:
        t = live.tournament
        config = t.config
        data = public(summary(live))
        count = max(len(t.entries), len(t.seeds))
        split = split_for(count, config.split_small, config.split_large)
        data["split"] = [{"place": n, "bp": bp} for n, bp in enumerate(split, 1)]  # per place
        data["split_small"] = list(config.split_small)
        data["split_large"] = list(config.split_large)
        data["start_deadline"] = config.start_deadline
        order = {entry: n for n, entry in enumerate(t.seeds, 1)}
        data["entries_list"] = [
            {"entry": entry, "bot": e["bot"], "seed": order.get(entry),
             "players": [{"id": None if e["bot"] else p[0], "name": p[1]}
                         for p in e["players"]]}
            for entry, e in t.entries.items()
        ]  # fmt: skip
        data["bracket"] = [
            [{"slot": slot, "sides": r["sides"], "winner": r["winner"], "done": r["done"],
              "how": r["how"], "match": r["match"],
              "table_id": live.tables.get(r["match"]) if r["match"] else None}
             for slot, r in enumerate(rnd)]
            for rnd in t.rounds
        ]  # fmt: skip
        data["commitments"] = self._commitments(t)
        names = {p[0]: p[1] for e in t.entries.values() for p in e["players"]}
        data["payouts"] = [
            {"player": p.player, "name": names.get(p.player, ""), "place": p.place,
             "amount": p.amount}
            for p in t.payouts()
        ]  # fmt: skip
        data["me"] = self._me(live, player_id, account)
        return data

    async def round_deals(self, live: Live, round_no: int, offset: int) -> dict[str, Any]:
        """How each table of an ended round played the same deals: per match, each hand's
        points (hands 2d and 2d+1 are deal d, each side holding the other's cards). Only
        once the round is over, so that no table still playing a deal can read it."""
        t = live.tournament
        if not 1 <= round_no <= len(t.rounds) or not _round_over(t, round_no):
            raise TournamentError("round_not_over", "a round is shown once it is over")
        played = [r for r in t.rounds[round_no - 1] if r["match"] is not None]
        matches = []
        for record in played[offset : offset + ROUND_PAGE]:
            table_id = live.tables.get(record["match"])
            hands: list[dict[str, Any]] = []
            if table_id is not None:
                with contextlib.suppress(UnknownTable):
                    stored = await self.store.table(table_id)
                    for hand in (stored.result or {}).get("hands", []):
                        number = int(hand["hand"]) - 1
                        hands.append(
                            {
                                "hand": number,
                                "deal": number // 2,
                                "points": hand.get("points"),
                                "first": hand.get("first"),
                            }
                        )
            sides = [[p[1] for p in t.entries[e]["players"]] if e else [] for e in record["sides"]]
            winner = record["sides"].index(record["winner"]) if record["winner"] else None
            matches.append(
                {
                    "match": record["match"],
                    "table_id": table_id,
                    "sides": sides,
                    "winner": winner,
                    "how": record["how"],
                    "hands": hands,
                }
            )
        assert t.secret is not None
        return {
            "round": round_no, "secret": seed_text(round_secret(t.secret, round_no)),
            "matches": matches, "total": len(played),
            "next": offset + ROUND_PAGE if offset + ROUND_PAGE < len(played) else None,
        }  # fmt: skip

    def _commitments(self, t: Tournament) -> list[dict[str, Any]]:
        if t.secret is None:
            return []
        total = rounds_of(bracket_size(len(t.seeds)))
        shown = []
        for round_no in range(1, total + 1):
            over = _round_over(t, round_no)
            secret = round_secret(t.secret, round_no)
            shown.append({
                "round": round_no, "commitment": round_commitment(secret),
                "secret": seed_text(secret) if over else None,
            })  # fmt: skip
        return shown

    def _me(self, live: Live, player_id: str | None, account: bool) -> dict[str, Any]:
        t = live.tournament
        config = t.config
        entry = None if player_id is None else self.entry_of(live, player_id)
        why_not = None
        if t.status != "registering":
            why_not = "closed"
        elif len(t.entries) >= config.capacity:
            why_not = "full"
        elif (config.fee or config.rated) and not account:
            why_not = "needs_account"
        table_id = opponent = None
        if entry is not None and t.rounds:
            for r in t.rounds[-1]:
                if entry in r["sides"] and not r["done"] and r["match"]:
                    table_id = live.tables.get(r["match"])
                    other = r["sides"][1 - r["sides"].index(entry)]
                    if other is not None:
                        opponent = " & ".join(p[1] for p in t.entries[other]["players"])
        return {
            "entry": entry,
            "can_register": entry is None and why_not is None,
            "pair_code": None if entry else self.codes.get((live.tournament_id, player_id or "")),
            "can_unregister": entry is not None and t.status == "registering",
            "can_add_bots": entry is not None and config.practice
            and t.status == "registering" and len(t.entries) < config.capacity,
            "why_not": None if entry is not None else why_not,
            "table_id": table_id, "opponent": opponent, "out_round": t.out.get(entry or ""),
        }  # fmt: skip


def summary(live: Live) -> dict[str, Any]:
    """What a listing shows of a tournament (kept in the store with each step)."""
    t = live.tournament
    config = t.config
    total = rounds_of(bracket_size(len(t.seeds))) if t.seeds else None
    champion = None
    if t.champion is not None:
        champion = [{"player_id": p[0], "name": p[1]} for p in t.entries[t.champion]["players"]]
    return {
        "id": live.tournament_id, "name": live.name, "game": config.game,
        "team": config.team, "kind": config.kind, "options": dict(config.options),
        "seats": config.seats, "starts_at": config.starts_at, "capacity": config.capacity,
        "entries": len(t.entries), "fee": config.fee, "pool": t.pool(),
        "rated": config.rated, "practice": config.practice, "status": t.status,
        "round": len(t.rounds), "rounds": total, "champion": champion,
        "created_at": live.created_at, "places": places(t),
    }  # fmt: skip


def public(kept: dict[str, Any]) -> dict[str, Any]:
    """A kept summary as the pages show it: the champion's names, no places (a profile
    reads those). People are kept as ``{"player_id", "name"}`` so that deleting an account
    renames them (docs/accounts.md)."""
    champion = kept.get("champion")
    names = [c["name"] for c in champion] if champion else None
    return {**kept, "champion": names, "places": None}


def places(t: Tournament) -> list[dict[str, Any]]:
    """Once it is over, where each person finished and the chips they won: for their
    profile (kept in the summary; the listing leaves it out)."""
    if t.status != "finished":
        return []
    total = len(t.rounds)
    prizes: dict[str, int] = {}
    for payout in t.payouts():
        prizes[payout.player] = prizes.get(payout.player, 0) + payout.amount
    shown = []
    for entry, data in t.entries.items():
        if data["bot"]:
            continue
        place = 1 if entry == t.champion else 2 ** (total - t.out.get(entry, total)) + 1
        for player_id, name in data["players"]:
            shown.append({"player_id": player_id, "name": name, "place": place,
                          "prize": prizes.get(player_id, 0)})  # fmt: skip
    return shown


def _round_over(t: Tournament, round_no: int) -> bool:
    """Has round ``round_no`` ended (its secret revealed)?"""
    if round_no < len(t.rounds):
        return True
    return round_no == len(t.rounds) and all(r["done"] for r in t.rounds[-1])


def _standing_key(config: dict[str, Any]) -> str:
    """What makes two standing sit-and-gos the same kind."""
    keys = ("game", "team", "options", "seats", "fee", "rake_bp", "rated", "practice")
    return encode({k: config.get(k) for k in keys})
