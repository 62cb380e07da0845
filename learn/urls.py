"""The place to learn: the hand counter, counting practice, and the analysis board."""

from __future__ import annotations

from django.urls import path

from learn import views

app_name = "learn"

urlpatterns = [
    path("learn/", views.learn_index, name="index"),
    path("learn/count/", views.counter_page, name="count"),
    path("learn/practice/", views.practice_page, name="practice"),
    path("learn/puzzles/", views.puzzles_page, name="puzzles"),
    path("learn/puzzles/next/", views.puzzle_next_page, name="puzzle_next"),
    path("learn/puzzles/daily/", views.puzzle_daily_page, name="puzzle_daily"),
    path("learn/puzzles/mistakes/", views.puzzle_mistakes_page, name="puzzle_mistakes"),
    path("learn/puzzles/<int:puzzle_id>/", views.puzzle_page, name="puzzle"),
    path("analysis/", views.board_page, name="board"),
    path("analysis/play/", views.play_page, name="play"),
]
