"""The review pages, under /matches/<id>/review/ (included by cribbage_site/urls.py)."""

from __future__ import annotations

from django.urls import path

from review import views

app_name = "review"

urlpatterns = [
    path("<int:match_id>/review/", views.review_page, name="page"),
    path("<int:match_id>/review/export.json", views.review_export_json, name="export_json"),
    path("<int:match_id>/review/transcript.txt", views.review_transcript, name="transcript"),
    path("<int:match_id>/review/share/", views.review_share, name="share"),
    path("<int:match_id>/review/play-this-deal/", views.review_play_deal, name="play_deal"),
]
