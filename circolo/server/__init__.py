"""The game server: HTTP, the WebSocket protocol, guests, the lobby, table owners, the bus.

Handlers only transport: each live table has one owner task (``owner``), its only writer.
See docs/protocol.md.
"""
