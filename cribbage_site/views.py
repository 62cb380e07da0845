"""Site-wide pages that belong to no single app."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.in_play import matches_in_play

HOME_IN_PLAY = 5
"""How many of the visitor's matches in play the home page's box lists (the rest: /games/)."""


def home(request: HttpRequest) -> HttpResponse:
    """The home page; a signed-in visitor (a guest too) sees a box of their matches in play."""
    in_play = matches_in_play(user=request.user, limit=HOME_IN_PLAY + 1)
    return render(
        request,
        "home.html",
        {"in_play": in_play[:HOME_IN_PLAY], "more_in_play": len(in_play) > HOME_IN_PLAY},
    )


def rules(request: HttpRequest) -> HttpResponse:
    """How to play, for this site's games and options; static, so it is the same for everyone."""
    return render(request, "pages/rules.html")
