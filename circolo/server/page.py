"""A minimal page for playing until the browser client (circolo/web) has its index.html."""

import base64
import hashlib
import re

MINIMAL_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Circolo</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:52rem;margin:1rem auto;padding:0 1rem}
button{margin:.2rem;padding:.4rem .8rem}pre{background:#f4f1ea;padding:.5rem;overflow:auto}
#moves button{font-family:monospace}</style></head>
<body><h1>Circolo</h1><p id="me">connecting…</p>
<p>Play now against bots:
<button data-game="scopa">Scopa</button><button data-game="bisca">Bisca</button>
<button data-game="burraco">Burraco</button></p>
<p id="status"></p><div id="moves"></div>
<form id="f"><input id="move" placeholder="move" autocomplete="off"><button>Play</button></form>
<h2>Table</h2><pre id="view"></pre><h2>Events</h2><pre id="log"></pre>
<script type="module">
const $ = (id) => document.getElementById(id);
const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
let table = null, last = 0, n = 0;
const send = (f) => ws.send(JSON.stringify({id: String(++n), ...f}));
const show = (el, obj) => { el.textContent = JSON.stringify(obj, null, 1); };
ws.onopen = () => send({type: "hello", protocol: 1, client: "minimal-page"});
setInterval(() => ws.readyState === 1 && send({type: "ping", t: Date.now()}), 2000);
ws.onmessage = (m) => {
  const f = JSON.parse(m.data);
  if (f.type === "welcome") $("me").textContent = `You are ${f.player.name}`;
  else if (f.type === "table.snapshot") {
    table = f.table_id; last = f.seq; show($("view"), f.snapshot);
  } else if (f.type === "table.events") {
    $("log").textContent = JSON.stringify(f.events) + "\\n" + $("log").textContent;
    send({type: "table.resync", table_id: f.table_id});
  } else if (f.type === "error") $("status").textContent = `${f.code}: ${f.message}`;
  else if (f.type === "play_now.waiting") $("status").textContent = "waiting for players…";
};
document.querySelectorAll("button[data-game]").forEach((b) =>
  b.onclick = () => send({type: "play_now", game: b.dataset.game, players: 2}));
$("f").onsubmit = (e) => { e.preventDefault();
  if (table) send({type: "move", table_id: table, move: $("move").value}); $("move").value = ""; };
</script></body></html>
"""


def _source_hash(tag: str) -> str:
    """The CSP source of this page's one inline ``tag`` (its SHA-256, as browsers hash it)."""
    found = re.search(f"<{tag}[^>]*>(.*?)</{tag}>", MINIMAL_PAGE, re.S)
    assert found is not None
    digest = hashlib.sha256(found.group(1).encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


MINIMAL_SCRIPT = _source_hash("script")
MINIMAL_STYLE = _source_hash("style")
