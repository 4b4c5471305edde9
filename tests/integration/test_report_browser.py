"""The report in a real headless Chromium: it renders, every figure loads, nothing is fetched, no console errors."""

from __future__ import annotations

import json

import pytest

from evaluation.report import build_report
from tests.conftest import require_executable
from tests.evaluation.report_fixture import write_fixture, write_scores, write_synthetic

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1400,1000"]


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    require_executable(CHROMIUM, "renders the HTML report in the browser test")
    require_executable(CHROMEDRIVER, "drives Chromium for the browser test")
    from selenium import webdriver  # the `test` extra: a missing package is an error, not a skip
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS + [f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    root = tmp_path_factory.mktemp("report")
    toy = write_fixture(root / "toy")
    big = write_synthetic(root / "big", tools=235, groups=47, scenarios=200, seed=5)
    a = write_scores(root / "a.jsonl", {"s1": 1.0, "s2": 0.4, "s3": 0.8, "s4": 0.6, "s5": 0.9})
    b = write_scores(root / "b.jsonl", {"s1": 0.9, "s2": 0.5, "s3": 0.8, "s4": 0.7, "s5": 1.0}, judge="judge-b")
    return build_report([toy, big], root / "out", [a, b])


def test_the_report_renders_with_every_figure_loaded_and_no_console_errors(browser, report):
    browser.get(report.html.as_uri())
    assert browser.title == "Agent Seer report: toy, big"
    images = browser.execute_script(
        "return Array.from(document.images).map(i => ({src: i.src.slice(0, 22), complete: i.complete,"
        " w: i.naturalWidth, h: i.naturalHeight, file: i.dataset.file}))")
    assert len(images) == len(report.figures) >= 13
    for img in images:
        assert img["src"] == "data:image/png;base64,", img
        assert img["complete"] and img["w"] > 100 and img["h"] > 100, img
    assert sorted(i["file"] for i in images) == sorted(f"figures/{p.name}" for p in report.figures)
    sections = browser.execute_script("return Array.from(document.querySelectorAll('main > section')).map(s => s.id)")
    assert sections == ["generation", "scores", "agreement", "complexity"]
    targets = browser.execute_script(
        "return Array.from(document.querySelectorAll('nav a')).map(a => !!document.querySelector(a.hash))")
    assert targets == [True] * 4
    # Self-contained: the page fetched nothing (data: URIs are not resource requests).
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    # The category holding an <img onerror> stayed text: no element was created and nothing logged.
    assert browser.execute_script("return document.querySelectorAll('img:not([data-file])').length") == 0
    assert "onerror" in browser.find_element("css selector", "#generation").text
    logs = browser.get_log("browser")
    assert logs == [], json.dumps(logs, indent=1)


def test_the_page_has_a_sensible_layout_width(browser, report):
    browser.get(report.html.as_uri())
    widths = browser.execute_script(
        "return Array.from(document.images).map(i => i.getBoundingClientRect().width)")
    viewport = browser.execute_script("return document.documentElement.clientWidth")
    assert all(0 < w <= viewport for w in widths)  # figures scale down to fit, never overflow


def test_the_coverage_comparison_page_renders_its_figures_readably(browser, tmp_path):
    from evaluation.coverage_compare import compare
    from evaluation.coverage_page import write
    from specs import load_suite
    from tests.conftest import EXAMPLES

    suites = {"filesystem": load_suite([EXAMPLES / "filesystem.json"]), "memory": load_suite([EXAMPLES / "memory.json"])}
    written = write(compare(suites, ["uniform", "least-covered"], [0, 1]), tmp_path / "c")
    browser.get(written.html.as_uri())
    assert browser.title == "Agent Seer coverage: filesystem, memory"
    images = browser.execute_script(
        "return Array.from(document.images).map(i => ({complete: i.complete, w: i.naturalWidth, h: i.naturalHeight,"
        " shown: i.getBoundingClientRect().width}))")
    viewport = browser.execute_script("return document.documentElement.clientWidth")
    assert len(images) == 2
    for img in images:  # four panels side by side, each wide enough to read
        assert img["complete"] and img["w"] >= 1200 and img["h"] >= 300 and 0.5 * viewport < img["shown"] <= viewport
    tables = browser.execute_script("return Array.from(document.querySelectorAll('main table')).map(t => t.rows.length)")
    assert tables == [1 + 2 * 4, 1 + 2 * 4]  # a header and a row per strategy and dimension, per spec
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert browser.get_log("browser") == []
