# The two commands of the README: `make serve` and `make test`. Each does all
# of its own set-up on a fresh machine.
VENV := .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=
# `make serve PORT=8001` when 8000 is taken.
PORT ?= 8000

.PHONY: serve test setup browser lint

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

setup: $(VENV)/.installed

# Debian's chromium drives the page tests (Playwright's own browser download
# cannot work on these machines).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver; }

# `make serve DEBUG=0`: the site as production runs it (its own 404 and 500 pages,
# hashed static files from collectstatic, whitenoise), over plain HTTP on this machine:
# a SECRET_KEY made once and kept in var/secret_key, no HTTPS redirect, HSTS or
# Secure-only cookies.
DEBUG ?= 1
ifeq ($(DEBUG),0)
SERVE_ENV := DEBUG=0 SECRET_KEY="$$(cat var/secret_key)" SECURE_SSL_REDIRECT=0 SECURE_COOKIES=0 SECURE_HSTS_SECONDS=0
else
SERVE_ENV := DEBUG=1
endif

serve: setup
ifeq ($(DEBUG),0)
	@mkdir -p var && test -s var/secret_key || (umask 077 && $(PY) -c "import secrets; print(secrets.token_urlsafe(50))" > var/secret_key)
	$(SERVE_ENV) $(PY) manage.py collectstatic --noinput -v 0
endif
	$(SERVE_ENV) $(PY) manage.py migrate --noinput
	$(SERVE_ENV) $(PY) manage.py load_catalog
	@# The background worker (photos read by OCR, imports) beside the site, stopped with it.
	$(SERVE_ENV) $(PY) manage.py db_worker --interval 1 --no-startup-delay & worker=$$!; \
	  trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	  $(SERVE_ENV) $(PY) manage.py runserver 127.0.0.1:$(PORT)

test: setup browser
	$(PY) -m pytest $(PYTEST_ARGS)

# ruff, then the import contracts of .importlinter (the layers: README "Layout").
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
