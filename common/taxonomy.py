"""Keyword tables the offline interpreter reads: verbs -> actions, nouns -> entity kinds, words -> tags.

Kept as data so a new domain is a few table lines, not new code paths.
"""

from __future__ import annotations

import re
from functools import lru_cache
from lemminflect import getAllLemmas

from schemas import Action

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SPLIT = re.compile(r"[^A-Za-z0-9]+")


def tokens(name: str) -> list[str]:
    """`git_cherry_pick`, `getTextFrame`, `resource-group` -> lower-case word tokens."""
    return list(_tokens(name))  # a fresh list: callers may change theirs


@lru_cache(maxsize=65536)
def _tokens(name: str) -> tuple[str, ...]:
    out: list[str] = []
    for part in _SPLIT.split(name):
        out.extend(w.lower() for w in _CAMEL.split(part) if w)
    return tuple(out)


# Two words that say how a tool is asked or over what span, not what it works on: `natural-language-trace-query`
# queries traces, `logs-time-range` lists logs.
_MODIFIERS = (("natural", "language"), ("time", "range"), ("date", "range"))


# Words that say which one, never what: `fetch a specific transcript` fetches a transcript, `recent transcripts`
# are transcripts.
_WHICH = frozenset({"specific", "particular", "given", "single", "individual", "certain", "recent", "latest"})


def without_modifiers(toks: list[str]) -> list[str]:
    """The name's words without a modifier pair (`natural language`, `time range`) or a word that only says
    which one (`specific`), where others remain."""
    kept = [t for t in toks if t not in _WHICH]
    out = kept if len(kept) >= 2 else list(toks)
    for a, b in _MODIFIERS:
        for k in range(len(out) - 1):
            if out[k] == a and out[k + 1] in (b, b + "s") and len(out) > 2:
                del out[k:k + 2]
                break
    return out


def _inflect_engine():
    """inflect's engine, imported without typeguard's `@typechecked` instrumentation of its methods.

    That decorator re-parses inflect's whole source once per method at import (23 times): about two
    seconds of every run's start-up on this machine, two thirds of a small spec's whole run, for
    argument checks our calls never need (they pass non-empty strings). The decorator is lifted only
    while inflect is imported; inflect works the same without it.
    """
    try:
        import typeguard  # inflect's own dependency, not ours: a later inflect may no longer use it
    except ImportError:
        import inflect

        return inflect.engine()
    checked = typeguard.typechecked
    typeguard.typechecked = lambda target=None, **_: target if target is not None else (lambda t: t)
    try:
        import inflect
    finally:
        typeguard.typechecked = checked
    return inflect.engine()


_INFLECT = _inflect_engine()
# Already singular, though they end in s: inflect would strip it ("alias" -> "alia", "analysis" -> "analysi").
_SINGULAR_ENDINGS = ("ss", "us", "is", "as", "os", "ous", "sis", "xis", "ics", "news", "series", "species")
_LATIN = {"indices": "index", "vertices": "vertex", "matrices": "matrix", "appendices": "appendix"}  # inflect: "indice"
_MASS = frozenset({"data", "metadata", "media", "criteria", "kubernetes", "https", "ios"})
# Words in -ics that are plurals of a thing you can count (one metric, one topic), unlike a field of study
# (`analytics`, `physics`, `statistics`), which stays as it is.
_COUNTED_ICS = frozenset({"metrics", "topics", "lyrics", "comics", "clinics", "critics", "heuristics", "rubrics",
                          "characteristics", "relics", "mosaics", "epics"})


def third_person(v: str) -> str:
    """`search for` -> `searches for`, `copy` -> `copies`: a verb phrase as "it" does it."""
    head, _, rest = v.partition(" ")
    if head.endswith("y") and head[-2:-1] not in "aeiou":
        head = head[:-1] + "ies"
    elif head.endswith(("s", "x", "ch", "sh")):
        head += "es"
    else:
        head += "s"
    return f"{head} {rest}".strip()


def participle(verb: str) -> str:
    """`close` -> `closing`, `stop` -> `stopping`."""
    return _INFLECT.present_participle(verb) or f"{verb}ing"


@lru_cache(maxsize=16384)
def singular(word: str) -> str:
    """One of a plural noun (`aliases` -> `alias`, `statuses` -> `status`, `children` -> `child`), by inflect;
    a word that is singular already stays as it is (`alias`, `analysis`, `status`, `news`)."""
    if len(word) <= 3 or word in _MASS:
        return word
    found = _INFLECT.singular_noun(word)
    if not found or found == word:
        return word
    if word.endswith(_SINGULAR_ENDINGS) and found == word[:-1] and word not in _COUNTED_ICS:
        return word  # "alias", "canvas", "bus": one already
    return _LATIN.get(word, found)


@lru_cache(maxsize=16384)
def verb_base(word: str) -> str:
    """A verb as a description's third person writes it, in its base form: `retrieves` -> `retrieve`,
    `fetches` -> `fetch`; a word not ending in s stays as it is."""
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


@lru_cache(maxsize=4096)
def bare_verb(word: str) -> bool:
    """A word English uses only as a verb, in its base form (`confirm`, `enrich`, `visualize`, `initiate`), that
    the verb table does not know: opening a tool's name, it says what the tool does (`confirm_order` confirms an
    order; it is no `confirm_order` thing). Not a noun of the table (`template`), not an inflected form."""
    if len(word) < 3 or word in VERBS or word in HEADS or word in NOT_NOUNS:
        return False
    lemmas = getAllLemmas(word)
    return "NOUN" not in lemmas and "ADJ" not in lemmas and word in lemmas.get("VERB", ())


@lru_cache(maxsize=4096)
def with_article(words: str) -> str:
    """`a web search`, `an exa search`: the words with the indefinite article they take (inflect)."""
    return _INFLECT.a(words)


_UNCOUNTED = ("data", "metadata", "media", "news", "series", "info", "settings", "information", "feedback",
              "weather", "traffic", "knowledge", "research", "evidence", "progress", "advice", "software",
              "equipment", "documentation", "guidance", "music", "health")
_UNCOUNTED_WORDS = frozenset({"debug", "latest", "help", "content", "usage"})


@lru_cache(maxsize=8192)
def plural_noun(words: str) -> str:
    """The plural of a noun or noun phrase (its last word): `status` -> `statuses`, `pull request` -> `pull requests`."""
    if not words or words.endswith(_UNCOUNTED) or words.rsplit(" ", 1)[-1] in _UNCOUNTED_WORDS:
        return words  # ("the health", "the feedback", "the documentation": not "healths", "feedbacks")
    last = words.rsplit(" ", 1)[-1]
    if last.endswith("ics") or _INFLECT.plural_noun(words).endswith("ss") and not last.endswith("ss"):
        return words  # already plural or a mass noun (`comics`, `analytics`): not `comicss`
    return _INFLECT.plural_noun(words) or words


VERBS: dict[str, Action] = {}


def _verbs(action: Action, words: str) -> None:
    for w in words.split():
        VERBS[w] = action


_verbs(Action.read, "smembers zrange xrange get read show fetch describe view retrieve load peek cat hget hgetall lrange llen "
       "type dbsize info status echo exists hexists capture snapshot take see whoami")
_verbs(Action.list, "list ls scan enumerate tree history log reflog unreads")
_verbs(Action.search, "search find query lookup grep")
_verbs(Action.create, "book hold reserve create add new insert write post make init clone commit tag generate append fork "
       "draw place hset sadd zadd xadd lpush rpush duplicate build put")
_verbs(Action.update, "update edit modify rename move patch change replace apply resize align rotate scale "
       "merge rebase reset restore pause transition assign mark resolve format style lock unlock cherry "
       "unassign arrange distribute group ungroup reorder convert outline offset flip expire approve")
# Moderation, triage and social verbs: each changes the state of a thing that exists (a member, an alert, a post).
_verbs(Action.update, "kick ban unban acknowledge ack pin unpin mute unmute block unblock reject snooze escalate "
       "react vote star unstar follow unfollow reopen archive unarchive like unlike complete uncomplete undelete")
_verbs(Action.create, "invite")
_verbs(Action.execute, "restart retry")
# Bringing a machine, an emulator or a process up or down (`ios_boot_simulator` boots a simulator, reads nothing).
_verbs(Action.execute, "boot reboot shutdown launch spawn kill halt")
_verbs(Action.delete, "delete remove del rm drop clear purge destroy pop lpop rpop hdel cancel lrem prune "
       "unsubscribe dismiss discard srem zrem xdel clean")
_verbs(Action.execute, "run execute exec eval evaluate click press type hover drag fill select scroll trigger "
       "invoke call perform start stop send subscribe publish wait emulate handle submit test deploy "
       "upload resume close dblclick tap screenshot record play render animate")
_verbs(Action.navigate, "navigate goto go open back forward refresh reload switch checkout focus")
_verbs(Action.configure, "configure config setup enable disable toggle connect login set")
_verbs(Action.analyze, "analyze analyse audit diff blame compare count measure summarize summarise diagnose "
       "lint validate check preflight inspect compute sum estimate verify assert profile trace")
_verbs(Action.transfer, "export import download copy sync pull push save transfer share")

# Verbs a tool name opens with that were read as part of its thing (`install_app` installed an "install_app").
# (Not `schedule` or `filter`, nouns as often in names: `PaySchedule`, `saved_filter`; not `initiate`, which
# starts a flow, a login or a payment, rather than making a record.)
_verbs(Action.analyze, "research calculate decode detect")
_verbs(Action.read, "scrape")
_verbs(Action.create, "install initialize initialise register")
_verbs(Action.update, "expand optimize optimise")
_verbs(Action.delete, "terminate")
_verbs(Action.list, "discover")

# "read" verb "type" collides with typing text into a page; the execute meaning wins in browser tools.
VERBS["type"] = Action.execute

# Nouns used as verbs in tool names: the entity they imply when no other noun is left.
VERB_NOUN: dict[str, str] = {
    "commit": "commit", "tag": "tag", "push": "branch", "pull": "branch", "clone": "repository",
    "init": "repository", "blame": "file", "diff": "diff", "log": "commit", "status": "status",
    "merge": "branch", "rebase": "branch", "fetch": "remote", "reflog": "ref", "reset": "commit",
    "checkout": "branch", "cherry": "commit", "clean": "file", "stash": "stash", "echo": "message", "tree": "directory",
    "dbsize": "database", "expire": "key", "hset": "hash", "hget": "hash", "hgetall": "hash",
    "hdel": "hash", "hexists": "hash", "lpush": "list", "rpush": "list", "lpop": "list", "rpop": "list",
    "lrange": "list", "llen": "list", "lrem": "list", "sadd": "set", "zadd": "sorted_set", "xadd": "stream", "srem": "set", "smembers": "set",
    "zrange": "sorted_set", "zrem": "sorted_set", "xrange": "stream", "xdel": "stream",
    "publish": "message", "subscribe": "channel", "unsubscribe": "channel", "screenshot": "screenshot",
    "navigate": "page", "goto": "page", "click": "element", "hover": "element", "drag": "element",
    "press": "key_press", "scroll": "page", "refresh": "page", "reload": "page", "back": "page",
    "forward": "page", "wait": "page", "evaluate": "script", "eval": "script", "run": "script",
}

# Words that never name an entity on their own.
NOT_NOUNS = set("""staged unstaged a an the of for to from in on by with and or all multiple detail details info data
with sizes size current new existing given one many single batch bulk item_s own my me via as at into
mcp tool tools api is it am are what who basic advanced simple quick detailed extended fuzzy exact random""".split())

# Entity heads: when a name ends in one of these, the head alone is the entity (`read_text_file` -> file).
HEADS = set("""pull_request review alert release notification discussion artifact file directory folder branch commit tag key hash list stream channel message user issue
project page element document layer artboard repository repo comment table database index entity
relation observation node graph organization organisation team sprint board space attachment
workflow run job cluster vault secret container image snapshot tab dialog frame""".split())

# Parameter-name words -> the entity kind their value refers to.
PARAM_ENTITY: dict[str, str] = {
    "path": "file", "file": "file", "filepath": "file", "filename": "file", "files": "file", "paths": "file",
    "dir": "directory", "directory": "directory", "folder": "directory", "cwd": "directory",
    "branch": "branch", "branches": "branch", "head": "branch", "base": "branch",
    "commit": "commit", "sha": "commit", "revision": "commit", "commits": "commit", "commitish": "commit",
    "tag": "tag", "repo": "repository", "repository": "repository", "owner": "owner",
    "issue": "issue", "pull": "pull_request", "pr": "pull_request", "channel": "channel",
    "url": "url", "uri": "url", "link": "url", "email": "email", "user": "user", "username": "user",
    "account": "account", "project": "project", "space": "space", "page": "page", "board": "board",
    "sprint": "sprint", "layer": "layer", "artboard": "artboard", "document": "document",
    "selector": "element", "element": "element", "ref": "element", "uid": "element", "index": "index",
    "database": "database", "table": "table", "cluster": "cluster", "subscription": "subscription",
    "tenant": "tenant", "group": "resource_group", "vault": "vault", "secret": "secret",
    "workflow": "workflow", "run": "run", "job": "job", "entity": "entity", "relation": "relation",
    "comment": "comment", "attachment": "attachment", "thread": "thread", "ts": "message",
    "timestamp": "message", "key": "key", "node": "node", "remote": "remote", "stash": "stash",
    "worktree": "worktree", "organization": "organization", "org": "organization", "team": "team",
    "label": "label", "milestone": "milestone", "gist": "gist", "release": "release", "alert": "alert",
    "container": "container", "queue": "queue", "topic": "topic", "server": "server", "app": "app",
    "comp": "composition", "composition": "composition", "item": "item", "uuid": "item", "tab": "tab",
    "frame": "frame", "swatch": "swatch", "font": "font", "field": "field", "migration": "migration",
    "function": "function", "extension": "extension", "session": "session", "window": "window",
    "style": "style",
}

# Entity kinds that name the same thing (a `path` may be a file or a directory).
FAMILIES: list[set[str]] = [
    {"file", "path"},
    {"directory", "folder"},
    {"repository", "repo"},
    {"commit", "revision", "ref"},
    {"organization", "organisation"},
    {"element", "selector"},
    # Any Redis key may hold a hash, list, set...; a hash is never a list.
    {"key", "hash"}, {"key", "list"}, {"key", "set"}, {"key", "sorted_set"}, {"key", "stream"}, {"key", "json"},
    {"key", "string"},
    # Page items of a design document share one UUID space.
    {"item", "object", "path_item", "group", "text_frame", "frame", "image", "symbol", "shape", "page_item",
     "rectangle", "ellipse", "line", "path_text", "compound_path"},
    {"entity", "node"},  # a knowledge graph's entities are its nodes
    {"style", "graphic_style", "text_style", "paragraph_style", "character_style"},
]


@lru_cache(maxsize=65536)
def same_kind(a: str, b: str) -> bool:
    if a == b:
        return True
    return any(a in f and b in f for f in FAMILIES)


TAGS: dict[str, str] = {}


def _tags(tag: str, words: str) -> None:
    for w in words.split():
        TAGS[w] = tag


_tags("filesystem", "file files directory directories folder path paths filesystem")
_tags("version-control", "git commit commits branch branches merge rebase stash tag diff repository repo "
      "blame checkout cherry reflog worktree")
_tags("code-hosting", "github pull pull_request gist fork copilot review workflow")
_tags("database", "redis sql table tables database migration migrations postgres query schema schemas "
      "index indexes supabase")
_tags("cache", "redis cache hash hset expire expiration ttl")
_tags("messaging", "slack channel channels message messages conversation conversations thread reaction "
      "reactions emoji publish subscribe usergroup usergroups")
_tags("browser-automation", "browser page pages click navigate url element selector screenshot tab tabs "
      "playwright selenium devtools dom snapshot console network hover scroll")
_tags("design", "illustrator artboard artboards layer layers swatch swatches color colors stroke fill "
      "font fonts photoshop path_item shape shapes vector design indesign")
_tags("animation", "animation keyframe keyframes composition comp after effects mograph ease bpm fps timeline")
_tags("project-management", "jira issue issues sprint sprints epic board boards worklog transition "
      "milestone assignee backlog")
_tags("documentation", "confluence wiki docs documentation markdown space spaces")
_tags("cloud", "azure subscription tenant cluster aks vm storage resource deployment region sku cosmos "
      "eventhub servicebus keyvault vault")
_tags("knowledge-graph", "entity entities relation relations observation observations graph node nodes")
_tags("security", "secret secrets token credential credentials certificate password auth permission")
_tags("monitoring", "log logs metric metrics alert alerts diagnose diagnostics monitor health trace")
_tags("ci-cd", "build pipeline deploy workflow run runs job jobs action actions release")
_tags("media", "image images audio video render export png svg pdf media")
_tags("search", "search find query grep lookup")
_tags("commerce", "order orders cart checkout payment payments price invoice invoices product products store "
      "catalog catalogue bookshop inventory")
_tags("travel", "flight flights hotel hotels trip trips seat seats booking bookings itinerary fare fares "
      "currency traveller")


# The kind of a tool nothing in its name, parameters or description names a thing of.
UNNAMED = "resource"


_QUOTED = re.compile(r'(`[^`]*`|"[^"]*")')
# (exactly: `called aet AET` states a value; and whole words: `product product-company-prod` names one)
_TWICE = re.compile(r"(?<![-_/.])\b([A-Za-z]{3,})( \1\b(?![-_/.]))+")


def said_once(text: str) -> str:
    """A word the template and the tool's name both say is said once ("read the latest latest news"),
    outside the values quoted in the text, which stay as they are."""
    return "".join(part if _QUOTED.fullmatch(part) else _TWICE.sub(r"\1", part) for part in _QUOTED.split(text))
