"""Nouns read from tool and parameter names are singularised without damage."""

from __future__ import annotations

import pytest

from common.taxonomy import singular
from engines.offline.values_names import singular as singular_name


@pytest.mark.parametrize("plural, one", [
    ("aliases", "alias"), ("statuses", "status"), ("analyses", "analysis"), ("children", "child"),
    ("people", "person"), ("policies", "policy"), ("boxes", "box"), ("quizzes", "quiz"), ("invoices", "invoice"),
    ("indices", "index"), ("addresses", "address"), ("cookies", "cookie"), ("movies", "movie"),
    ("metrics", "metric"), ("topics", "topic"),  # (things counted one by one, unlike a field of study)
])
def test_a_plural_becomes_its_singular(plural, one):
    assert singular(plural) == one


@pytest.mark.parametrize("word", ["alias", "status", "analysis", "canvas", "bus", "news", "series", "data", "process",
                                  "address", "kubernetes", "ids",
                                  "analytics", "statistics", "physics"])
def test_a_word_that_is_singular_already_stays_as_it_is(word):
    assert singular(word) == word


def test_parameter_names_lose_the_plural_of_their_last_word_only():
    assert singular_name("filePaths") == "file_path"
    assert singular_name("user_aliases") == "user_alias"
    assert singular_name("statuses") == "status"


def test_kinds_are_pluralised_whole_and_mass_nouns_stay():
    from engines.offline.text import plural

    assert [plural(k) for k in ("policy", "child", "pull_request", "status", "alias", "person", "data")] == \
        ["policies", "children", "pull requests", "statuses", "aliases", "people", "data"]
    # ("review the health and feedback", not "the healths and feedbacks"; a `debug` tool is no countable thing)
    assert [plural(k) for k in ("aaa_health", "user_feedback", "smithery_debug", "weather", "documentation")] == \
        ["aaa health", "user feedback", "smithery debug", "weather", "documentation"]


def test_inflect_is_imported_without_typeguard_instrumentation_and_typeguard_is_left_as_it_was():
    import subprocess
    import sys

    from tests.conftest import ROOT
    code = ("import typeguard, typeguard._decorators as d; import common.taxonomy as t; import inflect;"
            "print(typeguard.typechecked is d.typechecked, t.plural_noun('alias'), t.with_article('hour'),"
            " 'check_argument_types_internal' in inflect.engine.plural_noun.__code__.co_names)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.split() == ["True", "aliases", "an", "hour", "False"]


def test_a_word_that_only_says_which_one_names_no_kind():
    from common.taxonomy import without_modifiers
    assert without_modifiers(["fetch", "specific", "transcript"]) == ["fetch", "transcript"]  # (was `specific_transcript`)
    assert without_modifiers(["get", "given", "user"]) == ["get", "user"]
    assert without_modifiers(["fetch", "recent", "transcripts"]) == ["fetch", "transcripts"]
    assert without_modifiers(["specific"]) == ["specific"]  # (a name of one such word keeps it)
