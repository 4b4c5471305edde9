"""Parameter roles and the entity kinds their values refer to, from names, schemas and descriptions."""

from __future__ import annotations

import re
from typing import Any

from lemminflect import getAllLemmas

from common.taxonomy import PARAM_ENTITY, same_kind, singular, tokens
from schemas import Action, ParameterRole

_CREDENTIAL = {"token", "password", "secret", "apikey", "credential", "credentials", "passphrase"}
# What a crypto or design token is called or where it lives (`tokenName`, `token_address`): a thing, no secret.
_TOKEN_FACTS = frozenset({"name", "ticker", "symbol", "address", "contract", "amount", "supply", "decimals", "price",
                          "standard", "mint"})


def _asset_token(toks: list[str]) -> bool:
    return len(toks) > 1 and "token" in toks and toks[-1] in _TOKEN_FACTS and not set(toks) & (_CREDENTIAL - {"token"})


_CONTEXT_NAMES = {"repo_path", "repository_path", "working_dir", "workdir", "cwd", "tenant", "subscription",
                  "resource-group", "resource_group", "owner", "repo"}
_PAGINATION = {"page", "per_page", "perpage", "page_size", "pagesize", "limit", "offset", "cursor", "skip",
               "start_at", "page_token", "max_count", "maxcount", "max_results", "pageidx", "batch_size",
               "return_limit", "comment_limit", "per-page", "top", "startat", "maxresults", "pagetoken",
               "next_page_token", "nextpagetoken", "next_token", "nexttoken", "continuation_token", "start_cursor",
               "startcursor"}
_ID_TAIL = {"id", "ids", "key", "keys", "uuid", "uuids", "uid", "sha", "hash", "number", "num", "ref", "refs",
            "name", "names", "path", "paths", "url", "uri", "selector", "ts", "handle", "revision", "branch",
            "commit", "commits", "filepath", "filename", "identifier", "email", "channel", "object", "commitish",
            "isbn", "sku", "slug", "code"}
_MEASURES = frozenset({"port", "count", "size", "amount", "number", "value", "level", "percent", "percentage",
                       "temperature", "replicas", "capacity", "quantity", "price", "rate", "weight", "duration"})
_TARGET = {"destination", "dest", "output", "outputdir", "new", "newname", "to", "save", "target"}
# What a conversion is into or out of (a language, a currency, a format), not a place the result goes to.
_SETTINGS = {"language", "lang", "locale", "currency", "format", "unit", "units", "timezone", "tz", "encoding", "code"}
_FILTER = {"query", "q", "pattern", "filter", "filters", "grep", "jql", "cql", "search", "keyword",
           "keywords", "since", "until", "contains", "where", "prefix", "match", "question", "glob"}
# What a description says of a program a call runs: its language, or that it is code to run.
PROGRAM = re.compile(r"\b(python|javascript|typescript|js|node\.?js|ruby|lua)\b|\bcode to (?:execute|run|evaluate)\b|"
                     r"\b(?:execute|run|evaluate)s?\b[^.]*\bcode\b", re.I)
_CONTENT = {"content", "body", "message", "text", "value", "values", "data", "description", "title", "code",
            "script", "function", "command", "comment", "edits", "entities", "observations", "relations",
            "summary", "html", "markdown", "json", "payload", "blocks", "vector", "element", "deletions",
            "sql", "prompt", "note", "notes", "contents", "emoji", "args", "arguments"}
_OPTION_NAMES = {"mode", "format", "timeout", "force", "depth", "recursive", "expire", "ttl", "expiration",
                 "expire_seconds", "verbose", "sort", "order", "direction"}
_GENERIC = {"id", "ids", "key", "keys", "name", "names", "uuid", "uuids", "number", "num", "ref", "index",
            "handle", "value", "new", "old", "source", "target", "to", "from", "identifier", "object"}
_MODIFIERS = frozenset({"base", "head"})  # a git branch alone, a modifier before another noun
_BRANCH_WORDS = frozenset({"branch", "ref", "refs", "sha"})
_PERSON_NAME_PARTS = {"first", "last", "middle", "given", "family", "sur", "nick", "maiden"}
_DESC_DIRECTORY = ("directory", "folder")
_DESC_CONTEXT = ("working directory", "path to the git repository", "repository path", "path to git repo")


def schema_type(schema: dict[str, Any]) -> set[str]:
    """The JSON types a (resolved) schema admits, looking through anyOf/oneOf."""
    t = schema.get("type")
    if isinstance(t, str):
        return {t}
    if isinstance(t, list):
        return set(t) - {"null"}  # (OpenAPI 3.1's nullable `["boolean", "null"]` is a boolean)
    out: set[str] = set()
    for key in ("anyOf", "oneOf"):
        for sub in schema.get(key) or []:
            if isinstance(sub, dict):
                out |= schema_type(sub)
    if "enum" in schema and not out:
        out = {type(v).__name__.replace("str", "string").replace("bool", "boolean") for v in schema["enum"]}
    return out - {"null"}


# What a search tool may call the words it looks for.
_SEARCH_TEXT = frozenset({"text", "input", "question", "terms", "term", "keywords", "search_text", "searchtext"})


def param_role(name: str, schema: dict[str, Any], tool_action: Action) -> ParameterRole:
    toks = tokens(name)
    low = name.lower()
    desc = str(schema.get("description", "")).lower()
    types = schema_type(schema)
    has_enum = "enum" in schema or any("enum" in s for s in schema.get("anyOf", []) if isinstance(s, dict))
    if low in _PAGINATION or low.replace("-", "_") in _PAGINATION:
        return ParameterRole.pagination  # (a `page_token` is a position, not a secret)
    if (set(toks) & _CREDENTIAL and not _asset_token(toks)) or low in {"api_key", "apikey", "access_token"}:
        return ParameterRole.option if has_enum else ParameterRole.credential
    if low in _CONTEXT_NAMES or (toks and toks[-1] == "path" and any(c in desc for c in _DESC_CONTEXT)):
        return ParameterRole.context
    if types == {"boolean"}:
        return ParameterRole.option
    if schema.get("format") in ("date", "date-time", "time", "duration"):
        return ParameterRole.filter  # `minDateLastSavedForUser`: a moment narrows what is listed; it names no user
    items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
    if desc.startswith(("json array", "json object", "json string", "(optional) json")) or types == {"object"} or (types == {"array"} and schema_type(items) <= {"object"} and items):
        return ParameterRole.content  # structured values are data, never a single entity's ID
    if toks and toks[0] in {"max", "min", "num", "total", "count"} and types & {"integer", "number"}:
        return ParameterRole.pagination if toks[0] == "max" else ParameterRole.option
    if toks and toks[0] in _TARGET and toks[-1] in _MEASURES and types & {"integer", "number"}:
        return ParameterRole.content  # `targetPort`, `target_count`: the number it is set to, no thing it points at
    if toks and toks[0] in _TARGET | {"from", "source", "src"} and toks[-1] in _SETTINGS:
        return ParameterRole.option  # `target_language`, `to_currency`, `output_format`: how, not where, it goes
    if toks and (toks[0] in _TARGET and len(toks) > 1 or low in {"destination", "dest", "target_path"}):
        if low != "target" or "destination" in desc or "new location" in desc:
            return ParameterRole.target
    if "destination" in desc[:80] and "string" in types and not (toks and toks[-1] in _ID_TAIL):
        return ParameterRole.target  # (the ID of "the destination table" names a table that exists)
    if low in {"target", "object", "revision", "commitish"} and "string" in types:
        return ParameterRole.identifier
    if low in {"source", "src", "from_path", "old_key", "old_name", "source_path"} and "string" in types \
            and not has_enum:  # (`source: url | upload` says how the input comes, it names no thing)
        return ParameterRole.identifier
    if {singular(t) for t in toks} & _FILTER and not has_enum:
        return ParameterRole.filter
    if tool_action is Action.search and low in _SEARCH_TEXT and "string" in types and not has_enum:
        return ParameterRole.filter  # a search's `text` is what it looks for, not a message
    if len(toks) > 1 and toks[-1] in {"extension", "extensions", "ext", "type", "types", "format", "size", "encoding"} \
            and toks[-2] in {"file", "files", "image", "document"}:
        return ParameterRole.option  # a file's extension or format says which files, it names none of them
    if "idempotency" in toks:
        return ParameterRole.option  # a request header, not an entity
    if low == "key" and ("press" in desc or "keyboard" in desc):
        return ParameterRole.content  # a keyboard key, not a stored key
    if len(toks) == 2 and toks[-1] == "name" and toks[0] in _PERSON_NAME_PARTS:
        return ParameterRole.content  # a person's `lastName` is what the record says, it names no `last`
    if tool_action in (Action.list, Action.search) and toks and toks[0] in ("name", "title") and "string" in types:
        return ParameterRole.filter  # `get_characters(name=…)`: listed by their name, not one of them by ID
    if toks and toks[-1] in ("code", "script", "snippet", "source") and PROGRAM.search(desc):
        return ParameterRole.content  # "Python code to execute": a program, not a promo or country code
    if toks and toks[-1] in _ID_TAIL and not has_enum:
        return ParameterRole.identifier
    if len(toks) == 2 and toks[0] == "id" and not has_enum and types & {"string", "integer", "array"}:
        return ParameterRole.identifier  # `idCard`, `idBoard`: the ID named before its kind
    if has_enum and len(toks) == 1 and singular(toks[0]) in PARAM_ENTITY and types <= {"string"} \
            and toks[0] not in _CONTENT | _OPTION_NAMES | _GENERIC and "default" not in schema \
            and not any(w in desc[:80] for w in ("type", "style", "mode", "kind")):
        return ParameterRole.identifier  # `app: photoshop | illustrator`: one of a closed set of named things
    if toks and singular(toks[-1]) in PARAM_ENTITY and toks[-1] not in _CONTENT and not has_enum \
            and types & {"string", "array", "integer"}:
        return ParameterRole.identifier
    if set(toks) & _CONTENT:
        return ParameterRole.content
    if has_enum or types & {"boolean", "integer", "number"} or low in _OPTION_NAMES or set(toks) & _OPTION_NAMES:
        return ParameterRole.option
    return ParameterRole.other


class SpecWords(frozenset):
    """A spec's namespace tokens (`git_`, `jira_`: a frozenset of them) and, as `nouns`, the words its tools are
    named by (`list_bases` -> base), so that a word the spec names a kind of is that kind, not a usual alias."""

    nouns: frozenset[str] = frozenset()

    def __new__(cls, tokens: Any = (), nouns: Any = ()) -> "SpecWords":
        made = super().__new__(cls, tokens)
        made.nouns = frozenset(nouns)
        return made


def param_entity(name: str, schema: dict[str, Any], role: ParameterRole, tool_entity: str,
                 nouns: frozenset[str] = frozenset()) -> str | None:
    """The entity kind a parameter's value names, for roles that name things; a word the spec's tools are named
    by (`nouns`) names its own kind (an Airtable `baseId` with `list_bases`), not the usual one (a git base branch)."""
    if role not in (ParameterRole.identifier, ParameterRole.target, ParameterRole.context):
        return None
    desc = str(schema.get("description", "")).lower()
    toks = [singular(t) for t in tokens(name)]
    if role is ParameterRole.context:
        if name.lower() in {"tenant", "subscription", "owner"}:
            return name.lower()
        if "group" in toks:
            return "resource_group"
        return "repository"
    if len(toks) > 2 and toks[0] == "sub":  # `subTaskId`: a subtask's, not its parent task's
        return "sub" + toks[1]
    if len(toks) == 2 and toks[0] == "id":  # `idList`: a list's, named after the ID
        return _own(toks[1], PARAM_ENTITY.get(toks[1], toks[1]), nouns)
    for i, t in enumerate(toks):
        if t in _MODIFIERS and set(toks[i + 1:]) - _GENERIC - _BRANCH_WORDS:
            continue  # `baseUrl`, `head_commit_id`: a base URL, a head commit; the word after is the thing
        if t in PARAM_ENTITY and t not in _GENERIC and t != "path":
            return _own(t, PARAM_ENTITY[t], nouns)
    if "uuid" in toks:
        return "item"
    # A generic name ("ref", "target"): the description often says what it refers to.
    if "element" in desc[:80] and ("reference" in desc or "ref" in toks or "selector" in desc):
        return "element"
    if (name.lower() == "target" and tool_entity == "diff") or (
            name.lower() in {"revision", "commitish", "object"} and tool_entity in ("diff", "resource")):
        return "commit"  # what a diff or show compares against: a revision
    if "path" in toks or "file" in toks:
        if tool_entity == "directory" or any(w in desc[:120] for w in _DESC_DIRECTORY) and "file" not in desc[:60]:
            return "directory"
        return "file"
    if "url" in toks or "uri" in toks:
        return "url"
    if "key" in toks and tool_entity in ("", "resource"):
        return "key"
    # `X-Store-Id`, `warehouse_code`: a noun before the ID word names its own kind.
    nouns = [t for t in toks[:-1] if t not in _GENERIC and len(t) > 2]
    if nouns and toks[-1] in _ID_TAIL:
        return nouns[-1]
    said = described_kind(desc) if toks in (["id"], ["ids"]) else ()
    last = (tokens(tool_entity) or [""])[-1]
    # (`check_status(id)`, "Document ID": a document's; `get_llm_txt(id)`, "ID of the LLM.txt file": the tool's own)
    if said and not (last and any(same_kind(w, last) or w.startswith(last) or last.startswith(w) for w in said)):
        return singular(said[-1])
    return tool_entity


_NOT_KINDS = frozenset({"unique", "numeric", "internal", "external", "optional", "required", "its", "their", "this",
                        "that", "the", "a", "an", "record", "item", "object", "resource", "entity", "string", "integer",
                        "primary", "given", "specific", "target", "known", "new", "existing", "valid"})
_ENDS = frozenset({"to", "or", "and", "with", "that", "which", "in", "from", "you", "is", "must", "e", "eg", "if"})


def described_kind(desc: str) -> tuple[str, ...]:
    """The words naming what a bare `id`'s description says it is of: "The ID of the team membership to update",
    "Spotify ID for the artist" (after "of the", up to the first word that is no noun), else the nouns just before
    "ID" ("Published document ID": document); () where it names nothing."""
    words = re.findall(r"[a-z]+", re.split(r"\.\s", desc, maxsplit=1)[0])
    at = next((i for i, w in enumerate(words) if w in ("id", "ids")), None)
    if at is None:
        return ()
    after = words[at + 1:at + 7]
    of = next((i for i in range(len(after) - 1) if after[i] in ("of", "for") and after[i + 1] in ("the", "a", "an")), None)
    named: list[str] = []
    if of is not None:
        for w in words[at + of + 3:at + of + 6]:
            if not _nominal(w, unknown=True):
                break
            named.append(w)
    else:
        for w in reversed(words[max(0, at - 3):at]):
            if not _nominal(w, unknown=False):
                break
            named.insert(0, w)
    return tuple(named) if named and named[-1] not in _NOT_KINDS else ()


def _nominal(word: str, unknown: bool) -> bool:
    """Whether `word` can be part of a thing's name: a noun, or a word no dictionary knows (`llm`, `smime`) where
    `unknown`."""
    if word in _ENDS or word in _NOT_KINDS:
        return False
    lemmas = getAllLemmas(word)
    return "NOUN" in lemmas or unknown and not lemmas


def _own(word: str, usual: str, nouns: frozenset[str]) -> str:
    """The kind `word` names: `usual`, unless that is another thing's name (`base` a branch, `ts` a message: not a
    short form like `org`, `repo`, `pr`) and the spec names tools by `word` itself."""
    letters = iter(usual)
    short = all(c in letters for c in word) or word in usual or usual in word or same_kind(word, usual)
    return word if word in nouns and not short else usual


def searched_in(action: Action, name: str, kind: str | None) -> str | None:
    """The bare `path` of a search for files is where to search: a directory (a real server refuses a file)."""
    if action is Action.search and kind == "file" and name.lower() in {"path", "root", "root_path", "base_path"}:
        return "directory"
    return kind
