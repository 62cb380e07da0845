"""Account pages: ours first (login and password reset are replaced by rate-limited ones), then Django's auth views
(logout, password change, password reset) under the same prefix and names. A player's profile
(/accounts/players/<name>/) shows their matches, so cribbage_site/urls.py routes it to games."""

from __future__ import annotations

from django.urls import include, path

from accounts import views

urlpatterns = [
    path("login/", views.LoginView.as_view(), name="login"),
    path("guest/", views.guest_start, name="guest_start"),
    path("signup/", views.signup, name="signup"),
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("preferences/", views.preferences, name="preferences"),
    path("preferences/card-order/", views.card_order_save, name="card_order_save"),
    path("me/", views.my_profile, name="my_profile"),
    path("", include("django.contrib.auth.urls")),
]
