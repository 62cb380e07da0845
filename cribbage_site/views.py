"""Site-wide pages that belong to no single app."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def rules(request: HttpRequest) -> HttpResponse:
    """How to play, for this site's games and options; static, so it is the same for everyone."""
    return render(request, "pages/rules.html")
