"""One registry of games: every game in ``circolo.games.GAMES`` has its bots, its terminal
screen, its browser table module and the art of its card faces, each registered by the
game's name from its ``Rules``; and the facts the room needs of a game come from its rules
(the default card faces: French for Bisca Capixaba)."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from circolo.bots import make_bot
from circolo.bots.registry import BOTS
from circolo.cards import Faces
from circolo.deal import DealError, deal_of
from circolo.engine import OptionError
from circolo.games import GAMES, rules_class
from circolo.levels import LEVELS
from circolo.terminal.registry import TERMINALS, terminal_game
from tests.conftest import Client, ServerProcess

WEB = Path(__file__).resolve().parents[1] / "circolo" / "web" / "js"


def web_tables() -> dict[str, str]:
    """``web/js/table/games.js``: each game's table module, by name."""
    text = (WEB / "table" / "games.js").read_text(encoding="utf-8")
    imports = dict(re.findall(r'import \* as (\w+) from "\./(\w+)\.js";', text))
    registry = re.search(r"export const TABLES = \{([^}]*)\}", text)
    assert registry is not None
    return {name.strip(): imports[name.strip()] for name in registry.group(1).split(",")}


def test_every_game_has_its_bots_terminal_table_module_and_card_art() -> None:
    assert set(BOTS) == set(TERMINALS) == set(web_tables()) == set(GAMES)
    for game, rules in GAMES.items():
        assert rules.game == game and rules_class(game) is rules
        assert BOTS[game].RULES is rules and TERMINALS[game].RULES is rules
        assert (WEB / "table" / f"{web_tables()[game]}.js").is_file()
        assert rules.card_faces, game
        for faces in rules.card_faces:
            assert (WEB / "art" / f"{faces.value}.js").is_file(), (game, faces)
        for level in LEVELS:
            assert make_bot(game, level, 1, iterations=1).name == level


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_reveals_its_deal_with_the_inputs_it_declares(game: str) -> None:
    """``circolo.deal`` names no game: each ``Rules.reveal_deal`` deals its own hand, every
    card of the deck going to one place, and the browser's verify page and history learn
    the inputs from ``describe()`` and the rest from the game's table module."""
    rules = GAMES[game]
    inputs = {"cuts": [17]} if "cut" in rules.deal_inputs else {}
    if "choice" in rules.deal_inputs:
        inputs["choice"] = rules.deal_choices[-1]
    for players in (2, 4):
        deal = deal_of(game, "1", players, players - 1, **inputs)
        assert (deal.game, deal.players, deal.first, deal.waiting) == (
            game,
            players,
            players - 1,
            None,
        )
        assert sorted(deal.order) == list(range(players)) and all(deal.hands)
        placed = [*(c for cards in deal.hands for c in cards), *deal.table, *deal.pile]
        placed += [*(c for cards in deal.pozzetti for c in cards), *deal.stock]
        assert sorted(placed) == sorted(deal.deck), "every card dealt to exactly one place"
    if "cut" not in rules.deal_inputs:
        with pytest.raises(DealError):
            deal_of(game, "1", cuts=[17])
    if "choice" not in rules.deal_inputs:
        with pytest.raises(DealError):
            deal_of(game, "1", choice="copas")
    assert rules.describe()["deal"]["inputs"] == list(rules.deal_inputs)
    module = (WEB / "table" / f"{web_tables()[game]}.js").read_text(encoding="utf-8")
    assert "export const DEAL_DECK" in module and "export const dealMatches" in module
    assert "export function sheetRows" in module
    for page in ("verify.js", "history.js", "table/results.js"):
        assert f'"{game}"' not in (WEB / page).read_text(encoding="utf-8"), page


def test_a_game_outside_the_registry_is_refused_everywhere() -> None:
    for refuse in (rules_class, terminal_game, lambda g: make_bot(g, "greedy")):
        with pytest.raises(OptionError):
            refuse("chess")


def test_the_default_faces_come_from_each_games_rules() -> None:
    assert GAMES["bisca"].card_faces[0] is Faces.FRENCH  # the Brazilian deck: A, 7, K, J, Q
    assert GAMES["scopa"].card_faces[0] is Faces.ITALIAN
    assert GAMES["burraco"].card_faces == (Faces.FRENCH,)  # 8, 9, 10 and jokers
    assert {g: rules.describe()["faces"][0] for g, rules in GAMES.items()} == {
        "scopa": "italian",
        "bisca": "french",
        "burraco": "french",
    }


@pytest.mark.anyio
async def test_a_bisca_table_is_dealt_with_french_faces_by_default(server: ServerProcess) -> None:
    """The browser draws a table's cards with the game's faces unless the player chose
    others: it learns them from the lobby's data and /api/games, both from the rules."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        listed = (await http.get("/api/games")).json()
    assert [g["game"] for g in listed] == list(GAMES)
    client = await Client.connect(server.url)
    lobby = await client.request({"type": "lobby.subscribe"})
    assert lobby["games"] == listed
    assert lobby["bot_levels"] == list(LEVELS)
    assert lobby["speeds"] == ["standard", "relaxed", "untimed"]
    seated = await client.request({"type": "play_now", "game": "bisca", "players": 2})
    assert seated["type"] != "error", seated
    faces = {g["game"]: g["faces"] for g in lobby["games"]}
    assert faces["bisca"][0] == "french" and "italian" in faces["bisca"]
    assert faces["scopa"][0] == "italian" and faces["burraco"] == ["french"]
    await client.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_a_faces_option_defaulting_to_its_own_deck(game: str) -> None:
    rules = rules_class(game)
    spec = next(o for o in rules.describe()["options"] if o["name"] == "faces")
    own = [face.value for face in rules.card_faces]
    assert spec["default"] == own[0] and spec["choices"] == own
    assert rules().options()["faces"] == own[0]
    for face in own:
        assert rules.from_options({"faces": face}).faces == face
    for bad in ("german", "", None, 1) if game != "burraco" else ("italian", "german"):
        with pytest.raises(OptionError, match="faces must be one of") as refused:
            rules.from_options({"faces": bad})
        assert refused.value.code == "bad_option"


@pytest.mark.anyio
async def test_a_tables_faces_are_kept_and_sent_to_everyone_at_it(server: ServerProcess) -> None:
    """A Bisca table created with Italian faces: the guest's screen names the table's
    faces; faces a game's deck cannot be drawn with are refused (bad_option)."""
    host = await Client.connect(server.url)
    guest = await Client.connect(server.url)
    for game, faces in (("burraco", "italian"), ("scopa", "german")):
        refused = await host.request(
            {
                "type": "table.create",
                "game": game,
                "options": {"faces": faces},
                "seats": [{"kind": "me"}, {"kind": "open"}],
            }
        )
        assert refused["type"] == "error" and refused["code"] == "bad_option", refused
        assert "faces must be one of" in refused["message"]
    created = await host.request(
        {
            "type": "table.create",
            "game": "bisca",
            "options": {"faces": "italian"},
            "seats": [{"kind": "me"}, {"kind": "open"}],
        }
    )
    assert created["type"] != "error", created
    joined = await guest.request({"type": "table.join", "table_id": created["table_id"], "seat": 1})
    assert joined["type"] != "error", joined
    live = await guest.until(lambda f: f["type"] == "table.snapshot" and "state" in f["snapshot"])
    assert live["snapshot"]["state"]["table"]["options"]["faces"] == "italian"
    await host.close()
    await guest.close()
