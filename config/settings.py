"""Settings: SQLite by default, PostgreSQL (or any database) through DATABASE_URL."""

import os
import warnings
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DJANGO_DEBUG")
# DJANGO_SECURE=1: an internet deployment (HTTPS only, HSTS, secret key and host names from
# the environment). Off: a hall laptop serving the players' phones over the local Wi-Fi.
SECURE = env_flag("DJANGO_SECURE")
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
    )
}
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if SECURE:
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured("DJANGO_SECURE=1 needs DJANGO_SECRET_KEY")
    # A hall laptop: a random key made on the first run, kept beside the database (0600).
    from config.secret import key_beside

    SECRET_KEY = key_beside(DATABASES["default"], BASE_DIR)
# A hall laptop answers on whatever LAN address it got: every host name is accepted.
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "" if SECURE else "*").split(",")
    if h.strip()
]
if SECURE:
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # the balancer's check, over plain HTTP
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_REFERRER_POLICY = "same-origin"
    CSRF_TRUSTED_ORIGINS = [f"https://{h}" for h in ALLOWED_HOSTS if h != "*"]
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_htmx",
    "axes",
    "tournaments",
    "scoring",
    # Before django_tasks_db: its `db_worker` command is this app's (with heartbeats).
    "tournaments.taskqueue",
    "django_tasks",
    "django_tasks_db",
]

MIDDLEWARE = [
    "config.middleware.RequestLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # The hub's public pages from the cache, before the rest (only with DJANGO_ROLE=hub).
    "scoring.middleware.HubCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.middleware.DefaultLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    # A body larger than its address takes: 413 before the CSRF check or anything reads it.
    "config.middleware.BodySizeMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "config.middleware.RejectNulMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Inside CSP: a method a view does not take gets a page, not Django's empty 405.
    "config.middleware.NotAllowedPageMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# Content-Security-Policy (django-csp): the pages run only the app's own scripts and styles,
# served from here; no inline script, style or event handler (they live in static/js and
# static/css), no eval, no other site. QR codes are inline SVG; images may be data: URLs.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # Numbers as people read them (−30, "950 – (−30)") in every template.
            "builtins": [
                "scoring.templatetags.display_filters",
                "scoring.templatetags.kind_filters",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The hall laptop's database takes the end-of-turn rush (docs/concurrency.md):
    # - WAL: readers never wait for the writer, nor the writer for readers;
    # - IMMEDIATE: a transaction takes the write lock when it begins, so a read-then-write
    #   never fails half-way with "database is locked" (a deferred one cannot wait for it);
    # - a busy timeout: a writer waits its turn (up to 20 s) instead of failing;
    # - synchronous=NORMAL: with WAL, durable at every checkpoint and never corrupt; a power
    #   cut may lose the last commits but nothing older (the laptop's battery covers that).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000"
            ),
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]

# The client's address: X-Forwarded-For is believed only from these proxies (addresses or
# networks, comma-separated), e.g. "127.0.0.1" for nginx or Caddy on the same machine.
TRUSTED_PROXIES = [p.strip() for p in os.environ.get("DJANGO_TRUSTED_PROXIES", "").split(",")]
TRUSTED_PROXIES = [p for p in TRUSTED_PROXIES if p]
if TRUSTED_PROXIES:
    from config.network import parse_networks

    parse_networks(",".join(TRUSTED_PROXIES))  # a typo stops the server, not a request

# Failed logins (django-axes, in the database so every server process sees them): 5 wrong
# passwords lock the address, and 5 lock the user name whatever the address, for 15 minutes
# after the last attempt. A hall laptop's own browser (loopback) is never locked out, so a
# guesser on the Wi-Fi cannot keep the referee out of the desk.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "config.network.client_address"
AXES_LOCKOUT_CALLABLE = "config.lockout.locked_out"
AXES_NEVER_LOCKOUT_WHITELIST = not SECURE
AXES_IP_WHITELIST = [] if SECURE else ["127.0.0.1", "::1"]
AXES_VERBOSE = False

LANGUAGE_CODE = "it"
LANGUAGES = [("it", _("Italian")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "Europe/Rome")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5.html"
# Static files are served by the app itself (whitenoise), straight from the source folders:
# a hall laptop needs no collectstatic and no web server in front.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
# No collectstatic on the laptop: STATIC_ROOT may not exist, and that is fine.
warnings.filterwarnings("ignore", message="No directory at")

# The address players' phones use to reach this app (printed as QR codes on the score sheets
# and pair cards). Empty: the address the referee's browser used, or http://127.0.0.1:8000.
PUBLIC_URL = os.environ.get("DJANGO_PUBLIC_URL", "").rstrip("/")

# "club" (a hall laptop or a club's server: the default) or "hub" (the federation's hub
# that receives every club's homologation packages: docs/homologation.md).
ROLE = os.environ.get("DJANGO_ROLE", "club").strip().lower() or "club"
if ROLE not in ("club", "hub"):
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("DJANGO_ROLE must be club or hub")
# The installation's Ed25519 key that signs its packages: beside the database unless set.
HOMOLOGATION_KEY_FILE = os.environ.get("DJANGO_HOMOLOGATION_KEY_FILE", "")

# A backup file of the tournament is written here every time a turn is complete.
BACKUP_DIR = Path(os.environ.get("DJANGO_BACKUP_DIR", BASE_DIR / "backups"))

# Background work (document builds, automatic backups): Django's Tasks API through the
# django-tasks backport, the queue in this same database (django-tasks-db), run by
# `manage.py db_worker` (started beside gunicorn by `make run`). A job whose worker stops
# beating for TASKS_LEASE_SECONDS is run again (tournaments/taskqueue/queue.py, docs/operations.md).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
TASKS_LEASE_SECONDS = float(os.environ.get("DJANGO_TASKS_LEASE_SECONDS", "30"))
# Run deferred work in this process right after the commit (tests; management commands).
TASKS_INLINE = False

# The cache (players' pages, rendered once per tournament version). DJANGO_CACHE_URL=redis://…
# puts it in Redis, shared by every app server of a cluster (Django's RedisCache, redis-py);
# without it, each process keeps its own (LocMem), as on the hall laptop. Either way a page is
# keyed by the tournament's version, read from the database at every request, so a result
# saved through one server is shown by every other at once. PIN and login limits are never
# cached: they are rows of the database, shared by every server (docs/concurrency.md).
CACHE_URL = os.environ.get("DJANGO_CACHE_URL", "").strip()
if CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": os.environ.get("DJANGO_CACHE_PREFIX", "burraco"),
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
    }
elif CACHE_URL:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("DJANGO_CACHE_URL must be a redis:// (or rediss://) address")
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# One JSON line per request on stderr (method, path, status, ms, tournament, client):
# DJANGO_REQUEST_LOG=1 (the cluster's and production's files set it; the laptop stays quiet).
REQUEST_LOG = env_flag("DJANGO_REQUEST_LOG")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "%(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "line"}},
    "loggers": {
        "burraco.requests": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        # a server error's traceback on stderr (the server's log) with DEBUG off too
        "django.request": {"handlers": ["stderr"], "level": "ERROR"},
    },
}
