"""What a parameter's description says about its value: examples, listed options, the
entity it names, and per-parameter text from a docstring-style tool description.

All functions are pure and cached by the description string.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from common.taxonomy import singular

_PLACEHOLDERS = re.compile(r"example|foo|\bbar\b|baz|lorem|ipsum|xxx|<|>|\{|\}|\.\.\.|^string$|^value$|^text$|"
                           r"john|jane|\bdoe\b|\bproj\b|proj-|acme|\bmy-|\bmy_|^my[a-z]|^test|\btest-|^abc|"
                           r"YYYY|\bMM\b|\bDD\b|\bHH\b|hh:mm", re.I)


_PROSE_WORDS = frozenset({"optional", "default", "required", "defaults", "if", "when", "the", "a", "an", "see", "and",
                          "only", "e", "g", "i", "ie", "eg", "not", "is", "are", "etc"})
_NOT_NOUNS = frozenset({"to", "in", "of", "for", "that", "which", "where", "from", "on", "at", "with", "used", "whose",
                        "you", "being", "or", "and", "is", "as", "if", "will", "within", "inside"})


@lru_cache(maxsize=8192)
def desc_entity(description: str) -> str:
    """The kind of thing a description says the value names: "The name of the Key Vault" -> "key vault"."""
    d = description.lower()
    m = re.search(r"\bname of (?:the |a |an )?(?:new |existing )?([a-z][a-z-]+)(?: ([a-z][a-z-]+))?", d)
    if m:
        second = m.group(2)
        return f"{m.group(1)} {second}" if second and second not in _NOT_NOUNS else m.group(1)
    m = re.search(r"\b(?!the\b|a\b|an\b|new\b|its\b|display\b|full\b)([a-z][a-z-]+) name\b", d)
    return m.group(1) if m else ""


@lru_cache(maxsize=8192)
def examples(description: str) -> tuple[str, ...]:
    """Example values quoted in a description ("e.g. 'Sprint 1'", "Examples: `a`, `b`", "(e.g., e1, e2)")."""
    out: list[str] = []
    marker = (r"(?:e\.g\.|eg\.|for example|examples?:|such as|typically|\bex:|\bex\.|exemple:?|par exemple|"
              r"\börn\.?|z\.\s?b\.|zum beispiel|p\.\s?ej\.|por ejemplo|例如|比如|例えば|예를 들어|예:|例[:：])[,:：，]?\s*")  # (docstrings not in English too)
    # "i.e." introduces an example only where a quoted value follows it ("the full domain name (ie. "stackoverflow.com")")
    quoted = marker.replace("(?:e", r"(?:\bi\.?e\.|e", 1)
    for clause in re.findall(quoted + r"(.{1,200}?)(?:\.\s|\.$|$)", description, re.I):
        out += re.findall(r'"([^"\n]{1,80})"', clause) or re.findall(r"`([^`\n]{1,80})`", clause) \
            or re.findall(r"'([^'\n]{1,80})'", clause)
    if not out:  # unquoted examples only count inside parentheses: "(e.g., e1, e2)", "(e.g. 1d - 1 day)"
        for inner in re.findall(r"\(" + marker + r"([^()]{1,160})\)", description, re.I):
            items = [x.split(" - ")[0].split(" for ")[0].strip().strip("'\"`") for x in re.split(r",|\bor\b", inner)]
            # (never "etc." or "...": a list's trailing "and so on" is no value)
            out += [x for x in items if 0 < len(x.split()) <= 3 and x.lower().rstrip(".") not in _ETC]
    if not out:  # "(Default: Balanced_B0)", "Text encoding (default: 'utf-8')", "Defaults to `json`"
        out += re.findall(r"\(default:?\s*['\"`]?([\w.:/-]{2,40})['\"`]?\)", description, re.I) or \
            re.findall(r"\bdefaults?(?: to| is|:)\s*['\"`]([\w.:/-]{2,40})['\"`]", description, re.I)
    return tuple(dict.fromkeys(x for x in out if x.strip() and len(x) <= 80 and not _PLACEHOLDERS.search(x)))


_ETC = frozenset({"etc", "", "and so on", "and more", "…", "others", "and others", "ecc", "usw", "等"})


# A docstring section's heading: "Args:", or NumPy's "Parameters" over a line of dashes.
_HEADING = r"^[ \t]*(?:{})[ \t]*(?::[ \t]*$(?:\n[ \t]*-{{3,}}[ \t]*$)?|$\n[ \t]*-{{3,}}[ \t]*$)"
_ARGS = re.compile(_HEADING.format("Args|Arguments|Parameters|Params"), re.M | re.I)
_NEXT = re.compile(_HEADING.format(r"Returns?|Raises|Yields|Examples?|Example usage|Notes?|See also|Usage"), re.M | re.I)
# (a bulleted list too: "- chart_type: chart type ("line", "bar", "pie", etc.)")
_ENTRY = re.compile(r"^(?:[-*\u2022]\s+)?(?P<name>[A-Za-z_][\w-]*)(?:\s*\([^)]*\))?(?P<gap>\s*):\s*(?P<rest>.*)$")


@lru_cache(maxsize=4096)
def param_docs(doc: str) -> dict[str, str]:
    """Per-parameter text from a docstring-style tool description: Google's "Args:\\n  name: The Redis hash
    key." or NumPy's "Parameters\\n----------\\nname : str\\n    The player's cards (e.g., 'As Kh')"; lines
    indented under an entry continue it."""
    head = _ARGS.search(doc)
    if head is None:
        return {}
    end = _NEXT.search(doc, head.end())
    lines = [ln for ln in doc[head.end():end.start() if end else len(doc)].split("\n") if ln.strip()]
    if not lines:
        return {}
    base = min(len(ln) - len(ln.lstrip()) for ln in lines)
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        m = _ENTRY.match(line.strip()) if len(line) - len(line.lstrip()) == base else None
        if m is not None:
            # NumPy writes `name : type` and the meaning below it; Google `name: meaning` on one line
            current = out.setdefault(m.group("name"), [] if m.group("gap") else [m.group("rest")])
        elif current is not None:
            current.append(line.strip())
    return {name: " ".join(x for x in parts if x).strip() for name, parts in out.items() if any(parts)}


_RETURNS = re.compile(_HEADING.format("Returns?"), re.M | re.I)
# One key of a returned object: "- 'win_probability': float, the chance…", "* name (str): …", "total_count: int"
_KEYED = re.compile(r"^(?:[-*\u2022]\s*)?['\"`]?(?P<key>[A-Za-z_]\w*)['\"`]?\s*(?:\((?P<type>[^)]*)\))?\s*:\s*(?P<text>.*)$")
_NOT_KEYS = frozenset({"dict", "dictionary", "list", "str", "string", "tuple", "json", "object", "int", "float", "bool",
                       "none", "example", "examples", "note", "returns", "return", "raises", "type", "any", "response"})
_TYPES = (("boolean", r"bool(?:ean)?"), ("integer", r"int(?:eger)?"), ("number", r"float|number|double|decimal"),
          ("array", r"list|array|tuple"), ("string", r"str(?:ing)?"))


_FOR_EXAMPLE = re.compile(r"\s*(?:e\.?\s?g\.?|i\.?\s?e\.?|for example|for instance|such as|like)\s*[,:]?\s*", re.I)


@lru_cache(maxsize=4096)
def returned_fields(doc: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The keys a docstring's Returns section lists for the object it answers with, each as a schema: its
    type where the entry names one, its choices where it lists them ("the recommended action (fold,
    check/call, bet/raise)"), and what it says as the description. Fewer than two keys: none (a Returns
    section that describes a value in prose names no fields)."""
    head = _RETURNS.search(doc)
    if head is None:
        return ()
    end = _NEXT.search(doc, head.end())
    found: list[list[str]] = []
    for line in doc[head.end():end.start() if end else len(doc)].split("\n"):
        m = _KEYED.match(line.strip())
        if m is not None:  # (a key, or a line naming the type, "dict: A dictionary containing:", which adds nothing)
            if m.group("key").lower() not in _NOT_KEYS:
                found.append([m.group("key"), m.group("type") or "", m.group("text")])
        elif found and line.strip():  # a key's text, continued
            found[-1][2] += " " + line.strip()
    out = []
    for key, typed, text in found:
        said = f"{typed} {text}".strip()
        kind = next((t for t, pattern in _TYPES if re.match(rf"(?:{pattern})\b", said, re.I)), None)
        meaning = re.sub(rf"^(?:{'|'.join(p for _, p in _TYPES)})\b(?:\s+or\s+none)?[,:]?\s*", "", said, flags=re.I)
        schema: dict[str, Any] = {"type": kind or "string", "description": meaning}
        aside = next(iter(re.findall(r"\(([^()]{3,80})\)", meaning)), "")
        given = _FOR_EXAMPLE.match(aside)
        if given is not None:  # "(e.g., "4.78")": an example of the value, not a list of choices with "e.g." in it
            shown = [x.strip().strip("'\"`") for x in re.split(r",|\bor\b", aside[given.end():])]
            if kind in (None, "string") and any(shown):
                schema["examples"] = [x for x in shown if x]
            aside = ""
        choices = [c.strip() for c in re.split(r",|\bor\b", aside)]
        if kind in (None, "string") and 2 <= len(choices) <= 8 and all(0 < len(c.split()) <= 2 for c in choices):
            schema["enum"] = choices
        if kind == "array":
            schema["items"] = {"type": "string"}
        out.append((key, schema))
    return tuple(out[:8]) if len(out) >= 2 else ()


@lru_cache(maxsize=8192)
def options(description: str) -> tuple[str, ...]:
    """Choices a description lists: "Action: create, delete, rename", "Allowed values: 'a', 'b'", "one of a|b|c"."""
    item = r"'?[\w./-]+'?"
    listed = rf"({item}(?:\s*(?:,|\||\bor\b)\s*{item})*)"
    # (whole words: "timezone offset" holds no "one of")
    m = re.search(r"\b(?:(?:allowed|accepted|supported|possible|valid) values|one of|options|choices)\b", description, re.I)
    m = m and re.compile(r"\s*(?:(?:are|is)\b)?:?\s*" + listed).match(description, m.end())  # ("One of issue, …")
    if m is not None and not re.search(r",|\||\bor\b", m.group(1)) and ":" not in m.group(0):
        m = None  # "options for query execution": prose, not a list ("Allowed values: json" is one)
    if m is None:  # "Label: a, b, c" needs at least three items to be a list and not prose
        m = re.search(rf"(?:^|[.:]\s)[\w ]{{1,30}}:\s*({item}(?:\s*,\s*{item}){{2,}})", description)
    if m is None:  # "LEFT, CENTER, RIGHT": the whole description is the list
        m = re.fullmatch(r"\s*([A-Za-z0-9_-]{1,20}(?:\s*,\s*[A-Za-z0-9_-]{1,20}){2,})\.?\s*", description)
    if m is None:  # 'Script ("" = normal, "la" = latin, "lad" = latin with diacritics)': each choice and its meaning
        meant = re.findall(r"""["'`]([^"'`\n]{0,30})["'`]\s*(?:=|→|->)\s*\w""", description)  # (not `"limit": 10`)
        if len([x for x in meant if x.strip()]) >= 2:
            return tuple(dict.fromkeys(x.strip() for x in meant if x.strip() and not _PLACEHOLDERS.search(x)))
    if m is None:  # "Filter by table type ("BASE TABLE", "VIEW")": quoted choices in parentheses, spaces and all
        q = r"""["'`]([^"'`\n]{1,30})["'`]"""
        m = re.search(rf"\(\s*({q}(?:\s*(?:,|\bor\b|/)\s*{q})+)\s*\)", description)
        if m:
            found = re.findall(q, m.group(1))
            return tuple(dict.fromkeys(x.strip() for x in found if x.strip() and not _PLACEHOLDERS.search(x)))
    if m is None:  # "The type of key to create (RSA, EC)." / "HTTP method (get, post, etc.)"
        m = re.search(r"\(([A-Za-z0-9_-]{1,20}(?:\s*(?:,|\bor\b)\s*[A-Za-z0-9_-]{1,20})+)(?:,?\s*etc\.?)?\)", description)
        if m and not any(w.lower() in _PROSE_WORDS for w in re.split(r"\W+", m.group(1))):
            found = tuple(x.strip() for x in re.split(r",|\bor\b", m.group(1)) if x.strip())
            shown = examples(description)
            # ("coordinates (lat,lng) … Example: '40.7128,-74.0060'": the parts of a value, which its example shows)
            return () if shown and not set(shown) & set(found) else found
        m = None
    if m is None:  # "Whether to list local branches ('local'), remote branches ('remote') or all ('all')"
        quoted = [q for q in re.findall(r"['\"]([\w./-]{1,40})['\"]", description) if not _PLACEHOLDERS.search(q)]
        # (not the keys of a JSON example, nor dates that show a format: "'2025-01-01' (all-day)")
        if re.search(r"""\{\s*\\?["']""", description) or any(re.match(r"\d{4}-\d\d", q) for q in quoted):
            return ()
        return tuple(dict.fromkeys(quoted)) if len(quoted) >= 2 and re.search(r"\bor\b", description) else ()
    parts = [x.strip(" '.") for x in re.split(r",|\||\bor\b", m.group(1))]
    return tuple(x for x in parts if x and not _PLACEHOLDERS.search(x))


@lru_cache(maxsize=8192)
def templates(description: str) -> tuple[str, ...]:
    """Path templates with placeholders a description shows ("/subscriptions/{sub}/resourceGroups/{rg}")."""
    found = re.findall(r"(?<![\w{<])(/?[\w.:-]*(?:/[\w.:-]*)*[{<][\w-]+[}>][\w{}<>.:/-]*)", description)
    return tuple(dict.fromkeys(t.rstrip(".,;:") for t in found if "/" in t))


@lru_cache(maxsize=4096)
def example_object(description: str) -> str | None:
    """The object a description shows as its example ("Optional parameters for the effect (e.g., { 'Blurriness':
    25 })"), as JSON text (a cached value stays immutable); None where it shows none or only placeholders."""
    if not re.search(r"e\.g\.|for example|example|such as|like", description, re.I):
        return None
    for chunk in re.findall(r"\{[^{}]{2,200}\}", description):
        text = re.sub(r"(?<=[{,\s])'([^'\n]+)'(?=\s*:)|:\s*'([^'\n]*)'",
                      lambda m: f'"{m.group(1)}"' if m.group(1) is not None else f': "{m.group(2)}"', chunk)
        try:
            shown = json.loads(text)
        except ValueError:
            continue
        if isinstance(shown, dict) and shown and not any(_PLACEHOLDERS.search(str(k)) for k in shown):
            return json.dumps(shown)
    return None


# What a description says a lookup returns (model.SpecModel: fields of the kind it looks up).
_SAYS = re.compile(r"\b(?:returns?|returning|including|includes|such as|containing|contains|showing|shows|provides|"
                   r"with (?:its|their|the))\s+(.*?)(?=[.;:()\n\[]|$)", re.I)
_NOT_FIELDS = frozenset({"information", "info", "details", "detail", "data", "result", "results", "list", "it", "them",
                         "this", "that", "more", "other", "others", "everything", "all", "any", "options", "metadata",
                         "content", "contents", "response", "json", "object", "objects", "array", "string", "value",
                         "values", "item", "items", "record", "records", "error", "errors", "success", "support"})
_CONNECTIVES = ("including ", "includes ", "such as ", "plus ", "and ", "as well as ", "along with ")
_CONTAINERS = frozenset({"list", "lists", "set", "array", "collection", "group", "series", "page", "number"})
_ARTICLES = ("the ", "a ", "an ", "its ", "their ", "all ", "each ", "any ", "optional ", "basic ", "detailed ")
_NUMBERS = frozenset({"count", "number", "total", "size", "price", "amount", "rate", "score", "percent", "percentage",
                      "age", "year", "duration", "population", "rank", "rating", "views", "followers", "likes",
                      "volume", "capitalization", "cap", "revenue", "income", "balance", "cost", "fee", "distance",
                      "temperature", "humidity", "speed", "change"})


def described_fields(description: str) -> list[tuple[str, dict[str, Any]]]:
    """Fields a tool's description says its result holds: "Retrieves a server's details including channels
    and member count" -> `channels`, `member_count`. Short noun phrases only; a number for counts and
    amounts, a list for plurals, text otherwise."""
    out: list[tuple[str, dict[str, Any]]] = []
    for m in _SAYS.finditer(description[:600]):
        for phrase in re.split(r",|\band\b|\bor\b|/", m.group(1)):
            phrase = phrase.strip().lower()
            for a in _CONNECTIVES + _ARTICLES:  # ("a list of issues, including priority": `priority`)
                phrase = phrase[len(a):] if phrase.startswith(a) else phrase
            words = phrase.split()
            if words[:1] and words[0] in _CONTAINERS and "of" in words:
                continue  # "a list of issues" is the result itself, no field of it
            if not 1 <= len(words) <= 3 or not all(w.isalpha() for w in words) or words[-1] in _NOT_FIELDS:
                continue
            name = "_".join(words)
            last = words[-1]
            if last in _NUMBERS:
                schema: dict[str, Any] = {"type": "integer" if last in ("count", "number", "total", "size", "age", "year",
                                                                       "population", "rank", "views", "followers",
                                                                       "likes") else "number"}
            elif singular(last) != last and last.endswith("s"):
                schema = {"type": "array", "items": {"type": "string"}}
            else:
                schema = {"type": "string"}
            if (name, schema) not in out:
                out.append((name, schema))
    return out[:6]
