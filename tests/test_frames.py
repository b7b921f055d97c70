"""The schema of every frame the server sends (circolo/server/frames.py): it refuses what it
does not declare, it knows every type the code sends, and docs/protocol.md is written
from it. The server tests (tests/conftest.py ``Client``) and the browser tests
(tests/e2e/conftest.py ``Player``) check every frame they receive with it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from circolo.server import frames

PACKAGE = Path(__file__).resolve().parent.parent / "circolo"
MOVE = {
    "type": "move", "seat": 0, "move": "7D x 7C", "auto": False, "bot": False, "at": 1.0,
    "bots": [1], "events": [{"kind": "capture", "seat": 0, "card": "7D", "cards": ["7C"]}],
}  # fmt: skip
EVENTS = {"type": "table.events", "table_id": "t_1", "seat": 0, "prev": 3, "seq": 4}


def test_a_declared_frame_passes() -> None:
    frames.check({**EVENTS, "events": [MOVE]})
    frames.check({"type": "ack", "ref": "m1", "table_id": "t_1", "seq": 4})


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "no_such_frame"},
        {**EVENTS, "events": [MOVE], "extra": 1},  # an undeclared field
        {**EVENTS, "events": [{**MOVE, "text": "Marco prende"}]},  # in a happening
        {**EVENTS, "events": [{**MOVE, "type": "played"}]},  # an undeclared happening
        {"type": "ack", "ref": 3},  # a field of the wrong type
        {**EVENTS, "events": [{"type": "update", "state": {"hand": {"ply": 1, "view": {
            "game": "scopa", "scope": [1, 0]}}}}]},  # a view field no game sends
    ],
)  # fmt: skip
def test_an_undeclared_frame_or_field_is_refused(frame: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        frames.check(frame)


def sent_types() -> set[str]:
    """Every ``"type": "..."`` a frame or happening is built with in the table and server
    (the table's commands, the client's frames and the HTTP machinery left out)."""
    found = set()
    for path in [*(PACKAGE / "table").glob("*.py"), *(PACKAGE / "server").glob("*.py")]:
        if path.name in ("frames.py", "protocol.py", "page.py", "commands.py"):
            continue
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'"type": "([a-z_.]+)"', text))
        found |= set(re.findall(r'p\.frame\(\s*"([a-z_.]+)"', text))
    return found - {"http", "http.response.start", "pmessage", "websocket.disconnect"}


def test_every_type_the_code_sends_is_declared() -> None:
    declared = {frames.type_of(m) for m in (*frames.FRAMES, *frames.HAPPENINGS)}
    sent = sent_types()
    assert len(sent) > 30, sent
    assert sent <= declared, sorted(sent - declared)


def test_the_browser_check_knows_the_fields_of_each_frame() -> None:
    shapes = frames.shapes()
    assert shapes["by"] == "type"
    events = shapes["cases"]["table.events"]["fields"]["events"]["items"]
    assert set(events["cases"]) == {frames.type_of(m) for m in frames.HAPPENINGS}
    view = events["cases"]["update"]["fields"]["state"]["fields"]["hand"]["fields"]["view"]
    assert "scores" in view["cases"]["scopa"]["fields"]
    assert "scope" not in view["cases"]["scopa"]["fields"]


def test_docs_protocol_md_lists_the_frames_as_declared() -> None:
    text = frames.DOC.read_text(encoding="utf-8")
    assert text == frames.documented(text), (
        "docs/protocol.md differs from circolo/server/frames.py: "
        "run `python -m circolo.server.frames`"
    )
