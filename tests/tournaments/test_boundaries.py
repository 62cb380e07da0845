"""Tournaments sit above games, the lobby and ratings: nothing below imports them."""

from __future__ import annotations

from tests.site.test_app_boundaries import offenders, within


def test_no_app_below_imports_the_tournaments():
    for app in ("games", "lobby", "ratings", "accounts"):
        assert offenders(app, lambda name: not within(name, "tournaments")) == {}, app


def test_the_tournaments_never_reach_into_another_apps_views_or_consumers():
    def allowed(name: str) -> bool:
        parts = name.split(".")
        return not (
            parts[0] in {"games", "lobby", "ratings", "accounts"}
            and len(parts) > 1
            and parts[1] in {"views", "consumers"}
        )

    assert offenders("tournaments", allowed) == {}
