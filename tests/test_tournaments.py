"""The tournament core's rules: byes, the start deadline, cancellation, the split,
duplicate deals, and the state as a fold of its log."""

from __future__ import annotations

import pytest

from circolo.table import StartMatch, Table, TableConfig, Tick
from circolo.table.outcomes import rated_table
from circolo.tournaments import (
    AddBots,
    CreateMatch,
    Draw,
    MatchOver,
    Notice,
    Payout,
    Refund,
    Register,
    RevealRound,
    RoundCommitment,
    TournamentConfig,
    TournamentError,
    Unregister,
)
from circolo.tournaments import Tick as TournamentTick
from circolo.tournaments.bracket import bracket_size, first_round
from circolo.tournaments.deals import hand_seeds, round_commitment, round_secret
from circolo.tournaments.prizes import place_amounts
from tests.tournament_support import ORDER, SECRET, Driven, filled, scopa


@pytest.mark.parametrize(("entries", "size"), [(3, 4), (5, 8), (6, 8), (7, 8), (9, 16)])
def test_the_bracket_rounds_up_to_a_power_of_two_with_byes_to_the_top_seeds(
    entries: int, size: int
) -> None:
    assert bracket_size(entries) == size
    pairs = first_round(entries)
    byes = sorted(a for a, b in pairs if b is None and a is not None)
    assert byes == list(range(1, size - entries + 1))  # the top seeds, and only they
    assert sorted(s for pair in pairs for s in pair if s is not None) == list(range(1, entries + 1))
    driven = filled(entries, seeding="rating")
    first = driven.tournament.rounds[0]
    assert sum(1 for r in first if r["how"] == "bye") == size - entries
    assert (
        sum(1 for o in driven.outputs if isinstance(o, CreateMatch))
        == (entries - (size - entries)) // 2
    )
    best = driven.tournament.seeds[: size - entries]
    assert {r["winner"] for r in first if r["how"] == "bye"} == set(best)
    assert best == [f"e{n}" for n in range(entries - 1, entries - 1 - len(best), -1)]


def test_a_rated_tournaments_tables_are_rated_and_a_practice_ones_are_not() -> None:
    for rated in (True, False):
        driven = filled(2, rated=rated)
        (match,) = driven.open.values()
        assert rated_table(match.table) is rated


def _table_for(match: CreateMatch) -> Table:
    config = TableConfig.from_json(match.table)
    assert config.tournament and config.settings.start_deadline == match.start_deadline
    return Table(config)


def test_the_start_match_deadline_is_two_minutes_at_the_table_the_tournament_creates() -> None:
    """Pressed at 0, the other absent: nothing at 1:59.9; at 2:00.1 the absent one has lost
    and the tournament moves the winner on."""
    driven = filled(2)
    (match,) = driven.open.values()
    table = _table_for(match)
    opened = 100.0
    table.handle(StartMatch(0), opened)
    table.handle(Tick(), opened + 119.9)
    assert table.status == "waiting" and not table.results
    table.handle(Tick(), opened + 120.1)
    (result,) = table.results
    assert result["reason"] == "start_deadline" and result["winner"] == 0
    driven.send(MatchOver(match.match, result["winner"], tuple(result["losers"]), "start_deadline"))
    side0 = match.entries[0]
    assert driven.tournament.champion == side0 and driven.tournament.status == "finished"


def test_both_absent_both_lose_and_the_next_opponent_gets_a_walkover() -> None:
    driven = filled(4)
    tables = {m: _table_for(c) for m, c in driven.open.items()}
    first, second = sorted(driven.open)
    tables[first].handle(Tick(), 100.0)
    tables[first].handle(Tick(), 220.1)
    (result,) = tables[first].results
    assert result["winner"] is None and sorted(result["losers"]) == [0, 1]
    driven.send(MatchOver(first, None, (0, 1), "start_deadline"))
    assert driven.tournament.status == "running" and len(driven.tournament.rounds) == 1
    driven.send(MatchOver(second, 1, (0,), "points"))
    through = driven.open[second].entries[1]
    final = driven.tournament.rounds[1][0]
    assert final["how"] == "walkover" and final["winner"] == through
    assert driven.tournament.champion == through
    told = [o for o in driven.outputs if isinstance(o, Notice) and o.what == "walkover"]
    assert [n.player for n in told] == [driven.tournament.entries[through]["players"][0][0]]
    for loser in driven.open[first].entries:
        assert driven.tournament.out[loser] == 1


def test_a_tournament_below_the_minimum_is_cancelled_and_every_fee_refunded() -> None:
    driven = Driven(scopa(4, fee=50))
    driven.send(Register("a", (("pa", "A"),)))
    driven.send(Register("b", (("pb", "B"),)))
    driven.send(Unregister("b"))
    step = driven.tournament.handle(TournamentTick(), 99.9)
    assert step.entry is None and driven.tournament.status == "registering"
    driven.send(TournamentTick(), 100.0)
    assert driven.tournament.status == "cancelled"
    assert [(o.player, o.amount) for o in driven.outputs if isinstance(o, Refund)] == [
        ("pb", 50),
        ("pa", 50),
    ]
    assert driven.books_balance() == 0


def test_two_v_two_needs_two_pairs_and_refunds_both_partners() -> None:
    driven = Driven(scopa(4, team=2, fee=10))
    with pytest.raises(TournamentError) as refused:
        driven.send(Register("solo", (("x", "X"),)))
    assert refused.value.code == "bad_entry"
    driven.send(Register("pair", (("a", "A"), ("b", "B"))))
    driven.send(TournamentTick(), 100.0)
    assert driven.tournament.status == "cancelled"
    assert sorted(o.player for o in driven.outputs if isinstance(o, Refund)) == ["a", "b"]


def _play_out(driven: Driven) -> None:
    """Side 0 wins every match, round after round."""
    done: set[str] = set()
    while driven.tournament.status == "running":
        match = next(m for m in driven.open if m not in done)
        done.add(match)
        driven.send(MatchOver(match, 0, (1,), "points"))


@pytest.mark.parametrize(
    ("entries", "shares"),
    [
        (8, {1: 6500, 2: 3500}),
        (15, {1: 6500, 2: 3500}),
        (16, {1: 5000, 2: 2500, 3: 1250}),
        (33, {1: 5000, 2: 2500, 3: 1250}),
    ],
)
def test_the_published_split_for_8_15_16_and_33_entries(
    entries: int, shares: dict[int, int]
) -> None:
    driven = filled(entries, fee=1000, rake_bp=1000)
    _play_out(driven)
    pool = entries * 1000 - entries * 100
    paid = [o for o in driven.outputs if isinstance(o, Payout)]
    assert sum(o.amount for o in paid) == pool
    by_place: dict[int, list[int]] = {}
    for o in paid:
        by_place.setdefault(o.place, []).append(o.amount)
    assert set(by_place) == set(shares)
    for place, bp in shares.items():
        expected = pool * bp // 10_000
        for amount in by_place[place]:
            assert amount - expected in range(0, 4 if place == 1 else 1)  # remainder: winner
    assert len(by_place.get(3, [])) == (2 if 3 in shares else 0)
    assert driven.books_balance() == 0


def test_under_eight_entries_the_winner_takes_it_all() -> None:
    driven = filled(7, fee=3)
    _play_out(driven)
    paid = [o for o in driven.outputs if isinstance(o, Payout)]
    assert [(o.place, o.amount) for o in paid] == [(1, 21)]


def test_a_place_nobody_holds_and_the_remainder_go_to_the_best_held_place() -> None:
    assert place_amounts(101, (6500, 3500), [[], ["x", "y"]]) == {"x": 51, "y": 50}


def test_every_match_of_a_round_is_dealt_the_same_committed_hand_seeds() -> None:
    driven = filled(8)
    created = [o for o in driven.outputs if isinstance(o, CreateMatch)]
    assert len(created) == 4 and len({c.hand_seeds for c in created}) == 1
    seeds = created[0].hand_seeds
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]  # each deal from both sides
    commitments = {o.round: o.commitment for o in driven.outputs if isinstance(o, RoundCommitment)}
    assert sorted(commitments) == [1, 2, 3]
    assert not any(isinstance(o, RevealRound) for o in driven.outputs)  # not before the round
    for match in sorted(driven.open):
        driven.send(MatchOver(match, 0, (1,), "points"))
    (reveal,) = [o for o in driven.outputs if isinstance(o, RevealRound)]
    secret = int(reveal.secret, 16)
    assert round_commitment(secret) == commitments[1] and secret == round_secret(int(SECRET, 16), 1)
    assert tuple(format(s, "064x") for s in hand_seeds(secret)) == seeds
    second = [o for o in driven.outputs if isinstance(o, CreateMatch) and o.round == 2]
    assert len(second) == 2 and second[0].hand_seeds == second[1].hand_seeds != seeds


def test_a_sit_and_go_starts_when_full_and_asks_for_the_draw() -> None:
    config = TournamentConfig(game="bisca", kind="sit_and_go", seats=2)
    driven = Driven(config)
    driven.send(Register("a", (("pa", "A"),)))
    step = driven.tournament.handle(Register("b", (("pb", "B"),)), 1.0)
    assert step.wants_draw and driven.tournament.status == "drawing"
    with pytest.raises(TournamentError) as refused:
        driven.tournament.handle(Register("c", (("pc", "C"),)), 2.0)
    assert refused.value.code == "registration_closed"


def test_practice_tournaments_fill_with_bots_and_rated_ones_never_do() -> None:
    with pytest.raises(TournamentError):
        TournamentConfig(game="scopa", kind="sit_and_go", seats=4, practice=True, rated=True)
    rated = Driven(TournamentConfig(game="scopa", kind="sit_and_go", seats=4, rated=True))
    rated.send(Register("a", (("pa", "A"),)))
    with pytest.raises(TournamentError) as refused:
        rated.send(AddBots("greedy"))
    assert refused.value.code == "no_bots"
    practice = Driven(TournamentConfig(game="scopa", kind="sit_and_go", seats=4, practice=True))
    practice.send(Register("a", (("pa", "A"),)))
    practice.send(AddBots("greedy"))
    practice.send(Draw(ORDER, SECRET))
    assert practice.tournament.status == "running"
    created = [o for o in practice.outputs if isinstance(o, CreateMatch)]
    assert len(created) == 1 and "a" in created[0].entries  # bot against bot: a coin


def test_scopa_targets_are_table_options_and_bad_ones_are_refused() -> None:
    for target in (7, 11, "single_hand"):
        driven = filled(2, options={"target": target})
        (match,) = driven.open.values()
        assert match.table["options"] == {"target": target, "players": 2}
        assert TableConfig.from_json(match.table).rules().target == target  # type: ignore[attr-defined]
    with pytest.raises(TournamentError) as refused:
        scopa(2, options={"target": 9})
    assert refused.value.code == "bad_config"


def test_a_refused_command_changes_nothing() -> None:
    driven = filled(4)
    before = driven.tournament.to_json()
    for bad in (MatchOver("9.9.9", 0, (1,), "x"), Register("z", (("pz", "Z"),))):
        with pytest.raises(TournamentError):
            driven.send(bad, 200.0)
    assert driven.tournament.to_json() == before


def test_a_drawn_match_is_replayed_then_the_better_seed_goes_through() -> None:
    driven = filled(2, game="bisca", options={}, max_replays=1)
    (first,) = driven.open
    driven.send(MatchOver(first, None, (), "vote"))
    assert sorted(driven.open) == ["1.0.0", "1.0.1"]
    driven.send(MatchOver("1.0.1", None, (), "vote"))
    assert driven.tournament.champion == driven.tournament.seeds[0]


def test_the_state_is_a_fold_of_its_log() -> None:
    driven = filled(6, fee=7)
    driven.crash()
    for match in sorted(driven.open):
        driven.send(MatchOver(match, 1, (0,), "points"))
        driven.crash()
    assert driven.tournament.status == "running"


def test_registration_closes_at_the_start_even_before_its_tick() -> None:
    driven = Driven(scopa(4, fee=5))
    driven.send(Register("a", (("pa", "A"),)), 10.0)
    driven.send(Register("b", (("pb", "B"),)), 99.9)
    for late in (Register("c", (("pc", "C"),)), Unregister("a")):
        with pytest.raises(TournamentError) as refused:
            driven.send(late, 100.0)
        assert refused.value.code == "registration_closed"
    step = driven.tournament.handle(TournamentTick(), 100.0)
    assert step.wants_draw and driven.tournament.status == "drawing"
    with pytest.raises(TournamentError) as refused:
        driven.send(Unregister("a"), 101.0)
    assert refused.value.code == "registration_closed"


def test_two_v_two_pairs_sit_opposite_at_a_table_the_room_can_create() -> None:
    driven = filled(2, team=2)
    (match,) = driven.open.values()
    config = TableConfig.from_json(match.table)
    a, b = (driven.tournament.entries[e]["players"] for e in match.entries)
    assert [s.player_id for s in config.seats] == [a[0][0], b[0][0], a[1][0], b[1][0]]
    assert config.rules().side_of(0) == config.rules().side_of(2) == 0


def test_people_cannot_take_the_bots_entry_ids() -> None:
    driven = Driven(scopa(4))
    with pytest.raises(TournamentError) as refused:
        driven.send(Register("bot-1", (("pa", "A"),)))
    assert refused.value.code == "bad_entry"
