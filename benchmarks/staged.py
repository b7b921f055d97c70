"""``circolo serve`` with its synchronous stages timed in thread CPU time, from SIGUSR2
until SIGUSR1, which writes them, with each thread's CPU seconds, as JSON: for
``benchmarks/server.py --profile-stages``. Unlike a profiler, it times only the stages
named here, each call twice read from the thread's clock (about a microsecond), so the
shares it gives are not stretched by the cost of measuring every small call.

    python -P benchmarks/staged.py OUT.json [serve options]
"""

from __future__ import annotations

import functools
import importlib
import inspect
import json
import os
import runpy
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

STAGES = {
    "step with its messages": ("circolo.table.presenter", "Presenter.handle"),
    "  the table's step": ("circolo.table.table", "Table.handle"),
    "  the messages": ("circolo.table.presenter", "Presenter.messages"),
    "publish": ("circolo.server.owner", "Owner._publish"),
    "lobby entry": ("circolo.server.lobby", "Lobby.relist"),
    "frame parsed": ("circolo.server.protocol", "parse"),
    "frame text": ("circolo.server.connection", "Session._text"),
    "bot's choice (on the loop)": ("circolo.server.owner", "choose_here"),
}
"""What is timed: a name, and where its function is (module, attribute path)."""

SOCKET_STAGES = {"frames written": "write_now", "bytes read": "data_received"}
"""Methods of our WebSocket protocol (``transport.protocols``) timed the same way."""

Tally = dict[str, list[float]]  # stage -> [calls, CPU seconds]


def timed(function: Callable[..., Any], tally: list[float]) -> Callable[..., Any]:
    """``function``, counting its calls and CPU seconds (this thread's) in ``tally``."""
    clock = time.thread_time

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = clock()
        try:
            return function(*args, **kwargs)
        finally:
            tally[0] += 1
            tally[1] += clock() - started

    return wrapper


def install(tallies: Tally) -> None:
    """Every stage timed into ``tallies``, before the server is made."""
    for name, (module_name, path) in STAGES.items():
        *owners, attribute = path.split(".")
        owner: Any = importlib.import_module(module_name)
        for part in owners:
            owner = getattr(owner, part)
        wrapper: Any = timed(getattr(owner, attribute), tallies.setdefault(name, [0, 0.0]))
        if isinstance(inspect.getattr_static(owner, attribute), staticmethod):
            wrapper = staticmethod(wrapper)
        setattr(owner, attribute, wrapper)
    from circolo.server import transport

    protocols = transport.protocols

    def timed_protocols(*args: Any, **kwargs: Any) -> Any:
        http, websocket = protocols(*args, **kwargs)
        for name, method in SOCKET_STAGES.items():
            tally = tallies.setdefault(name, [0, 0.0])
            setattr(websocket, method, timed(getattr(websocket, method), tally))
        return http, websocket

    transport.protocols = timed_protocols


def threads_cpu() -> dict[str, float]:
    """Each thread's CPU seconds so far, by its name (the store's threads name theirs)."""
    tick = os.sysconf("SC_CLK_TCK")
    names = {thread.native_id: thread.name for thread in threading.enumerate()}
    found = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            fields = (task / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        name = names.get(int(task.name), "other")
        found[f"{name} ({task.name})"] = (int(fields[11]) + int(fields[12])) / tick
    return found


def main() -> None:
    out, options = sys.argv[1], sys.argv[2:]
    tallies: Tally = {}
    install(tallies)
    since: dict[str, float] = {}

    def start(_signal: int, _frame: FrameType | None) -> None:
        for tally in tallies.values():
            tally[:] = [0, 0.0]
        since.clear()
        since.update(threads_cpu())

    def stop(_signal: int, _frame: FrameType | None) -> None:
        threads = {k: round(v - since.get(k, 0.0), 3) for k, v in threads_cpu().items()}
        stages = {
            name: {"calls": int(calls), "cpu_seconds": round(cpu, 4)}
            for name, (calls, cpu) in tallies.items()
        }
        Path(out).write_text(json.dumps({"stages": stages, "threads": threads}, indent=2) + "\n")

    signal.signal(signal.SIGUSR2, start)
    signal.signal(signal.SIGUSR1, stop)
    sys.argv = ["circolo.serve_cli", *options]
    runpy.run_module("circolo.serve_cli", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
