"""Playing cards: the immutable value type every other part of the engine builds on.

Text form is rank then suit (``"TD"``, ``"5H"``, ``"JS"``); ``"10"`` is accepted as a rank on
input so people can type it naturally, but output always uses ``T`` so every card is two
characters.

>>> parse_card("10h")
Card(rank=10, suit='H')
>>> str(parse_card("TD")), parse_card("KS").value
('TD', 10)
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.errors import IllegalAction

RANK_CHARS = "A23456789TJQK"
SUITS = "SHDC"
RANK_NAMES = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


class BadCard(IllegalAction):
    """Raised for text that does not name a card."""

    def __init__(self, text: str) -> None:
        super().__init__(
            "bad_card", f"{text!r} is not a card (use rank then suit, e.g. 'TD', '5H')"
        )


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card. ``rank`` runs 1 (ace) to 13 (king); ``suit`` is one of ``S H D C``."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not (1 <= self.rank <= 13) or self.suit not in SUITS:
            raise BadCard(f"{self.rank}{self.suit}")

    @property
    def value(self) -> int:
        """Pip value for fifteens and the count: face cards are 10, aces 1."""
        return min(self.rank, 10)

    @property
    def name(self) -> str:
        """The spoken name, e.g. 'five of hearts', for screen readers and logs."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def index(self) -> int:
        """A dense 0..51 number, handy for tables and bit sets."""
        return (self.rank - 1) * 4 + SUITS.index(self.suit)

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 1] + self.suit


def parse_card(text: object) -> Card:
    """Parse ``"TD"``, ``"10d"`` or ``"5H"`` into a :class:`Card`; raise :class:`BadCard` otherwise."""
    # Views, states and logs hold cards in their canonical text: a lookup is most of the bots'
    # and the replays' parsing, so the general path below is only for what people type.
    card = CARD_BY_TEXT.get(text) if type(text) is str else None
    if card is not None:
        return card
    if not isinstance(text, str):
        raise BadCard(repr(text))
    cleaned = text.strip().upper()
    if cleaned.startswith("10"):
        cleaned = "T" + cleaned[2:]
    if len(cleaned) != 2 or cleaned[0] not in RANK_CHARS or cleaned[1] not in SUITS:
        raise BadCard(text)
    return Card(RANK_CHARS.index(cleaned[0]) + 1, cleaned[1])


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse whitespace- or comma-separated cards: ``parse_cards("5H 5S JD")``."""
    return tuple(parse_card(part) for part in text.replace(",", " ").split())


def full_deck() -> tuple[Card, ...]:
    """All 52 cards in a fixed order (by rank, then suit); shuffling is the caller's business."""
    return tuple(Card(rank, suit) for rank in range(1, 14) for suit in SUITS)


DECK: tuple[Card, ...] = full_deck()
CARD_BY_INDEX: tuple[Card, ...] = tuple(sorted(DECK, key=lambda card: card.index))
CARD_BY_TEXT: dict[str, Card] = {str(card): card for card in DECK}
