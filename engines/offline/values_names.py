"""Which realistic string a slot gets, from its name, siblings, description, entity and role.

Parameter names are split into lower-case words (`repoPath`, `repo-path` and `repo_path`
all become `repo_path`). A string slot is filled, in order of preference, from: the values
already chosen beside it (a locator for its `by`, `until` after `since`); a rule for the
exact name (or a `*_id` / `*_name` family); for other names, options listed or examples
quoted in its description (the spec author's own), then a cue in the description; the
entity (for generic names such as `target`); a rule for the name's last word; the role.
The proposal is only a proposal: `values.py` fits it to the schema and validates it.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Callable

from engines.offline import values_formats as fmt
from engines.offline import values_prose as vp
from engines.offline import values_vocab as v
from engines.offline.ledger import ledger_value
from engines.offline.places import coordinate, placed
from engines.offline.ranges import partner
from engines.offline.values_describe import examples, options, templates
from engines.offline.values_documents import document
from engines.offline.values_query import statement
from engines.offline.values_standard import TOKENS, measure_value, standard_value
from engines.offline.values_vocab import Hint
from engines.offline.world import _uuid

__all__ = ["Hint", "counterpart", "realistic_string", "singular", "words"]

from engines.offline.values_fields import (_FAMILY_RULES, _STRING_RULES, Make, _flag, _name_of, _recipient, _shaped,
                                          singular, words)
_GENERIC = frozenset({"name", "value", "target", "object", "source", "ref", "key", "id", "path", "pattern", "item",
                      "items", "data", "param", "upstream", "onto", "start_point", "commitish", "input", "type", "kind",
                      "mode", "format", "element", "uid", "filter", "fields", "expand", "destination", "label", "what",
                      "args", "selector", "code", "script", "action", "operation", "timestamp", "time", "account",
                      "container"})
# description cues: used first for generic names, and for any name no rule knows
_CUES: tuple[tuple[re.Pattern[str], Make], ...] = tuple((re.compile(p), f) for p, f in (
    # ("Sponsor organizations to search for": an organisation's name, not `sponsor-5`)
    (r"^\s*(?:[a-z]+\s+)?organi[sz]ations?\b", lambda h: v.company_name(h.rng)),
    (r"key to press|keyboard|key or a combination", v.keyboard),
    # ("Additional options for the dart analyze command": what a command line takes, `--verbose`)
    (r"options (for|to pass to) (the )?[\w -]*\bcommand\b|command[- ]line (options|flags|arguments)|\bcli (options|flags)"
     r"|^(additional|extra) [\w -]*(options|flags)\b", _flag),
    (r"json ?path", lambda h: h.rng.choice(("$", f"$.{v.noun(h)}.status", "$.items[0].owner", "$.settings.retries"))),
    (r"field name|name of the field", lambda h: h.rng.choice(("status", "owner", "email", "updated_at", "plan"))),
    (r"\b(hash|list|set|stream|redis|sorted set) key\b|key name", v.cache_key),
    (r"human-readable element", lambda h: h.rng.choice(v.ELEMENTS)),
    (r"(mysql|postgresql|postgres|server) parameter", lambda h: h.rng.choice(
        ("max_connections", "work_mem", "slow_query_log", "log_min_duration_statement"))),
    (r"\bname of\b|\bname\b", _name_of),
    (r"commit hash|commit/branch|branch name, commit|branch or commit|commit, branch|commit or|commit to", v.git_ref),
    (r"\bbranch", lambda h: h.rng.choice(h.org.branches)),
    (r"git ref", v.git_ref),
    (r"json string|json object|json array|as json|json-encoded|json format", v.json_text),
    (r"key=value", lambda h: f"env=prod team={h.rng.choice(h.org.teams)}"),
    (r"element reference|reference from the page snapshot|snapshot ref", lambda h: f"e{h.rng.randint(2, 80)}"),
    (r"hh:mm", lambda h: h.rng.choice(("02:30", "23:00", "04:15"))),
    (r"repository url|remote url|git url", v.git_url),
    (r"\burl\b|\buri\b|\blink\b", v.url),
    (r"e-?mail", lambda h: v.person(h).email),
    (r"\buuid\b", lambda h: _uuid(h.rng)),
    (r"javascript|(?<!\.)\bjs\b|\(\w*\)\s*=>", v.javascript),  # (`sort = votes => number` maps, it is no code)
    (r"\bsql\b", v.sql), (r"\bkql\b|kusto", v.kql), (r"odata", v.odata), (r"\bjql\b", v.jql), (r"\bcql\b", v.cql),
    (r"\b(?:list|array|sequence) of (?:\w+ )?(?:integers|numbers|ints|floats|counts)\b", v.number_list),
    (r"comma-separated|comma separated", v.comma_list),
    (r"regular expression|\bregex", v.regex),
    (r"\bglob\b|wildcard", v.glob),
    (r"powershell", lambda h: h.rng.choice(("Get-Process | Sort-Object CPU -Descending | Select-Object -First 5",
                                            "Get-ChildItem -Path C:\\Exports -Filter *.pdf"))),
    (r"extendscript|\bjsx\b", lambda h: h.rng.choice(("app.activeDocument.name", "app.activeDocument.layers.length"))),
    (r"director|folder|repositor|working dir", v.directory),
    (r"\bfile\b", v.path),
    (r"markdown", vp.markdown),
    (r"\bpath\b", v.path),
    (r"timestamp of the message|message timestamp|message's timestamp", v.slack_ts),
    (r"in format:? ['\"`]?[\w.:/+-]*\d", _shaped),
    (r"timestamp|iso 8601|date-time|datetime", lambda h: fmt.iso_datetime(h.rng)),
    (r"\bdate\b", lambda h: fmt.iso_date(h.rng)),
    (r"\bsearch\b|\bquery\b", v.query),
    (r"\bid\b|identifier", v.identifier),
))


_PROSE = frozenset({vp.text, v.title, v.commit_message, vp.markdown, v.query, v.sql_filter, vp.observation,
                    vp.reasoning})
# what a "The name of ..." description overrides (a relation's `to`: "The name of the entity where it ends")
_NOT_NAMES = _PROSE | {v.token, v.identifier, _recipient}


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
        if token in _BY_NAME and len(token) > 2 and token != "statement":  # (not "q"; a decision's statement: words)
            return _BY_NAME[token], False
    last = w.split("_")[-1]
    if last != (one := singular(last)) and len(one) > 2:  # `urls`, `time_zones`: each is what one of them is
        make, _ = _name_rule(w[:-len(last)] + one)
        return make, False
    return None, False


@lru_cache(maxsize=8192)
def _cue(description: str) -> Make | None:
    d = description.lower()
    for rx, make in _CUES:
        if rx.search(d):
            return make
    return None


def json_text(h: Hint) -> str:
    """JSON as a string, shaped by the parameter: a list of paths for `file_paths`, points for `points`."""
    d, w = h.description.lower(), words(h.name)
    if "point" in w:
        return json.dumps([[h.rng.randint(0, 200), h.rng.randint(0, 200)] for _ in range(3)])
    if ("array" in d or "list" in d) and w.endswith("s") and w not in ("issues", "items"):
        one = Hint(singular(h.name), h.role, h.entity, "", h.org, h.rng, h.parent)
        return json.dumps([realistic_string(one) for _ in range(2)])
    return v.json_text(h)


def counterpart(h: Hint):
    """The value already chosen for this slot's opening partner (`until` -> `since`), if any."""
    if not h.siblings:
        return None
    want = partner(words(h.name))
    if want is None:
        return None
    wanted = {want} | {want.replace(word, other) for word, others in _SAME_OPENING.items() if word in want
                       for other in others}
    for key, value in h.siblings.items():
        if words(key) in wanted:
            return value
    return None


# Other names of an opening partner: a `return_date` closes a `depart_date` or an `outbound_date` too.
_SAME_OPENING = {"departure": ("depart", "outbound", "departing"), "checkin": ("arrival", "check_in"),
                 "start": ("begin", "from")}


def _from_siblings(h: Hint) -> str | None:
    """Values that depend on the rest of the object: a locator for its `by`, a date after `since`."""
    w = words(h.name)
    if w == "value" and isinstance((h.siblings or {}).get("by"), str):
        return make(h) if (make := v.LOCATORS.get(h.siblings["by"].lower().replace("_", " "))) else None
    if w in ("path", "file_path", "filepath", "file") and {"owner", "repo"} <= h.context:
        return v.relative_file(h)  # hosted git APIs take paths inside the repository
    parts = {words(c) for c in h.context} if w == "value" else set()
    if parts & _CONDITION_FIELDS and parts & _OPERATORS:
        # the value of a condition on a field (`attribute`, `operator`, `value`): a word the field holds, not prose
        named = next((str(x) for k, x in (h.siblings or {}).items() if words(k) in _CONDITION_FIELDS), "")
        return h.rng.choice(v.STATUSES) if re.search(r"stat|stage|phase", named) else v.noun(h)
    if w in _KEYED_VALUES:  # `idType: oclc` beside `idValue`, `key: ISBN` beside `value`: an identifier of that kind
        kind = next((x for k, x in (h.siblings or {}).items() if isinstance(x, str) and 2 <= len(x) <= 20
                     and words(k).split("_")[-1] in _KEY_KINDS), None)
        made = standard_value(kind.lower(), h.rng) if kind else None
        if made is not None:
            return made
    if w in _NAME_SLOTS:  # `{name, entityType: "person"}`: a person's name; of a team, a team's
        kind = next((x for k, x in (h.siblings or {}).items() if isinstance(x, str) and words(k).split("_")[-1] in
                     ("type", "kind") and re.fullmatch(r"[A-Za-z]+(?:[ _-][A-Za-z]+)?", x) and v.names_its_kind(x)), None)
        if kind is not None:
            return v.named(h, kind)
    place = placed(h.name, h.siblings, h.context, h.rng, h.description)  # Rome's region is Lazio, its country Italy
    if place is not None:
        return place
    if w.split("_")[-1] in ("ticker", "symbol"):  # a token named Uniswap beside it trades as UNI
        named = next((TOKENS[x] for x in (h.siblings or {}).values() if isinstance(x, str) and x in TOKENS), None)
        if named is not None:
            return named
    return later_than_counterpart(h)


_NAME_SLOTS = frozenset({"name", "title", "display_name", "displayname", "label"})
# A slot that holds an identifier of whichever kind a sibling names (`idType`/`idValue`, `key`/`value`).
_KEYED_VALUES = frozenset({"value", "id_value", "identifier", "identifier_value", "lookup_value", "key_value", "id"})
_KEY_KINDS = frozenset({"type", "kind", "scheme", "key", "namespace", "system"})


# An object holding one of these beside its `value` is a condition on a field (a filter rule, a search clause).
_CONDITION_FIELDS = frozenset({"attribute", "attribute_slug", "field", "field_name", "property", "column", "key"})
_OPERATORS = frozenset({"operator", "condition", "comparator", "op", "match", "match_type"})


_WITHIN_A_DAY = re.compile(r"\b(events?|meetings?|appointments?|slots?|shifts?|interviews?|lessons?|classes)\b", re.I)


def later_than_counterpart(h: Hint) -> str | None:
    """A date after the one chosen for this slot's opening partner (`checkout` after `checkin`), if any."""
    start = counterpart(h)
    if isinstance(start, str) and re.fullmatch(r"\d{4}-\d\d-\d\d(T.*)?", start):
        try:
            soon = fmt.minutes_later(start, h.rng) if _WITHIN_A_DAY.search(f"{h.description} {h.about}") else None
            return soon or fmt.later(start, h.rng)  # a meeting ends the same morning, not next week
        except ValueError:  # a value drawn from a pattern alone (`2025-13-40`) is no date to follow
            return None
    return None


_NAMES_A_THING = re.compile(r"\s*(?:the |a |an )?(?:\(optional\) )?name of\b", re.I)
_SLOTS = {"sub": "subscription", "subscription": "subscription", "subscriptionid": "subscription",
          "subscription_id": "subscription", "rg": "rg", "resourcegroup": "rg", "resourcegroupname": "rg",
          "resource_group": "rg", "resource_group_name": "rg", "tenant": "tenant", "tenantid": "tenant"}


def _filled(h: Hint, template: str) -> str:
    """A description's template with organisation values in its placeholders."""
    def fill(m: re.Match[str]) -> str:
        name = words(m.group(1))
        slot = _SLOTS.get(name.replace("_", "")) or _SLOTS.get(name)
        if slot == "subscription":
            return h.org.subscription
        if slot == "rg":
            return h.org.resource_groups[0]
        if slot == "tenant":
            return h.org.tenant
        last = name.split("_")[-1] or "res"
        if last in ("number", "id", "index", "n", "num", "count"):
            return str(h.rng.randint(12, 480))
        make, _exact = _name_rule(name)
        return make(h.__class__(name, None, None, "", h.org, h.rng)) if make is not None else v.resource(h, last)
    return re.sub(r"[{<]([\w-]+)[}>]", fill, template)


# A format a description spells as parts joined by `:` ("format: ip:port", "as user:password"), each part a
# kind of its own (not inside a URL's shape: "user@host:path").
_PARTS: dict[str, Callable[[Hint], str]] = {
    "ip": lambda h: fmt.ipv4(h.rng), "host": lambda h: fmt.hostname(h.org, h.rng),
    "hostname": lambda h: fmt.hostname(h.org, h.rng), "port": lambda h: str(h.rng.choice((3128, 8080, 8443, 1080, 9090))),
    "user": lambda h: v.person(h).username, "username": lambda h: v.person(h).username,
    "password": lambda h: f"pw-{h.rng.getrandbits(40):010x}", "pass": lambda h: f"pw-{h.rng.getrandbits(40):010x}",
}
_JOINED = re.compile(r"(?<![\w@/:.])((?:%s)(?::(?:%s))+)(?![\w@/:])" % ("|".join(_PARTS), "|".join(_PARTS)), re.I)


def _joined(h: Hint) -> str | None:
    found = _JOINED.search(h.description or "")
    if found is None:
        return None
    spelled = found.group(1)
    return re.sub(r"[a-z]+", lambda m: _PARTS[m.group(0)](h), spelled.lower())


def realistic_string(h: Hint) -> str:
    """A realistic string for this slot; never a placeholder. The far end of a trip or a move (`toCity`,
    `destination`) is not its near end (`fromCity`, `origin`) chosen beside it."""
    value = _realistic(h)
    start = _start_of(h)
    for _ in range(4 if start is not None else 0):
        if value != start:
            break
        value = _realistic(h)
    return value


_ENDS = (("to", "from"), ("destination", "origin"), ("target", "source"), ("dest", "src"), ("arrival", "departure"))


def _start_of(h: Hint) -> str | None:
    """The value of the slot's opening counterpart among its siblings (`fromCity` for `toCity`), if any."""
    if not h.siblings:
        return None
    mine = words(h.name).split("_")
    for end, start in _ENDS:
        if end in mine:
            other = "_".join(start if w == end else w for w in mine)
            return next((v for k, v in h.siblings.items() if words(k) == other and isinstance(v, str)), None)
    return None


@lru_cache(maxsize=64)
def _spec_shown(shown: tuple[tuple[str, tuple[str, ...]], ...]) -> dict[str, tuple[str, ...]]:
    return dict(shown)


def _realistic(h: Hint) -> str:
    # "Medical conditions to search for": a disease, not a SQL filter; "Interventions/treatments": a drug or therapy
    medical = next((said for slots, said in _MEDICAL_SLOTS if words(h.name).split("_")[-1] in slots), None)
    if medical is not None and _MEDICAL.search(f"{h.description} {h.about}"):
        return h.rng.choice(medical)
    if h.siblings or h.context:
        shaped = _from_siblings(h)
        if shaped is not None:
            return shaped
    if h.org.shown and not h.parent and not examples(h.description or ""):
        # `documentPath` "Full path to the document" where another tool's `documentPath` says "(e.g.,
        # 'users/userId1/orders/orderId1')": one parameter of one spec holds one kind of value
        elsewhere = _spec_shown(h.org.shown).get(h.name)
        # (an identifier only where every example has one shape: `123456789` beside `att123456789` says none)
        if elsewhere and (h.role != "identifier" or len({fmt.shape_of(x) for x in elsewhere}) == 1):
            pick = h.rng.choice(elsewhere)
            return fmt.shaped_like(pick, h.rng) if h.role == "identifier" else pick
    shown = templates(h.description) if h.description else ()
    if shown:
        return _filled(h, h.rng.choice(shown))
    joined = _joined(h) if h.description else None
    if joined is not None:  # "format: ip:port": an address and a port, not an address alone
        return joined
    named = set(words(h.name).split("_"))
    if named & v.NAMED_TYPES and named & _FILE_SLOTS:  # `video_path`, `pcap_destination`: a file of that type
        typed = v.typed_file(h)
        if typed is not None:
            return typed
    stated = statement(h) or document(h)  # SQL, PromQL; a KML or CSV document where the slot asks for one
    if stated is not None:
        return stated
    chain = ledger_value(h.name, h.description or "", h.org.ledger, h.org.coin, h.rng) if h.org.ledger else None
    if chain is not None:  # a wallet's address, a transaction's hash, an amount in wei
        return chain
    # a phone number, a city, a currency code; a person's `name: {first, middle, last}` by its parts
    parts_of_name = h.name.lower() in ("first", "middle", "last", "given", "family") and \
        words(h.parent or "").split("_")[-1] == "name"
    # a person's `title` (beside their e-mail or name) is a job title, not a headline
    person_title = h.name.lower() == "title" and bool({words(c) for c in h.context} & _PERSON_FIELDS)
    placed = coordinate(h.name, h.rng, h.siblings, h.org.locale)
    if placed is not None and not examples(h.description or ""):
        return str(placed)  # a real city's latitude or longitude, as text
    part = _SAID_NAME.search(h.description or "") if words(h.name).split("_")[-1] == "name" else None
    if part is not None:  # `host_name`: "Host's first name": a person's, whatever the word before `name` is
        said = (part.group(1) or "last").lower()
        return v.person(h).name if said == "full" else standard_value(
            "first_name" if said in ("first", "given") else "last_name", h.rng, "", h.org.locale) or v.person(h).name
    standard = standard_value(f"{h.name}_name" if parts_of_name else "job_title" if person_title else h.name,
                              h.rng, h.description or "", h.org.locale, h.org.ecosystem)
    if standard is not None and not options(h.description or "") and not examples(h.description or ""):
        return standard  # (the spec author's own list or examples, `e.g. BTC/USDT`, come first)
    make, exact = _name_rule(h.name)
    if make is v.query and _TO_A_MODEL.search(h.description or ""):
        make = vp.prompt  # a chat's `query`, "The chat message to send": words to a model, not a search's
    if h.name.lower() in _BOUNDS and h.description and _NOT_A_MOMENT.search(h.description):
        # `after: "An ID to start from"`, `before: "cursor"`: a position in a listing, not a date
        return f"c_{h.rng.getrandbits(48):012x}" if "cursor" in h.description.lower() else _uuid(h.rng)
    if h.role == "identifier" and h.description:  # "Example: '812c3670-…'": the author's IDs look like that
        shaped = [x for x in examples(h.description) if fmt.shape_of(x)]
        if shaped:
            return fmt.shaped_like(h.rng.choice(shaped), h.rng)
    w = words(h.name)
    if w == "name" and not h.parent and not h.description and _ON_A_PERSON.search(h.about or ""):
        return v.person(h).name  # `say_hello(name)` "Greets a person.": whom it greets
    generic = w in _GENERIC
    names_a_thing = bool(_NAMES_A_THING.match(h.description))
    if names_a_thing and (not exact or generic or make in _NOT_NAMES):
        return _name_of(h)  # "The name of the secret": a name, not a secret value
    if h.role == "identifier" and make in _PROSE:
        make, exact = v.identifier, True  # `message` as an identifier is a message ID, not a sentence
    if h.role == "filter" and make is vp.text:
        make, exact = v.query, True  # a search's `text` is the words it looks for, not a message
    if make in _PROSE and _ENCODED.search(h.description):
        return v.url(h)  # what a QR code or a barcode holds is mostly a link, not a chat message
    listed = options(h.description) if h.description else ()
    # The author's own list or examples come before what the name alone suggests ("Supported categories include: …",
    # a `state` "e.g. CA, NY"; a file's "(PDF, JPG, etc.)" its format); not free text's "(tags, keywords, etc.)".
    if h.role != "identifier" and make not in _PROSE:
        if len(listed) >= 2 and all(_WORDLIKE.fullmatch(x) for x in listed):  # (words, not paths or quoted keys)
            filed = w.split("_")[-1] in _FILE_SLOTS and fmt.format_path(v.file_path(h), listed, h.rng)
            return filed or h.rng.choice(listed)
        shown = [x for x in (examples(h.description) if h.description and exact and not generic else ())
                 if re.search(r"[A-Za-z0-9]", x) and words(x) != words(h.name)]
        if len(shown) >= 2 and _cue(h.description) is not v.json_text:  # (two alike: a list of examples, not prose)
            return h.rng.choice(shown)
    if exact and not generic:
        return make(h)  # type: ignore[misc]
    cue = _cue(h.description) if h.description else None
    if cue is v.json_text:
        return json_text(h)  # examples inside a JSON description are fragments, not values
    dated = _dated(h)
    if dated is not None:
        return dated
    if listed:
        return h.rng.choice(listed)  # a closed list the description spells out
    shown = examples(h.description) if h.description else ()
    if shown and (generic or make is None or h.role == "identifier" or h.rng.random() < 0.9):
        pick = h.rng.choice(shown)  # (an identifier: one of the example's shape, not the example itself)
        return fmt.shaped_like(pick, h.rng) if h.role == "identifier" else pick
    if cue is not None:
        return cue(h)
    if generic and h.entity:
        return v.for_entity(h, h.entity, w)  # `target` of a click is an element, not a git ref
    if make is not None:
        return make(h)
    if h.entity:
        return v.for_entity(h, h.entity, w)
    return _by_role(h)


_CONDITION_WORDS = frozenset({"condition", "conditions", "disease", "diseases", "diagnosis", "indication",
                              "indications"})
_TREATMENT_WORDS = frozenset({"intervention", "interventions", "treatment", "treatments", "drug", "drugs",
                              "medication", "medications", "therapy", "therapies"})
_MEDICAL_SLOTS = ((_CONDITION_WORDS, v.CONDITIONS), (_TREATMENT_WORDS, v.TREATMENTS))
_MEDICAL = re.compile(r"\b(medical|clinical|diseases?|patients?|health|diagnos\w*|therap\w*)\b", re.I)  # (not a free trial)
_WORDLIKE = re.compile(r"[A-Za-z0-9][\w .+-]{0,40}")
# A tool whose description acts on a person ("Greets a person", "Send a welcome e-mail to a new user").
_ON_A_PERSON = re.compile(r"\b(?:a|an|the|each|one)\s+(?:new\s+|given\s+|specific\s+)?(?:person|user|customer|"
                          r"friend|member|guest|visitor|someone|employee|student|patient)\b", re.I)
_ENCODED = re.compile(r"\b(qr|barcode|data ?matrix)\b", re.I)


# (not `dir` or `folder`: an `image_dir` holds images, it is none)
_FILE_SLOTS = frozenset({"path", "file", "filepath", "filename", "destination", "source", "location", "input", "output",
                         "src", "dest"})
_DATED = re.compile(r"\b\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d)?)?(?:Z|[+-]\d\d:?\d\d)?\b")
_MOMENT_WORDS = frozenset({"time", "date", "datetime", "timestamp", "start", "end", "at", "on", "day", "when", "from",
                           "to", "since", "until", "before", "after", "deadline", "due", "begin", "min", "max"})


def _dated(h: Hint) -> str | None:
    """A moment written the way the description's own example writes it ("String format: '2025-01-01T10:00:00'
    (timed)"), for a field its name or first sentence says is a time or date; before any choices or examples
    the rest of such a description holds (a time zone, an offset, "exclusive")."""
    first = re.split(r"(?<=\.)\s", h.description or "", maxsplit=1)[0]
    example = _DATED.search(h.description or "")
    if example is None or not (set(words(h.name).split("_")) | set(re.findall(r"[a-z]+", first.lower()))) & _MOMENT_WORDS:
        return None
    moment = fmt.iso_datetime(h.rng)  # 2026-02-09T14:30:00Z
    shown = example.group(0)
    if len(shown) == 10:
        return moment[:10]
    body = moment[:10] + shown[10] + moment[11:19 if shown.count(":") >= 2 else 16]
    zone = re.search(r"(Z|[+-]\d\d:?\d\d)$", shown)
    return body + (zone.group(1) if zone else "")


def _by_role(h: Hint) -> str:
    measured = measure_value(h.name, h.rng)  # a width, a timeout, ports: what such a field typically holds
    if measured is not None:
        return measured
    role = h.role or "other"
    if role == "identifier":
        return v.identifier(h)
    if role == "content":
        return vp.text(h)
    if role == "filter":
        return v.query(h)
    if role in ("target", "context"):
        return v.path(h)
    if role == "credential":
        return v.token(h)
    if role == "pagination":
        return f"c_{h.rng.getrandbits(48):012x}"  # an opaque cursor
    if words(h.name) in ("team", "teams", "department", "group", "squad"):
        return h.rng.choice(h.org.teams)
    last = words(h.name).split("_")[-1]
    if last in ("type", "kind", "category", "class", "mode", "tier", "variant", "style"):
        return h.rng.choice(("standard", "custom", "basic", "advanced"))  # what most APIs call their kinds
    if last in ("level", "severity"):
        return h.rng.choice(("low", "medium", "high"))
    first = words(h.name).split("_")[0]
    if first in ("is", "has", "can", "should", "allow", "enable", "enabled") or last in ("enabled", "active", "flag"):
        return h.rng.choice(("true", "true", "false"))  # a yes-or-no written as text (`IsActive: "true"`)
    if last in _FIGURES or last.endswith("count"):
        return str(h.rng.choice(_FIGURES.get(last, (1, 3, 12, 40))))  # a figure written as text (`TTL: "3600"`)
    said = _said_kind(h)
    if said is not None:
        return said
    named = set(words(h.name).split("_"))
    if named & _FREE_TEXT and role != "identifier":  # `thingToRemember`, `informationToGet`: words, not `thing-4`
        return _free_text(h, asks=bool(named & _ASKING))
    # Nothing says what this holds: an honest value named after the field, not a word from another domain.
    return f"{singular(h.name).replace('_', '-') or 'value'}-{h.rng.randint(1, 9)}"  # (FALLBACK matches these)


# Names of a slot for a few words someone writes (a thing to remember, the information to get), and the words
# that make it a question.
_FREE_TEXT = frozenset({"information", "info", "thing", "things", "fact", "facts", "memory", "memories", "knowledge",
                        "idea", "ideas", "statement", "insight", "observation", "preference", "remember", "detail"})
_TO_A_MODEL = re.compile(r"^(?!.*\bsearch).*\b(?:chat message|message to send|prompt|question to ask)\b", re.I | re.S)
_ASKING = frozenset({"get", "retrieve", "find", "search", "recall", "lookup", "ask", "query", "question", "know"})


def _free_text(h: Hint, asks: bool) -> str:
    """A short statement of fact about the organisation's work, or a question about it."""
    p, n, t = v.person(h), v.noun(h), v.topic(h)
    first = p.name.split()[0]
    if asks:
        return h.rng.choice((f"What did we decide about the {n} {t}?", f"Who owns the {n} {t} now?",
                             f"When is the {n} {t} due?", f"What does {first} prefer for the {n} {t}?"))
    return h.rng.choice((f"{first} owns the {n} {t} from now on.", f"The {n} {t} is due on the last Friday of the month.",
                         f"{first} prefers the {n} {t} summaries on Mondays.", f"We agreed to keep the {n} {t} as it is until Q3."))


# Figures some APIs send as text, with values of their usual order.
_FIGURES = {"ttl": (300, 3600, 86400), "priority": (1, 5, 10), "weight": (1, 10, 50), "port": (443, 8080, 5432),
            "timeout": (30, 60, 300), "retries": (3, 5), "quantity": (1, 2, 5), "number": (1, 12, 204)}

_BOUNDS = frozenset({"after", "before", "since", "until", "from", "to", "start", "end", "starting_after",
                     "ending_before"})
_NOT_A_MOMENT = re.compile(r"\b(an? (?:\w+ )?id|ids?|cursor|identifier|uuid|offset token|page token)\b", re.I)
_PERSON_FIELDS = frozenset({"email", "first_name", "last_name", "firstname", "lastname", "phone", "given_name",
                            "family_name", "date_of_birth", "dob", "gender", "username"})
_SAID_NAME = re.compile(r"\b(first|given|last|family|full)\s+name\b|\bsurname\b", re.I)
_SECRETS = re.compile(r"token|secret|signature|apikey|api_key|password|passwd", re.I)
_PROSE_NAMES = frozenset({"instructions", "instruction", "task", "context", "notes", "summary", "prompt", "markup",
                          "caption", "reason", "explanation", "feedback", "goal", "objective", "requirements"})
_PROSE_OPENINGS = re.compile(r"^\s*(?:a |the )?(?:description|instructions?|text|content|summary|explanation|reason|"
                             r"details|notes?|prompt|context|message|feedback)\b", re.I)


def _said_kind(h: Hint) -> str | None:
    """What a field's name or description says it holds when no rule above knew: a year, a count, a secret,
    a DOI, a few words of prose; None when they say nothing either."""
    w = words(h.name)
    parts = set(w.split("_"))
    d = h.description.lower()
    if _SECRETS.search(h.name):
        return v.token(h)
    if parts & {"year", "season"} or re.search(r"\byear\b", d[:40]):
        return str(2026 - h.rng.randint(0, 3))
    if parts & {"week"} or re.match(r"\s*(?:the )?week\b", d):
        return str(h.rng.randint(1, 18))
    if parts & {"amount", "quantity", "qty", "count", "number"} or re.match(r"\s*(?:the )?(?:number|amount|count)\b", d):
        return str(h.rng.choice((1, 2, 5, 10, 25, 50, 120, 250)))
    if "doi" in parts:
        return f"10.{h.rng.randint(1000, 9999)}/{h.rng.choice(('s41586', 'j.cell', 'nature', 'science'))}.{h.rng.randint(2019, 2025)}.{h.rng.randint(1000, 99999)}"
    if parts & {"title", "subtitle", "heading", "headline", "label"}:
        return v.title(h)
    if parts & _PROSE_NAMES or _PROSE_OPENINGS.match(d):
        return vp.text(h)
    return None


FALLBACK = re.compile(r"([a-z][a-z0-9-]*)-[1-9]")  # what `_by_role` writes when nothing says what a field holds


def is_placeholder(name: str, value: object) -> bool:
    """Whether a value is only its field's name and a digit (`provider: "provider-7"`): the `FALLBACK` this
    module writes when nothing says what the field holds."""
    m = FALLBACK.fullmatch(value) if isinstance(value, str) else None
    field = re.sub(r"[^a-z0-9]", "", name.lower())
    return bool(m and field and field.startswith(m.group(1).replace("-", "")))
