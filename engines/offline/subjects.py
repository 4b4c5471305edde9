"""What a spec's tools are about: the nouns their names share (a case-law spec's cases and dockets), which become
the organisation's subjects, so that its projects, tables and texts are about the spec's own things; and the kinds
its parameters name by an ID, whose records are listed under one."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from lemminflect import getAllLemmas

from common.schemautil import properties
from common.taxonomy import NOT_NOUNS, VERBS, singular, tokens, without_modifiers
from schemas import ToolSuite

# Words of tool names that name no subject of the system: generic holders and qualifiers.
_NOT_SUBJECTS = frozenset({"resource", "item", "object", "entity", "result", "value", "name", "type", "status", "id",
                           "info", "detail", "data", "content", "text", "file", "directory", "folder", "path", "list",
                           "tool", "server", "client", "request", "response", "query", "search", "config", "setting",
                           "option", "mode", "state", "page", "url", "link", "key", "field", "version", "latest",
                           "current", "recent", "default", "custom", "new", "top", "random", "simple", "test",
                           "advanced", "batch", "bulk", "single", "multiple", "local", "remote", "public", "private",
                           "track", "synthetic", "optimize", "most", "need", "structure"})


@lru_cache(maxsize=256)
def name_nouns(names: tuple[str, ...]) -> Counter[str]:
    """The nouns of a suite's tool names, each with the number of names it is in: `get_case`, `search_opinions`
    -> case, opinion."""
    counts: Counter[str] = Counter()
    for name in names:
        words = [singular(t) for t in without_modifiers(tokens(name))]
        lead = next((i for i, w in enumerate(words) if w in VERBS), len(words))
        # (a verb's word after the name's verb is its object: `get_logs` is about logs, `list_runs` about runs)
        for word in {w for i, w in enumerate(words) if w not in VERBS or i > lead}:
            if word.isalpha() and 3 <= len(word) <= 14 and word not in NOT_NOUNS \
                    and word not in _NOT_SUBJECTS and not (word.endswith(("ed", "ing", "ize", "ise"))
                                                           and not getAllLemmas(word).get("NOUN")):  # (a breed)
                counts[word] += 1
    return counts


def subjects_of(names: tuple[str, ...]) -> tuple[str, ...]:
    """The nouns a suite's tool names are about, most used first (at most six), the server's own name left out."""
    return subjects_from(name_nouns(names), names)


def subjects_from(counts: Counter[str], names: tuple[str, ...]) -> tuple[str, ...]:
    """`subjects_of`, from the nouns' counts over the tool `names`; the server's own name is the word most of them
    start with (`github_`), not one most are about (`get-all-breeds`, `get-breed-info`: breeds)."""
    firsts = Counter(singular(tokens(n)[0]) for n in names if tokens(n))
    common = {w for w in counts if len(names) >= 3 and firsts[w] > 0.6 * len(names)}
    ranked = tuple(w for w, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])) if w not in common)[:6]
    # A platform's tools name its containers (repositories, channels, tables): what they hold is the
    # organisation's own business, so such a suite keeps the organisation's subjects.
    return () if set(ranked[:3]) & _CONTAINERS else ranked


def with_spoken(subjects: tuple[str, ...], topics: tuple[str, ...]) -> tuple[str, ...]:
    """One subject (flights) with the things the spec's descriptions speak of (airlines, airports: nouns, not
    holders or containers), so that the organisation works on them and not on an industry's nouns; other
    subjects as they are."""
    if len(subjects) != 1:
        return subjects
    spoken = [t for t in topics if t != subjects[0] and t not in _NOT_SUBJECTS and t not in _CONTAINERS
              and set(getAllLemmas(t)) - {"VERB"} == {"NOUN"}]
    return subjects + tuple(spoken[:3])


# A knowledge store's own words: what its entities and observations say is the business's, not these.
STORE_WORDS = frozenset({"entity", "node", "relation", "relationship", "observation", "graph", "memory", "knowledge"})
_CONTAINERS = frozenset({"repository", "repo", "issue", "pull", "branch", "commit", "channel", "message", "conversation",
                         "project", "document", "doc", "page", "table", "database", "schema", "collection", "index",
                         "hash", "bucket", "workspace", "board", "card", "task", "ticket", "sprint", "comment", "note",
                         "user", "team", "folder", "sheet", "spreadsheet", "row", "record", "workflow", "pipeline",
                         "container", "cluster", "namespace", "pod", "deployment", "email", "calendar", "event"}) | \
    STORE_WORDS


def id_named(suite: ToolSuite) -> frozenset[str]:
    """The kinds the spec's parameters name by an ID (`projectId`, `workspace_id`): a listing shows such a record
    under an ID, not under its name, whatever kind of thing is usually named by name."""
    named = (tokens(n) for t in suite.tools for n in properties(t.input_schema))
    return frozenset("_".join(map(singular, w[:-1])) for w in named if len(w) > 1 and w[-1] == "id")
