"""Grimoire settings: one module, everything read from the environment.

DATABASE_URL   unset: the bundled SQLite file (var/grimoire.sqlite3);
               postgres://...: PostgreSQL through psycopg 3.
SECRET_KEY     required unless DEBUG is on (a development key is used then); without
               DEBUG, one shorter than 50 characters or a known default is refused.
DEBUG          off unless set to 1/true/yes/on.
ALLOWED_HOSTS  comma-separated; defaults to localhost names.

One module over 400 lines on purpose: every setting read from the environment in
one place, nothing only in production (STYLE.md: settings read from the environment in one base module).
"""
from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_flag("DEBUG")

DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdef"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY (or DEBUG=1 for development).")
    SECRET_KEY = DEV_SECRET_KEY
elif not DEBUG and (
    len(SECRET_KEY) < SECRET_KEY_MIN_LENGTH or len(set(SECRET_KEY)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS
    or SECRET_KEY.startswith(SECRET_KEY_INSECURE_PREFIX) or SECRET_KEY == DEV_SECRET_KEY
    or SECRET_KEY.lower() in {"secret", "changeme", "change-me", "..."}
):
    # What `check --deploy` warns about (W009), refused: sessions, password-reset
    # links and CSRF tokens are signed with this key.
    raise ImproperlyConfigured(
        f"SECRET_KEY is too weak for production: use at least {SECRET_KEY_MIN_LENGTH} random "
        f"characters (at least {SECRET_KEY_MIN_UNIQUE_CHARACTERS} different), e.g. "
        "python -c 'import secrets; print(secrets.token_urlsafe(50))'."
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "corsheaders",
    "simple_history",
    "axes",
    "csp",
    "cardsite",
    "rulesref",
    "engine.web.apps.EngineConfig",
    "cardsite.editorial.apps.EditorialConfig",
    "cardsite.images.apps.ImagesConfig",
    "django_tasks",
    "django_tasks_db",
    "cardsite.background.apps.BackgroundConfig",
    "cardsite.submissions.apps.SubmissionsConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "cardsite.web.response_cache.CatalogResponseCacheMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it answers a locked-out login itself.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out address + username before the password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "cardsite.urls"
WSGI_APPLICATION = "cardsite.wsgi.application"

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
                "cardsite.pages.context.search_scope",
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------
VAR_DIR = Path(os.environ.get("GRIMOIRE_VAR_DIR", BASE_DIR / "var"))
SQLITE_PATH = VAR_DIR / "grimoire.sqlite3"
CONN_MAX_AGE = int(os.environ.get("CONN_MAX_AGE", "60"))

_database_url = os.environ.get("DATABASE_URL", "").strip()
if _database_url:
    DATABASES = {
        "default": dj_database_url.parse(
            _database_url, conn_max_age=CONN_MAX_AGE, conn_health_checks=True
        )
    }
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {"ENGINE": "django.db.backends.sqlite3", "NAME": SQLITE_PATH,
                    "CONN_MAX_AGE": CONN_MAX_AGE}
    }
# PostgreSQL: statements bound on the server and prepared from their second use on
# a connection (psycopg 3's prepare_threshold), so a page's fixed statements (a card
# page's six, a search's count and ranking shapes) are planned once per connection:
# an uncached card page 5.5 -> 3.8 ms CPU, the server's share 1.9 -> 0.8 ms
# (bench/inprocess_floor.py). DATABASE_PREPARED=0 turns it off (a connection pooler
# in transaction mode, such as PgBouncer before 1.21, cannot keep prepared statements).
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and os.environ.get(
        "DATABASE_PREPARED", "1").strip().lower() not in ("0", "false", "no", "off"):
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "server_side_binding": True,
        "prepare_threshold": int(os.environ.get("DATABASE_PREPARE_THRESHOLD", "2")),
    })
# However SQLite is chosen (unset, or DATABASE_URL=sqlite:///...), one configuration:
# WAL lets readers and one writer work at once (several gunicorn workers);
# IMMEDIATE transactions take the write lock at BEGIN, where the busy timeout
# waits for it (a deferred transaction's upgrade to writing fails at once instead);
# a write waits SQLITE_BUSY_TIMEOUT seconds for the lock, then answers 503 with
# Retry-After. A 64 MiB page cache keeps the full-text tables in memory.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-65536;",
        "transaction_mode": "IMMEDIATE",
        "timeout": float(os.environ.get("SQLITE_BUSY_TIMEOUT", "20")),
    })

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files (whitenoise) ------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
# --- Media (card images: cardsite.images) --------------------------------------
# Uploaded images and their renditions. Default: files under the var directory,
# served by cardsite.images.serving at MEDIA_URL. With IMAGES_S3_BUCKET set, an
# S3-compatible bucket (django-storages) that every app server shares, read by
# browsers at IMAGES_S3_PUBLIC_URL (the bucket's public address or a CDN in front).
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
MEDIA_URL = "/media/"
IMAGES_S3_BUCKET = os.environ.get("IMAGES_S3_BUCKET", "").strip()
if IMAGES_S3_BUCKET:
    _s3_endpoint = os.environ.get("IMAGES_S3_ENDPOINT_URL", "").strip() or None
    _default_storage = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": IMAGES_S3_BUCKET,
            "endpoint_url": _s3_endpoint,
            "region_name": os.environ.get("IMAGES_S3_REGION", "us-east-1"),
            "access_key": os.environ.get("IMAGES_S3_ACCESS_KEY_ID") or None,
            "secret_key": os.environ.get("IMAGES_S3_SECRET_ACCESS_KEY") or None,
            "querystring_auth": False,
            "file_overwrite": True,  # names are content hashes: same name, same bytes
            "default_acl": os.environ.get("IMAGES_S3_ACL") or None,
            "object_parameters": {"CacheControl": "public, max-age=31536000, immutable"},
        },
    }
    MEDIA_URL = os.environ.get("IMAGES_S3_PUBLIC_URL", "").strip() or (
        f"{(_s3_endpoint or 'https://s3.amazonaws.com').rstrip('/')}/{IMAGES_S3_BUCKET}/")
    if not MEDIA_URL.endswith("/"):
        MEDIA_URL += "/"
else:
    _default_storage = {"BACKEND": "django.core.files.storage.FileSystemStorage",
                        "OPTIONS": {"location": MEDIA_ROOT, "base_url": MEDIA_URL,
                                    "allow_overwrite": True}}
# An upload larger than this is refused before it is decoded (bytes), and an
# image of more pixels than this before its pixels are read.
IMAGE_MAX_BYTES = int(os.environ.get("IMAGE_MAX_BYTES", str(15 * 1024 * 1024)))
IMAGE_MAX_PIXELS = int(os.environ.get("IMAGE_MAX_PIXELS", str(25_000_000)))

STORAGES = {
    "default": _default_storage,
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or env_flag("GRIMOIRE_PLAIN_STATIC")
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# Serve straight from the app folders when collectstatic has not run (dev, tests).
WHITENOISE_USE_FINDERS = DEBUG or env_flag("GRIMOIRE_PLAIN_STATIC")

# --- Security (production defaults; DEBUG relaxes what a local server needs) --
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", not DEBUG)
# Secure cookies are only sent back over HTTPS: off in development (DEBUG), and
# SECURE_COOKIES=0 for a production-like server tried over plain HTTP.
SESSION_COOKIE_SECURE = env_flag("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = env_flag("SECURE_COOKIES", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD")
# Preloading is an operator's irreversible opt-in (SECURE_HSTS_PRELOAD=1), not a
# fix every deployment needs, so check --deploy does not nag about it.
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# /healthz answers plain HTTP for load balancers behind the TLS terminator.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# After too many wrong passwords (5) for one username from one address, that
# pair is locked out for an hour (429) even with the right password; a good
# login resets the count. `manage.py axes_reset` lifts every lockout.
# One address is also locked out after 20 wrong passwords across usernames
# (password spraying): cardsite.web.login_limits.failure_limit gives axes both limits.
AXES_USERNAME_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_ADDRESS_FAILURE_LIMIT = int(os.environ.get("AXES_ADDRESS_FAILURE_LIMIT", "20"))
AXES_FAILURE_LIMIT = "cardsite.web.login_limits.failure_limit"
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_RESET_ON_SUCCESS = True
# The client's address as the API's throttle sees it (X-Forwarded-For behind API_NUM_PROXIES).
AXES_CLIENT_IP_CALLABLE = "cardsite.api.throttling.client_address"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

# An unsafe or missing next= after the admin's login lands on the admin's index
# (Django's default is /accounts/profile/, a 404 here).
LOGIN_URL = "admin:login"
LOGIN_REDIRECT_URL = "admin:index"

# The browser features no page of this site uses, refused to it and to any frame.
# Only features Chromium knows: an unknown name is logged as an error on every page.
PERMISSIONS_POLICY = {
    feature: [] for feature in (
        "accelerometer", "autoplay", "browsing-topics",
        "camera", "display-capture", "geolocation", "gyroscope", "hid", "idle-detection",
        "magnetometer", "microphone", "midi", "payment", "publickey-credentials-get",
        "screen-wake-lock", "serial", "usb", "xr-spatial-tracking",
    )
}

# --- Content-Security-Policy (django-csp) --------------------------------------
# Scripts only from this site's static files: no inline <script>, no on*=""
# handlers. Style attributes (a hit-point bar's width) are allowed, <style>
# blocks are not.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:", *([MEDIA_URL] if not MEDIA_URL.startswith("/") else [])],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# Request bodies (cardsite.web.request_bodies): over this Content-Length, 413 before
# reading; a body must arrive within REQUEST_BODY_GRACE_S plus its size at
# REQUEST_BODY_MIN_RATE bytes/s, else 408 (a slow client holds a thread no longer).
REQUEST_BODY_MAX_BYTES = int(os.environ.get("REQUEST_BODY_MAX_BYTES", str(64 * 1024 * 1024)))
REQUEST_BODY_MIN_RATE = int(os.environ.get("REQUEST_BODY_MIN_RATE", str(50 * 1024)))
REQUEST_BODY_GRACE_S = float(os.environ.get("REQUEST_BODY_GRACE_S", "5"))

# --- REST framework (the API: cardsite/api) ------------------------------------
# Anonymous clients are throttled per IP; "off" disables it (benchmarks). The
# allowances live in a table (cardsite.api.throttling) shared by every app process.
API_ANON_THROTTLE_RATE = os.environ.get("API_ANON_THROTTLE_RATE", "600/min")
# The time a search's database work may take before it is stopped (a 503).
SEARCH_TIME_BUDGET_MS = int(os.environ.get("SEARCH_TIME_BUDGET_MS", "500"))
# How many proxies (load balancers) stand in front of the app: the client's
# address is then taken from X-Forwarded-For, which is otherwise ignored (spoofable).
API_NUM_PROXIES = int(os.environ.get("API_NUM_PROXIES", "0"))
# Opening a sandbox writes rows: new tables per anonymous client, HTML and JSON
# API together (engine.web.sandbox.throttling); "off" disables it.
SANDBOX_CREATE_RATE = os.environ.get("SANDBOX_CREATE_RATE", "60/hour")
# Sandbox moves and undos per anonymous client, HTML and JSON API together
# (engine.web.sandbox.throttling.SandboxActionThrottle): a whole game fits in the burst.
SANDBOX_ACTION_RATE = os.environ.get("SANDBOX_ACTION_RATE", "2000/hour")
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # Anonymous GET responses, keyed by the catalog version (cardsite.web.response_cache);
    # a table (migration cardsite 0004) so every app process shares it.
    "responses": {
        "BACKEND": "cardsite.web.db_cache.DatabaseCache",
        "LOCATION": "response_cache",
        "OPTIONS": {"MAX_ENTRIES": 50000, "CULL_FREQUENCY": 4},
    },
}
# REDIS_URL (redis://host:6379/0): the response cache's shared tier, the catalog
# versions and the anonymous allowances (cardsite.api.throttling) live in Redis
# instead of database tables, through Django's own RedisCache: for a site that
# outgrows one database server's writes. Unset: no server needed.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL:
    CACHES["responses"] = {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                           "LOCATION": REDIS_URL}
# RESPONSE_CACHE=0 turns the shared response cache off (the benchmark measures both).
RESPONSE_CACHE = env_flag("RESPONSE_CACHE", True)
# ENTRY_MEMO=0: card searches read and write their page's entries on every request,
# instead of keeping each entry's JSON and row per process (cardsite.browse.entry_memo).
ENTRY_MEMO = env_flag("ENTRY_MEMO", True)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "cardsite.api.schema.ApiAutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAdminUser"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "cardsite.api.renderers.BrowsableRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "cardsite.api.parsers.JSONBodyParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "cardsite.api.pagination.ApiPagination",
    "PAGE_SIZE": 20,
    "DEFAULT_THROTTLE_CLASSES": ["cardsite.api.throttling.AnonymousClientThrottle"],
    "NUM_PROXIES": API_NUM_PROXIES,
    "EXCEPTION_HANDLER": "cardsite.api.errors.api_exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Grimoire API",
    "DESCRIPTION": (
        "Cards, rulings, rules and the rules engine for four card games. Anyone reads; "
        "writes need a staff user's token (`Authorization: Token <key>`). `null` in a "
        "field means the rulebooks do not give that value (unknown). Behind gunicorn, a "
        "request line longer than 4,094 bytes (a very long query string) is refused with "
        "414 URI Too Long before it reaches the API, as a small HTML page (text/html)."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # One enum name per choice set shared by models, filters and the engine.
    "ENUM_NAME_OVERRIDES": {
        "GameSlugEnum": "cardsite.api.schema.GAME_CHOICES",
        "FamilyEnum": "cardsite.api.schema.FAMILY_CHOICES",
        "EntryKindEnum": "cardsite.api.schema.ENTRY_KIND_CHOICES",
        "ComponentKindEnum": "cardsite.api.schema.COMPONENT_KIND_CHOICES",
        "GlyphEnum": "cardsite.api.schema.GLYPH_CHOICES",
        "RulingKindEnum": "cardsite.api.schema.RULING_KIND_CHOICES",
        "GameSlugValueEnum": "cardsite.catalog.games.GAME_SLUGS",
        "GlyphValueEnum": "cardsite.catalog.games.GLYPHS",
        "SpellGameEnum": ["rumble", "anarchy"],
        "AbilityTileEnum": "engine.deckbuilder.setup.ABILITY_TILES",  # Satanic Panic's tiles
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "cardsite.api.schema.strict_request_bodies",
        "cardsite.api.schema.non_empty_parameters",
    ],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_METHODS = ["GET", "HEAD", "OPTIONS"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Background tasks (cardsite.background): Django's Tasks API through django-tasks, kept in
# the site's own database (nothing else to start); ``manage.py db_worker`` runs them, and
# ``make serve`` starts one beside the site. TASKS_BACKEND=immediate runs each task in the
# request that enqueues it (no worker: a one-process setup, and the tests).
TASKS_BACKEND = os.environ.get("TASKS_BACKEND", "database")
TASKS = {"default": {"BACKEND": {
    "database": "django_tasks_db.DatabaseBackend",
    "immediate": "django_tasks.backends.immediate.ImmediateBackend",
}[TASKS_BACKEND]}}

# Players' suggested corrections per client address (cardsite.editorial.suggestions).
SUGGESTION_RATE = os.environ.get("SUGGESTION_RATE", "10/hour")

# Missing cards sent from a photo (cardsite.submissions): photo uploads per client address,
# and how many submissions with photos may wait at once per client and in all (the disk).
SUBMISSION_RATE = os.environ.get("SUBMISSION_RATE", "10/hour")
SUBMISSION_OPEN_PER_CLIENT = int(os.environ.get("SUBMISSION_OPEN_PER_CLIENT", "20"))
SUBMISSION_OPEN_MAX = int(os.environ.get("SUBMISSION_OPEN_MAX", "2000"))
