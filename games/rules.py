"""Which rules a stored match is played and replayed under: its ``rules_version``.

A match keeps the engine's ``RULES_VERSION`` from the moment it was created, so after the
engine changes, a finished match still replays (for its review, its fairness check, a rebuild
of its snapshot) under the rules it was played with. Every version still stored needs an entry
in ``REPLAYERS``; when the engine's rules change, the old rules stay reachable from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games import engine
from games.engine.version import RULES_VERSION
from games.models import Match, MatchAction
from games.services.errors import ServiceError

Replayer = Callable[..., tuple[Any, list[Any]]]

# Rules version -> the function that rebuilds a match under those rules.
REPLAYERS: dict[int, Replayer] = {RULES_VERSION: engine.replay}


def replayer_for(*, rules_version: int) -> Replayer:
    """The replay function for ``rules_version``, or a ServiceError naming the versions known."""
    replayer = REPLAYERS.get(rules_version)
    if replayer is None:
        known = ", ".join(str(version) for version in sorted(REPLAYERS))
        raise ServiceError(
            "rules_version_unknown",
            f"match rules version {rules_version} is not known to this server (known: {known})",
        )
    return replayer


def match_replay(*, match: Match) -> tuple[Any, list[Any]]:
    """Rebuild ``match`` from its action log under its own rules: ``(state, events)``."""
    replayer = replayer_for(rules_version=match.rules_version)
    payloads: Iterable[dict] = (
        MatchAction.objects.filter(match=match).order_by("number").values_list("payload", flat=True)
    )
    actions = [engine.action_from_dict(payload) for payload in payloads]
    options = engine.MatchOptions.from_dict(match.options_dict)
    return replayer(options, actions)
