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
OPTION_NAMES = ("variant", "scoring", "muggins", "match_target", "players", "deal", "turn_based")


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
    ``turn_based``: the match is played over days (a days-per-move clock, which the server
    sets it from): a Muggins window is measured in moves, not in the claimant's thinking time
    (docs/engine.md, "The Muggins window in a turn-based match").
    """

    variant: str = "six"
    scoring: str = "auto"
    muggins: bool = False
    match_target: int = 7
    players: int = DEFAULT_PLAYERS
    deal: str = "standard"
    turn_based: bool = False

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
        if not isinstance(self.turn_based, bool):
            raise BadOptions("turn_based must be true or false")

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
        """The JSON form. ``players`` is left out for two (``deal`` when standard,
        ``turn_based`` when false), so options (and every frame and stored state that holds
        them) read exactly as before those options existed."""
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
        if self.turn_based:
            data["turn_based"] = True
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


CLOCK_KINDS = ("none", "realtime", "days")
"""How a match is timed: ``"none"`` (casual only), ``"realtime"``, a Fischer clock (a bank of
time plus an increment after each action), or ``"days"``, a correspondence clock: a number of
days for each move (the bank, in seconds; no increment), given afresh each time the engine comes
to wait on the seat, so nothing is carried over from one move to the next."""
CLOCK_PRESETS = ((60, 2), (180, 2), (300, 3), (300, 5), (600, 5), (600, 10))
"""The real-time presets offered, as (bank, increment) in seconds: 1 min + 2 s to 10 min + 10 s."""
TURN_BASED = "days"
"""The kind of a turn-based (correspondence) clock."""
MAX_CLOCK_BANK = 60 * 60
MAX_CLOCK_INCREMENT = 60
DAYS_PER_MOVE = (1, 3, 7)
"""The turn-based controls offered: days per move."""
SECONDS_PER_DAY = 24 * 60 * 60


class BadTimeControl(BadOptions):
    """Raised for a time control no clock can run."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A match's time control: its kind, the bank each seat starts with and the increment
    added after each of its actions (both in seconds; zero without a clock).

    It describes the clock, not its running: how much time a seat has left is wall-clock
    state, kept by the server (games/clocks.py), never by the pure engine.

    >>> TimeControl.parse("300+3").label
    '5 min + 3 s'
    >>> TimeControl().label
    'No clock'
    """

    kind: str = "none"
    bank: int = 0
    increment: int = 0

    def __post_init__(self) -> None:
        if self.kind not in CLOCK_KINDS:
            raise BadTimeControl(f"a clock's kind is one of {CLOCK_KINDS}, not {self.kind!r}")
        if self.kind == TURN_BASED:
            allowed = tuple(days * SECONDS_PER_DAY for days in DAYS_PER_MOVE)
            whole = all(
                isinstance(value, int) and not isinstance(value, bool)
                for value in (self.bank, self.increment)
            )
            if not whole or self.bank not in allowed or self.increment != 0:
                raise BadTimeControl(
                    f"a turn-based clock gives {', '.join(map(str, DAYS_PER_MOVE))} days per"
                    " move, and no increment"
                )
            return
        for name, value, top in (
            ("bank", self.bank, MAX_CLOCK_BANK),
            ("increment", self.increment, MAX_CLOCK_INCREMENT),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                raise BadTimeControl(f"the clock's {name} is a whole number of seconds, 0 to {top}")
        if self.kind == "none" and (self.bank or self.increment):
            raise BadTimeControl("a match without a clock has no bank and no increment")
        if self.kind == "realtime" and self.bank < 30:
            raise BadTimeControl("a real-time clock starts with at least 30 seconds")

    @property
    def timed(self) -> bool:
        return self.kind != "none"

    @property
    def turn_based(self) -> bool:
        """Days per move: a correspondence match, played over days, the page closed between."""
        return self.kind == TURN_BASED

    @property
    def days(self) -> int:
        """Days per move of a turn-based control (0 for the others)."""
        return self.bank // SECONDS_PER_DAY if self.turn_based else 0

    @property
    def key(self) -> str:
        """``"none"``, ``"<bank>+<increment>"`` or ``"<days>d"``: the form's and the URL's short
        name."""
        if self.turn_based:
            return f"{self.days}d"
        return "none" if not self.timed else f"{self.bank}+{self.increment}"

    @property
    def label(self) -> str:
        """``"5 min + 3 s"``: how people name a Fischer clock; ``"3 days per move"``.

        >>> TimeControl.parse("1d").label
        '1 day per move'
        """
        if not self.timed:
            return "No clock"
        if self.turn_based:
            return f"{self.days} day{'s' if self.days != 1 else ''} per move"
        minutes, seconds = divmod(self.bank, 60)
        bank = f"{minutes} min" if not seconds else f"{minutes} min {seconds} s"
        if not minutes:
            bank = f"{seconds} s"
        return f"{bank} + {self.increment} s"

    @classmethod
    def parse(cls, key: str) -> TimeControl:
        """The control named by :attr:`key` (``"none"``, ``"300+3"`` or ``"3d"``)."""
        if key == "none":
            return cls()
        text = str(key)
        if text.endswith("d") and text[:-1].isdigit() and len(text) <= 3:
            return cls(TURN_BASED, int(text[:-1]) * SECONDS_PER_DAY, 0)
        bank, plus, increment = text.partition("+")
        if not plus or not bank.isdigit() or not increment.isdigit():
            raise BadTimeControl(
                f"a time control reads 'none', '<seconds>+<seconds>' or '<days>d': {key!r}"
            )
        return cls("realtime", int(bank), int(increment))


PRESET_CONTROLS = tuple(TimeControl("realtime", bank, plus) for bank, plus in CLOCK_PRESETS)
TURN_BASED_CONTROLS = tuple(
    TimeControl(TURN_BASED, days * SECONDS_PER_DAY) for days in DAYS_PER_MOVE
)
TOURNAMENT_CLOCK = TimeControl("realtime", 600, 5)
"""The tournament form's default for six-card to 121: some 50 actions of one seat in a game add
four minutes to the ten, so a thoughtful game fits in a quarter of an hour per player."""
