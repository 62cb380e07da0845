"""Solitaire's writes: the day's deck (committed when the day's first game asks for it), a
player's game on it, and each action applied under the game's row lock."""

from __future__ import annotations

import secrets
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engine.cards import full_deck, parse_card
from games.engine.errors import IllegalAction
from games.engine.solitaire import SolitaireState, solitaire_apply, solitaire_start
from games.fairness import commitment_for, new_salt
from kernel.errors import SiteError
from solitaire.models import DailyDeal, SolitaireGame


class SolitaireRefused(SiteError):
    """A solitaire action refused, with the engine's or the service's code."""


def today() -> date:
    """The deal's day, in the site's time zone (UTC unless settings say otherwise)."""
    return timezone.localdate()


def daily_deal_for(day: date) -> DailyDeal:
    """The deck of ``day``, made (and committed) the first time anyone asks for it."""
    existing = DailyDeal.objects.filter(day=day).first()
    if existing is not None:
        return existing
    deck = list(full_deck())
    secrets.SystemRandom().shuffle(deck)
    texts = [str(card) for card in deck]
    salt = new_salt()
    try:
        with transaction.atomic():
            return DailyDeal.objects.create(
                day=day, deck=" ".join(texts), salt=salt, commitment=commitment_for(texts, salt)
            )
    except IntegrityError:  # another request made the day's deal first: theirs stands
        return DailyDeal.objects.get(day=day)


def solitaire_game_start(*, player, mode: str = "auto", day: date | None = None) -> SolitaireGame:
    """``player``'s game on the day's deck: their existing one, or a new one in ``mode``."""
    if player is None or not player.is_authenticated:
        raise SolitaireRefused("not_authenticated", "Log in or play as a guest first.")
    if mode not in SolitaireGame.Mode.values:
        raise SolitaireRefused("bad_mode", "Choose automatic counting or count it yourself.")
    deal = daily_deal_for(day or today())
    existing = SolitaireGame.objects.filter(deal=deal, player=player).first()
    if existing is not None:
        return existing
    deck = tuple(parse_card(text) for text in deal.deck.split())
    state = solitaire_start(deck, mode=mode)
    try:
        with transaction.atomic():
            return SolitaireGame.objects.create(
                deal=deal, player=player, mode=mode, state=state.to_dict()
            )
    except IntegrityError:
        return SolitaireGame.objects.get(deal=deal, player=player)


def solitaire_game_act(*, game_id: int, player, action: dict[str, Any]) -> SolitaireGame:
    """Apply ``action`` to ``player``'s game in one transaction; bad input changes nothing."""
    with transaction.atomic():
        game = SolitaireGame.objects.select_for_update().filter(pk=game_id).first()
        if game is None or player is None or game.player_id != player.pk:
            raise SolitaireRefused("not_your_game", "That is not your game.")
        try:
            state = solitaire_apply(SolitaireState.from_dict(game.state), action)
        except IllegalAction as error:
            raise SolitaireRefused(error.code, error.message) from error
        game.state = state.to_dict()
        game.score = state.score
        game.misses = state.misses
        if state.finished and not game.finished:
            game.finished = True
            game.finished_at = timezone.now()
        game.save(update_fields=["state", "score", "misses", "finished", "finished_at"])
    return game
