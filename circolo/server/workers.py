"""``circolo serve --workers N``: N processes serving one port, each a part of the room.

The supervisor binds the port once and hands the listening socket to each worker (the
kernel shares the connections out); a worker that dies is started again, and SIGTERM or
SIGINT is passed on to every worker, which drains (its tables go to the others at once)
and stops.
"""

from __future__ import annotations

import multiprocessing
import signal
import socket
import time
from collections.abc import Callable
from typing import Any

import structlog

log = structlog.get_logger(__name__)

RESTART_PAUSE = 1.0
"""Seconds before a dead worker is started again (a crash loop does not spin)."""


def listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def supervise(settings: Any, workers: int, run: Callable[[Any, Any], None]) -> None:
    """Run ``workers`` processes of ``run(settings, sock)`` until SIGTERM or SIGINT."""
    from circolo.server import logs

    logs.configure(settings.log_level, settings.log_json)
    sock = listen(settings.host, settings.port)
    context = multiprocessing.get_context("spawn")
    stopping = False

    def start() -> multiprocessing.process.BaseProcess:
        process = context.Process(target=run, args=(settings, sock), daemon=False)
        process.start()
        return process

    def stop(_sig: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    processes = [start() for _ in range(workers)]
    log.info("workers_started", workers=workers, pids=[p.pid for p in processes])
    while not stopping:
        time.sleep(0.2)
        for i, process in enumerate(processes):
            if not process.is_alive() and not stopping:
                log.warning("worker_died", pid=process.pid, code=process.exitcode)
                time.sleep(RESTART_PAUSE)
                processes[i] = start()
    for process in processes:
        if process.is_alive() and process.pid is not None:
            process.terminate()  # SIGTERM: each drains
    for process in processes:
        process.join(settings.shutdown_grace + 30)
        if process.is_alive():
            process.kill()
    sock.close()
    log.info("workers_stopped")
