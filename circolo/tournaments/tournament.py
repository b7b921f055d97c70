"""A tournament: a fold of its own log of commands, like a table one level up.

``handle(command, now)`` returns a ``Step``: the log entry to append, the outputs (chips
to move, tables to create, notices, secrets to publish), when to wake it (a scheduled
start) and whether it wants the draw's secrets. A refused command raises
``TournamentError`` and changes nothing. ``replay(config, log)`` rebuilds the same state;
``to_json``/``from_json`` keep it in the store. No sockets, no clock, no disk.

Rounds: a round starts when every match of the one before has ended. A side nobody
holds (a bye in round 1, or a slot whose match both sides lost by absence) gives its
opponent the match without play. A drawn match is played again in the same slot up to
``max_replays`` times, then the better seed goes through. Two bots meeting (practice)
are decided by a coin from the round's secret.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from dataclasses import dataclass, field
from typing import Any

from circolo.cards import parse_seed, seed_bytes, seed_text
from circolo.tournaments.bracket import bracket_size, first_round, rounds_of
from circolo.tournaments.commands import (
    AddBots,
    Cancel,
    Command,
    Draw,
    MatchOver,
    Register,
    Tick,
    Unregister,
)
from circolo.tournaments.config import TournamentConfig
from circolo.tournaments.deals import hand_seeds, round_commitment, round_secret
from circolo.tournaments.errors import TournamentError
from circolo.tournaments.outputs import (
    CreateMatch,
    Fee,
    Notice,
    Output,
    Payout,
    Rake,
    Refund,
    RevealRound,
    RoundCommitment,
)
from circolo.tournaments.prizes import place_amounts, rake_of, split_for

__all__ = ["MINIMUM_ENTRIES", "Step", "Tournament", "replay"]

MINIMUM_ENTRIES = 2
BOT_PREFIX = "bot-"
"""Bots' entry ids (``bot-1``...): refused to people."""
"""Fewer entries at the start (2 players, or 2 pairs = 4 players in 2 v 2): cancelled."""


@dataclass(frozen=True)
class Step:
    """The effects of one accepted command."""

    entry: dict[str, Any] | None
    outputs: list[Output] = field(default_factory=list)
    wake_at: float | None = None
    wants_draw: bool = False


class Tournament:
    """One tournament's state. ``status``: "registering", "drawing" (waits for ``Draw``),
    "running", "finished" or "cancelled"."""

    def __init__(self, config: TournamentConfig) -> None:
        self.config = config
        self.status = "registering"
        self.entries: dict[str, dict[str, Any]] = {}
        """id -> {"players": [[id, name]...], "rating", "bot": level | None}, in order."""
        self.seeds: list[str] = []
        self.rounds: list[list[dict[str, Any]]] = []
        """Per round, per slot: {"sides", "winner", "done", "how", "match", "attempt"}."""
        self.secret: int | None = None
        self.out: dict[str, int] = {}
        """Entry -> the round it was eliminated in."""
        self.champion: str | None = None
        self.books = {"fees": 0, "refunds": 0, "rake": 0, "payouts": 0}
        self.bots = 0
        self.last_at: float | None = None
        self._outputs: list[Output] = []
        self._seeds: dict[int, tuple[str, ...]] = {}
        """Each round's hand seeds, derived once (not state: they follow from the secret)."""

    # the one door -------------------------------------------------------------------

    def handle(self, command: Command, now: float, *, logged: bool = False) -> Step:
        """``logged``: the command comes from this tournament's own log (a replay), so it
        was accepted once; the state is not copied first to be restored on a refusal
        (a copy costs as much as the state: a replay would be quadratic), and a refusal
        leaves it half-changed: the replay is void (``log_mismatch``)."""
        if not isinstance(command, Command):
            raise TournamentError("bad_command", "not a tournament command")
        if isinstance(now, bool) or not isinstance(now, int | float) or not math.isfinite(now):
            raise TournamentError("bad_command", "now is a time in seconds")
        now = float(now) if self.last_at is None else max(float(now), self.last_at)
        saved = None if logged else self.to_json()
        self._outputs = []
        try:
            changed = self._dispatch(command, now)
        except TournamentError:
            if saved is not None:
                self._restore(saved)
            raise
        outputs, self._outputs = self._outputs, []
        if not changed:
            return Step(None, [], self.wake_at, self.status == "drawing")
        self.last_at = now
        entry = {"at": now, "command": command.to_json()}
        return Step(entry, outputs, self.wake_at, self.status == "drawing")

    @property
    def wake_at(self) -> float | None:
        if self.status == "registering" and self.config.kind == "scheduled":
            return self.config.starts_at
        return None

    def _dispatch(self, command: Command, now: float) -> bool:
        if isinstance(command, Tick):
            return self._tick(now)
        if isinstance(command, Register):
            self._open_or_refuse(now)
            self._register(command)
        elif isinstance(command, Unregister):
            self._open_or_refuse(now)
            self._unregister(command.entry)
        elif isinstance(command, AddBots):
            self._open_or_refuse(now)
            self._add_bots(command)
        elif isinstance(command, Cancel):
            self._open_or_refuse(now)
            self._cancel("called_off")
        elif isinstance(command, Draw):
            self._draw(command)
        elif isinstance(command, MatchOver):
            self._match_over(command)
        else:
            raise TournamentError("bad_command", "not a tournament command")
        return True

    # registration ---------------------------------------------------------------------

    def _open_or_refuse(self, now: float) -> None:
        """Registration is open until the start: a scheduled one closes at ``starts_at``
        even before the ``Tick`` that starts it arrives."""
        start = self.wake_at
        if self.status != "registering" or (start is not None and now >= start):
            raise TournamentError("registration_closed", "the tournament has started or ended")

    def _register(self, command: Register) -> None:
        config = self.config
        if len(command.players) != config.team:
            raise TournamentError(
                "bad_entry", "1 v 1: one player registers" if config.team == 1 else
                "2 v 2: a fixed pair registers together",
            )  # fmt: skip
        if command.entry.startswith(BOT_PREFIX):
            raise TournamentError("bad_entry", f"entry ids beginning {BOT_PREFIX!r} are the bots'")
        if command.entry in self.entries:
            raise TournamentError("already_registered", "this entry is registered already")
        taken = {p[0] for e in self.entries.values() for p in e["players"]}
        if any(p[0] in taken for p in command.players):
            raise TournamentError("already_registered", "a player is in one entry only")
        if len(self.entries) >= config.capacity:
            raise TournamentError("full", "the tournament is full")
        self.entries[command.entry] = {
            "players": [list(p) for p in command.players],
            "rating": command.rating,
            "bot": None,
        }
        for player, _name in command.players:
            self._charge(player)
        if config.kind == "sit_and_go" and len(self.entries) == config.capacity:
            self.status = "drawing"

    def _charge(self, player: str) -> None:
        if self.config.fee:
            self.books["fees"] += self.config.fee
            self._outputs.append(Fee(player, self.config.fee))

    def _unregister(self, entry: str) -> None:
        if entry not in self.entries or self.entries[entry]["bot"]:
            raise TournamentError("not_registered", "this entry is not registered")
        for player, _name in self.entries.pop(entry)["players"]:
            self._refund(player)

    def _refund(self, player: str) -> None:
        if self.config.fee:
            self.books["refunds"] += self.config.fee
            self._outputs.append(Refund(player, self.config.fee))

    def _add_bots(self, command: AddBots) -> None:
        if not self.config.practice:
            raise TournamentError("no_bots", "only practice tournaments take bots")
        if not any(e["bot"] is None for e in self.entries.values()):
            raise TournamentError("no_players", "bots fill seats around people, not alone")
        room = self.config.capacity - len(self.entries)
        count = room if command.count is None else command.count
        if self.config.kind == "sit_and_go" and count != room:
            raise TournamentError("bad_command", "a sit-and-go's bots fill every empty seat")
        if not 0 < count <= room:
            raise TournamentError("full", "there are not that many empty seats")
        for _ in range(count):
            self.bots += 1
            name = f"Bot {self.bots} ({command.level})"
            self.entries[f"{BOT_PREFIX}{self.bots}"] = {
                "players": [[f"{BOT_PREFIX}{self.bots}", name]] * self.config.team,
                "rating": None,
                "bot": command.level,
            }
        if self.config.kind == "sit_and_go" and len(self.entries) == self.config.capacity:
            self.status = "drawing"

    def _tick(self, now: float) -> bool:
        if self.wake_at is None or now < self.wake_at:
            return False
        if len(self.entries) < MINIMUM_ENTRIES:
            self._cancel("too_few")
        else:
            self.status = "drawing"
        return True

    def _cancel(self, why: str) -> None:
        self.status = "cancelled"
        for entry in self.entries.values():
            if entry["bot"] is None:
                for player, _name in entry["players"]:
                    self._refund(player)
                    self._outputs.append(Notice(player, "cancelled", {"why": why}))

    # the draw and the rounds ----------------------------------------------------------

    def _draw(self, command: Draw) -> None:
        if self.status != "drawing":
            raise TournamentError("no_draw", "the tournament is not waiting for its draw")
        order = list(self.entries)
        random.Random(parse_seed(command.order)).shuffle(order)
        if self.config.seeding == "rating":  # ties (and the unrated) stay in drawn order
            order.sort(key=lambda e: -_rating(self.entries[e]["rating"]))
        self.seeds = order
        self.secret = parse_seed(command.secret)
        self.status = "running"
        fees = self.books["fees"] - self.books["refunds"]
        rake = rake_of(fees, self.config.rake_bp)
        if rake:
            self.books["rake"] = rake
            self._outputs.append(Rake(rake))
        for round_no in range(1, rounds_of(bracket_size(len(order))) + 1):
            commitment = round_commitment(round_secret(self.secret, round_no))
            self._outputs.append(RoundCommitment(round_no, commitment))
        slots = [
            [None if s is None else order[s - 1] for s in pair] for pair in first_round(len(order))
        ]
        self._start_round(slots)
        self._advance()

    def _start_round(self, pairs: list[list[str | None]]) -> None:
        self.rounds.append([])
        round_no = len(self.rounds)
        for slot, sides in enumerate(pairs):
            record: dict[str, Any] = {
                "sides": sides, "winner": None, "done": False, "how": None,
                "match": None, "attempt": 0,
            }  # fmt: skip
            self.rounds[-1].append(record)
            a, b = sides
            if a is None or b is None:
                record["done"] = True
                record["winner"] = a if b is None else b
                record["how"] = "empty" if a is None and b is None else (
                    "bye" if round_no == 1 else "walkover"
                )  # fmt: skip
                if record["winner"] is not None:
                    self._tell(record["winner"], record["how"], round=round_no)
            elif self.entries[a]["bot"] and self.entries[b]["bot"]:
                coin = (
                    hashlib.sha256(
                        seed_bytes(self._round_secret(round_no)) + slot.to_bytes(2, "big")
                    ).digest()[0]
                    % 2
                )
                self._decide(round_no, slot, coin, "coin")
            else:
                self._open_match(round_no, slot)

    def _round_secret(self, round_no: int) -> int:
        assert self.secret is not None
        return round_secret(self.secret, round_no)

    def _open_match(self, round_no: int, slot: int) -> None:
        record = self.rounds[round_no - 1][slot]
        record["match"] = f"{round_no}.{slot}.{record['attempt']}"
        a, b = record["sides"]
        seats: list[dict[str, Any]] = []
        for seat in range(self.config.players):  # partners opposite: side = seat % 2
            entry = self.entries[(a, b)[seat % 2]]
            player_id, name = entry["players"][seat // 2]
            if entry["bot"]:
                seats.append({"kind": "bot", "name": name, "level": entry["bot"]})
            else:
                human = {"kind": "human", "name": name, "player_id": player_id}
                if self.config.rated:  # a rated tournament's matches are rated
                    human["rated"] = True
                seats.append(human)
        table = {
            "game": self.config.game,
            "seats": seats,
            "options": self.config.table_options(),
            "tournament": True,
        }
        if round_no not in self._seeds:  # the same for every match of the round
            secret = self._round_secret(round_no)
            self._seeds[round_no] = tuple(seed_text(s) for s in hand_seeds(secret))
        self._outputs.append(
            CreateMatch(
                record["match"], round_no, slot, (a, b), table, self.config.start_deadline,
                self._seeds[round_no],
            )
        )  # fmt: skip
        for mine, theirs in ((a, b), (b, a)):
            opponent = " & ".join(p[1] for p in self.entries[theirs]["players"])
            what = "replay" if record["attempt"] else "round_started"
            self._tell(mine, what, round=round_no, match=record["match"], opponent=opponent)

    def _match_over(self, command: MatchOver) -> None:
        found = None
        if self.status == "running":
            for slot, record in enumerate(self.rounds[-1]):
                if record["match"] == command.match and not record["done"]:
                    found = slot
        if found is None:
            raise TournamentError("no_match", "no match of this round is waiting for that result")
        round_no = len(self.rounds)
        record = self.rounds[-1][found]
        if command.winner is not None:
            self._decide(round_no, found, command.winner, command.reason or "played")
        elif command.losers:  # both sides absent at the start deadline: both lose
            record.update(done=True, winner=None, how="both_lost")
            for entry in record["sides"]:
                self._eliminate(entry, round_no)
        elif record["attempt"] < self.config.max_replays:
            record["attempt"] += 1
            self._open_match(round_no, found)
        else:  # drawn too often: the better seed goes through
            a, b = record["sides"]
            better = 0 if self.seeds.index(a) < self.seeds.index(b) else 1
            self._decide(round_no, found, better, "seed_after_draws")
        self._advance()

    def _decide(self, round_no: int, slot: int, side: int, how: str) -> None:
        record = self.rounds[round_no - 1][slot]
        record.update(done=True, winner=record["sides"][side], how=how)
        self._eliminate(record["sides"][1 - side], round_no)

    def _eliminate(self, entry: str, round_no: int) -> None:
        if entry in self.out:
            raise TournamentError("internal", "an entry is eliminated once")
        self.out[entry] = round_no
        self._tell(entry, "eliminated", round=round_no)

    def _advance(self) -> None:
        """Start the next round once every match of this one has ended; pay at the end."""
        total = rounds_of(bracket_size(len(self.seeds)))
        while self.status == "running" and all(r["done"] for r in self.rounds[-1]):
            round_no = len(self.rounds)
            secret = seed_text(self._round_secret(round_no))
            self._outputs.append(RevealRound(round_no, secret))
            if round_no == total:
                self._finish()
                return
            winners = [r["winner"] for r in self.rounds[-1]]
            self._start_round([[winners[i], winners[i + 1]] for i in range(0, len(winners), 2)])

    def _finish(self) -> None:
        self.status = "finished"
        self.champion = self.rounds[-1][0]["winner"]
        if self.champion is not None:
            self._tell(self.champion, "won")
        for payout in self.payouts():
            self.books["payouts"] += payout.amount
            self._outputs.append(payout)

    def payouts(self) -> list[Payout]:
        """The prizes of a finished tournament, place by place (none before the end)."""
        if self.status != "finished":
            return []
        holders: list[list[str]] = [[self.champion] if self.champion else []]
        for round_no in range(len(self.rounds), 0, -1):
            holders.append([e for e in self.seeds if self.out.get(e) == round_no])
        pool = self.books["fees"] - self.books["refunds"] - self.books["rake"]
        split = split_for(len(self.seeds), self.config.split_small, self.config.split_large)
        amounts = place_amounts(pool, split, holders)
        paid = []
        for group, who in enumerate(holders):
            place = 1 if group == 0 else 2 ** (group - 1) + 1
            for entry in who:
                players = [p[0] for p in self.entries[entry]["players"]]
                each, rest = divmod(amounts.get(entry, 0), len(players))
                for index, player in enumerate(players):
                    amount = each + (rest if index == 0 else 0)
                    if amount:
                        paid.append(Payout(player, amount, place))
        return paid

    def _tell(self, entry: str, what: str, **data: Any) -> None:
        if self.entries[entry]["bot"]:
            return
        for player, _name in self.entries[entry]["players"]:
            self._outputs.append(Notice(player, what, dict(data)))

    # reading the bracket ---------------------------------------------------------------

    def pool(self) -> int:
        """The prize pool: the fees kept minus the rake."""
        return self.books["fees"] - self.books["refunds"] - self.books["rake"]

    def matches(self) -> list[dict[str, Any]]:
        """Every slot, round by round (copies)."""
        return [dict(r, round=n) for n, rnd in enumerate(self.rounds, 1) for r in rnd]

    # the store ------------------------------------------------------------------------

    STATE = ("status", "entries", "seeds", "rounds", "out", "champion", "books", "bots")

    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.STATE}
        data["config"] = self.config.to_json()
        data["secret"] = None if self.secret is None else seed_text(self.secret)
        data["last_at"] = self.last_at
        copied: dict[str, Any] = json.loads(json.dumps(data))  # a copy, and proof it is JSON
        return copied

    def _restore(self, data: dict[str, Any]) -> None:
        data = json.loads(json.dumps(data))
        for name in self.STATE:
            setattr(self, name, data[name])
        self.secret = None if data["secret"] is None else parse_seed(data["secret"])
        self.last_at = data["last_at"]
        self._outputs = []

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tournament:
        tournament = cls(TournamentConfig.from_json(data["config"]))
        tournament._restore(data)
        return tournament


def _rating(rating: float | None) -> float:
    return float("-inf") if rating is None else float(rating)


def replay(config: TournamentConfig, log: list[dict[str, Any]]) -> Tournament:
    """The tournament its log gives: every entry handled again at its time."""
    tournament = Tournament(config)
    for index, data in enumerate(log):
        try:
            step = tournament.handle(Command.from_json(data["command"]), data["at"], logged=True)
        except (TournamentError, KeyError, TypeError) as error:
            raise TournamentError(
                "log_mismatch", f"entry {index} does not replay: {error}"
            ) from None
        if step.entry is None:
            raise TournamentError("log_mismatch", f"entry {index} changed nothing")
    return tournament
