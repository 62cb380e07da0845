"""Solitaire's reads: a day's leaderboard, a player's history, and what a page may show of a
deal (its deck only once the day is over)."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

from django.utils import timezone

from games.engine.solitaire import SolitaireState, solitaire_view
from solitaire.models import DailyDeal, SolitaireGame

LEADERBOARD_SIZE = 50


def deal_public(deal: DailyDeal, *, today: date) -> dict[str, Any]:
    """The day's commitment always; the deck and salt only after the day (then anyone can check
    the commitment, and that every game of the day was dealt from that deck)."""
    revealed = deal.day < today
    return {
        "day": deal.day.isoformat(),
        "commitment": deal.commitment,
        "revealed": revealed,
        "deck": deal.deck.split() if revealed else None,
        "salt": deal.salt if revealed else None,
    }


def day_began(day: date) -> datetime:
    """The moment ``day`` began in the site's time zone (the deal's day is the site's day)."""
    return datetime.combine(day, time.min, tzinfo=timezone.get_current_timezone())


def ranked_games(*, deal: DailyDeal):
    """The games of the day that rank: finished, by an account (not a guest) that existed
    before the day began. A guest or an account made today may have seen the deal through
    another account first (issue 25, item 7), so they play it unranked; each account has one
    game a day (a unique constraint), so its first attempt is its only one."""
    return SolitaireGame.objects.filter(
        deal=deal, finished=True, player__date_joined__lt=day_began(deal.day)
    ).exclude(player__profile__is_guest=True)


def leaderboard(*, deal: DailyDeal) -> list[dict[str, Any]]:
    """Ranked games of the day (:func:`ranked_games`), best score first (fewer misses, then the
    earlier finish, break ties)."""
    games = (
        ranked_games(deal=deal)
        .select_related("player")
        .order_by("-score", "misses", "finished_at")[:LEADERBOARD_SIZE]
    )
    return [
        {
            "rank": index + 1,
            "player": game.player.get_username(),
            "score": game.score,
            "mode": game.get_mode_display(),
            "misses": game.misses,
            "outcome": SolitaireState.from_dict(game.state).outcome,
        }
        for index, game in enumerate(games)
    ]


def history(*, player) -> list[dict[str, Any]]:
    """The player's games, newest day first."""
    games = SolitaireGame.objects.filter(player=player).select_related("deal")
    return [
        {
            "day": game.deal.day,
            "score": game.score,
            "finished": game.finished,
            "mode": game.get_mode_display(),
            "misses": game.misses,
            "outcome": SolitaireState.from_dict(game.state).outcome,
        }
        for game in games.order_by("-deal__day")
    ]


def game_view(game: SolitaireGame) -> dict[str, Any]:
    """The player's view of their game, with its id and day."""
    return {
        "id": game.pk,
        "day": game.deal.day.isoformat(),
        **solitaire_view(SolitaireState.from_dict(game.state)),
    }
