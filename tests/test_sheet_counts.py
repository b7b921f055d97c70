"""The end-of-hand sheet's counts: each game's score carries, beside the points, the counts
players check (Scopa cards 22-18, denari, settebello, primiera cards; Bisca card points,
relos, capote; Burraco cards melded and in hand, burraco by kind, pozzetto)."""

from __future__ import annotations

from circolo.games.bisca.scoring import hand_score as bisca_score
from circolo.games.burraco import BurracoRules
from circolo.games.burraco.hand import BurracoHand
from circolo.games.scopa.deck import ALL_CARDS, mask_of, parse_card_run
from circolo.games.scopa.scoring import hand_score as scopa_score
from tests.burraco_setup import position_text


def scopa(first: str, scope: tuple[int, int] = (0, 0)) -> dict[str, object]:
    pile = mask_of(parse_card_run(first))
    return dict(scopa_score([pile, ALL_CARDS ^ pile], list(scope)).details)


def test_scopa_carte_counts_the_cards_of_each_side() -> None:
    details = scopa("7D7H7C6S")
    assert details["cards"] == [4, 36]


def test_scopa_denari_counts_the_diamonds_of_each_side_5_5_included() -> None:
    details = scopa("AD2D3D4D5D")
    assert details["denari"] == [5, 5]


def test_scopa_settebello_names_the_side_that_took_it() -> None:
    assert scopa("7D")["settebello"] == 0
    assert scopa("7H")["settebello"] == 1


def test_scopa_primiera_shows_the_best_card_of_each_suit_and_the_total() -> None:
    """Primiera: the best card of each suit (7 = 21, 6 = 18, A = 16 ...) and their sum."""
    details = scopa("7H6HAD5C2S")
    assert details["primiera_cards"][0] == ["7H", "AD", "5C", "2S"]
    assert details["primiera"][0] == 21 + 16 + 15 + 12
    assert len(details["primiera_cards"][1]) == 4  # the other side holds every suit too


def test_scopa_primiera_of_a_side_missing_a_suit_lists_only_the_suits_held() -> None:
    details = scopa("7H6D")
    assert details["primiera_cards"][0] == ["7H", "6D"]
    assert details["primiera_suits"][0] == 2


def test_scopa_scope_are_counted_per_side() -> None:
    assert scopa("7D", (2, 1))["scope"] == [2, 1]


def test_bisca_relo_counts_relos_not_their_points() -> None:
    """Relo: 2 points in copas, 1 otherwise; the sheet counts the relos themselves."""
    copas = bisca_score([70, 50], True, [4, 0]).details
    assert copas["relos"] == [2, 0]
    plain = bisca_score([70, 50], False, [0, 1]).details
    assert plain["relos"] == [0, 1]


def test_bisca_win_and_capote_name_the_winner_and_the_capote() -> None:
    """61 or more wins; the loser under 30 is capote; 60 x 60 has no winner."""
    capote = bisca_score([95, 25], False, [0, 0]).details
    assert capote["winner"] == 0 and capote["capote"] is True
    plain = bisca_score([50, 70], False, [0, 0]).details
    assert plain["winner"] == 1 and plain["capote"] is False
    tie = bisca_score([60, 60], True, [0, 0]).details
    assert tie["winner"] is None and tie["capote"] is False


def test_bisca_card_points_stay_beside_the_counts() -> None:
    score = bisca_score([70, 50], True, [0, 0], details={"card_points": [70, 50], "copas": True})
    assert score.details["card_points"] == [70, 50] and score.details["copas"] is True
    assert [b["card_points"] for b in score.breakdown] == [70, 50]


def burraco_hand() -> BurracoHand:
    rules = BurracoRules(players=2)
    text = position_text(
        2,
        hands=["KS 2D", ""],
        melds=[
            ["5H 6H 7H", "3C 4C 5C 6C 7C 8C 9C", "3D 4D 5D 6D 7D 8D 9D JK=TD"],
            ["4S 5S 6S 7S 8S 2H=9S TS", "KH KD KC"],
        ],
        pozzetti=[None, "taken"],
        stock="",
        rest="pile",
        phase="over",
        ended="closed",
        closer=1,
        to_move=1,
    )
    hand = rules.hand_from_position(text)
    assert isinstance(hand, BurracoHand)
    return hand


def test_burraco_score_counts_cards_melded_and_in_hand() -> None:
    counts = burraco_hand().score().details["counts"]
    assert counts[0]["melded"] == 3 + 7 + 8 and counts[0]["in_hand"] == 2
    assert counts[1]["melded"] == 7 + 3 and counts[1]["in_hand"] == 0


def test_burraco_counts_each_burraco_by_kind() -> None:
    """Burraco: clean (no wild), semi-clean (7 consecutive naturals and a wild), dirty."""
    counts = burraco_hand().score().details["counts"]
    assert (counts[0]["clean"], counts[0]["semi_clean"], counts[0]["dirty"]) == (1, 1, 0)
    assert (counts[1]["clean"], counts[1]["semi_clean"], counts[1]["dirty"]) == (0, 0, 1)


def test_burraco_pozzetto_and_closing_are_on_the_sheet() -> None:
    """Pozzetto: a side that never took it loses 100; closing earns 100 to the closer."""
    score = burraco_hand().score()
    details = score.details
    assert [c["pozzetto"] for c in details["counts"]] == [0, 1]
    assert [b["no_pozzetto"] for b in score.breakdown] == [-100, 0]
    assert details["closer"] == 1 and details["ended"] == "closed"
