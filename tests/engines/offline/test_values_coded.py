"""A number whose description says what each value means ("0 = No priority, 1 = Urgent", "1: Ethereum, 10:
Optimism") is one of those values; a time ("10:30") or a "1-based" index gives no codes."""

from __future__ import annotations

import random
import re

import pytest

from engines.offline.values import ValueGenerator
from engines.offline.world import make_org


def _values(name: str, description: str, kind: str = "integer") -> set:
    return {ValueGenerator(make_org(s), random.Random(s)).value({"type": kind, "description": description}, name=name,
                                                                role="option") for s in range(12)}


@pytest.mark.parametrize("name, description, kind, codes", [
    ("suiteMode", "Suite mode (1=single, 2=single+baselines, 3=multiple)", "number", {1, 2, 3}),
    ("push_access_level", "Access level for pushing (0=No access, 30=Developer, 40=Maintainer, 60=Admin).", "integer",
     {0, 30, 40, 60}),
    ("chainId", "Chain ID (1: Ethereum, 10: Optimism, 137: Polygon, 42161: Arbitrum)", "integer", {1, 10, 137, 42161}),
    ("status", "Filtrar por status (0=Aberta, 2=Concluída, 4=No Show)", "integer", {0, 2, 4}),
])
def test_a_number_whose_description_gives_each_value_a_meaning_is_one_of_them(name, description, kind, codes):
    got = _values(name, description, kind)
    assert got <= codes and len(got) > 1, got


def test_times_and_based_indexes_are_no_codes():
    assert len(_values("startIndex", "Start index. Google Docs: 1-based index. Text files: 0-based offset.")) > 3
    assert len(_values("count", "How many, e.g. at 10:30 or 11:45")) > 3


def test_code_for_another_language_or_with_the_author_s_snippets_is_theirs_not_python():
    """A Unity editor's `code` "C# code to execute …" with C# examples is one of those, not a Python program; a
    `decisionStatement` is words, not SQL (a `statement` of a database tool still is SQL)."""
    from engines.offline.values_slot import desc

    snippets = ["Selection.activeGameObject.transform.position = Vector3.zero;",
                "EditorApplication.isPlaying = !EditorApplication.isPlaying;"]
    code = {"type": "string", "examples": snippets, "description": "C# code to execute in the Unity Editor context."}
    for s in range(6):
        made = ValueGenerator(make_org(s), random.Random(s)).value(code, name="code", role="content", description=desc(code))
        assert made in snippets, made
    python = ValueGenerator(make_org(1), random.Random(1)).value(
        {"type": "string", "description": "Python code to execute"}, name="code", role="content")
    assert "print(" in python
    said = _values("decisionStatement", "Clear statement of the decision to be made", "string")
    assert not any(v.lstrip().upper().startswith(("SELECT", "INSERT", "UPDATE")) for v in said), said
    assert all(v.upper().startswith(("SELECT", "INSERT", "UPDATE")) for v in _values("statement", "SQL statement to run",
                                                                                          "string"))


def test_a_page_s_word_count_is_the_count_of_its_text():
    from engines.offline import kinds

    for key in ("a", "b", "c"):
        rec = kinds.record("webpage content", make_org(2), key, "checkout page")
        assert rec["word_count"] == len(re.findall(r"\w+", rec["content"])) and rec["content"].startswith("# "), rec


def test_a_search_term_is_words_not_an_id():
    """`catalog_search(term)` "Search the product catalog": a term to look for, never `cat_c2ad4e1414`."""
    for s in range(6):
        gen = ValueGenerator(make_org(s), random.Random(s))
        gen.about = "catalog_search Search the product catalog to find grocery products."
        made = gen.value({"type": "string"}, name="term", role="filter", entity="product_catalog")
        assert not re.search(r"_[0-9a-f]{6,}", made) and re.search(r"[a-z]{3}", made), made
