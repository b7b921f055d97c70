"""The room's icon: an SVG linked by the page and answered at /favicon.ico (where browsers
look unasked), with its type, under the page's Content-Security-Policy (same origin)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from circolo.server.app import create_app
from circolo.server.settings import load_settings

pytestmark = pytest.mark.anyio


async def test_the_icon_is_an_svg_at_both_addresses(tmp_path: Path) -> None:
    settings = load_settings(data_dir=tmp_path, secret_key="k")
    transport = httpx.ASGITransport(app=create_app(settings))
    async with httpx.AsyncClient(transport=transport, base_url="http://room") as http:
        page = await http.get("/")
        assert '<link rel="icon" href="/web/favicon.svg" type="image/svg+xml">' in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]
        for path in ("/web/favicon.svg", "/favicon.ico"):
            icon = await http.get(path)
            assert icon.status_code == 200, path
            assert icon.headers["content-type"].startswith("image/svg+xml"), path
            assert icon.text.startswith("<svg") and "<script" not in icon.text
