"""structlog setup: JSON lines when not on a terminal, readable lines on one."""

from __future__ import annotations

import logging
import sys

import structlog


def configure(level: str = "info", as_json: bool | None = None) -> None:
    """Route structlog (and the stdlib loggers, uvicorn's too) to stderr."""
    if as_json is None:
        as_json = not sys.stderr.isatty()
    renderer: structlog.types.Processor = (
        structlog.processors.JSONRenderer() if as_json else structlog.dev.ConsoleRenderer()
    )
    shared: list[structlog.types.Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    structlog.configure(
        processors=[*shared, structlog.processors.format_exc_info, renderer],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level.upper())),
        logger_factory=structlog.PrintLoggerFactory(sys.stderr),
        cache_logger_on_first_use=True,
    )
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta, renderer,
        ], foreign_pre_chain=shared)
    )  # fmt: skip
    handler.addFilter(_not_a_connection_line)
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level.upper())


def _not_a_connection_line(record: logging.LogRecord) -> bool:
    """uvicorn logs two lines at info for every WebSocket it accepts ('"WebSocket /ws"
    [accepted]' and websockets' "connection open"): a log any client fills by reconnecting,
    and 7 % of the server's CPU under clients that flood and reconnect
    (tests/test_soak_abuse.py). The room counts connections in /metrics instead."""
    if record.name != "uvicorn.error" or record.levelno >= logging.WARNING:
        return True
    message = str(record.msg)
    return not (message == "connection open" or message.endswith('" [accepted]'))
