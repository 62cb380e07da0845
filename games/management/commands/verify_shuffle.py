"""``manage.py verify_shuffle``: check a shuffle from what a player saw, or every shuffle of a match.

    manage.py verify_shuffle --commitment HEX --salt HEX --deck "AS 7D ... (52 cards)" \\
        [--variant five] [--role pone --dealt "AS 7D ..."] [--starter 5H] [--cuts "JD TD"]
    manage.py verify_shuffle --match 12

The first form needs nothing from the server's database: a player passes the commitment sent
before the deal, the salt and deck revealed after the hand, and (optionally) what they saw: the
cards they were dealt with their role in that hand, and the starter; or, for the deck drawn to
cut for the first deal, the two cards cut. It checks the hash, then that the committed deck
gives exactly those cards in the engine's order. The second form checks
a whole match against its stored log (the server's own audit).

Prints OK and exits 0 when everything checks out; prints each problem and exits 1 otherwise.
The algorithm is in games/fairness.py and docs/protocol.md ("Provably fair shuffles").
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games import engine, fairness
from games.engine.options import VARIANTS
from games.models import Match


class Command(BaseCommand):
    help = (
        "Verify a shuffle commitment (deck + salt) and, optionally, the cards a player was dealt "
        "and the starter; or all shuffles of a match against its log."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--commitment", help="the SHA-256 commitment sent before the deal")
        parser.add_argument("--salt", help="the revealed salt (64 hex characters)")
        parser.add_argument(
            "--deck", help="the revealed deck: 52 cards separated by spaces or commas"
        )
        parser.add_argument(
            "--variant",
            choices=VARIANTS,
            default="six",
            help="the game the deck was dealt for: six cards each (default) or five",
        )
        parser.add_argument(
            "--role",
            choices=fairness.ROLES,
            help="your seat in that hand: pone (dealt first) or dealer; needed with --dealt",
        )
        parser.add_argument("--dealt", help="the cards you were dealt, in any order")
        parser.add_argument("--starter", help="the starter card that was cut")
        parser.add_argument(
            "--cuts", help="for a cut for deal: the cards seat 0 and seat 1 cut, in that order"
        )
        parser.add_argument("--match", type=int, help="check every shuffle of this match")

    def handle(self, *args, **options) -> None:
        if options["match"] is not None:
            problems = self._check_match(options["match"])
        elif options["commitment"] and options["salt"] and options["deck"]:
            problems = self._check_one(options)
        else:
            raise CommandError("give --match ID, or all of --commitment, --salt and --deck")
        if problems:
            for problem in problems:
                self.stdout.write(f"FAIL: {problem}")
            raise SystemExit(1)
        self.stdout.write("OK")

    def _check_one(self, options: dict) -> list[str]:
        if options["dealt"] and not options["role"]:
            raise CommandError("--dealt needs --role pone or --role dealer (your seat that hand)")
        try:
            deck = _cards(options["deck"])
            dealt = _cards(options["dealt"]) if options["dealt"] else None
            starter = _cards(options["starter"]) if options["starter"] else None
            cuts = _cards(options["cuts"]) if options["cuts"] else None
        except engine.IllegalAction as error:
            return [f"not a card: {error.message}"]
        if starter is not None and len(starter) != 1:
            return ["--starter is one card"]
        if cuts is not None and len(cuts) != 2:
            return ["--cuts is two cards: seat 0's, then seat 1's"]
        problem = fairness.deck_problem(deck)
        if problem:
            return [problem]
        if not fairness.verify_commitment(
            deck=deck, salt=options["salt"].strip(), commitment=options["commitment"]
        ):
            return ["the deck and salt do not hash to this commitment"]
        self.stdout.write("the deck and salt hash to the commitment")
        hand_size = engine.MatchOptions(variant=options["variant"]).hand_size
        problems = fairness.verify_deal(
            deck=deck,
            hand_size=hand_size,
            role=options["role"],
            dealt=dealt,
            starter=starter[0] if starter else None,
            cuts=cuts,
        )
        if not problems:
            if dealt is not None:
                self.stdout.write(
                    f"the {options['role']}'s {hand_size} cards are the ones this deck deals"
                )
            if starter is not None:
                self.stdout.write(f"the starter {starter[0]} is the one this deck cuts")
            if cuts is not None:
                self.stdout.write(f"the cuts for deal {' '.join(cuts)} are this deck's top cards")
        return problems

    def _check_match(self, match_id: int) -> list[str]:
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise CommandError(f"there is no match {match_id}")
        shuffles = list(match.shuffles.values("number", "purpose", "deck", "salt", "commitment"))
        events = list(match.events.order_by("seq").values("seq", "type", "public", "private"))
        hand_size = engine.MatchOptions.from_dict(match.options_dict).hand_size
        problems = [
            f"shuffle {s['number']}: the stored commitment is not the hash of the stored deck and salt"
            for s in shuffles
            if not fairness.verify_commitment(
                deck=s["deck"], salt=s["salt"], commitment=s["commitment"]
            )
        ]
        problems += fairness.verify_log(shuffles=shuffles, events=events, hand_size=hand_size)
        if not problems:
            self.stdout.write(f"match {match_id}: {len(shuffles)} shuffles checked")
        return problems


def _cards(text: str) -> list[str]:
    """Cards as typed ("10h, js ...") in their canonical two-character form ("TH", "JS")."""
    return [str(card) for card in engine.parse_cards(text)]
