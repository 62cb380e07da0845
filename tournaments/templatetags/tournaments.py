"""``{% tournaments_open %}``: the lobby's list of upcoming and running tournaments.

A template tag, so the lobby's template can show tournaments while the lobby's Python never
imports this app (tournaments sit above the lobby: docs/architecture.md).
"""

from __future__ import annotations

from django import template

from tournaments.selectors import tournaments_listed

register = template.Library()


@register.inclusion_tag("tournaments/_lobby_list.html")
def tournaments_open() -> dict:
    listed = tournaments_listed()
    return {"upcoming": listed["upcoming"][:10], "running": listed["running"][:10]}
