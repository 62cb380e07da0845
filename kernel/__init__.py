"""The shared kernel: what every app builds on and nothing app-specific.

Errors and their frames, the websocket base and its limits, client addresses, the origin check,
socket authentication, URL converters, the match options' Django fields and the static module
graph. It imports no app (only Django, Channels and the pure rules' option values, through
``match_options``); the composition root (``cribbage_site``) and every app import it. The
import-linter contract in pyproject.toml keeps it that way (docs/architecture.md).
"""
