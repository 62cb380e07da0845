"""Lobby pages and the POST endpoints behind its buttons; sockets are in routing.py."""

from __future__ import annotations

from django.urls import path

from lobby import views

app_name = "lobby"

urlpatterns = [
    path("", views.lobby_page, name="index"),
    path("live/", views.live_page, name="live"),
    path("seeks/", views.seek_create_view, name="seek_create"),
    path("quick/<slug:key>/", views.quick_pair_view, name="quick_pair"),
    path("seeks/<int:seek_id>/accept/", views.seek_accept_view, name="seek_accept"),
    path("seeks/<int:seek_id>/cancel/", views.seek_cancel_view, name="seek_cancel"),
    path("invitations/", views.invitation_create_view, name="invitation_create"),
    path("invite/<token:token>/", views.invitation_page, name="invitation"),
    path("invite/<token:token>/accept/", views.invitation_accept_view, name="invitation_accept"),
    path("invite/<token:token>/cancel/", views.invitation_cancel_view, name="invitation_cancel"),
    path("matches/<int:match_id>/rematch/", views.rematch_view, name="rematch"),
    path("matches/<int:match_id>/claim/", views.claim_view, name="claim"),
]
