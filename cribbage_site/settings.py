"""Settings for the Cribbage site, all read from the environment.

DEBUG is off unless DEBUG=true is set: a deployment that forgets a variable gets production's
safe behaviour (and refuses to start without SECRET_KEY), never the debug page. The developer
commands turn it on (scripts/run-site; the tests, through tests/settings.py). Otherwise the
embedded default needs nothing: SQLite in ``data/`` and Channels' in-memory layer. Production sets
SECRET_KEY, DATABASE_URL (PostgreSQL) and REDIS_URL (channels-redis); see README.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from cribbage_site.env import (
    SQLITE_OPTIONS,
    channel_layers_from,
    database_from_url,
    env_bool,
    env_float,
    env_int,
    env_list,
)
from kernel import limits

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("DATA_DIR", BASE_DIR / "data"))

DEBUG = env_bool("DEBUG", False)
# Even with DEBUG on, the error page shows no database or Redis URL and no password.
DEFAULT_EXCEPTION_REPORTER_FILTER = "cribbage_site.debug_filter.SecretHidingReporterFilter"

_DEVELOPMENT_SECRET = "dev-only-insecure-secret-key-never-use-in-production-0123456789"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. With DEBUG off (the default) the site refuses to start "
            "without a secret: set SECRET_KEY to a long random string (e.g. python -c 'import "
            "secrets; print(secrets.token_urlsafe(50))'), or DEBUG=true on a development "
            "machine (scripts/run-site does)."
        )
    SECRET_KEY = _DEVELOPMENT_SECRET

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# Daphne's app does one thing here: ``manage.py runserver`` (scripts/run-site) serves HTTP and
# websockets through Daphne. Importing it installs Twisted's reactor, 0.17 s of CPU in every
# process's start (a fifth of a worker's or a shell's), so only runserver loads it: production
# runs the daphne command (Dockerfile), which needs no app, and workers, shells, migrations and
# the tests' processes start without Twisted.
RUNSERVER = sys.argv[1:2] == ["runserver"]

INSTALLED_APPS = [
    *(["daphne"] if RUNSERVER else []),
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_tasks",
    "django_tasks_db",
    "accounts",
    "games",
    "lobby",
    "ratings",
    "tournaments",
    "solitaire",
    "review",
    "notifications",
    "learn",
    "social",
    "moderation",
    # The composition root: its management commands (run_worker, tasks_requeue) start the worker,
    # and its one model is the workers' lease (cribbage_site/models.py).
    "cribbage_site",
]

MIDDLEWARE = [
    # Before all: the request id on every log line of the request (cribbage_site/request_id.py).
    "cribbage_site.request_id.RequestIdMiddleware",
    # First: answers /healthz before anything validates the Host header (see its docstring).
    "cribbage_site.middleware.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # A strict Content-Security-Policy on every response (cribbage_site/content_security.py).
    "cribbage_site.content_security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A refusal that escapes a view is its page, not a 500: the 503 when the rate limits' cache
    # is down (accounts/throttle.py fails closed), for one (kernel/error_renderings.py).
    "kernel.error_renderings.SiteErrorMiddleware",
]

ROOT_URLCONF = "cribbage_site.urls"
ASGI_APPLICATION = "cribbage_site.asgi.application"

# The largest websocket message the server reads. The protocol refuses any frame over 4 KB with
# a clear error (kernel/frames.py MAX_FRAME_BYTES); the server itself drops a connection whose
# message passes this size (close code 1009) before buffering it, so a client cannot make a
# process hold megabytes. The Dockerfile and tests/support/servers.py pass the same number to
# Daphne's command line; `manage.py runserver` reads these two settings.
WEBSOCKET_MAX_MESSAGE_BYTES = limits.WEBSOCKET_MAX_MESSAGE_BYTES
DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE = WEBSOCKET_MAX_MESSAGE_BYTES
DAPHNE_WEBSOCKET_MAX_FRAME_SIZE = WEBSOCKET_MAX_MESSAGE_BYTES

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.player_preferences",
                "notifications.context_processors.notifications_bell",
                "moderation.context_processors.moderation",
            ],
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": database_from_url(DATABASE_URL)}
else:
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": DATA_DIR / "cribbage.sqlite3",
            # Wait for a competing writer instead of failing at once: two players act together.
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
# Starts the channel layer's keys and pub/sub channels and the cache's keys: sites sharing one
# Redis (or the test suite's parallel workers, tests/settings.py) each take their own.
REDIS_KEY_PREFIX = os.environ.get("REDIS_KEY_PREFIX", "asgi")
CHANNEL_LAYERS = channel_layers_from(
    REDIS_URL, os.environ.get("REDIS_CHANNEL_LAYER", "pubsub"), prefix=REDIS_KEY_PREFIX
)

# Durable tasks (docs/architecture.md, "The worker"): rows in the database, run by
# `manage.py db_worker` processes. A worker broadcasts through the channel layer, so beside a
# server it needs Redis; without REDIS_URL (one process, in-memory layer) set
# TASK_WORKER_IN_SERVER and the server runs the same worker loop in a thread of its own.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
TASK_WORKER_IN_SERVER = env_bool("TASK_WORKER_IN_SERVER", False)
# How often an idle worker (either kind) looks for due tasks, in seconds.
TASK_WORKER_INTERVAL = env_float("TASK_WORKER_INTERVAL", 0.5)
# Each worker renews its lease this often (cribbage_site/worker_lease.py); a task left running
# by a worker whose lease has lapsed this long is run again. /healthz calls a worker unseen for
# a lease "stale".
TASK_WORKER_HEARTBEAT_SECONDS = env_float("TASK_WORKER_HEARTBEAT_SECONDS", 5.0)
TASK_WORKER_LEASE_SECONDS = env_float("TASK_WORKER_LEASE_SECONDS", 30.0)
# Tasks a worker process runs at once, one thread each (docs/performance.md, "Enough workers").
TASK_WORKER_THREADS = env_int("TASK_WORKER_THREADS", 4)
# The server's own worker (TASK_WORKER_IN_SERVER): two threads. SQLite has one writer, but with
# one thread a computer's turns queued behind each other's waits (measured, docs/performance.md).
TASK_WORKER_IN_SERVER_THREADS = env_int("TASK_WORKER_IN_SERVER_THREADS", 2)
# Housekeeping (cribbage_site/housekeeping.py), a durable task the workers keep scheduled: how
# often it runs, how long finished task rows are kept, and after how long an idle guest who
# never played is deleted.
HOUSEKEEPING_EVERY_SECONDS = env_float("HOUSEKEEPING_EVERY_SECONDS", 3600.0)
# Reports one member may send per window (moderation/services.py; docs/social.md).
REPORTS_PER_WINDOW = env_int("REPORTS_PER_WINDOW", 5)
REPORTS_WINDOW_SECONDS = env_int("REPORTS_WINDOW_SECONDS", 3600)
TASK_RESULTS_KEEP_DAYS = env_float("TASK_RESULTS_KEEP_DAYS", 7.0)
GUESTS_PURGE_AFTER_DAYS = env_int("GUESTS_PURGE_AFTER_DAYS", 30)

# Rate limits (login attempts, chat) live in the cache: shared through Redis when there is one,
# otherwise per process in memory. CACHE_REDIS_URL puts the cache on a Redis of its own (the
# channel layer's outage then leaves the limits counting; tests/site/test_send_path_outage.py).
CACHE_REDIS_URL = os.environ.get("CACHE_REDIS_URL", REDIS_URL)
if CACHE_REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_REDIS_URL,
            "KEY_PREFIX": REDIS_KEY_PREFIX,
        }
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "cribbage_site.storage.ModuleManifestStaticFilesStorage"
        )
    },
}
# Under DEBUG WhiteNoise serves straight from the finders, so no collectstatic is needed.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "cribbage@localhost")
# Links in mail (notifications, their unsubscribe links) need the site's address: no request.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# Notifications by mail (notifications/mail.py): at most one "your turn" mail per match this
# often (three hours), and the daily digest's period.
NOTIFICATIONS_YOUR_TURN_MAIL_EVERY_SECONDS = env_float(
    "NOTIFICATIONS_YOUR_TURN_MAIL_EVERY_SECONDS", 3 * 3600.0
)
NOTIFICATIONS_DIGEST_EVERY_SECONDS = env_float("NOTIFICATIONS_DIGEST_EVERY_SECONDS", 86400.0)
# Housekeeping deletes read notifications after this many days, and any after the second.
NOTIFICATIONS_KEEP_READ_DAYS = env_float("NOTIFICATIONS_KEEP_READ_DAYS", 90.0)
NOTIFICATIONS_KEEP_DAYS = env_float("NOTIFICATIONS_KEEP_DAYS", 365.0)

# Production hardening; `manage.py check --deploy` passes when DEBUG is off.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
X_FRAME_OPTIONS = "DENY"

# Game timing (seconds): how long a player may be away while the game waits on them before
# they lose the match (or the opponent may claim it), and the computer opponent's human-like
# pause (0 in tests).
ABANDON_AFTER_SECONDS = env_float("ABANDON_AFTER_SECONDS", 120.0)
BOT_DELAY_SECONDS = env_float("BOT_DELAY_SECONDS", 0.8)
# Presence is a lease each open socket's server renews (games/services/presence.py): it lasts
# this long unrenewed, so a killed server's players count as gone at most this long after.
PRESENCE_LEASE_SECONDS = env_float("PRESENCE_LEASE_SECONDS", 60.0)
PRESENCE_RENEW_SECONDS = env_float("PRESENCE_RENEW_SECONDS", PRESENCE_LEASE_SECONDS / 3)
# Reverse proxies whose X-Forwarded-For is believed (addresses or networks, comma-separated);
# empty: the connection's own address counts (kernel/addresses.py, docs/security.md).
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])
# How long one /healthz answer is reused by a process (cribbage_site/health.py).
HEALTHZ_CACHE_SECONDS = env_float("HEALTHZ_CACHE_SECONDS", 2.0)
# /healthz always reports the workers' leases; with this on it answers 503 when no worker has
# renewed its lease within TASK_WORKER_LEASE_SECONDS. Off by default, because a server whose
# worker is a thread of its own (TASK_WORKER_IN_SERVER) or a process started after it must be
# healthy first; docker-compose.yml turns it on for its web services.
HEALTHZ_REQUIRE_WORKER = env_bool("HEALTHZ_REQUIRE_WORKER", False)
# /healthz answers 503 ("queue") when the oldest due task has waited longer than this: workers
# that run but cannot keep up, or none at all. 0 turns the check off.
HEALTHZ_QUEUE_LATE_SECONDS = env_float("HEALTHZ_QUEUE_LATE_SECONDS", 120.0)
# The bearer token that opens /metrics and /healthz?deep (cribbage_site/metrics.py); without
# one, only loopback requests that no proxy forwarded are answered, everyone else gets a 404.
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
# A worker process (manage.py run_worker) serves its own metrics on this port when it is not 0,
# bound to WORKER_METRICS_ADDRESS (keep it on an internal network: it has no token).
WORKER_METRICS_PORT = env_int("WORKER_METRICS_PORT", 0)
WORKER_METRICS_ADDRESS = os.environ.get("WORKER_METRICS_ADDRESS", "127.0.0.1")
# Test-only: the dotted path of a factory for the deck source ordinary matches use instead of
# the secure shuffle (games.decks), so browser tests see the same deals every run. Production
# never sets it; with DEBUG off it is refused here, so a stray variable cannot make a site deal
# predictable decks.
TEST_DECK_SOURCE = os.environ.get("TEST_DECK_SOURCE", "")
if TEST_DECK_SOURCE and not DEBUG:
    raise ImproperlyConfigured("TEST_DECK_SOURCE is for test runs only and needs DEBUG on")
# Test-only: a client frame with exactly this text makes the socket's handler raise, so tests
# can watch a failed socket close and the page rejoin (cribbage_site/websocket.py). Refused with
# DEBUG off, like the deck source above.
TEST_SOCKET_FAILURE_FRAME = os.environ.get("TEST_SOCKET_FAILURE_FRAME", "")
if TEST_SOCKET_FAILURE_FRAME and not DEBUG:
    raise ImproperlyConfigured("TEST_SOCKET_FAILURE_FRAME is for test runs only and needs DEBUG on")
# How long a seek outlives its creator's last lobby socket before the worker closes it.
SEEK_CREATOR_GRACE_SECONDS = env_float("SEEK_CREATOR_GRACE_SECONDS", 20.0)
# How long a direct challenge waits for an answer (docs/social.md): a match at one sitting (a
# real-time clock or none), and one played over days.
CHALLENGE_EXPIRY_SECONDS = env_int("CHALLENGE_EXPIRY_SECONDS", 600)
CHALLENGE_EXPIRY_SECONDS_DAYS = env_int("CHALLENGE_EXPIRY_SECONDS_DAYS", 24 * 3600)
# The leaderboard lists players whose rating deviation is at most this, with at least this many
# rated matches (docs/ratings.md); raised/lowered by the browser tests so one match is enough.
RATINGS_LEADERBOARD_MAX_DEVIATION = env_float("RATINGS_LEADERBOARD_MAX_DEVIATION", 75.0)
RATINGS_LEADERBOARD_MIN_MATCHES = env_int("RATINGS_LEADERBOARD_MIN_MATCHES", 10)
# Benchmark-only: route a bare echo consumer (ws/echo/<room>/) for benchmarks/ws_load.py.
BENCHMARK_ECHO = env_bool("BENCHMARK_ECHO", False)

# LOG_FORMAT=json: one JSON object a line, with the request, match, seat, action and task ids
# wherever they apply (kernel/log_context.py; docs/operations.md, "Logs").
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text").strip().lower()
if LOG_FORMAT not in {"text", "json"}:
    raise ImproperlyConfigured(f"LOG_FORMAT must be text or json, not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"log_ids": {"()": "kernel.log_context.LogContextFilter"}},
    "formatters": {"json": {"()": "kernel.log_context.JsonLogFormatter"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["log_ids"],
            **({"formatter": "json"} if LOG_FORMAT == "json" else {}),
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "daphne": {"level": "WARNING"},
        # One line per HTTP request (cribbage_site/request_id.py) with JSON logs; in text,
        # runserver (development) already prints each request.
        "cribbage_site.requests": {"level": "INFO" if LOG_FORMAT == "json" else "WARNING"},
        # runserver's access log has its own handler; don't print each request twice.
        "django.channels.server": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
}
