"""Every server setting, from ``CIRCOLO_*`` environment variables and an optional TOML file.

Precedence: arguments, then the environment, then the TOML file (``CIRCOLO_CONFIG`` or
``--config``), then the defaults here. Bad values raise ``SettingsError`` naming the setting.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
from pathlib import Path
from typing import Annotated, Any, ClassVar
from urllib.parse import urlsplit

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from circolo.levels import LEVELS
from circolo.store.store import sqlite_url

STANDING: tuple[dict[str, Any], ...] = (
    {"game": "scopa", "seats": 8, "options": {"target": "single_hand"}, "practice": True},
    {"game": "scopa", "seats": 4, "options": {"target": 11}, "fee": 100, "rake_bp": 500},
    {"game": "bisca", "seats": 4, "practice": True},
    {"game": "bisca", "team": 2, "seats": 4, "practice": True},
    {"game": "burraco", "seats": 4, "practice": True},
)
"""The room's standing sit-and-gos by default: practice Scopa of one hand for 8, a Scopa
to 11 for 4 with a fee of 100 chips, practice Bisca for 4 and for 4 pairs, Burraco for 4."""


class SettingsError(ValueError):
    """A setting with a bad value: the message names it (``CIRCOLO_NAME``)."""


class Settings(BaseSettings):
    """The server's settings; every one is ``CIRCOLO_<NAME>`` in the environment."""

    model_config = SettingsConfigDict(env_prefix="CIRCOLO_", extra="forbid", frozen=True)
    toml_file: ClassVar[Path | None] = None

    host: str = "127.0.0.1"
    port: int = Field(8000, ge=0, le=65535)
    data_dir: Path = Path("data")
    database_url: str = ""
    redis_url: str = ""
    redis_prefix: str = "circolo:"
    # Several processes: a table's (or the lobby's) owner holds a Redis lease this long,
    # renewed well before; a dead process's tables move on after it (and a rebuild).
    lease_ttl: float = Field(3.0, ge=0.5, le=60)
    secret_key: str = ""
    public_url: str = ""
    # Pages of other origins whose WebSockets are let in (the room's own always are): a
    # comma-separated list of origins such as https://cards.example.org.
    allowed_origins: Annotated[tuple[str, ...], NoDecode] = ()
    # Client addresses (or networks) that may read /metrics; others get 404.
    metrics_from: Annotated[tuple[str, ...], NoDecode] = ("127.0.0.1/32", "::1/128")
    token_days: float = Field(30.0, gt=0)  # a guest token unused this long is refused
    log_json: bool | None = None
    log_level: str = "info"

    frame_bytes: int = Field(8192, ge=256, le=1_048_576)  # UTF-8 bytes; more: closed (1009)
    rate: float = Field(20.0, gt=0)
    burst: int = Field(40, ge=1)
    rate_cooldown: float = Field(10.0, ge=0)  # an address closed for flooding: no new sockets
    websockets_per_address: int = Field(32, ge=1)  # more are closed (1008)
    websockets_per_player: int = Field(8, ge=1)
    sockets_per_address: int = Field(64, ge=1)  # open TCP connections; more: cut at once
    connections_max: int = Field(10_000, ge=1)  # HTTP answers 503 beyond (uvicorn's own)
    header_timeout: float = Field(5.0, gt=0)  # a request's headers complete within it
    trusted_proxies: Annotated[tuple[str, ...], NoDecode] = ()  # their X-Forwarded-For is believed
    hello_timeout: float = Field(10.0, gt=0)
    heartbeat_interval: float = Field(2.0, gt=0)
    heartbeat_timeout: float = Field(6.0, gt=0)
    chat_chars: int = Field(300, ge=1, le=4000)
    chat_messages: int = Field(5, ge=1)
    chat_window: float = Field(10.0, gt=0)
    spectators: int = Field(50, ge=0)
    tables_per_connection: int = Field(16, ge=1)  # tables one connection has open at once
    resync_frames: int = Field(16, ge=0)
    replay_requests: int = Field(20, ge=1)  # replay GETs an address may make per window
    replay_window: float = Field(60.0, gt=0)
    leaderboard_requests: int = Field(60, ge=1)  # leaderboard pages an address may ask per window
    leaderboard_window: float = Field(60.0, gt=0)
    record_requests: int = Field(60, ge=1)  # profiles, head-to-heads, filtered history pages
    record_window: float = Field(60.0, gt=0)
    replay_queue: int = Field(4, ge=0)  # replays waiting while one is computed; more: 429
    replay_cache_bytes: int = Field(64 * 1024 * 1024, ge=0)  # finished tables' replays kept
    deal_requests: int = Field(120, ge=1)  # GET /api/deal an address may make per window
    deal_window: float = Field(60.0, gt=0)
    logins_per_name: int = Field(10, ge=1)  # login attempts for one name per 15 minutes
    logins_per_address: int = Field(30, ge=1)  # login attempts from one address per 15 minutes
    registrations_per_address: int = Field(5, ge=1)  # accounts made from one address per hour
    reports_per_player: int = Field(10, ge=1)  # match reports one player makes per hour
    reports_per_address: int = Field(30, ge=1)  # match reports from one address per hour
    chips_per_player: int = Field(30, ge=1)  # GET /api/account/chips per account per minute
    chips_per_address: int = Field(120, ge=1)  # GET /api/account/chips per address per minute
    tournament_requests: int = Field(120, ge=1)  # tournament pages and entries per address
    tournament_window: float = Field(60.0, gt=0)
    tournament_look: float = Field(10.0, gt=0)  # seconds between looks for new tournaments
    # The sit-and-gos always open for registration: each a tournament config without "kind"
    # (docs/tournaments.md); a new one opens as soon as one starts.
    tournaments: list[dict[str, Any]] = Field(default_factory=lambda: list(STANDING))

    table: dict[str, int | float] = Field(default_factory=dict)
    play_now_wait: float = Field(0.0, ge=0)  # 0: with nobody waiting, Play now starts with bots
    play_now_level: str = "greedy"  # the bots' level when a Play now frame names none
    resume_grace: float = Field(10.0, ge=0)
    finished_linger: float = Field(60.0, ge=0)  # a finished table stays open, then retires
    waiting_grace: float = Field(30.0, ge=0)  # a waiting table nobody of it has open: dropped
    waiting_tables_per_player: int = Field(3, ge=1)  # created or seated at, still waiting
    bot_tables_per_player: int = Field(4, ge=1)  # live tables where the player sits with bots

    bot_processes: int = Field(0, ge=0)
    bot_budget_ms: float = Field(1000.0, gt=0)
    bot_margin: float = Field(2.0, ge=0)
    bot_delay: float = Field(0.6, ge=0)
    bot_wait: float = Field(30.0, ge=0)  # a bot turn waits its fair turn for a worker this long
    shutdown_grace: float = Field(5.0, ge=0)

    @field_validator("redis_url")
    @classmethod
    def _redis(cls, value: str) -> str:
        """Empty for the in-process bus, else a Redis URL for the Redis bus."""
        if value and not value.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError("must be empty (in-process bus) or a redis:// URL")
        return value

    @field_validator("allowed_origins", mode="before")
    @classmethod
    def _origins(cls, value: Any) -> Any:
        """Origins as ``scheme://host[:port]``, lowercased, without a path."""
        found = []
        for origin in _items(value):
            parts = urlsplit(origin.lower())
            if parts.scheme not in ("http", "https") or not parts.netloc or parts.path.strip("/"):
                raise ValueError(f"{origin!r} is not an origin such as https://host:port")
            found.append(f"{parts.scheme}://{parts.netloc}")
        return tuple(found)

    @field_validator("metrics_from", "trusted_proxies", mode="before")
    @classmethod
    def _networks(cls, value: Any) -> Any:
        """Addresses or networks (``10.0.0.0/8``); each must parse."""
        found = _items(value)
        for network in found:
            try:
                ipaddress.ip_network(network, strict=False)
            except ValueError:
                raise ValueError(f"{network!r} is not an address or network") from None
        return tuple(found)

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        levels = ("debug", "info", "warning", "error")
        if value.lower() not in levels:
            raise ValueError(f"must be one of {', '.join(levels)}")
        return value.lower()

    @field_validator("table")
    @classmethod
    def _table(cls, value: dict[str, float]) -> dict[str, float]:
        """The room's numbers for new tables (rules/room.md), by name: TableSettings."""
        from circolo.table import TableError, TableSettings

        try:
            TableSettings.from_json(value)
        except TableError as error:
            raise ValueError(error.message) from None
        return value

    @field_validator("play_now_level")
    @classmethod
    def _bot_level(cls, value: str) -> str:
        if value not in LEVELS:
            raise ValueError(f"must be one of {', '.join(LEVELS)}")
        return value

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources: list[PydanticBaseSettingsSource] = [init_settings, env_settings]
        if cls.toml_file is not None:
            sources.append(TomlConfigSettingsSource(settings_cls, toml_file=cls.toml_file))
        return tuple(sources)

    @property
    def url(self) -> str:
        """The database URL: the setting, else an SQLite file in ``data_dir``."""
        if self.database_url:
            return self.database_url
        return sqlite_url(self.data_dir / "circolo.sqlite3")

    @property
    def cluster(self) -> bool:
        """Is this process one of several sharing the room (PostgreSQL and Redis both set)?
        With SQLite the room is one process, whatever the bus."""
        return bool(self.redis_url) and self.url.startswith("postgresql")

    @property
    def base_url(self) -> str:
        return self.public_url.rstrip("/") or f"http://{self.host}:{self.port}"

    @property
    def bot_workers(self) -> int:
        """The bot pool's size: the setting, else one per CPU but one (at least one)."""
        return self.bot_processes or max(1, (os.cpu_count() or 2) - 1)


def _items(value: Any) -> list[str]:
    """A list setting from the environment (``a,b``) or TOML (a list)."""
    if isinstance(value, str):
        return [item.strip() for item in value.split(",") if item.strip()]
    if isinstance(value, list | tuple):
        return [str(item).strip() for item in value]
    raise ValueError("must be a list, or text with commas between the items")


def load_settings(config: Path | str | None = None, **overrides: Any) -> Settings:
    """Settings from overrides, the environment and the TOML file; ``SettingsError`` names
    every bad setting. The secret key, when unset, is kept in ``data_dir/secret_key``."""
    path = config or os.environ.get("CIRCOLO_CONFIG")
    toml = Path(path) if path else None
    if toml is not None and not toml.is_file():
        raise SettingsError(f"CIRCOLO_CONFIG: no such file {toml}")

    class _Loaded(Settings):
        toml_file: ClassVar[Path | None] = toml

    try:
        loaded = _Loaded(**overrides)
    except ValidationError as error:
        raise SettingsError(_describe(error)) from None
    settings = Settings.model_construct(**loaded.model_dump())
    if not settings.secret_key:
        settings = settings.model_copy(update={"secret_key": _secret(settings.data_dir)})
    return settings


def _describe(error: ValidationError) -> str:
    lines = []
    for item in error.errors():
        name = "_".join(str(part) for part in item["loc"]).upper()
        message = item["msg"]
        if item["type"] == "extra_forbidden":
            message = "no such setting"
        lines.append(f"CIRCOLO_{name}: {message} (got {item.get('input')!r})")
    return "; ".join(lines)


def _secret(data_dir: Path) -> str:
    """A signing key kept beside the database, so guest cookies survive a restart."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / "secret_key"
    if path.is_file():
        return path.read_text().strip()
    key = secrets.token_urlsafe(32)
    path.write_text(key)
    path.chmod(0o600)
    return key
