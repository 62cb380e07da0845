"""Sizes the server enforces, importable without Django's settings (the test harness starts
Daphne with them before any settings are configured)."""

from __future__ import annotations

# The largest websocket message Daphne reads (its --websocket-max-message-size and
# --websocket-max-frame-size). The protocol refuses any frame over 4 KB with a clear error
# (games/protocol.py); past this size the server drops the connection before buffering it.
WEBSOCKET_MAX_MESSAGE_BYTES = 16 * 1024
