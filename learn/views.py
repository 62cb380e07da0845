"""The learn pages: thin (read the query or form, ask learn's modules, render).

Every page keeps its state in the URL (a GET form), so a position can be shared by its
address and works without scripts; bad cards come back as the same page with the message and
status 400, never an error page.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from games.engine.cards import Card
from kernel.addresses import client_address
from learn import practice, puzzles
from learn.board import (
    PlayPosition,
    ThrowPosition,
    many_seat_throws,
    play_card_values,
    throws_ranked,
)
from learn.cards_input import cards_read, starter_read
from learn.counting import KIND_NAMES, KINDS, count_hand
from learn.errors import LearnError
from learn.models import CountingProgress
from learn.play_line import line_words


def _page(request: HttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    status = 400 if context.get("error") else 200
    return render(request, template, context, status=status)


@require_GET
def learn_index(request: HttpRequest) -> HttpResponse:
    return render(request, "learn/index.html", {})


@require_GET
def counter_page(request: HttpRequest) -> HttpResponse:
    """Four cards (three in the five-card game) and a starter, counted item by item."""
    query = request.GET
    context: dict[str, Any] = {
        "hand_text": query.get("hand", ""),
        "starter_text": query.get("starter", ""),
        "crib": query.get("crib") == "1",
    }
    if context["hand_text"] or context["starter_text"]:
        try:
            sizes = (4,) if context["crib"] else (4, 3)
            hand = cards_read(
                context["hand_text"], what="crib" if context["crib"] else "hand", sizes=sizes
            )
            starter = starter_read(context["starter_text"], hand=hand)
            count = count_hand(hand, starter, crib=context["crib"])
            context["count"] = count
            context["count_json"] = count.to_dict()
            context["by_kind"] = [
                (KIND_NAMES[kind], points) for kind, points in count.points_by_kind().items()
            ]
        except LearnError as error:
            context["error"] = error.message
    return _page(request, "learn/count.html", context)


@require_http_methods(["GET", "POST"])
def practice_page(request: HttpRequest) -> HttpResponse:
    """Deal a hand to count; on an answer, mark it, show what was missed, and deal the next."""
    user = request.user
    context: dict[str, Any] = {"kinds": [(kind, KIND_NAMES[kind]) for kind in KINDS]}
    status = 200
    if request.method == "POST":
        key = f"user:{user.pk}" if user.is_authenticated else f"address:{client_address(request)}"
        try:
            marking = practice.practice_answer(
                user=user, ticket=request.POST.get("ticket"), answer=request.POST.dict(), key=key
            )
            context["marking"] = marking
            context["truth"] = [
                (KIND_NAMES[kind], marking.answered[kind], points, points - marking.answered[kind])
                for kind, points in marking.count.points_by_kind().items()
            ]
        except LearnError as error:
            context["error"] = error.message
            status = error.status
    level = practice.level_of(user)
    count, ticket = practice.practice_ticket(level=level)
    context.update({"deal": count, "ticket": ticket, "level": level})
    if user.is_authenticated:
        progress = CountingProgress.objects.filter(user=user).first()
        context["progress"] = progress
        if progress is not None:
            context["missed_most"] = sorted(
                ((KIND_NAMES[kind], times) for kind, times in progress.missed.items()),
                key=lambda pair: -pair[1],
            )
    return render(request, "learn/practice.html", context, status=status)


def _scores(query: QueryDict) -> tuple[int, int] | None:
    own, theirs = query.get("own", "").strip(), query.get("opp", "").strip()
    if not own and not theirs:
        return None
    if not own.isdigit() or not theirs.isdigit() or len(own) > 3 or len(theirs) > 3:
        raise LearnError("bad_scores", "Give both scores as whole numbers, or neither.")
    return int(own), int(theirs)


@require_GET
def board_page(request: HttpRequest) -> HttpResponse:
    """Every throw of a dealt hand, ranked, with each part of its value."""
    query = request.GET
    context: dict[str, Any] = {
        "cards_text": query.get("cards", ""),
        "role": "dealer" if query.get("role") == "dealer" else "pone",
        "own": query.get("own", ""),
        "opp": query.get("opp", ""),
        "players": query.get("players", "2") if query.get("players") in ("3", "4") else "2",
    }
    if context["cards_text"] and context["players"] != "2":
        try:
            players = int(context["players"])
            cards = cards_read(context["cards_text"], what="dealt hand", sizes=(5, 6))
            context["rows"] = many_seat_throws(
                cards, players=players, own_crib=context["role"] == "dealer"
            )
            context["many"] = players
        except LearnError as error:
            context["error"] = error.message
    elif context["cards_text"]:
        try:
            cards = cards_read(context["cards_text"], what="dealt hand", sizes=(6, 5))
            position = ThrowPosition(cards, context["role"] == "dealer", _scores(query))
            context["position"] = position
            context["rows"] = throws_ranked(position)
            context["near_end"] = any(row.win_chance is not None for row in context["rows"])
        except LearnError as error:
            context["error"] = error.message
    return _page(request, "learn/board.html", context)


def _optional_cards(text: str, what: str, most: int) -> tuple[Card, ...]:
    if not text.strip():
        return ()
    return cards_read(text, what=what, sizes=tuple(range(1, most + 1)))


PLAY_FIELDS = ("hand", "pile", "mine", "theirs", "thrown", "starter", "holds", "own", "opp")


@require_GET
def play_page(request: HttpRequest) -> HttpResponse:
    """A moment in the play: each card you may lay, valued as the review grades a play."""
    query = request.GET
    context: dict[str, Any] = {name: query.get(name, "") for name in PLAY_FIELDS}
    context["variant"] = "five" if query.get("variant") == "five" else "six"
    context["role"] = "dealer" if query.get("role") == "dealer" else "pone"
    context["go"] = query.get("go") == "1"
    if context["hand"]:
        try:
            holds = context["holds"].strip()
            if not holds.isdigit() or len(holds) > 1:
                raise LearnError("bad_holding", "Say how many cards the opponent holds, 0 to 4.")
            kept = 4 if context["variant"] == "six" else 3
            (starter,) = cards_read(context["starter"], what="starter", sizes=(1,))
            position = PlayPosition(
                hand=cards_read(context["hand"], what="hand", sizes=tuple(range(1, kept + 1))),
                mine=_optional_cards(context["mine"], "cards you played", kept),
                theirs=_optional_cards(context["theirs"], "cards they played", kept),
                pile=_optional_cards(context["pile"], "pile", 8),
                thrown=cards_read(
                    context["thrown"], what="throw", sizes=(6 - kept if kept == 4 else 2,)
                ),
                starter=starter,
                opponent_holds=int(holds),
                is_dealer=context["role"] == "dealer",
                scores=_scores(query),
                variant=context["variant"],
                they_said_go=query.get("go") == "1",
            )
            found = play_card_values(position, lines=True)
            context["position"] = position
            context["found"] = found
            pile = [card.rank for card in position.pile]
            context["values"] = [
                (card, value, line_words(found.lines.get(card, ()), pile))
                for card, value in sorted(found.values.items(), key=lambda item: -item[1])
            ]
        except LearnError as error:
            context["error"] = error.message
    return _page(request, "learn/play.html", context)


def _login_first(request: HttpRequest) -> HttpResponse | None:
    if request.user.is_authenticated:
        return None
    return redirect(f"{reverse('login')}?next={request.get_full_path()}")


@require_GET
def puzzles_page(request: HttpRequest) -> HttpResponse:
    """The puzzles' home: the daily puzzle, the next one (by theme), your mistakes, your history."""
    user = request.user
    context: dict[str, Any] = {
        "daily": puzzles.daily_puzzle(),
        "themes": sorted(puzzles.THEMES.items(), key=lambda item: item[1]),
        "leaders": puzzles.leaderboard(limit=10),
    }
    if user.is_authenticated:
        context.update(
            {
                "rating": puzzles.solver_rating(user=user),
                "mistakes": puzzles.own_queue(user=user).count(),
                "recent": puzzles.history(user=user, limit=10),
            }
        )
    return render(request, "learn/puzzles.html", context)


@require_GET
def puzzle_next_page(request: HttpRequest) -> HttpResponse:
    """Go to an unsolved puzzle near your rating: of a theme, or from your own mistakes."""
    refused = _login_first(request)
    if refused is not None:
        return refused
    theme = request.GET.get("theme", "")
    if theme and theme not in puzzles.THEMES:
        theme = ""
    if request.GET.get("from") == "mistakes":
        puzzle = puzzles.own_queue(user=request.user).first()
    else:
        puzzle = puzzles.puzzle_next(user=request.user, theme=theme)
    if puzzle is None:
        messages.info(
            request,
            "No puzzle is waiting there for you now: try another theme, or come back after more matches.",
        )
        return redirect("learn:puzzles")
    return redirect("learn:puzzle", puzzle_id=puzzle.pk)


@require_GET
def puzzle_daily_page(request: HttpRequest) -> HttpResponse:
    puzzle = puzzles.daily_puzzle()
    if puzzle is None:
        messages.info(
            request, "There is no daily puzzle yet: the first comes from the first analysed match."
        )
        return redirect("learn:puzzles")
    return redirect("learn:puzzle", puzzle_id=puzzle.pk)


@require_http_methods(["GET", "POST"])
def puzzle_page(request: HttpRequest, puzzle_id: int) -> HttpResponse:
    """Solve a puzzle (the position only, never the answer), or read its answer once attempted."""
    refused = _login_first(request)
    if refused is not None:
        return refused
    user = request.user
    status = 200
    error = ""
    if request.method == "POST":
        chosen = " ".join(request.POST.getlist("card"))
        try:
            puzzles.puzzle_attempt(
                user=user, puzzle_id=puzzle_id, chosen=chosen, key=f"user:{user.pk}"
            )
            return redirect("learn:puzzle", puzzle_id=puzzle_id)
        except LearnError as refusal:
            if refusal.status == 404:
                raise Http404(refusal.message) from refusal
            error, status = refusal.message, refusal.status
    try:
        puzzle = puzzles.puzzle_offered(puzzle_id=puzzle_id, user=user)
    except LearnError as refusal:
        raise Http404(refusal.message) from refusal
    attempt = puzzles.attempt_of(user=user, puzzle=puzzle)
    context: dict[str, Any] = {
        "puzzle": puzzle,
        "position": puzzle.position,
        "attempt": attempt,
        "error": error,
        "themes": [puzzles.THEMES.get(theme, theme) for theme in puzzle.themes],
        "is_daily": puzzles.daily_puzzle() == puzzle,
    }
    if attempt is not None:  # the answer and every choice's value, only after the attempt
        context["values"] = sorted(puzzle.choices.items(), key=lambda item: -item[1])
    else:
        context["options"] = _choice_cards(puzzle)
    return render(request, "learn/puzzle.html", context, status=status)


def _choice_cards(puzzle: Any) -> list[str]:
    """The cards the solver picks from: the dealt hand for a throw, the playable cards for a play."""
    if puzzle.kind == "discard":
        return list(puzzle.position["cards"])
    return sorted(puzzle.choices)


@require_GET
def puzzle_mistakes_page(request: HttpRequest) -> HttpResponse:
    refused = _login_first(request)
    if refused is not None:
        return refused
    return render(
        request, "learn/mistakes.html", {"queue": puzzles.own_queue(user=request.user)[:50]}
    )
