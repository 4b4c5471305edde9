"""Realistic scalar values from a parameter's name, role, entity and description.

Rules are matched against the parameter name split into lower-case words
(`repoPath`, `repo-path` and `repo_path` all become `repo_path`); the first matching rule
proposes a value drawn from the organisation. Proposals are only proposals: `values.py`
fits them to the schema and validates them.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from actors.offline import values_formats as fmt
from actors.offline.world import Organisation, _uuid

_TOPICS = ("retry", "timeout", "export", "pagination", "rate limit", "audit log", "cache", "search", "onboarding")
_VERBS = ("Fix", "Add", "Handle", "Refactor", "Document", "Speed up", "Validate")
_STATUSES = ("open", "in_progress", "blocked", "done")
_WORDS_STOP = frozenset({"the", "a", "an", "of", "to", "for", "and", "or", "in", "on", "by", "with"})


@dataclass(frozen=True)
class Hint:
    """Everything known about the slot a value goes into."""

    name: str
    role: str | None
    entity: str | None
    description: str
    org: Organisation
    rng: random.Random


@lru_cache(maxsize=8192)
def words(name: str) -> str:
    """`repoPath` / `repo-path` / `Repo Path` -> `repo_path`."""
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return "_".join(w for w in re.split(r"[^A-Za-z0-9]+", s.lower()) if w)


@lru_cache(maxsize=8192)
def singular(name: str) -> str:
    w = words(name)
    for plural, single in (("ies", "y"), ("sses", "ss"), ("xes", "x"), ("s", "")):
        if w.endswith(plural) and not w.endswith("ss") and len(w) > len(plural) + 1:
            return w[: -len(plural)] + single
    return w


def _noun(h: Hint) -> str:
    return h.rng.choice(h.org.nouns)


def _entity(h: Hint) -> str:
    return words(h.entity).replace("_", "-") if h.entity else _noun(h)


def _topic(h: Hint) -> str:
    return h.rng.choice(_TOPICS)


def _person(h: Hint):
    return h.rng.choice(h.org.people)


def _project(h: Hint) -> str:
    return h.rng.choice(h.org.projects)


def _file(h: Hint) -> str:
    return h.rng.choice(h.org.files)


def _dir(h: Hint) -> str:
    return h.rng.choice((h.org.project_path(_project(h)),) + h.org.directories)


def _path(h: Hint) -> str:
    d = h.description.lower()
    return _dir(h) if ("directory" in d or "folder" in d) and "file" not in d else _file(h)


def _sha(h: Hint) -> str:
    full = f"{h.rng.getrandbits(160):040x}"
    return full if "full" in h.description.lower() or h.rng.random() < 0.3 else full[:7]


def _url(h: Hint) -> str:
    d = h.description.lower()
    if "webhook" in words(h.name):
        return f"https://hooks.{h.org.domain}/{_noun(h)}-events"
    if "page" in d or "navigate" in d or "browser" in d:
        return h.rng.choice((f"https://app.{h.org.domain}/{_noun(h)}s", f"https://app.{h.org.domain}/login",
                             f"https://app.{h.org.domain}/checkout"))
    return fmt.url(h.org, h.rng)


def _title(h: Hint) -> str:
    n, t = _noun(h), _topic(h)
    return h.rng.choice((f"{n.capitalize()} {t} fails for large batches", f"Add {t} to the {n} export",
                         f"{n.capitalize()} sync stalls after deploy", f"Q2 {n} {t} review"))


def _commit_message(h: Hint) -> str:
    return f"{h.rng.choice(_VERBS)} {_noun(h)} {_topic(h)} in {_project(h)}"


def _text(h: Hint) -> str:
    p, n, t = _person(h), _noun(h), _topic(h)
    return h.rng.choice((
        f"The {n} {t} change is ready for review; {p.name.split()[0]} will verify it on staging.",
        f"Customers report that {n} updates arrive late. Checking the {t} settings in {_project(h)}.",
        f"Rolled out the new {t} behaviour for {n}s; no errors in the last hour.",
        f"Can someone from {h.rng.choice(h.org.teams)} confirm the {n} {t} numbers before Friday?",
    ))


def _query(h: Hint) -> str:
    n, t = _noun(h), _topic(h)
    w = words(h.name)
    if "jql" in w:
        return f'project = {h.org.project_keys[0]} AND status = "In Progress" ORDER BY updated DESC'
    if "cql" in w:
        return f'space = {h.org.project_keys[0]} AND text ~ "{n} {t}"'
    if "sql" in w or "statement" in w:
        return f"SELECT id, status FROM {h.rng.choice(h.org.tables)} WHERE status = 'failed' LIMIT 20"
    return h.rng.choice((f"{n} {t}", f"{n} {t} error", f"{t} {_project(h)}", f"failed {n}s last week"))


def _filter(h: Hint) -> str:
    return h.rng.choice((f"status = '{h.rng.choice(_STATUSES)}'", f"created_at > '{fmt.iso_date(h.rng)}'",
                         f"{_noun(h)}_id IS NOT NULL AND status != 'archived'"))


def _selector(h: Hint) -> str:
    n = _noun(h)
    return h.rng.choice((f"#{n}-submit", f"button[data-test='save-{n}']", f".{n}-list > li:first-child",
                         f"input[name='{n}_search']", "#checkout-submit"))


def _key(h: Hint) -> str:
    n = _noun(h)
    return h.rng.choice((f"session:{h.rng.randint(1000, 9999)}", f"{n}:{h.rng.randint(100, 9999)}",
                         f"cache:{n}:{h.rng.randint(10, 999)}", f"user:{_person(h).username}:prefs"))


def _issue_key(h: Hint) -> str:
    return f"{h.rng.choice(h.org.project_keys)}-{h.rng.randint(12, 480)}"


def _identifier(h: Hint) -> str:
    e = _entity(h)
    w = words(h.name)
    if "uuid" in w or "guid" in w or "uuid" in h.description.lower():
        return _uuid(h.rng)
    if "issue" in w or "ticket" in w:
        return _issue_key(h)
    prefix = "".join(p[0] for p in e.split("-"))[:3]
    return h.rng.choice((f"{prefix}_{h.rng.getrandbits(40):010x}", f"{e}-{h.rng.randint(100, 9999)}"))


def _name(h: Hint) -> str:
    e = words(h.entity or "")
    if any(x in e for x in ("person", "user", "member", "author", "assignee")):
        return _person(h).name
    if "file" in e:
        return _file(h).rsplit("/", 1)[-1]
    if "branch" in e:
        return h.rng.choice(h.org.branches[1:])
    if "repo" in e or "project" in e:
        return _project(h)
    if "channel" in e:
        return h.rng.choice(h.org.channels)
    if "table" in e:
        return h.rng.choice(h.org.tables)
    n = _noun(h)
    if e:
        return h.rng.choice((f"{n.capitalize()} {e.replace('_', ' ')}", f"{n}-{e.replace('_', '-')}"))
    return h.rng.choice((f"{n}-{h.rng.choice(('nightly', 'primary', 'eu', 'archive', 'v2'))}",
                         f"{n.capitalize()} {_topic(h)}"))


def _resource_name(h: Hint) -> str:
    parts = words(h.name).split("_")
    kind = parts[-2] if len(parts) > 1 else "res"
    return f"{kind}-{_noun(h)}-{h.rng.choice(('prod', 'staging', '01', 'eu'))}"


def _token(h: Hint) -> str:
    return f"tok_{h.rng.getrandbits(96):024x}"


def _word(h: Hint) -> str:
    return h.rng.choice((_noun(h), _topic(h).replace(" ", "-"), h.rng.choice(h.org.teams)))


def _by_role(h: Hint) -> str:
    role = h.role or "other"
    if role == "identifier":
        return _identifier(h)
    if role == "content":
        return _text(h)
    if role == "filter":
        return _query(h)
    if role in ("target", "context"):
        return _path(h)
    if role == "credential":
        return _token(h)
    return _name(h) if h.entity else _word(h)


_Rule = tuple[re.Pattern[str], Callable[[Hint], str]]


def _r(words_re: str, fn: Callable[[Hint], str]) -> _Rule:
    return re.compile(rf"(^|_)({words_re})($|_)"), fn


_STRING_RULES: tuple[_Rule, ...] = (
    _r("e_?mail|emails?|to|cc|bcc|reply_to", lambda h: _person(h).email),
    _r("password|secret|token|api_key|apikey|credential", _token),
    _r("webhook|url|uri|href|link|endpoint|icon_url", _url),
    _r("sha|commit|commit_id|revision|hash|commitid|oid", _sha),
    _r("branch|branch_name|base|head|ref|target_branch|source_branch", lambda h: h.rng.choice(h.org.branches)),
    _r("tag|tag_name|version|release", lambda h: h.rng.choice(h.org.tags)),
    _r("jql|cql|sql|query|search|q|keyword|keywords|search_string|question", _query),
    _r("filter|where|condition", _filter),
    _r("selector|css|locator|element|css_selector", _selector),
    _r("xpath", lambda h: f"//button[@id='{_noun(h)}-submit']"),
    _r("issue_key|issue_id_or_key|epic_key|ticket", _issue_key),
    _r("repo_path|working_dir|workdir|cwd|directory|dir|folder|root|workspace_folder|project_root|output_dir|"
       "input_folder|output_folder|folder_path|workspace_path", _dir),
    _r("filename|file_name", lambda h: _file(h).rsplit("/", 1)[-1]),
    _r("path|file|file_path|filepath|source_path|output_path|test_path|spec_file|paths|files", _path),
    _r("owner|org|organization|organisation|organization_name", lambda h: h.org.slug),
    _r("repo|repository|project|project_name|projectname", _project),
    _r("project_key|space_key|key_prefix", lambda h: h.rng.choice(h.org.project_keys)),
    _r("username|user|login|assignee|author|member|handle|reviewer|user_identifier|account", lambda h: _person(h).username),
    _r("display_name|full_name|sender_name", lambda h: _person(h).name),
    _r("channel|channel_id|channels", lambda h: h.rng.choice(h.org.channels)),
    _r("commit_message|message|msg", _commit_message),
    _r("title|summary|subject|heading|heading_text|goal|new_title", _title),
    _r("body|content|comment|text|description|note|notes|contents|answer|prompt|prompt_text|input_text", _text),
    _r("key|cache_key|keys", _key),
    _r("subscription|subscription_id", lambda h: h.org.subscription),
    _r("tenant|tenant_id|uuid|guid", lambda h: _uuid(h.rng)),
    _r("resource_group|rg", lambda h: h.rng.choice(h.org.resource_groups)),
    _r("region|location|zone", lambda h: h.rng.choice(h.org.regions)),
    _r("host|hostname|server|domain", lambda h: fmt.hostname(h.org, h.rng)),
    _r("ip|ip_address|address", lambda h: fmt.ipv4(h.rng)),
    _r("database|db", lambda h: f"{h.org.slug}_prod"),
    _r("table|table_name", lambda h: h.rng.choice(h.org.tables)),
    _r("namespace", lambda h: h.rng.choice(h.org.teams)),
    _r("service|service_name|app", lambda h: h.rng.choice(h.org.services)),
    _r("date|since|until|before|after|start_date|end_date|due_date|from_date|to_date|release_date|started",
       lambda h: fmt.iso_date(h.rng)),
    _r("timestamp|time|datetime|created_at|updated_at|start_time|end_time", lambda h: fmt.iso_datetime(h.rng)),
    _r("thread_ts|ts|message_ts", lambda h: f"{int(fmt.when(h.rng).timestamp())}.{h.rng.randint(100, 999999):06d}"),
    _r("cursor|page_token|next_cursor|after_cursor", lambda h: f"c_{h.rng.getrandbits(48):012x}"),
    _r("color|fill|stroke|background|colour", lambda h: fmt.FORMATS["color"](h.org, h.rng)),
    _r("font|font_name|font_family", lambda h: h.rng.choice(("Inter", "Helvetica Neue", "Source Sans Pro"))),
    _r("language|lang", lambda h: h.rng.choice(("python", "typescript", "go", "sql"))),
    _r("locale", lambda h: h.rng.choice(("en-US", "de-DE", "fr-FR"))),
    _r("timezone|tz", lambda h: h.rng.choice(("Europe/Berlin", "America/New_York", "UTC"))),
    _r("mime_type|content_type|media_type", lambda h: h.rng.choice(("application/json", "text/markdown", "image/png"))),
    _r("emoji|reaction", lambda h: h.rng.choice(("white_check_mark", "eyes", "rocket", "thumbsup"))),
    _r("label|labels|category|topic", lambda h: h.rng.choice(("bug", "customer", h.rng.choice(h.org.teams)))),
    _r("status|state", lambda h: h.rng.choice(_STATUSES)),
    _r("priority", lambda h: h.rng.choice(("High", "Medium", "Low"))),
    _r("command|cmd", lambda h: h.rng.choice(("npm test -- --watch=false", "make lint", "pytest -q tests/"))),
    _r("script|code|expression|function|js|javascript|test_code|jsx_code",
       lambda h: h.rng.choice(("document.title", "document.querySelectorAll('a').length",
                               "window.scrollTo(0, document.body.scrollHeight)"))),
    _r("[a-z]+_name|name", lambda h: _resource_name(h) if len(words(h.name).split("_")) > 1 else _name(h)),
    _r("id|ids|[a-z]+_id|[a-z]+_ids|[a-z]+id", _identifier),
)


@lru_cache(maxsize=8192)
def _string_rule(name: str) -> int:
    w = words(name)
    if not w:
        return -1
    for i, (rx, _fn) in enumerate(_STRING_RULES):
        if rx.search(w):
            return i
    return -1


def realistic_string(h: Hint) -> str:
    """A realistic string for this slot; never a placeholder."""
    i = _string_rule(h.name)
    if i < 0 and h.entity:
        i = _string_rule(h.entity)
    return _STRING_RULES[i][1](h) if i >= 0 else _by_role(h)


# (word pattern, choices) for numbers; choices are fitted into the schema's bounds afterwards
_NUMBER_RULES: tuple[tuple[re.Pattern[str], tuple[float, ...]], ...] = tuple(
    (re.compile(rf"(^|_)({p})($|_)"), c) for p, c in (
        ("limit|per_page|page_size|max_results|top|count|first|last|max_count|k|max_messages|return_limit|"
         "max_issues|max_epics|comment_limit|tail|head|num|size_limit", (5, 10, 20, 25, 50)),
        ("page|page_idx|page_index|page_number", (1, 2, 3)),
        ("offset|skip|start|start_at", (0, 20, 40)),
        ("ttl|expire|expiration|expire_seconds|expiry|ex|seconds", (900, 3600, 86400)),
        ("ms|milliseconds|timeout_ms|delay_ms", (500, 1500, 5000)),
        ("timeout|network_timeout", (10, 30, 60)),
        ("delay|max_delay|retry_delay", (2, 5, 10)),
        ("retries|max_retries|attempts", (3, 5)),
        ("port", (5432, 6379, 8080)),
        ("x|left|cx|x_position", (40, 120, 360, 640)),
        ("y|top|cy|y_position", (40, 96, 240, 480)),
        ("width|w|resize_width|max_dim", (320, 800, 1280, 1920)),
        ("height|h|resize_height", (240, 600, 720, 1080)),
        ("r|g|b|red|green|blue|color_r|color_g|color_b|fill_r|fill_g|fill_b|stroke_r|stroke_g|stroke_b", (31, 111, 235, 164, 78)),
        ("c|m|k|cyan|magenta|yellow|black", (0, 20, 65, 90)),
        ("opacity|alpha", (60, 80, 100, 0.8)),
        ("angle|rotation|degrees", (15, 45, 90)),
        ("scale|zoom|percent", (50, 125, 200)),
        ("fps|framerate|frame_rate", (24, 30, 60)),
        ("bpm", (96, 120, 128)),
        ("duration|time|at_time|start_time|end_time|in_point|out_point", (2, 5, 12.5, 30)),
        ("depth|max_depth|levels|level|tree_depth", (2, 3, 4)),
        ("context_lines|lines|line|line_number", (3, 5, 42, 118)),
        ("number|issue_number|pull_number|pr|pr_number|discussion_number|alert_number|run_id|milestone", (17, 42, 128, 311)),
        ("year", (2025, 2026)),
        ("temperature", (0.2, 0.7)),
        ("top_p", (0.9, 0.95)),
        ("gb|gib|size_gb|disk_size|provisioned_storage_in_gib|os_disk_size_gb", (64, 128, 256)),
        ("font_size|size|stroke_width|radius", (2, 12, 14, 24)),
        ("threshold|tolerance|influence|amount|quality", (10, 25, 50, 75)),
        ("id|[a-z]+_id|[a-z]+id", (1042, 2231, 3817, 77)),
    )
)


@lru_cache(maxsize=8192)
def _number_rule(name: str) -> int:
    w = words(name)
    for i, (rx, _c) in enumerate(_NUMBER_RULES):
        if rx.search(w):
            return i
    return -1


def realistic_number(h: Hint) -> float | None:
    """A realistic number for this slot, or None when the name says nothing about it."""
    i = _number_rule(h.name)
    return h.rng.choice(_NUMBER_RULES[i][1]) if i >= 0 else None
