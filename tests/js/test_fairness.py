"""The page's shuffle checks (static/js/fairness.js) agree with games/fairness.py and catch tampering."""

from __future__ import annotations

import random

import pytest

from games.engine import full_deck
from games.fairness import commitment_for, deal_from_deck

pytestmark = pytest.mark.browser


def a_deck(seed: int) -> list[str]:
    deck = [str(card) for card in full_deck()]
    random.Random(seed).shuffle(deck)
    return deck


def test_the_page_computes_the_same_commitment_as_the_server(js):
    cases = [(a_deck(seed), f"{seed:064x}") for seed in range(3)]
    hashes = js(
        'const { commitmentFor } = await load("fairness.js"); return Promise.all(arg.map(([d, s]) => commitmentFor(d, s)));',
        cases,
    )
    assert hashes == [commitment_for(deck, salt) for deck, salt in cases]


@pytest.mark.parametrize("dealer, hand_size", [(0, 6), (1, 6), (0, 5), (1, 5)])
def test_the_page_deals_a_deck_as_the_server_does(js, dealer, hand_size):
    deck = a_deck(dealer * 10 + hand_size)
    deal = js(
        'const { dealFromDeck } = await load("fairness.js"); return dealFromDeck(arg.deck, { dealer: arg.dealer, handSize: arg.size });',
        {"deck": deck, "dealer": dealer, "size": hand_size},
    )
    expected = deal_from_deck(deck, dealer=dealer, hand_size=hand_size)
    assert deal == {
        "hands": {str(seat): cards for seat, cards in expected.hands.items()},
        "starter": expected.starter,
    }


VERIFY = """
const { FairnessLedger } = await load("fairness.js");
const { deck, salt, commitment, revealedDeck, dealt, starter } = arg;
const ledger = new FairnessLedger(1);
ledger.committed({ shuffle: 4, purpose: "deal", commitment });
ledger.handStarted({ dealer: 0, hand_size: 6, cards: dealt });
ledger.starterCut({ card: starter });
return await ledger.revealed({ shuffle: 4, purpose: "deal", deck: revealedDeck, salt });
"""


def test_an_honest_deal_is_verified_down_to_the_viewers_cards_and_the_starter(js):
    deck, salt = a_deck(7), "ab" * 32
    deal = deal_from_deck(deck, dealer=0, hand_size=6)
    verdict = js(
        VERIFY,
        {
            "deck": deck,
            "salt": salt,
            "commitment": commitment_for(deck, salt),
            "revealedDeck": deck,
            "dealt": deal.hands[1],
            "starter": deal.starter,
        },
    )
    assert verdict["ok"] is True
    assert verdict["checked"] == [
        "the deck matches its commitment",
        "your cards came from it",
        "the starter came from it",
    ]


def test_a_deck_swapped_after_the_commitment_is_caught(js):
    deck, salt = a_deck(8), "cd" * 32
    swapped = deck[:]
    swapped[0], swapped[1] = swapped[1], swapped[0]
    deal = deal_from_deck(swapped, dealer=0, hand_size=6)
    verdict = js(
        VERIFY,
        {
            "deck": deck,
            "salt": salt,
            "commitment": commitment_for(deck, salt),
            "revealedDeck": swapped,
            "dealt": deal.hands[1],
            "starter": deal.starter,
        },
    )
    assert verdict["ok"] is False
    assert "the deck and salt do not match the commitment" in verdict["problems"]


def test_cards_that_did_not_come_from_the_committed_deck_are_caught(js):
    deck, salt = a_deck(9), "ef" * 32
    deal = deal_from_deck(deck, dealer=0, hand_size=6)
    dealt = deal.hands[0]  # the other seat's cards: not what this viewer was dealt
    verdict = js(
        VERIFY,
        {
            "deck": deck,
            "salt": salt,
            "commitment": commitment_for(deck, salt),
            "revealedDeck": deck,
            "dealt": dealt,
            "starter": deck[51],
        },
    )
    assert verdict["ok"] is False
    assert verdict["problems"] == [
        "your cards did not come from this deck",
        "the starter did not come from this deck",
    ]
