# Every target sets up what it needs: a uv-managed environment from uv.lock.
.DEFAULT_GOAL := run
TOOLS := .tools
UV := $(TOOLS)/bin/uv
PY_FILES := circolo tests benchmarks

$(UV):
	python3 -m venv $(TOOLS)
	$(TOOLS)/bin/pip install --quiet --disable-pip-version-check "uv>=0.5"

.venv/.synced: $(UV) pyproject.toml uv.lock
	$(UV) sync --frozen --quiet
	touch $@

CHROMIUM := /usr/bin/chromium
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

# Debian's Chromium, driven by the browser tests (Playwright never downloads a browser).
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		chromium fonts-dejavu-core

.PHONY: run test check bench soak e2e lock clean
run: .venv/.synced  ## start the room: http://127.0.0.1:8000/ (SQLite in data/, bots ready)
	$(UV) run --frozen circolo serve

check: .venv/.synced  ## lint, types and layering
	$(UV) run --frozen ruff check $(PY_FILES)
	$(UV) run --frozen ruff format --check $(PY_FILES)
	$(UV) run --frozen mypy circolo

test: check $(CHROMIUM)  ## the whole suite (long soak and fuzz runs are in make soak)
	$(UV) run --frozen pytest -n 2 -q -m "not slow" --ignore=tests/e2e --ignore=tests/test_cluster.py
	$(UV) run --frozen pytest -q -m "not slow" tests/test_cluster.py  # alone: 3 servers each
	CIRCOLO_E2E_SHOTS=0 $(UV) run --frozen pytest -n 2 -q -m "not slow" tests/e2e  # its own run: Playwright's loop; no screenshots (make e2e takes them)

soak: .venv/.synced  ## long property, fuzz and soak runs (not part of make test)
	$(UV) run --frozen pytest -n 2 -q -s -m slow tests --ignore=tests/test_soak_abuse.py
	CIRCOLO_HIDDEN_HANDS=2000 $(UV) run --frozen pytest -n 2 -q tests/test_engines.py -k hidden_cards
	$(UV) run --frozen pytest -q -s -m slow tests/test_soak_abuse.py  # alone: it times round trips

e2e: .venv/.synced $(CHROMIUM)  ## the browser tests alone; screenshots in tests/e2e/artifacts/
	$(UV) run --frozen pytest -q tests/e2e

bench: .venv/.synced  ## engine and bot benchmarks (not part of make test)
	$(UV) run --frozen python benchmarks/engines.py
	$(UV) run --frozen python benchmarks/engines.py --movegen
	$(UV) run --frozen python benchmarks/bots.py
	$(UV) run --frozen python benchmarks/table.py
	$(UV) run --frozen python benchmarks/owner.py
	$(UV) run --frozen python benchmarks/store.py
	$(UV) run --frozen python benchmarks/server.py
	$(UV) run --frozen python benchmarks/cluster.py  # needs PostgreSQL and Redis
	$(UV) run --frozen python benchmarks/tournament.py

lock: $(UV)
	$(UV) lock

clean:
	rm -rf .venv $(TOOLS) .mypy_cache .pytest_cache .ruff_cache
