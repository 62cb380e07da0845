"""Match options: the few choices players make before a match, as one immutable value.

Everything the rules need to know about a variant (hand size, game target, skunk lines) is
derived here, so the flow code asks ``options.hand_size`` instead of testing variant names.

>>> MatchOptions(variant="five").game_target
61
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.errors import IllegalAction

VARIANTS = ("six", "five")
SCORING_MODES = ("auto", "manual")
PLAYER_COUNTS = (2, 3, 4)
DEFAULT_PLAYERS = 2
MAX_MATCH_TARGET = 99
DEALS = ("standard", "dealer_six")
"""Three players only: ``"standard"`` (five each, one card from the deck to the crib) or
``"dealer_six"`` (the rules document's deal: the dealer takes six and throws two)."""
OPTION_NAMES = ("variant", "scoring", "muggins", "match_target", "players", "deal")


class BadOptions(IllegalAction):
    """Raised for options that do not describe a playable match."""

    def __init__(self, message: str) -> None:
        super().__init__("bad_options", message)


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """How a match is played.

    ``variant``: ``"six"`` (121 points, six cards dealt) or ``"five"`` (61 points, five cards).
    ``scoring``: ``"auto"`` (points peg themselves) or ``"manual"`` (players claim their points).
    ``muggins``: the opponent may take missed or over-claimed points (manual scoring only).
    ``match_target``: match points needed to win the match; 1 means a single game.
    ``players``: 2, 3 or 4 seats (four play as two partnerships: seats 0 and 2 against 1 and 3).
    Three and four players play the 121-point game only.
    ``deal``: with three players, ``"standard"`` or ``"dealer_six"`` (see :data:`DEALS`).
    """

    variant: str = "six"
    scoring: str = "auto"
    muggins: bool = False
    match_target: int = 7
    players: int = DEFAULT_PLAYERS
    deal: str = "standard"

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise BadOptions(f"variant must be one of {VARIANTS}, not {self.variant!r}")
        if self.scoring not in SCORING_MODES:
            raise BadOptions(f"scoring must be one of {SCORING_MODES}, not {self.scoring!r}")
        if not isinstance(self.muggins, bool):
            raise BadOptions("muggins must be true or false")
        if self.muggins and self.scoring != "manual":
            raise BadOptions(
                "Muggins needs manual scoring: with automatic scoring no point is missed"
            )
        target = self.match_target
        if (
            isinstance(target, bool)
            or not isinstance(target, int)
            or not 1 <= target <= MAX_MATCH_TARGET
        ):
            raise BadOptions(f"match_target must be a whole number from 1 to {MAX_MATCH_TARGET}")
        players = self.players
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or players not in PLAYER_COUNTS
        ):
            raise BadOptions(f"players must be one of {PLAYER_COUNTS}, not {players!r}")
        if players != DEFAULT_PLAYERS and self.variant != "six":
            raise BadOptions("three and four players play the six-card game (121 points) only")
        if self.deal not in DEALS:
            raise BadOptions(f"deal must be one of {DEALS}, not {self.deal!r}")
        if self.deal != "standard" and players != 3:
            raise BadOptions("the dealer takes six only in the three-player game")

    @property
    def game_target(self) -> int:
        """Points that win a game: 121 in the six-card game, 61 in the five-card game."""
        return 121 if self.variant == "six" else 61

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 6 or 5 with two players, 5 with three or four."""
        if self.players != DEFAULT_PLAYERS:
            return 5
        return 6 if self.variant == "six" else 5

    @property
    def dealer_takes_six(self) -> bool:
        return self.deal == "dealer_six"

    def cards_dealt(self, *, dealer: bool) -> int:
        """Cards dealt to one seat: the hand size, or six to the dealer who takes six."""
        return 6 if dealer and self.dealer_takes_six else self.hand_size

    def cards_thrown(self, *, dealer: bool) -> int:
        """Cards one seat lays away to the crib: two each with two players, one each with three
        or four (the crib still gets four cards: see :attr:`crib_from_deck`), two from the
        dealer who takes six."""
        if self.players == DEFAULT_PLAYERS or (dealer and self.dealer_takes_six):
            return 2
        return 1

    @property
    def crib_from_deck(self) -> int:
        """Cards dealt straight from the deck to the crib: one with three players in the
        standard deal (three thrown plus one makes four), none otherwise."""
        return 1 if self.players == 3 and not self.dealer_takes_six else 0

    @property
    def cards_before_starter(self) -> int:
        """Cards the deal takes from the top of the deck: every hand, then those dealt to the
        crib. The starter is the next card."""
        hands = sum(
            self.cards_dealt(dealer=position == self.players - 1)
            for position in range(self.players)
        )
        return hands + self.crib_from_deck

    @property
    def skunk_line(self) -> int:
        """A loser below this line is skunked (two match points): 91, or 31 in the 61 game."""
        return self.game_target - 30

    @property
    def double_skunk_line(self) -> int | None:
        """A loser below this line is double skunked (four match points): 61 in the 121 game.

        The five-card game has no double skunk: a loser below 31 is already as far back as a
        61-point board marks.
        """
        return 61 if self.variant == "six" else None

    @property
    def pone_start_points(self) -> int:
        """Points the pone of a game's first hand is given at the start (five-card game: 3)."""
        return 3 if self.variant == "five" else 0

    @property
    def manual(self) -> bool:
        return self.scoring == "manual"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form. ``players`` is left out for two, so two-player options (and every
        frame and stored state that holds them) read exactly as before the option existed."""
        data: dict[str, Any] = {
            "variant": self.variant,
            "scoring": self.scoring,
            "muggins": self.muggins,
            "match_target": self.match_target,
        }
        if self.players != DEFAULT_PLAYERS:
            data["players"] = self.players
        if self.deal != "standard":
            data["deal"] = self.deal
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchOptions:
        """Build options from JSON; unknown keys are an error so typos do not pass silently."""
        if not isinstance(data, dict):
            raise BadOptions("options must be an object")
        unknown = set(data) - set(OPTION_NAMES)
        if unknown:
            raise BadOptions(f"unknown option(s): {', '.join(sorted(unknown))}")
        return cls(**data)
