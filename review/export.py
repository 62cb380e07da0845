"""A finished match exported: JSON to replay it elsewhere, and a readable text transcript.

The JSON format is documented in docs/review.md ("Export"): the options, the players, every
deal (each deck with its salt and commitment), every action in order, and the score after
every hand, so another program can rebuild the match action by action and check each deck.
"""

from __future__ import annotations

from typing import Any

from games import engine
from games.engine.seating import sides
from games.models import Match, Seat, Shuffle
from review.analysis import match_actions
from review.stored import match_action_clocks, match_takeovers, match_timeline_get

EXPORT_FORMAT = "cribbage-match"
EXPORT_VERSION = 2  # 2: the time control, and the clocks after each action
SUIT_NAMES = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def seat_names(*, match: Match) -> list[str]:
    """Each seat's display name, in seat order."""
    seats = Seat.objects.filter(match=match).select_related("user").order_by("number")
    return [seat.display_name or f"Seat {seat.number + 1}" for seat in seats]


def match_export(*, match: Match) -> dict[str, Any]:
    """The whole finished match as plain data (docs/review.md, "Export")."""
    actions = match_actions(match=match)
    timeline = match_timeline_get(match=match)
    hands = timeline["hands"]
    steps = timeline["steps"]
    hand_scores = []
    for index, hand in enumerate(hands):
        end = hands[index + 1]["step"] - 1 if index + 1 < len(hands) else len(steps) - 1
        hand_scores.append(
            {
                "hand": hand["hand"],
                "game": hand["game"],
                "dealer": hand["dealer"],
                "scores_before": hand["scores_before"],
                "scores_after": steps[end]["state"]["scores"],
            }
        )
    seats = Seat.objects.filter(match=match).select_related("user").order_by("number")
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "match": {
            "id": match.pk,
            "rules_version": match.rules_version,
            "options": engine.MatchOptions.from_dict(match.options_dict).to_dict(),
            "rated": match.rated,
            "started_at": match.started_at.isoformat() if match.started_at else None,
            "finished_at": match.finished_at.isoformat() if match.finished_at else None,
            "winner_seat": match.winner_seat,
            "finish_reason": match.finish_reason,
            "match_scores": match.match_scores,
            "time_control": {
                "kind": match.clock_kind,
                "bank": match.clock_bank,
                "increment": match.clock_increment,
            },
        },
        "seats": [
            {
                "seat": seat.number,
                "name": seat.display_name,
                "computer": seat.is_bot,
                "level": seat.bot_level or None,
            }
            for seat in seats
        ],
        "shuffles": [
            {
                "number": shuffle.number,
                "purpose": shuffle.purpose,
                "deck": shuffle.deck,
                "salt": shuffle.salt,
                "commitment": shuffle.commitment,
            }
            for shuffle in Shuffle.objects.filter(match=match).order_by("number")
        ],
        "actions": [engine.action_to_dict(action) for action in actions],
        # Each seat's milliseconds left after each action (timed matches; else null).
        "clocks": match_action_clocks(match=match),
        "hands": hand_scores,
        "final_scores": steps[-1]["state"]["scores"],
    }


def clock_text(milliseconds: int) -> str:
    """ "4:05": a clock as the table shows it, to the second."""
    seconds = -(-milliseconds // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


def _card(text: str) -> str:
    rank = "10" if text[0] == "T" else text[0]
    return rank + SUIT_NAMES.get(text[1], text[1])


def _cards(texts: list[str]) -> str:
    return " ".join(_card(text) for text in texts)


def _items(items: list[dict]) -> str:
    return ", ".join(f"{item['kind']} {item['points']}" for item in items)


def _sides(names: list[str]) -> tuple[tuple[int, ...], ...]:
    """The sides that score (the engine's): a seat each, or with four players two
    partnerships (0 & 2, 1 & 3)."""
    return sides(len(names))


def sides_title(names: list[str]) -> str:
    """The match named by its sides: "alice against bob", or with four players
    "alice & carol against bob & dave" (partners are one side, not a free-for-all)."""
    return " against ".join(" & ".join(names[seat] for seat in side) for side in _sides(names))


def _scores_text(scores: list[int], names: list[str]) -> str:
    """ "121 to 98": each side's score once (partners share theirs)."""
    return " to ".join(str(scores[side[0]]) for side in _sides(names))


def _winner_text(seat: int, names: list[str]) -> str:
    """ "alice wins", or with four players "alice & carol win"."""
    for side in _sides(names):
        if seat in side and len(side) > 1:
            return f"{' & '.join(names[member] for member in side)} win"
    return f"{names[seat]} wins"


def _line(event: dict[str, Any], names: list[str]) -> str | None:
    """One transcript line for a full-information event, or None for one not worth a line."""
    data = event["data"]
    kind = event["type"]
    name = names.__getitem__
    if kind == "cut_for_deal":
        cuts = ", ".join(f"{name(seat)} {_card(card)}" for seat, card in enumerate(data["cuts"]))
        if data["dealer"] is None:
            return f"Cut for deal: {cuts}: equal ranks, cut again."
        return f"Cut for deal: {cuts}. {name(data['dealer'])} deals first."
    if kind == "hand_started":
        dealt = "; ".join(
            f"{name(int(seat))} is dealt {_cards(cards)}"
            for seat, cards in sorted(data["dealt"].items())
        )
        return (
            f"\nGame {data['game']}, hand {data['hand']}: {name(data['dealer'])} deals "
            f"(score {_scores_text(data['scores'], names)}). {dealt}."
        )
    if kind == "discarded":
        return f"{name(data['seat'])} throws {_cards(data.get('cards', []))} to the crib."
    if kind == "starter_cut":
        heels = ", two for his heels" if data.get("heels") else ""
        return f"Starter: {_card(data['card'])}{heels}."
    if kind == "card_played":
        line = f"{name(data['seat'])} plays {_card(data['card'])} for {data['count']}"
        if data.get("points"):
            line += f": {data['points']} ({_items(data['items'])})"
        return line + "."
    if kind == "go":
        return f"{name(data['seat'])} says go."
    if kind == "go_scored":
        return f"{name(data['seat'])} pegs {data['points']} for {'last card' if data.get('last') else 'go'}."
    if kind == "hand_shown":
        whose = "crib" if data["kind"] == "crib" else "hand"
        total = data.get("total")
        counted = f": {total} ({_items(data['items'])})" if total is not None else ""
        return f"{name(data['seat'])}'s {whose}: {_cards(data['cards'])} with {_card(data['starter'])}{counted}."
    if kind == "claim_made":
        return f"{name(data['seat'])} claims {data['claimed']} for the {data['subject']}."
    if kind == "muggins_called":
        return _muggins_line(data, names, None)
    if kind == "score_revealed":
        return f"The {data['subject']} was worth {data['actual']}: {_verdict(data, names)}."
    if kind == "points_awarded":
        return f"{name(data['seat'])} gets {data['points']}."
    if kind == "game_ended":
        scores = _scores_text(data["scores"], names)
        skunk = f", {data['skunk']}" if data.get("skunk") not in (None, "none") else ""
        return f"{_winner_text(data['winner'], names)} the game {scores}{skunk}."
    if kind == "match_ended" and data.get("winner") is None:
        return "The match was aborted: every player had left. No winner, no rating change."
    if kind == "match_ended":
        how = {
            "resigned": " by resignation",
            "abandoned": ": the other player left",
            "time": " on time",
        }.get(data.get("reason", ""), "")
        return f"{_winner_text(data['winner'], names)} the match{how}."
    return None


def _muggins_line(call: dict[str, Any], names: list[str], claim: dict[str, Any] | None) -> str:
    """ "bob calls Muggins on alice's claim of 6 for the hand, for 2: takes 2"."""
    outcome = f"takes {call['points']}" if call.get("right") else "wrong, nothing pegged"
    on = ""
    if claim is not None:
        on = f" on {names[claim['seat']]}'s claim of {claim['claimed']} for the {claim['subject']},"
    return f"{names[call['seat']]} calls Muggins{on} for {call['named']}: {outcome}."


def _verdict(revealed: dict[str, Any], names: list[str]) -> str:
    """Which claim a revealed score settles, and how it stood: "alice's claim of 6 was 2 short"."""
    claim = f"{names[revealed['seat']]}'s claim of {revealed['claimed']}"
    difference = revealed["claimed"] - revealed["actual"]
    if difference == 0:
        return f"{claim} was right"
    return f"{claim} was {abs(difference)} {'over' if difference > 0 else 'short'}"


SETTLES_A_CLAIM = ("muggins_called", "score_revealed")
"""Events that settle the open claim. The engine sends them when the claim's Muggins window
closes, that is with the next action (the next card, the next hand shown): the transcript puts
them back under the claim they settle, indented."""


def _takeover_line(seat: int, names: list[str]) -> str:
    return f"{names[seat]}'s clock ran out: the computer plays for them from here."


def match_transcript(*, match: Match) -> str:
    """The match as readable text: every deal, throw, card, show and score, hand by hand."""
    names = seat_names(match=match)
    timeline = match_timeline_get(match=match)
    options = match.options_dict
    lines = [
        f"Cribbage match {match.pk}: {sides_title(names)}",
        f"Variant: {options['variant']}-card, scoring {options['scoring']}, muggins "
        f"{'on' if options['muggins'] else 'off'}, match to {options['match_target']}.",
    ]
    if match.clock_kind != "none":
        lines.append(f"Time control: {match.time_control.label}.")
    takeovers = match_takeovers(match=match)
    lines.extend(_takeover_line(seat, names) for seat in takeovers.get(-1, []))
    settle_at: int | None = None  # where the open claim's settling lines go
    claim: dict[str, Any] | None = None  # the open claim's data
    steps = timeline["steps"]
    for position, step in enumerate(steps):
        first = len(lines)
        for event in step["events"]:
            if event["type"] == "muggins_called":
                line: str | None = _muggins_line(event["data"], names, claim)
            else:
                line = _line(event, names)
            if not line:
                continue
            if event["type"] in SETTLES_A_CLAIM and settle_at is not None:
                lines.insert(settle_at, "  " + line)
                if settle_at <= first:
                    first += 1  # the step's own first line moved down
                settle_at += 1
            else:
                lines.append(line)
            if event["type"] == "claim_made":
                settle_at, claim = len(lines), event["data"]
            elif event["type"] == "score_revealed":
                settle_at, claim = None, None
        seat, clock = step["seat"], step.get("clock")
        if clock is not None and seat is not None and step["kind"] != "show" and first < len(lines):
            lines[first] += f" [{names[seat]}: {clock_text(clock[seat])} left]"
        action = step.get("action")
        following = steps[position + 1] if position + 1 < len(steps) else None
        last_of_action = following is None or following.get("action") != action
        if action is not None and last_of_action:
            lines.extend(_takeover_line(seat, names) for seat in takeovers.get(action, []))
    return "\n".join(lines) + "\n"
