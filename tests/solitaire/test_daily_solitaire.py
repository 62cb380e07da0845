"""The daily deal: one committed deck a day for everyone, revealed after the day; one game per
player per day played through the service; the day's leaderboard and the player's history;
and the pages and the JSON endpoint, with bad input refused and nothing changed."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from django.contrib.auth import get_user_model

from accounts.services import guest_create
from games.engine.scoring import score_show
from games.engine.solitaire import SolitaireState, last_four_count
from games.fairness import verify_commitment
from solitaire import selectors, services
from solitaire.models import DailyDeal, SolitaireGame

pytestmark = pytest.mark.django_db

DAY = date(2026, 11, 24)


def play_to_the_end(game: SolitaireGame, player) -> SolitaireGame:
    """Throw the first two cards each round; in count mode claim the true count."""
    for _ in range(40):
        state = SolitaireState.from_dict(game.state)
        if state.finished:
            return game
        if state.phase == "throw":
            action = {"type": "throw", "cards": [str(card) for card in state.hand[:2]]}
        elif state.phase == "count":
            if state.pending == "last_four":
                truth = last_four_count(state.hand).total
            else:
                cards = state.hand if state.pending == "hand" else state.crib
                truth = score_show(cards, state.starter, crib=state.pending == "crib").total
            action = {"type": "claim", "points": truth}
        else:
            action = {"type": "next"}
        game = services.solitaire_game_act(game_id=game.pk, player=player, action=action)
    raise AssertionError("the game did not end")


def test_everyone_plays_the_same_committed_deck_revealed_only_after_the_day(alice, bob):
    first = services.solitaire_game_start(player=alice, day=DAY)
    second = services.solitaire_game_start(player=bob, mode="count", day=DAY)
    assert first.deal_id == second.deal_id
    assert first.state["stock"] == second.state["stock"]  # the same cards, in the same order
    deal = first.deal
    assert verify_commitment(deck=deal.deck.split(), salt=deal.salt, commitment=deal.commitment)
    during = selectors.deal_public(deal, today=DAY)
    assert during["deck"] is None and during["salt"] is None and during["commitment"]
    after = selectors.deal_public(deal, today=DAY + timedelta(days=1))
    assert after["deck"] == deal.deck.split() and after["salt"] == deal.salt


def test_a_player_has_one_game_a_day(alice):
    first = services.solitaire_game_start(player=alice, day=DAY)
    again = services.solitaire_game_start(player=alice, mode="count", day=DAY)
    assert again.pk == first.pk and again.mode == "auto"
    assert SolitaireGame.objects.count() == 1


def joined_before(day: date, *people) -> None:
    """Make ``people``'s accounts older than ``day``: only such accounts rank that day."""
    began = selectors.day_began(day) - timedelta(days=1)
    get_user_model().objects.filter(pk__in=[p.pk for p in people]).update(date_joined=began)


def test_finished_games_make_the_days_leaderboard_and_the_players_history(alice, bob, carol):
    joined_before(DAY, alice, bob, carol)
    for player, mode in ((alice, "auto"), (bob, "count")):
        game = services.solitaire_game_start(player=player, mode=mode, day=DAY)
        play_to_the_end(game, player)
    services.solitaire_game_start(player=carol, day=DAY)  # started, not finished
    board = selectors.leaderboard(deal=DailyDeal.objects.get(day=DAY))
    assert {row["player"] for row in board} == {"alice", "bob"}
    # The same deck, the same throws: the same score whoever counts.
    assert board[0]["score"] == board[1]["score"]
    assert board[0]["outcome"] in ("loss", "win", "big win")
    [mine] = selectors.history(player=alice)
    assert mine["finished"] and mine["score"] == board[0]["score"]


def test_only_the_player_may_act_and_bad_input_changes_nothing(alice, mallory):
    game = services.solitaire_game_start(player=alice, day=DAY)
    before = dict(game.state)
    for player, action, code in (
        (mallory, {"type": "next"}, "not_your_game"),
        (None, {"type": "next"}, "not_your_game"),
        (alice, {"type": "next"}, "not_counted"),
        (alice, {"type": "throw", "cards": ["ZZ", "AH"]}, "bad_card"),
        (alice, {"type": "dance"}, "bad_action"),
    ):
        with pytest.raises(services.SolitaireRefused) as refused:
            services.solitaire_game_act(game_id=game.pk, player=player, action=action)
        assert refused.value.code == code
    game.refresh_from_db()
    assert game.state == before


def test_the_pages_and_the_json_endpoint(client, alice):
    assert client.get("/solitaire/").status_code == 200
    response = client.post("/solitaire/start/", {"mode": "count"})
    assert response.status_code == 302  # the visitor became a guest and has a game
    game = SolitaireGame.objects.get()
    assert game.mode == "count"
    page = client.get("/solitaire/").content.decode()
    assert 'id="solitaire-game"' in page and '"stock"' not in page
    url = f"/solitaire/games/{game.pk}/act/"
    bad = client.post(url, data="not json", content_type="application/json")
    assert bad.status_code == 400 and bad.json()["error"] == "bad_json"
    hand = game.state["hand"]
    thrown = client.post(
        url, data=json.dumps({"type": "throw", "cards": hand[:2]}), content_type="application/json"
    )
    assert thrown.status_code == 200 and thrown.json()["pending"] == "hand"
    client.force_login(alice)
    assert client.post(url, data="{}", content_type="application/json").status_code == 400
    assert client.get("/solitaire/day/not-a-day/").status_code == 404
    assert client.get("/solitaire/day/1999-01-01/").status_code == 404
    day = game.deal.day.isoformat()
    assert "Leaderboard" in client.get(f"/solitaire/day/{day}/").content.decode()
    assert client.get("/solitaire/mine/").status_code == 200
    client.logout()
    assert client.get("/solitaire/mine/").status_code == 302


def test_a_guest_and_an_account_made_today_play_the_deal_unranked(alice, bob):
    """The attack of issue 25 (item 7): a throwaway guest (or a fresh account) sees all 52
    cards, then ranks; now neither ranks, and an older account's one game does."""
    guest = guest_create()
    joined_before(DAY, alice, guest)  # even a guest from before the day does not rank
    for player in (guest, bob, alice):
        game = services.solitaire_game_start(player=player, day=DAY)
        play_to_the_end(game, player)
    board = selectors.leaderboard(deal=DailyDeal.objects.get(day=DAY))
    assert [row["player"] for row in board] == ["alice"]
    # Bob made his account on the day: he played it, it is in his history, it does not rank.
    assert selectors.history(player=bob)[0]["finished"]


def test_only_an_accounts_first_attempt_counts(alice):
    joined_before(DAY, alice)
    first = play_to_the_end(services.solitaire_game_start(player=alice, day=DAY), alice)
    again = services.solitaire_game_start(player=alice, mode="count", day=DAY)
    assert again.pk == first.pk and again.mode == first.mode
    board = selectors.leaderboard(deal=DailyDeal.objects.get(day=DAY))
    assert [(row["player"], row["score"]) for row in board] == [("alice", first.score)]


def test_the_page_says_what_the_daily_deal_cannot_prevent(client):
    page = client.get("/solitaire/").content.decode()
    assert "friends telling each other the cards" in page
    assert "guests and accounts made today play unranked" in page
