"""Which realistic value a slot gets, from its name, description, entity and role.

Parameter names are split into lower-case words (`repoPath`, `repo-path` and `repo_path`
all become `repo_path`). A string slot is filled, in order of preference, from: examples
quoted in its description (the spec author's own), a rule for the exact name, a cue in
the description (for generic names such as `target` or `value`), a rule for the name's
last word, then any word, then the entity and finally the role. The proposal is only a
proposal: `values.py` fits it to the schema and validates it.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Callable

from actors.offline import values_formats as fmt
from actors.offline import values_vocab as v
from actors.offline.values_vocab import Hint
from actors.offline.world import _uuid

__all__ = ["Hint", "examples", "options", "param_docs", "realistic_number", "realistic_string", "singular", "words"]

Make = Callable[[Hint], str]
_GENERIC = frozenset({"name", "value", "target", "object", "source", "ref", "key", "id", "path", "pattern", "item",
                      "items", "data", "param", "upstream", "onto", "start_point", "commitish", "input", "type", "kind",
                      "mode", "format", "element", "uid", "filter", "fields", "expand", "destination", "label", "what",
                      "args", "selector", "code", "script", "action", "operation", "timestamp", "time"})
# enclosing property names that say nothing about what their children name
_CONTAINERS = frozenset({"data", "result", "results", "params", "options", "config", "settings", "payload", "body",
                         "info", "details", "response", "output", "input", "args", "arguments", "item", "items",
                         "value", "values", "properties", "attributes", "fields", "meta", "metadata", "context"})
_PLACEHOLDERS = re.compile(r"example|foo|\bbar\b|baz|lorem|ipsum|xxx|<|>|\{|\}|\.\.\.|^string$|^value$|^text$|"
                           r"john|jane|\bdoe\b|\bproj\b|proj-|acme|\bmy-|\bmy_|^test|\btest-|^abc", re.I)


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


def _name_of(h: Hint) -> str:
    parts = words(h.name).split("_")
    if len(parts) > 1 and parts[-1] == "name":
        return v.named(h, parts[-2])
    parent = words(h.parent)
    entity = h.entity or _desc_entity(h.description) or ("" if len(parent) < 3 or parent in _CONTAINERS else parent)
    return v.named(h, entity or "name")


def _shaped(h: Hint) -> str:
    """A value shaped like the sample a description gives ("in format 1234567890.123456")."""
    m = re.search(r"format:?\s*['\"`]?([\w.:/+-]*\d[\w.:/+-]*)", h.description)
    if m is None:
        return v.identifier(h)
    return re.sub(r"\d", lambda _m: str(h.rng.randint(0, 9)), m.group(1).rstrip("."))


# (alternative names, generator): earlier rules win when several match
_STRING_RULES: tuple[tuple[str, Make], ...] = (
    ("to cc bcc reply_to recipient recipients", lambda h: v.person(h).email),
    ("email e_mail mail emails user_email author_email", lambda h: v.person(h).email),
    ("password secret token api_key apikey credential access_token pat", lambda h: f"tok_{h.rng.getrandbits(96):024x}"),
    ("webhook url uri href link endpoint icon_url homepage website", v.url),
    ("sha commit commit_id commitid revision hash oid commit_sha commit_hash head_sha base_sha expected_head_sha",
     v.sha),
    ("branch branch_name base head target_branch source_branch new_branch_name", lambda h: h.rng.choice(h.org.branches)),
    ("start_point commitish onto upstream ref object", v.git_ref),
    ("remote remote_name", lambda h: h.rng.choice(("origin", "upstream"))),
    ("tag tag_name version release since_tag", lambda h: h.rng.choice(h.org.tags)),
    ("jql", v.jql), ("cql", v.cql), ("sql statement", v.sql), ("kql", v.kql),
    ("query search q keyword keywords search_string question grep search_query", v.query),
    ("filter where condition", v.sql_filter),
    ("selector css locator css_selector", v.selector),
    ("xpath", v.xpath),
    ("issue_key issue_id_or_key epic_key ticket parent_key", v.issue_key),
    ("repo_path working_dir workdir cwd directory dir folder root workspace_folder project_root output_dir "
     "input_folder output_folder folder_path workspace_path worktree_path new_path", v.directory),
    ("filename file_name", lambda h: v.file_path(h).rsplit("/", 1)[-1]),
    ("path file file_path filepath source_path output_path test_path spec_file paths files", v.path),
    ("pattern glob include exclude exclude_patterns", v.glob),
    ("owner org organization organisation organization_name workspace", lambda h: h.org.slug),
    ("repo repository project project_name projectname", v.project),
    ("project_key space_key key_prefix target_project_key", lambda h: h.rng.choice(h.org.project_keys)),
    ("username user login assignee author member handle reviewer user_identifier account user_name",
     lambda h: v.person(h).username),
    ("display_name full_name sender_name", lambda h: v.person(h).name),
    ("channel channels", lambda h: "#" + h.rng.choice(h.org.channels)),
    ("channel_id", lambda h: "C0" + "".join(h.rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(9))),
    ("property_path", lambda h: h.rng.choice(("Transform.Position", "Transform.Opacity", "Transform.Scale"))),
    ("action operation op", lambda h: h.rng.choice(("create", "update", "list", "get_info"))),
    ("commit_message message msg", v.commit_message),
    ("title summary subject heading heading_text goal new_title", v.title),
    ("body content comment text description note notes contents answer prompt prompt_text input_text reason "
     "result output response summary_text", v.text),
    ("key cache_key keys new_key old_key", v.cache_key),
    ("subscription subscription_id", lambda h: h.org.subscription),
    ("tenant tenant_id", lambda h: h.org.tenant),
    ("uuid guid", lambda h: _uuid(h.rng)),
    ("resource_group rg", lambda h: h.rng.choice(h.org.resource_groups)),
    ("region location zone", lambda h: h.rng.choice(h.org.regions)),
    ("host hostname server domain", lambda h: fmt.hostname(h.org, h.rng)),
    ("ip ip_address", lambda h: fmt.ipv4(h.rng)),
    ("database db", lambda h: f"{h.org.slug}_prod"),
    ("table table_name", lambda h: h.rng.choice(h.org.tables)),
    ("namespace", lambda h: h.rng.choice(h.org.teams)),
    ("service service_name app", lambda h: h.rng.choice(h.org.services)),
    ("date since until before after start_date end_date due_date from_date to_date release_date started",
     lambda h: fmt.iso_date(h.rng)),
    ("timestamp datetime created_at updated_at start_time end_time", lambda h: fmt.iso_datetime(h.rng)),
    ("thread_ts ts message_ts", v.slack_ts),
    ("user_agent", lambda h: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                             f"Chrome/{h.rng.randint(128, 133)}.0.0.0 Safari/537.36"),
    ("geolocation", lambda h: h.rng.choice(("52.5200,13.4050", "40.7128,-74.0060", "51.5072,-0.1276"))),
    ("cursor page_token next_cursor after_cursor", lambda h: f"c_{h.rng.getrandbits(48):012x}"),
    ("color fill stroke background colour fill_color stroke_color", lambda h: fmt.FORMATS["color"](h.org, h.rng)),
    ("color_space color_mode", lambda h: h.rng.choice(("RGB", "CMYK"))),
    ("blend_mode", lambda h: h.rng.choice(("Multiply", "Screen", "Overlay", "Normal"))),
    ("font font_name font_family", lambda h: h.rng.choice(("Inter", "Helvetica Neue", "Source Sans Pro"))),
    ("language lang", lambda h: h.rng.choice(("python", "typescript", "go", "sql"))),
    ("locale", lambda h: h.rng.choice(("en-US", "de-DE", "fr-FR"))),
    ("timezone tz", lambda h: h.rng.choice(("Europe/Berlin", "America/New_York", "UTC"))),
    ("mime_type content_type media_type", lambda h: h.rng.choice(("application/json", "text/markdown", "image/png"))),
    ("format", lambda h: h.rng.choice(("png", "svg", "pdf", "json"))),
    ("kind", lambda h: h.rng.choice(("text", "path", "group", "image"))),
    ("entity_type", lambda h: h.rng.choice(("person", "project", "service", "team"))),
    ("relation_type", lambda h: h.rng.choice(("works_on", "owns", "depends_on", "reports_to"))),
    ("observation observations fact facts", v.observation),
    ("container parent group", lambda h: v.named(h, "group")),
    ("range artboard_range page_range pages", lambda h: f"{h.rng.randint(1, 2)}-{h.rng.randint(3, 6)}"),
    ("emoji reaction", lambda h: h.rng.choice(("white_check_mark", "eyes", "rocket", "thumbsup"))),
    ("label labels category topic", lambda h: h.rng.choice(("bug", "customer", h.rng.choice(h.org.teams)))),
    ("status state", lambda h: h.rng.choice(v.STATUSES)),
    ("priority", lambda h: h.rng.choice(("High", "Medium", "Low"))),
    ("command cmd", lambda h: h.rng.choice(("npm test -- --watch=false", "make lint", "pytest -q tests/"))),
    ("script code expression function js javascript test_code jsx_code", v.javascript),
    ("layer item artboard comp clip effect preset style symbol", lambda h: v.named(h, words(h.name))),
    ("name", _name_of),
    ("id ids uid", v.identifier),
)
# regex rules for families of names, tried after the word rules
_FAMILY_RULES: tuple[tuple[re.Pattern[str], Make], ...] = (
    (re.compile(r"_name$"), _name_of),
    (re.compile(r"(_id|_ids|id)$"), v.identifier),
)
# description cues: used first for generic names, and for any name no rule knows
_CUES: tuple[tuple[re.Pattern[str], Make], ...] = tuple((re.compile(p), f) for p, f in (
    (r"key to press|keyboard|key or a combination", v.keyboard),
    (r"json ?path", lambda h: h.rng.choice(("$", f"$.{v.noun(h)}.status", "$.items[0].owner", "$.settings.retries"))),
    (r"\b(hash|list|set|stream|redis|sorted set) key\b|\bthe key\b|key name|name of the key", v.cache_key),
    (r"field name|name of the field", lambda h: h.rng.choice(("status", "owner", "email", "updated_at", "plan"))),
    (r"human-readable element", lambda h: h.rng.choice(v.ELEMENTS)),
    (r"commit hash|commit/branch|branch name, commit|branch or commit|commit, branch|commit or|commit to", v.git_ref),
    (r"\bbranch", lambda h: h.rng.choice(h.org.branches)),
    (r"git ref", v.git_ref),
    (r"json string|json object|json array|as json|json-encoded|json format", v.json_text),
    (r"repository url|remote url|git url", v.git_url),
    (r"\burl\b|\buri\b|\blink\b", v.url),
    (r"e-?mail", lambda h: v.person(h).email),
    (r"\buuid\b", lambda h: _uuid(h.rng)),
    (r"javascript|\bjs\b|=>", v.javascript),
    (r"\bsql\b", v.sql), (r"\bkql\b|kusto", v.kql), (r"odata", v.odata), (r"\bjql\b", v.jql), (r"\bcql\b", v.cql),
    (r"comma-separated|comma separated", v.comma_list),
    (r"regular expression|\bregex", v.regex),
    (r"\bglob\b|wildcard", v.glob),
    (r"powershell", lambda h: h.rng.choice(("Get-Process | Sort-Object CPU -Descending | Select-Object -First 5",
                                            "Get-ChildItem -Path C:\\Exports -Filter *.pdf"))),
    (r"extendscript|\bjsx\b", lambda h: h.rng.choice(("app.activeDocument.name", "app.activeDocument.layers.length"))),
    (r"\bname of\b|\bname\b", _name_of),
    (r"director|folder|repositor|working dir", v.directory),
    (r"\bfile\b", v.path),
    (r"markdown", v.markdown),
    (r"timestamp of the message|message timestamp|message's timestamp", v.slack_ts),
    (r"in format:? ['\"`]?[\w.:/+-]*\d", _shaped),
    (r"timestamp|iso 8601|date-time|datetime", lambda h: fmt.iso_datetime(h.rng)),
    (r"\bdate\b", lambda h: fmt.iso_date(h.rng)),
    (r"\bsearch\b|\bquery\b", v.query),
    (r"\bid\b|identifier", v.identifier),
))


_PROSE = frozenset({v.text, v.title, v.commit_message, v.markdown, v.query, v.sql_filter, v.observation})


def _index(rules: tuple[tuple[str, Make], ...]) -> dict[str, Make]:
    table: dict[str, Make] = {}
    for names, make in rules:
        for name in names.split():
            table.setdefault(name, make)
    return table


_BY_NAME = _index(_STRING_RULES)


@lru_cache(maxsize=8192)
def _name_rule(name: str) -> tuple[Make | None, bool]:
    """(generator, exact?) for a parameter name."""
    w = words(name)
    if not w:
        return None, False
    if w in _BY_NAME:
        return _BY_NAME[w], True
    for rx, make in _FAMILY_RULES:
        if rx.search(w):
            return make, True  # "*_id" and "*_name" say what the value is as clearly as an exact name
    for token in reversed(w.split("_")):
        if token in _BY_NAME and len(token) > 2:  # "to", "ts", "q" only count as whole names
            return _BY_NAME[token], False
    return None, False


@lru_cache(maxsize=8192)
def _cue(description: str) -> Make | None:
    d = description.lower()
    for rx, make in _CUES:
        if rx.search(d):
            return make
    return None


@lru_cache(maxsize=8192)
def _desc_entity(description: str) -> str:
    d = description.lower()
    m = re.search(r"\bname of (?:the |a |an )?(?:new )?([a-z][a-z-]+)", d) or \
        re.search(r"\b(?!the\b|a\b|an\b|new\b|its\b|display\b|full\b)([a-z][a-z-]+) name\b", d)
    return m.group(1) if m else ""


@lru_cache(maxsize=8192)
def examples(description: str) -> tuple[str, ...]:
    """Example values quoted in a description ("e.g. 'Sprint 1'", "Examples: `a`, `b`", "(e.g., e1, e2)")."""
    out: list[str] = []
    marker = r"(?:e\.g\.|eg\.|for example|examples?:|such as)[,:]?\s*"
    for clause in re.findall(marker + r"(.{1,160}?)(?:\)|\.\s|\.$|$)", description, re.I):
        out += re.findall(r'"([^"\n]{1,80})"', clause) or re.findall(r"`([^`\n]{1,80})`", clause) \
            or re.findall(r"'([^'\n]{1,80})'", clause)
    if not out:  # unquoted examples only count inside parentheses: "(e.g., e1, e2)", "(e.g. 1d - 1 day)"
        for inner in re.findall(r"\(" + marker + r"([^()]{1,160})\)", description, re.I):
            items = [x.split(" - ")[0].strip() for x in re.split(r",|\bor\b", inner)]
            out += [x for x in items if 0 < len(x.split()) <= 3]
    return tuple(dict.fromkeys(x for x in out if x.strip() and len(x) <= 80 and not _PLACEHOLDERS.search(x)))


@lru_cache(maxsize=4096)
def param_docs(doc: str) -> dict[str, str]:
    """Per-parameter text from a docstring-style tool description ("Args:\\n  name: The Redis hash key.")."""
    m = re.search(r"^\s*(?:Args|Arguments|Parameters|Params)\s*:\s*$(.*?)(?:^\s*(?:Returns|Raises|Yields|Example|Examples|Notes?)\s*:|\Z)",
                  doc, re.M | re.S)
    if m is None:
        return {}
    return {name: text.strip() for name, text in
            re.findall(r"^\s+([A-Za-z_][\w-]*)(?:\s*\([^)]*\))?\s*:\s*(.+)$", m.group(1), re.M)}


@lru_cache(maxsize=8192)
def options(description: str) -> tuple[str, ...]:
    """Choices a description lists: "Action: create, delete, rename", "Allowed values: 'a', 'b'", "one of a|b|c"."""
    item = r"'?[\w./-]+'?"
    listed = rf"({item}(?:\s*(?:,|\||\bor\b)\s*{item})*)"
    m = re.search(r"(?:allowed values|possible values|valid values|one of|options|choices)\s*(?:are|is)?:?\s*" + listed,
                  description, re.I)
    if m is None:  # "Label: a, b, c" needs at least three items to be a list and not prose
        m = re.search(rf"(?:^|[.:]\s)[\w ]{{1,30}}:\s*({item}(?:\s*,\s*{item}){{2,}})", description)
    if m is None:  # "Whether to list local branches ('local'), remote branches ('remote') or all ('all')"
        quoted = [q for q in re.findall(r"['\"]([\w./-]{1,40})['\"]", description) if not _PLACEHOLDERS.search(q)]
        return tuple(dict.fromkeys(quoted)) if len(quoted) >= 2 and re.search(r"\bor\b", description) else ()
    parts = [x.strip(" '") for x in re.split(r",|\||\bor\b", m.group(1))]
    return tuple(x for x in parts if x and not _PLACEHOLDERS.search(x))


def json_text(h: Hint) -> str:
    """JSON as a string, shaped by the parameter: a list of paths for `file_paths`, points for `points`."""
    d, w = h.description.lower(), words(h.name)
    if "point" in w:
        return json.dumps([[h.rng.randint(0, 200), h.rng.randint(0, 200)] for _ in range(3)])
    if ("array" in d or "list" in d) and w.endswith("s") and w not in ("issues", "items"):
        one = Hint(singular(h.name), h.role, h.entity, "", h.org, h.rng, h.parent)
        return json.dumps([realistic_string(one) for _ in range(2)])
    return v.json_text(h)


_COUNTERPARTS = {"end": "start", "stop": "start", "until": "since", "before": "after", "max": "min", "to": "from",
                 "last": "first", "end_line": "start_line", "end_date": "start_date", "end_time": "start_time",
                 "to_date": "from_date", "until_date": "since_date"}


def _counterpart(h: Hint):
    """The value already chosen for this slot's opening partner (`until` -> `since`), if any."""
    if not h.siblings:
        return None
    w = words(h.name)
    want = _COUNTERPARTS.get(w) or next((w.replace(a, b, 1) for a, b in _COUNTERPARTS.items()
                                        if "_" not in a and w.startswith(a + "_")), None)
    if want is None:
        return None
    for key, value in h.siblings.items():
        if words(key) == want:
            return value
    return None


def _from_siblings(h: Hint) -> str | None:
    """Values that depend on the rest of the object: a locator for its `by`, a date after `since`."""
    w = words(h.name)
    if w == "value" and isinstance((h.siblings or {}).get("by"), str):
        make = v.LOCATORS.get(h.siblings["by"].lower().replace("_", " "))
        return make(h) if make else None
    if w in ("path", "file_path", "filepath", "file") and {"owner", "repo"} <= h.context:
        return v.repo_file(h)  # hosted git APIs take paths inside the repository
    start = _counterpart(h)
    if isinstance(start, str) and re.fullmatch(r"\d{4}-\d\d-\d\d(T.*)?", start):
        later = fmt.later(start, h.rng)
        return later
    return None


def realistic_string(h: Hint) -> str:
    """A realistic string for this slot; never a placeholder."""
    if h.siblings or h.context:
        shaped = _from_siblings(h)
        if shaped is not None:
            return shaped
    make, exact = _name_rule(h.name)
    w = words(h.name)
    generic = w in _GENERIC
    if h.role == "identifier" and make in _PROSE:
        make, exact = v.identifier, True  # `message` as an identifier is a message ID, not a sentence
    if exact and not generic:
        return make(h)  # type: ignore[misc]
    cue = _cue(h.description) if h.description else None
    if cue is v.json_text:
        return json_text(h)  # examples inside a JSON description are fragments, not values
    shown = options(h.description) or examples(h.description) if h.description else ()
    if shown and (generic or h.rng.random() < 0.9):
        return h.rng.choice(shown)
    if cue is not None:
        return cue(h)
    if generic and h.entity:
        return v.named(h, h.entity)  # `target` of a click is an element, not a git ref
    if make is not None:
        return make(h)
    if h.entity:
        return v.named(h, h.entity)
    return _by_role(h)


def _by_role(h: Hint) -> str:
    role = h.role or "other"
    if role == "identifier":
        return v.identifier(h)
    if role == "content":
        return v.text(h)
    if role == "filter":
        return v.query(h)
    if role in ("target", "context"):
        return v.path(h)
    if role == "credential":
        return f"tok_{h.rng.getrandbits(96):024x}"
    return h.rng.choice((v.noun(h), v.topic(h).replace(" ", "-"), h.rng.choice(h.org.teams)))


# ----- numbers -------------------------------------------------------------------------
_NUMBER_RULES: tuple[tuple[str, tuple[float, ...]], ...] = (
    ("stroke_width line_width border_width weight", (0.5, 1, 2, 3)),
    ("limit per_page page_size max_results top count first last max_count k max_messages return_limit "
     "max_issues max_epics comment_limit tail head num max_items max_boxes batch_size", (5, 10, 20, 25, 50)),
    ("page page_idx page_number", (1, 2, 3)),
    ("index artboard artboard_index page_index track_index layer item artboard_a artboard_b to_index", (0, 1, 2, 3)),
    ("offset skip start start_at start_line", (0, 20, 40)),
    ("stop end end_line", (49, 99, 120)),
    ("ttl expire expiration expire_seconds expiry ex seconds", (900, 3600, 86400)),
    ("ms milliseconds timeout_ms delay_ms wait_ms", (500, 1500, 5000)),
    ("timeout network_timeout retry_network_timeout", (10, 30, 60)),
    ("max_delay retry_max_delay", (30, 60)),
    ("delay retry_delay", (1, 2, 5)),
    ("retries max_retries retry_max_retries attempts", (3, 5)),
    ("port", (5432, 6379, 8080)),
    ("x left cx x_position", (40, 120, 360, 640)),
    ("y top cy y_position", (40, 96, 240, 480)),
    ("width w resize_width max_dim", (320, 800, 1280, 1920)),
    ("height h resize_height", (240, 600, 720, 1080)),
    ("r g b red green blue color_r color_g color_b fill_r fill_g fill_b stroke_r stroke_g stroke_b",
     (31, 111, 235, 164, 78)),
    ("c m cyan magenta yellow black", (0, 20, 65, 90)),
    ("opacity alpha", (60, 80, 100)),
    ("angle rotation degrees", (15, 45, 90)),
    ("scale zoom percent", (50, 125, 200)),
    ("dpi min_dpi resolution", (72, 150, 300)),
    ("fps framerate frame_rate", (24, 30, 60)),
    ("bpm", (96, 120, 128)),
    ("duration time at_time start_time end_time in_point out_point", (2, 5, 12.5, 30)),
    ("depth max_depth levels level tree_depth", (2, 3, 4)),
    ("context_lines lines line line_number", (3, 5, 42, 118)),
    ("mainline parent_number", (1, 2)),
    ("number issue_number pull_number pr pr_number discussion_number alert_number run_id milestone",
     (17, 42, 128, 311)),
    ("year", (2025, 2026)),
    ("timestamp created created_at updated updated_at modified mtime ctime",
     tuple(int(fmt.EPOCH.timestamp()) - d * 86400 - m * 60 for d, m in ((0, 0), (1, 95), (6, 300), (30, 17)))),
    ("temperature", (0.2, 0.7)),
    ("top_p", (0.9, 0.95)),
    ("gb gib size_gb disk_size provisioned_storage_in_gib os_disk_size_gb", (64, 128, 256)),
    ("font_size size radius corner_radius", (4, 12, 14, 24)),
    ("threshold tolerance influence amount quality", (10, 25, 50, 75)),
    ("id", (1042, 2231, 3817, 77)),
)
_NUMBERS_BY_NAME: dict[str, tuple[float, ...]] = {}
for _names, _choices in _NUMBER_RULES:
    for _n in _names.split():
        _NUMBERS_BY_NAME.setdefault(_n, _choices)
_CMYK = {"c": "cyan", "m": "magenta", "y": "yellow", "k": "black"}


@lru_cache(maxsize=8192)
def _number_choices(name: str, parent: str) -> tuple[float, ...] | None:
    w = words(name)
    if w in _CMYK and any(x in words(parent) for x in ("color", "fill", "stroke")):
        w = _CMYK.get(w, w)
    if w in _NUMBERS_BY_NAME:
        return _NUMBERS_BY_NAME[w]
    tokens = w.split("_")
    for token in reversed(tokens):
        if token in _NUMBERS_BY_NAME and len(token) > 2:
            return _NUMBERS_BY_NAME[token]
    if w.endswith("id"):
        return _NUMBERS_BY_NAME["id"]
    if tokens[0] in ("max", "min", "num") or tokens[-1] in ("count", "total"):
        return (2, 3, 5, 10)
    return None


@lru_cache(maxsize=8192)
def _described_range(description: str) -> tuple[float, float] | None:
    m = re.search(r"(-?\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(-?\d+(?:\.\d+)?)", description)
    if not m:
        return None
    lo, hi = float(m.group(1)), float(m.group(2))
    return (lo, hi) if lo < hi else None


def realistic_number(h: Hint) -> float | None:
    """A realistic number for this slot, or None when nothing about it is known."""
    start = _counterpart(h)
    if isinstance(start, (int, float)) and not isinstance(start, bool):
        return start + h.rng.choice((5, 10, 20, 40))  # `end_line` after `start_line`, `max` above `min`
    choices = _number_choices(h.name, h.parent)
    if choices is not None:
        return h.rng.choice(choices)
    span = _described_range(h.description) if h.description else None
    if span is not None:
        lo, hi = span
        return round(lo + (hi - lo) * h.rng.choice((0.1, 0.25, 0.5, 0.8)), 2)
    return None
