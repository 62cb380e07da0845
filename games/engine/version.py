"""The version of the rules this engine implements.

Each match stores the version it was created under (``games.Match.rules_version``). Raise this
number whenever a change to the engine would make an existing action log replay differently
(a scoring fix, a new option's behaviour), and keep the old rules reachable for old matches:
``games.rules`` maps every stored version to the code that replays it.
"""

from __future__ import annotations

RULES_VERSION = 1
