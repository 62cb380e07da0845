"""Tournament pages and the forms behind their buttons (POSTs with CSRF tokens).

Thin: parse, call a service, redirect with a message. The live part of a tournament's page
(standings, rounds, bracket) is also served alone (``tournament_live``), for the page's script
to swap in when the socket says something changed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from accounts.guests import guest_sign_in
from kernel.errors import SiteError
from tournaments import selectors
from tournaments.forms import TournamentForm
from tournaments.models import Tournament
from tournaments.services.lifecycle import (
    late_join_open,
    tournament_cancel,
    tournament_create,
    tournament_join,
    tournament_withdraw,
)
from tournaments.services.rounds import winner_names_backfill


def _list_page(request: HttpRequest, form: TournamentForm) -> HttpResponse:
    listed = selectors.tournaments_listed()
    finished = list(listed["finished"])
    winner_names_backfill(finished)
    return render(request, "tournaments/list.html", {"form": form, **listed, "finished": finished})


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    return _list_page(request, TournamentForm())


@login_required
@require_POST
def tournament_new(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST)
    if not form.is_valid():
        return _list_page(request, form)
    try:
        tournament = tournament_create(creator=request.user, **form.tournament_options())
    except SiteError as error:
        messages.error(request, error.message)
        return _list_page(request, form)
    messages.success(request, "Tournament created. Join it yourself if you mean to play.")
    return redirect("tournaments:detail", tournament.pk)


def _live_context(request: HttpRequest, tournament: Tournament) -> dict:
    entry = selectors.entry_of(tournament, user=request.user)
    rounds = selectors.rounds_with_tables(tournament)
    table_ids = [pairing.match_id for _, tables in rounds for pairing in tables if pairing.match_id]
    return {
        # Tables of a duplicate round still in play: no watch or review link (games.privacy).
        "sealed_matches": selectors.duplicate_tables_sealed(table_ids),
        "tournament": tournament,
        "entry": entry,
        "my_table": selectors.table_of(tournament, entry=entry),
        "standings": selectors.standings_lines(tournament),
        "podium": selectors.tournament_podium(tournament),
        "rounds": rounds,
        "bracket": selectors.bracket_columns(tournament),
        "entrants": selectors.entries_seeded(tournament),
        "can_join": entry is None
        and (tournament.status == Tournament.Status.UPCOMING or late_join_open(tournament)),
    }


@require_GET
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return render(request, "tournaments/detail.html", _live_context(request, tournament))


@require_GET
def tournament_live(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return render(request, "tournaments/_live.html", _live_context(request, tournament))


@require_GET
def tournament_table_end(request: HttpRequest, tournament_id: int, match_id: int) -> HttpResponse:
    """What a finished table of the tournament shows under its result: the standings, when
    the next round comes, and the viewer's next table (static/js/table/event-after.js)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    end = selectors.table_end(
        tournament, match_id=match_id, entry=selectors.entry_of(tournament, user=request.user)
    )
    if end is None:
        raise Http404("not a table of this tournament")
    context = {
        "tournament": tournament,
        "end": end,
        "entry": selectors.entry_of(tournament, user=request.user),
        "standings": selectors.standings_lines(tournament),
    }
    return render(request, "tournaments/_table_end.html", context)


def _act(request: HttpRequest, tournament_id: int, action, done: str) -> HttpResponse:
    try:
        action(tournament_id=tournament_id, user=request.user)
    except SiteError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, done)
    return redirect("tournaments:detail", tournament_id)


@require_POST
def tournament_join_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    get_object_or_404(Tournament, pk=tournament_id)
    if not request.user.is_authenticated:
        refused = guest_sign_in(request)
        if refused is not None:
            return refused
    return _act(request, tournament_id, tournament_join, "You are in.")


@login_required
@require_POST
def tournament_withdraw_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    get_object_or_404(Tournament, pk=tournament_id)
    return _act(request, tournament_id, tournament_withdraw, "You have withdrawn.")


@login_required
@require_POST
def tournament_cancel_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    get_object_or_404(Tournament, pk=tournament_id)
    return _act(request, tournament_id, tournament_cancel, "The tournament is cancelled.")
