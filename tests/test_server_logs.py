"""The server's log: what it writes and what it leaves out."""

from __future__ import annotations

import logging

from circolo.server import logs


def test_a_websocket_opened_writes_no_log_line() -> None:
    """uvicorn's two info lines for each WebSocket accepted are dropped (any client could
    fill the log by reconnecting); its other lines, and warnings, are kept."""

    def kept(message: str, level: int = logging.INFO, name: str = "uvicorn.error") -> bool:
        record = logging.LogRecord(name, level, __file__, 1, message, None, None)
        return logs._not_a_connection_line(record)

    assert not kept('%s - "WebSocket %s" [accepted]')
    assert not kept("connection open")
    assert kept("Uvicorn running on %s://%s:%d (Press CTRL+C to quit)")
    assert kept("connection open", logging.WARNING)
    assert kept("connection open", name="circolo.server.app")
