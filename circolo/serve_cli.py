"""``circolo serve``: the game server (Starlette + uvicorn) on one machine."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import click


@click.command()
@click.option("--host", default=None, help="Address to listen on (CIRCOLO_HOST; 127.0.0.1).")
@click.option("--port", type=int, default=None, help="Port (CIRCOLO_PORT; 8000; 0: any free).")
@click.option("--data-dir", type=click.Path(path_type=Path), default=None,
              help="Folder of the SQLite file and the key (CIRCOLO_DATA_DIR; data).")  # fmt: skip
@click.option("--config", type=click.Path(path_type=Path), default=None,
              help="A TOML file of settings (CIRCOLO_CONFIG).")  # fmt: skip
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Processes sharing the port (several need PostgreSQL and Redis).")  # fmt: skip
def serve(
    host: str | None, port: int | None, data_dir: Path | None, config: Path | None, workers: int
) -> None:
    """Serve the card room: lobby, tables and bots, at http://HOST:PORT/."""
    from circolo.server.settings import SettingsError, load_settings

    overrides: dict[str, Any] = {}
    for name, value in (("host", host), ("port", port), ("data_dir", data_dir)):
        if value is not None:
            overrides[name] = value
    try:
        settings = load_settings(config, **overrides)
    except SettingsError as error:
        raise click.UsageError(str(error)) from None
    if workers == 1:
        run(settings)
        return
    if not settings.cluster:
        raise click.UsageError(
            "several workers share one room through PostgreSQL and Redis: set "
            "CIRCOLO_DATABASE_URL (postgresql+asyncpg://...) and CIRCOLO_REDIS_URL "
            "(redis://...), or serve with one worker"
        )
    from circolo.server.workers import supervise

    supervise(settings, workers, run)


def run(settings: Any, sock: Any = None) -> None:
    """Run until SIGINT or SIGTERM; both shut down cleanly (connections told, commits done)."""
    import structlog
    import uvicorn

    from circolo.server import garbage, logs, transport
    from circolo.server.app import create_app

    logs.configure(settings.log_level, settings.log_json)
    before, files = transport.raise_file_limit()
    budget = transport.socket_budget(files, settings.connections_max)
    structlog.get_logger(__name__).log(
        logging.INFO if budget == settings.connections_max else logging.WARNING,
        "file_limit", files=files, raised_from=before, connections_max=budget,
    )  # fmt: skip
    proxied = bool(settings.trusted_proxies)
    app = create_app(settings)
    per_address = None if proxied else settings.sockets_per_address
    sockets = transport.Sockets(budget, per_address, app.state.server.cooling)
    http, ws = transport.protocols(sockets, settings.header_timeout)
    config = uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        http=http,
        ws=ws,
        # Per-message deflate keeps zlib state of about 50 KiB per connection (measured in
        # benchmarks/server.py) to save a kilobyte or two per frame: not worth it here.
        ws_per_message_deflate=False,
        # the protocol's limit, in bytes: a longer frame is refused (1009) before it is read
        ws_max_size=settings.frame_bytes,
        # No transport ping: the protocol's heartbeat closes a client silent for
        # CIRCOLO_HEARTBEAT_TIMEOUT (6 s), so a ping every 20 s found nothing it had not;
        # it cost every connection two timers and a ping and pong a cycle.
        ws_ping_interval=None,
        limit_concurrency=budget,
        # a kept-alive connection idle as long as a request may take to send its headers
        timeout_keep_alive=max(1, round(settings.header_timeout)),
        # the client's address from X-Forwarded-For only behind a proxy the settings name
        proxy_headers=proxied,
        forwarded_allow_ips=",".join(settings.trusted_proxies) or None,
        log_config=None,
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=int(settings.shutdown_grace) or 1,
    )
    server = _Server(config, app.state.server, sockets)

    def load() -> int:
        """The room's connections and live tables: its memory grows with them."""
        room = app.state.server.room  # None until the room has started
        return sockets.open + (len(room.owners) if room is not None else 0)

    async def serve_and_sweep() -> None:
        sweeping = asyncio.create_task(garbage.sweep(load))
        try:
            await server.serve(None if sock is None else [sock])
        finally:
            sweeping.cancel()

    with asyncio.Runner(loop_factory=config.get_loop_factory()) as runner:  # uvloop if there
        runner.run(serve_and_sweep())


class _Server:
    """uvicorn's server, telling every connection before it closes them."""

    def __init__(self, config: Any, room_server: Any, sockets: Any) -> None:
        import uvicorn

        from circolo.server import garbage

        class Server(uvicorn.Server):
            def handle_exit(self, sig: int, frame: FrameType | None) -> None:
                if self.should_exit:
                    return super().handle_exit(sig, frame)
                loop = asyncio.get_running_loop()
                task = loop.create_task(room_server.notify_shutdown())
                task.add_done_callback(lambda _: uvicorn.Server.handle_exit(self, sig, frame))

            async def startup(self, sockets: Any = None) -> None:
                await super().startup(sockets)
                # After the lifespan: what migrating and restoring the tables left behind
                # (a few thousand objects in cycles) is collected now, the rest frozen.
                garbage.pace()
                if self.started:
                    for server in self.servers:
                        for sock in server.sockets:
                            host, port = sock.getsockname()[:2]
                            click.echo(f"Circolo is serving at http://{host}:{port}/", err=False)
                            sys.stdout.flush()

        self.server = Server(config)
        self.sockets = sockets

    async def serve(self, listening: list[Any] | None) -> None:
        from circolo.server.transport import watch_files

        watcher = asyncio.get_running_loop().create_task(watch_files(self.sockets))
        try:
            await self.server.serve(listening)
        finally:
            watcher.cancel()


if __name__ == "__main__":
    serve()
