# Two commands for a newcomer: `make run` and `make test` (see README.md).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
# `make run` listens on every interface (the players' phones come over the Wi-Fi);
# `make dev` only on this computer.
HOST ?= 0.0.0.0
PORT ?= 8000
# PostgreSQL used by `make test` when reachable (the suite then runs a second time on it).
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/test
# The suite runs on two processes (pytest-xdist), one per core of the hall laptop.
PYTEST_PARALLEL ?= -n 2 --dist load
# Debian packages WeasyPrint needs for PDF output; the tests also drive Debian's chromium
# (Playwright cannot download browsers here) and read PDFs back as pictures (pdftoppm).
SYSTEM_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core
TEST_SYSTEM_PACKAGES := chromium poppler-utils gettext haproxy
# `make bench`: the cluster's balancer and shared cache (bench/cluster.py, bench/hub.py) and the
# HTTP load generator (bench/load.py, bench/hub.py).
BENCH_SYSTEM_PACKAGES := haproxy redis-server wrk

.PHONY: run dev test lint venv dev-venv system-packages test-system-packages bench-system-packages apt-install bench clean messages

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements-dev.txt $(VENV)/.installed
	$(PIP) install -q -r requirements-dev.txt
	touch $@

venv: $(VENV)/.installed
dev-venv: $(VENV)/.installed-dev

system-packages:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(SYSTEM_PACKAGES)"

test-system-packages:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(SYSTEM_PACKAGES) $(TEST_SYSTEM_PACKAGES)"

bench-system-packages:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(SYSTEM_PACKAGES) $(BENCH_SYSTEM_PACKAGES)"

# The missing ones installed with apt-get, with no system service started or enabled at boot
# (haproxy comes with one; the tests run it from their own folder): deploy/install-packages.sh.
apt-install:
	@sh deploy/install-packages.sh $(PACKAGES)

run: venv system-packages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo_tournament --if-empty
	$(PY) manage.py serve --host $(HOST) --port $(PORT)

# Development: Django's runserver (reloads on every change), DEBUG on, this computer only.
dev: venv system-packages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo_tournament --if-empty
	$(PY) manage.py db_worker --verbosity 0 & worker=$$!; trap "kill $$worker" EXIT INT TERM; \
	DJANGO_DEBUG=1 $(PY) manage.py runserver 127.0.0.1:$(PORT)

lint: dev-venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

test: dev-venv test-system-packages lint
	@if $(PY) -c "import psycopg,sys; psycopg.connect('$(PG_TEST_URL)', connect_timeout=3).close()" 2>/dev/null; \
	then pg=1; else pg=0; echo "PostgreSQL not reachable at $(PG_TEST_URL): SQLite only."; fi; \
	echo "== pytest on SQLite =="; \
	env -u DATABASE_URL $(VENV)/bin/pytest $(PYTEST_PARALLEL) || exit $$?; \
	if [ $$pg = 1 ]; then echo "== pytest on PostgreSQL =="; \
	  echo "(tests/rules: pure rules that never touch a database, run once, in the SQLite pass)"; \
	  DATABASE_URL=$(PG_TEST_URL) $(VENV)/bin/pytest $(PYTEST_PARALLEL) --ignore=tests/rules \
	    || exit $$?; fi

# Every script of bench/ (tests/test_deploy.py checks that none is left out). Those that need
# PostgreSQL (BENCH_PG_URL) or haproxy and redis-server say so and are skipped when missing.
bench: dev-venv bench-system-packages
	$(PY) bench/pairing.py
	$(PY) bench/groups.py
	$(PY) bench/groups_service.py
	$(PY) bench/first_seating.py
	$(PY) bench/entry.py
	$(PY) bench/standings.py
	$(PY) bench/circuit.py
	$(PY) bench/exports.py --diagnose never
	$(PY) bench/load.py
	$(PY) bench/sqlite_locks.py
	$(PY) bench/rush.py
	$(PY) bench/hub.py
	$(PY) bench/cluster.py

# Italian catalogue: new messages added without source locations (so that merges stay small),
# then compiled (the .mo is committed: a hall laptop needs no gettext).
messages: dev-venv
	$(PY) manage.py makemessages -l it --no-location --no-obsolete -i ".venv/*" -i "bench/*" -i "tests/*"
	$(PY) manage.py compilemessages -l it -i ".venv/*"
	@msgfmt --statistics -o /dev/null locale/it/LC_MESSAGES/django.po

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
