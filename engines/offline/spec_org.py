"""What a spec says of the organisation that runs it: the things its tools are about, how it writes its IDs
(integers, a public registry's), the examples its descriptions give, the product site its links are on, its
language and ledger, its closed lists; read once per suite and handed to `make_org`."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from common.schemautil import properties
from common.taxonomy import singular, tokens
from engines.offline.ledger import ledger_of
from engines.offline.lexicon import locale_of, spec_words
from engines.offline.members import enumerated
from engines.offline.subjects import STORE_WORDS, id_named, name_nouns, subjects_from, with_spoken
from engines.offline.values_describe import examples, param_docs
from engines.offline.values_standard import ecosystem_of
from engines.offline.values_vocab import product_site, registry_named
from engines.offline.world import Organisation, make_org
from schemas import ToolSuite


def org_for(seed: int, suite: ToolSuite | None = None) -> Organisation:
    """The scenario's organisation (frozen, so one shared instance per seed is safe to reuse), working on the
    things the suite's tools name (a case-law spec's organisation has cases and dockets, not shipments)."""
    if suite is None:
        return make_org(seed)
    known = _SUBJECTS.get(id(suite))
    if known is None or known[0] is not suite:  # per suite object: its names are read once, not per call
        if len(_SUBJECTS) > 64:
            _SUBJECTS.clear()
        names = tuple(t.name for t in suite.tools)
        counts = name_nouns(names)
        subjects = subjects_from(counts, names)
        params = tuple(sorted({singular(w) for t in suite.tools for n in properties(t.input_schema) for w in tokens(n)}))
        texts = tuple(_described(t) for t in suite.tools)
        topics, technical = spec_words(texts, subjects, params)
        topics = tuple(t for t in topics if t not in STORE_WORDS)
        subjects = with_spoken(subjects, topics)
        known = _SUBJECTS[id(suite)] = (suite, subjects, numeric_ids(suite), topics, technical, locale_of(texts),
                                        ledger_of(texts), _spec_examples(suite), registry_ids(suite), _site(suite),
                                        ecosystem_of(texts), frozenset(counts), id_named(suite), enumerated(suite))
    return make_org(seed, *known[1:])


def _spec_examples(suite: ToolSuite) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(parameter name, the examples its descriptions give) across the suite, for names specific enough to mean one
    thing everywhere (`documentPath`, not `id` or `name`)."""
    found: dict[str, dict[str, None]] = {}
    for t in suite.tools:
        for name, sub in properties(t.input_schema).items():
            said = sub.get("description") if isinstance(sub, dict) else None
            if isinstance(said, str) and len(name) >= 6 and len(tokens(name)) >= 2:
                for x in examples(said):
                    if not any(c.isspace() for c in x):  # (not "account ID": a phrase, not a value)
                        found.setdefault(name, {})[x] = None
    return tuple(sorted((n, tuple(xs)) for n, xs in found.items()))


_SUBJECTS: dict[int, tuple[Any, ...]] = {}


def _described(tool: Any) -> str:
    """What a tool's author wrote about it: its description and those of its parameters."""
    props = (tool.input_schema or {}).get("properties") or {}
    return " ".join([tool.description or ""] + [str(p.get("description") or "") for p in props.values()
                                                 if isinstance(p, dict)])


def _site(suite: ToolSuite) -> tuple[str, str] | tuple[()]:
    """(site, path) where the spec's links are described as one product's things ("The link of the Trello card"):
    the product most of its link descriptions name, else ()."""
    votes: Counter[tuple[str, str]] = Counter()
    for t in suite.tools:
        docs = param_docs(t.description or "")  # (a docstring's "Args:" say what its parameters are, too)
        for schema in (t.input_schema, t.output_schema):
            for name, sub in properties(schema or {}).items():
                said = (sub.get("description") if isinstance(sub, dict) else None) or docs.get(name)
                if set(tokens(name)) & {"url", "uri", "link", "href"} and isinstance(said, str):
                    on = product_site(said)
                    if on is not None:
                        votes[on] += 1
    return votes.most_common(1)[0][0] if votes else ()


def registry_ids(suite: ToolSuite) -> tuple[tuple[str, str], ...]:
    """(kind, registry) for the kinds whose ID parameters the spec describes as a public registry's (`paper_id`:
    "The arXiv ID of the paper", `pmid`: "PubMed ID"): a paper of such a system is `2403.01234`, not `paper_…`."""
    found: dict[str, str] = {}
    for t in suite.tools:
        for name, sub in properties(t.input_schema).items():
            toks = tokens(name)
            said = sub.get("description") if isinstance(sub, dict) else None
            if len(toks) >= 2 and toks[-1] in ("id", "ids") and isinstance(said, str):
                registry = registry_named(said)
                if registry is not None:
                    found.setdefault(singular(toks[-2]), registry)
    return tuple(sorted(found.items()))


_ID_OF = re.compile(r"^\s*(?:the\s+)?([A-Za-z]+)\s+IDs?\b")
_NOT_KINDS = frozenset({"unique", "numeric", "internal", "external", "optional", "required", "an", "a", "its", "their"})


def numeric_ids(suite: ToolSuite) -> frozenset[str]:
    """The kinds whose IDs the spec's schemas type as integers more often than as strings (`user_id:
    integer`, `answerIds: [integer]`): a new user of such a system is `4127`, never `u_2a34fe5755`."""
    votes: Counter[tuple[str, bool]] = Counter()

    def walk(schema: Any, depth: int) -> None:
        if not isinstance(schema, dict) or depth > 4:
            return
        for name, sub in (schema.get("properties") or {}).items():
            if not isinstance(sub, dict):
                continue
            toks = tokens(name)
            said = _ID_OF.search(str(sub.get("description") or "")) if toks in (["id"], ["ids"]) else None
            if len(toks) >= 2 and toks[-1] in ("id", "ids") or said and said.group(1).lower() not in _NOT_KINDS:
                leaf = sub.get("items") if toks[-1] == "ids" and isinstance(sub.get("items"), dict) else sub
                # (a bare `id` is of the kind its description names: "Transcript ID to retrieve")
                kind = singular(toks[-2]) if len(toks) >= 2 else singular(said.group(1).lower())
                if leaf.get("type") in ("integer", "number"):
                    votes[kind, True] += 1
                elif leaf.get("type") == "string":
                    votes[kind, False] += 1
            walk(sub, depth + 1)
        walk(schema.get("items"), depth + 1)

    for t in suite.tools:
        walk(t.input_schema, 0)
        walk(t.output_schema, 0)
    return frozenset(k for k, flag in votes if flag and votes[k, True] > votes[k, False])
