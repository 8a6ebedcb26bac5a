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

serve: setup
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py load_catalog
	DEBUG=1 $(PY) manage.py runserver 127.0.0.1:$(PORT)

test: setup browser
	$(PY) -m pytest $(PYTEST_ARGS)

lint: setup
	$(VENV)/bin/ruff check .
