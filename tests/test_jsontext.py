"""The room's JSON text: orjson where it can, the standard library for what it refuses,
the same text either way."""

from __future__ import annotations

import json
import math

from circolo.jsontext import dumps, loads


def compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def test_a_frame_is_written_as_the_standard_library_writes_it() -> None:
    frame = {"type": "update", "state": {"hand": {"legal": [{"id": "7D x 3C 4H"}]}},
             "at": 1700000000.25, "bots": [1], "seat": None, "ok": True, "name": "Zé"}  # fmt: skip
    assert dumps(frame) == compact(frame)


def test_keys_that_are_numbers_are_written_as_strings() -> None:
    value = {"scores": {0: 11, 1: 7}, "at": 2.5}
    assert dumps(value) == compact(value) == '{"scores":{"0":11,"1":7},"at":2.5}'
    assert loads(dumps(value)) == {"scores": {"0": 11, "1": 7}, "at": 2.5}


def test_a_number_over_64_bits_and_a_non_finite_one_are_still_strict_json() -> None:
    assert dumps({"seed": 1 << 200}) == compact({"seed": 1 << 200})
    assert dumps({"t": math.inf, "u": math.nan}) == '{"t":null,"u":null}'
