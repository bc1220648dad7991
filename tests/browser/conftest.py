"""Browser tests: Debian's chromium driven by Playwright against pytest-django's live server."""

import os
import re
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"


@pytest.fixture(scope="module")
def browser():
    """Chromium for one test module.

    Playwright's sync API keeps an event loop running in the test's thread, and Django then
    refuses ORM calls from that thread (SynchronousOnlyOperation); the tests' own database
    work is plain synchronous code, so the check is lifted while the loop lives, and only then.
    """
    from playwright.sync_api import sync_playwright

    previous = os.environ.get(ASYNC_UNSAFE)
    os.environ[ASYNC_UNSAFE] = "true"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            browser.new_context = _watching(browser.new_context)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop(ASYNC_UNSAFE, None)
        else:
            os.environ[ASYNC_UNSAFE] = previous


# Every Content-Security-Policy violation chromium reports in the console of any page (an inline
# script, style or handler the policy blocked): each browser test fails on one.
CSP_VIOLATIONS: list[str] = []


def _listen(message) -> None:
    text = message.text
    if "Content Security Policy" in text or "Content-Security-Policy" in text:
        page = message.page
        where = message.location or {}
        CSP_VIOLATIONS.append(
            f"{page.url if page else '?'} ({where.get('url', '')}:{where.get('lineNumber', '')}):"
            f" {text}"
        )


def _watching(new_context):
    def new_context_watched(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.on("console", _listen)
        return context

    return new_context_watched


@pytest.fixture(autouse=True)
def no_csp_violation():
    CSP_VIOLATIONS.clear()
    yield
    assert not CSP_VIOLATIONS, CSP_VIOLATIONS[:5]


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def page(context):
    return context.new_page()


@pytest.fixture
def shot(request, tmp_path):
    """shot(page, "name"): a full-page PNG in $SCREENSHOT_DIR (or the test's tmp_path)."""
    folder = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    prefix = re.sub(r"[^A-Za-z0-9_-]+", "_", request.node.name)
    count = [0]

    def take(page, name: str) -> Path:
        count[0] += 1
        path = folder / f"{prefix}-{count[0]:02d}-{name}.png"
        # caret="initial": Playwright would hide the text cursor with an injected <style>,
        # which the pages' Content-Security-Policy (rightly) reports as a violation.
        page.screenshot(path=str(path), full_page=True, caret="initial")
        return path

    return take
