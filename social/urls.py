"""Pages and POST endpoints of friends and challenges; the challenge socket is in routing.py."""

from __future__ import annotations

from django.urls import path

from social import views

app_name = "social"

urlpatterns = [
    path("friends/", views.friends_page, name="friends"),
    path("friends/settings/", views.settings_page, name="settings"),
    path("friends/requests/", views.friend_request_view, name="friend_request"),
    path(
        "friends/requests/<int:request_id>/<slug:answer>/",
        views.friend_answer_view,
        name="friend_answer",
    ),
    path("friends/people/<slug:action>/", views.person_action_view, name="person_action"),
    path("challenges/new/", views.challenge_new, name="challenge_new"),
    path("challenges/<int:challenge_id>/", views.challenge_page, name="challenge"),
    path(
        "challenges/<int:challenge_id>/<slug:answer>/",
        views.challenge_answer_view,
        name="challenge_answer",
    ),
]
