"""Reading the cards people type or put in a URL, with a clear word for each mistake.

The counter, the practice and the analysis board all take cards as text (``"5H 5D JS QC"``,
``"5h,10d"``): the engine parses each card; this module checks the set as a whole (how many,
no card twice, the starter not among them) and says plainly what is wrong, so a bad URL
shows the form again with its message instead of a crash.
"""

from __future__ import annotations

from games.engine.cards import BadCard, Card, parse_cards
from learn.errors import LearnError

MAX_INPUT = 80
"""Longer than any real set of cards: anything past it is refused before parsing."""


def cards_read(text: object, *, what: str, sizes: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards named by ``text``: one of ``sizes`` different cards, or :class:`LearnError`.

    >>> [str(card) for card in cards_read("5h, 10d js qc", what="hand", sizes=(4,))]
    ['5H', 'TD', 'JS', 'QC']
    >>> cards_read("5H 5H JS QC", what="hand", sizes=(4,))
    Traceback (most recent call last):
    learn.errors.LearnError: The hand holds 5H twice: every card is in the deck once.
    """
    if not isinstance(text, str) or len(text) > MAX_INPUT:
        raise LearnError("bad_cards", f"Type the {what} as cards such as 5H JD TS.")
    try:
        cards = parse_cards(text)
    except BadCard as error:
        raise LearnError("bad_cards", f"In the {what}: {error.message}") from error
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise LearnError(
                "repeated_card",
                f"The {what} holds {card} twice: every card is in the deck once.",
            )
        seen.add(card)
    if len(cards) not in sizes:
        wanted = " or ".join(str(size) for size in sizes)
        noun = "card" if sizes == (1,) else "cards"
        raise LearnError(
            "wrong_count", f"The {what} needs {wanted} {noun}; {len(cards)} were given."
        )
    return cards


def starter_read(text: object, *, hand: tuple[Card, ...]) -> Card:
    """The one starter card, which must not also be in ``hand``."""
    (starter,) = cards_read(text, what="starter", sizes=(1,))
    if starter in hand:
        raise LearnError("repeated_card", f"The starter {starter} is also in the hand.")
    return starter


def cards_text(cards: tuple[Card, ...]) -> str:
    """The canonical text of ``cards`` for a URL: ``"5H,TD"``."""
    return ",".join(str(card) for card in cards)
