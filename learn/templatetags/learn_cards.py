"""Cards as text on the learn pages: "5♥", red or black, named for screen readers.

The pages are readable without scripts; learn's modules then lay SVG faces (static/js/cards.js)
over the places marked ``data-card-face``.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html

from games.engine.cards import Card, parse_card

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_TEXT = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}


@register.filter
def card_text(card: Card | str) -> str:
    """``<span class="card-text card-red" data-card="5H" aria-label="five of hearts">5♥</span>``."""
    if isinstance(card, str):
        card = parse_card(card)
    colour = "card-red" if card.suit in "HD" else "card-black"
    shown = f"{RANK_TEXT.get(card.rank, str(card.rank))}{SUIT_SYMBOLS[card.suit]}"
    return format_html(
        '<span class="card-text {}" data-card="{}" role="img" aria-label="{}">{}</span>',
        colour,
        str(card),
        card.name,
        shown,
    )


@register.filter
def cards_text(cards: tuple[Card, ...]) -> str:
    """Several cards, each as :func:`card_text`, separated by spaces."""
    return format_html(" ".join(["{}"] * len(cards)), *(card_text(card) for card in cards))


@register.filter
def signed(value: float) -> str:
    """``+1.25`` or ``-0.50``: a value that may count for or against, to two places."""
    return f"{value:+.2f}"


@register.filter
def percent(value: float) -> str:
    return f"{value * 100:.1f}%"
