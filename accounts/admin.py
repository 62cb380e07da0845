"""The admin site logs in through the same rate-limited form as the site itself."""

from __future__ import annotations

from django.contrib import admin

from accounts.forms import RateLimitedAdminLoginForm

admin.site.login_form = RateLimitedAdminLoginForm
