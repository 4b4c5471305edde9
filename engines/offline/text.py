"""Wording primitives for offline scenarios: verbs, entity labels, values as typed, categories.

The sentences themselves (request, title, explanations, novelty, follow-up) are in `prose`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from lemminflect import getAllLemmas

from common.taxonomy import VERBS, participle, plural_noun, singular, tokens, verb_base
from schemas import Action, ParameterRole, ToolInterpretation

VERB = {
    Action.read: "read", Action.list: "list", Action.search: "search for", Action.create: "create",
    Action.update: "update", Action.delete: "delete", Action.execute: "run", Action.navigate: "open",
    Action.configure: "configure", Action.analyze: "analyze", Action.transfer: "transfer", Action.other: "use",
}
INSPECT = {Action.read, Action.list, Action.search, Action.analyze, Action.navigate}
# Name verbs that read well in a sentence ("click the element", "merge the branch"); command
# mnemonics (hset, lpop, ls) and vague ones (get, make) keep the action's generic verb.
_PLAIN = set("""click hover drag fill press scroll select submit upload navigate open close switch focus merge rebase
rename move edit replace resize rotate align reset restore pause resume assign mark resolve lock unlock export import
download copy sync pull push save publish subscribe deploy trigger cancel dismiss archive approve evaluate execute run
start stop send test validate verify audit analyze diagnose compare inspect checkout clone fork apply convert kick ban
unban acknowledge pin unpin mute unmute block unblock reject snooze escalate react vote star unstar research calculate
decode detect expand optimize terminate follow unfollow reopen unarchive like unlike invite restart retry complete
uncomplete undelete""".split())

_MAX_INLINE = 400


def label(entity: str) -> str:
    return entity.replace("_", " ")


def plural(entity: str) -> str:
    """`issue` -> `issues`, `policy` -> `policies`, `child` -> `children`, `pull request` -> `pull requests` (inflect)."""
    return plural_noun(label(entity))


def show(value: Any) -> str:
    """A value as the user would type it: strings in backticks, everything else as compact JSON."""
    if isinstance(value, str):
        return f"`{value}`"
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return f"`{text}`" if len(text) <= _MAX_INLINE else f"```{text}```"


# words (`IBM`, `EUR` too), slugs, e-mail addresses
_WORD = re.compile(r"[A-Za-z][a-z]+|[A-Z]{1,6}|[a-z]+(?:[-_][a-z]+)+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")
_DAY = re.compile(r"\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d)?(\.\d+)?(Z|[+-]\d\d:\d\d)?)?")


def humanise(name: str) -> str:
    """`perPage` -> `per page`, `issue_number` -> `issue number`."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ").replace("-", " ")
    return " ".join(w.lower() if not w.isupper() or len(w) > 4 else w for w in spaced.split())


# A switch said by its name's first word: `include_archived: true` "including archived", `use_cache: false` "without
# using cache"; the states a switch may be named by alone (`private`), said as filters or marks (listing?, value).
_SWITCH_HEADS = {
    **dict.fromkeys(("include", "with", "show", "return", "fetch", "get", "load", "expand", "display", "add", "list"),
                    ("including {}", "without {}")),
    **dict.fromkeys(("exclude", "omit", "hide", "no", "without"), ("without {}", "including {}")),
    "skip": ("skipping {}", "without skipping {}"), "ignore": ("ignoring {}", "without ignoring {}"),
    "use": ("using {}", "without using {}"), "allow": ("allowing {}", "without allowing {}"),
    "enable": ("with {} enabled", "with {} disabled"), "disable": ("with {} disabled", "with {} enabled"),
    "only": ("{} only", "not only {}"),
}
_STATES = frozenset({"public", "private", "active", "hidden", "visible", "draft", "done", "open", "closed", "pinned",
                     "starred", "unread", "read", "favorite", "default", "internal", "verified", "deleted"})
_STATE_SAID = {(True, True): "{} only", (True, False): "not {}", (False, True): "marked {}", (False, False): "marked not {}"}


def switch(name: str, value: bool, listing: bool | None = None) -> str:
    """A boolean said by what its name switches ("including details", "as a dry run"), or by the state it names."""
    words = humanise(name).split()
    head, rest = (words[0].lower(), " ".join(words[1:])) if words else ("", "")
    state = rest if head == "is" and rest else head if len(words) == 1 and (
        head in _STATES or len(head) > 5 and head.endswith("ed") and head not in _SWITCH_HEADS) else None
    if state is not None and listing is not None:  # ("completed only", "not completed", "marked completed", …)
        return _STATE_SAID[listing, value].format(state)
    if head in _SWITCH_HEADS and rest:
        return _SWITCH_HEADS[head][0 if value else 1].format(rest)
    if len(words) > 1 and words[-1].lower() == "only":
        return f"{' '.join(words[:-1])} only" if value else f"not only {' '.join(words[:-1])}"
    if " ".join(words).lower() == "dry run":
        return "as a dry run" if value else "for real, not as a dry run"
    return f"with {' '.join(words)} {'on' if value else 'off'}"


def said(value: Any) -> str:
    """A value as a person writes it in a request: numbers, dates, plain words, slugs and e-mail addresses as
    they are (`London`, `42`, `2026-03-01`, `payment-api`, `ana@x.io`), a phrase or a message in quotes, and
    what has to be typed exactly (an ID with digits, a path, a URL, structured data) in backticks."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, str):
        if _WORD.fullmatch(value) or _NUMBER.fullmatch(value) or _DAY.fullmatch(value):
            return value
        if " " in value.strip() and not is_code(value) and len(value) <= 300:
            return f'"{value}"'
    return show(value)


_CODE = re.compile(r'[="`{}\[\]()*|<>\\\n]|^(SELECT|INSERT|UPDATE|DELETE|MATCH|WITH|query)\b|\w:(?!//)\S')


def said_list(values: list[Any]) -> str:
    """A short list of values as a person lists them: "215, 69, 166 and 223"."""
    parts = [said(v) for v in values]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def is_code(value: str) -> bool:
    """Whether a string is something to type exactly (a statement, an expression, a `key:value` search), not words."""
    return bool(_CODE.search(value))


@dataclass(frozen=True)
class Ref:
    """An argument whose value the agent takes from an earlier call's output."""

    param: str
    kind: str
    step: int  # index of the call whose output holds it
    first: bool = False  # the source lists several: the wanted one is listed first


def undescribed(it: ToolInterpretation) -> bool:
    """Whether nothing but the tool's name says what it does: its functionality is the interpreter's own filler
    ("Execute a somar.", for a tool whose author wrote no description)."""
    return it.functionality == f"{it.action.value.capitalize()} a {it.entity.replace('_', ' ')}."


def verb(it: ToolInterpretation) -> str:
    """The verb for a call: the tool name's own verb when it reads well, else the action's."""
    if it.action not in (Action.create, Action.list, Action.search, Action.read):
        words = tokens(it.tool)
        for i, word in enumerate(words):
            if word in VERBS and VERBS[word] is it.action:
                if i and words[i - 1] in _UNDOING:  # `alerts_undo_close`: "undo closing the alert", not "close" it
                    return f"undo {participle(word)}"
                return word if word in _PLAIN else VERB[it.action]
    return VERB[it.action]


_UNDOING = frozenset({"undo", "revert", "reverse", "rollback"})


def shape(actions: list[Action]) -> str:
    """The workflow's structural pattern, the second half of its category."""
    kinds = set(actions)
    inspect_first = actions[0] in INSPECT
    if kinds <= INSPECT:
        return "investigation" if len(actions) > 1 else "lookup"
    if Action.delete in kinds:
        return "cleanup"
    if Action.create in kinds and actions[-1] in INSPECT:
        return "create-and-verify"
    if Action.create in kinds:
        return "inspect-then-create" if inspect_first else "creation"
    if kinds & {Action.update, Action.transfer}:
        return "inspect-then-modify" if inspect_first else "modification"
    if Action.configure in kinds:
        return "configuration"
    return "automation"


def main_tags(steps: list[ToolInterpretation]) -> list[str]:
    """The workflow's tags, most used first; `search` and `general` only when nothing else applies."""
    counts: dict[str, int] = {}
    for it in steps:
        for tag in it.tags:
            counts[tag] = counts.get(tag, 0) + 1
    ranked = sorted(counts, key=lambda t: (t in ("search", "general"), -counts[t]))
    return ranked or ["general"]


def category(tags: list[str], actions: list[Action]) -> str:
    return f"{tags[0] if tags else 'general'}/{shape(actions)}"


# Verbs a tool's description may open with, beyond the taxonomy's (which reads tool names).
_DESC_VERBS = frozenset("""detect concatenate translate calculate estimate extract identify look find count fetch download
upload send publish schedule cancel approve assign invite mark monitor track transcribe summarize summarise classify
enrich verify resolve render split compress encode decode parse format retrieve return get list create update delete
add remove search scan validate convert generate check analyze analyse compare merge set start stop run execute query
read write move copy rename open close save load export import sync test ping describe show view collect crawl
scrape extract perform input tap click press swipe scroll fill hover drag launch install uninstall boot
reboot restart capture record play pause resume submit greet welcome thank notify remind tell echo""".split())
_PURPOSES = ("plan", "help", "understand", "determine", "learn", "decide", "ensure", "communicate", "debug", "explore",
             "make sure", "verify", "assess", "evaluate", "support", "inform", "check")
# (verbs only: "add company to list" keeps its list)
_LEFT_HANGING = ("write", "read", "download", "check", "validate", "find", "identify", "detect")
_PURPOSE = re.compile(r"(?<!needed)(?<!required)(?<!used)\s+(?:in order )?to\s+(?:(?:" + "|".join(_PURPOSES)
                      + r")\b.*|(?:" + "|".join(_LEFT_HANGING) + r"))$")
_SHOUTED = frozenset({"ALL", "ANY", "NEW", "ONE", "EVERY", "ONLY", "EACH"})
_ARTICLES = frozenset({"a", "an", "the"})
# Words an article follows that are no verbs: "For a given gene, …", "In the association object returned …"
_FUNCTION = frozenset({"for", "in", "on", "of", "to", "from", "with", "by", "at", "as", "if", "when", "after", "before",
                       "while", "into", "about", "over", "under", "via", "per", "and", "or", "but", "is", "are", "was",
                       "given", "within", "across", "through", "during", "without", "like", "once", "where", "all"})
_SAID_AS = {"return": "get", "retrieve": "get"}  # what a person asks for: "get the catalog of drivers"
_NOT_REQUESTS = frozenset({"provide", "allow", "enable", "use", "help", "act", "serve", "be", "is"})
_CUT = re.compile(r"\s*(?:[(:;,!?\[]|\.(?=\s|$)|\s[-–—]\s|\bbased on\b|\busing\b|\bvia\b|\baccording to\b|\bso that\b|\bwhich\b|"
                  r"\bthat\b|\bwhen\b|\bif\b|\bin order to\b|\bfor the given\b|\bwith optional\b|\boptionally\b)", re.I)
# Words listed before the one noun they all qualify ("creation, modification, and publication timestamps"),
# after the opening word (so "Create, update, or delete tasks", a list of acts, is still cut).
_SERIAL = re.compile(r"(?<=\s)[a-z]+(?:, [a-z]+)+,? (?:and|or) [a-z]+ [a-z]+")
_KEPT_COMMA = "\x00"
# A description speaks to the user ("your account"); the user asking speaks of their own.
_ASKER = {"your": "my", "yours": "mine", "yourself": "myself"}
_TRAILING = frozenset({"a", "an", "the", "of", "for", "to", "in", "on", "by", "with", "and", "or", "from", "at", "all",
                       "any", "your", "its", "their", "this", "that"})


def named_verb(it: ToolInterpretation, word: str | None = None) -> str | None:
    """The description's opening word when the tool's name holds it too and it is no part of what the tool
    works on: a verb both agree on (`draw_card` "Draw cards…", `play_card` "Play a card…"), where
    `weather_forecast` "Weather forecast for a city" opens with its thing."""
    if word is None:  # (not a path's first segment: "configurable-products/{sku}/child")
        m = re.match(r"\s*([A-Za-z]+)\b(?![-/{])", it.functionality)
        word = verb_base(m.group(1).lower()) if m else ""
    if word.endswith(("able", "ible")) and word not in VERBS:
        return None  # an adjective (`configurable`), never what a person asks done
    return word if word and word in tokens(it.tool) and word not in tokens(it.entity) else None


# "for a given stock symbol", "of the specified catalog", "in specified timezone", "for a time window": what the
# call is told, said by the value it is given (an article alone counts only where the words name an argument)
_GIVEN = re.compile(r"\b(for|of|from|in|on|by|within|about|with|to|at)\s+(?:(?:a|an|the|one)\s+(?:(?:given|specified|"
                    r"specific|provided|particular|supplied|selected|chosen|certain)\s+)?|(?:given|specified|specific|"
                    r"provided|particular|supplied|selected|chosen|certain)\s+)(?=((?:[A-Za-z][\w-]*\s*){1,3}))", re.I)
# "Get a proxy by index": found by a value, said in its place ("by index 3", not "by index with index 3").
_BY_NAME = re.compile(r"\b(by)\s+(?!(?:a|an|the|one|given|specified|specific)\b)(?=((?:[A-Za-z][\w-]*\s*){1,3}))", re.I)
_NOT_NAMING = frozenset({"id", "ids", "name", "key", "code", "number", "no", "value", "identifier", "uuid", "ref", "the"})
# (a noun phrase ends where a preposition or a conjunction starts: "a specified city between start and end dates")
_ENDS_PHRASE = frozenset({"and", "or", "between", "from", "to", "for", "in", "on", "with", "by", "at", "within",
                          "into", "using", "via", "over", "per", "as", "if", "when", "that", "which"})
_SLOT = "QQVALUEQQ"  # a stand-in word for the value while the phrase is cut and checked


def stated_action(it: ToolInterpretation, args: dict[str, Any], extra: int = 0,
                  same: frozenset[str] | set[str] = frozenset(),
                  sources: dict[str, str] | None = None) -> tuple[str | None, set[str]]:
    """`described_action`, where the description speaks of "a given X" and one argument is that X, with the
    value said in its place: "Fetch recent company headlines for a given stock symbol" with `symbol: AMD`
    -> `fetch recent company headlines for the stock symbol AMD`; an argument in `same` (an earlier step of
    the request was given it) is said "the same city", one in `sources` by where its value comes from ("list the
    pipelines of the first project in the project list"). Also the arguments it says."""
    sources = sources or {}
    found = sorted([(m, False) for m in _GIVEN.finditer(it.functionality)] +
                   [(m, True) for m in _BY_NAME.finditer(it.functionality)], key=lambda x: x[0].start())
    for m, bare in found:
        words = m.group(2).split()
        for k, word in enumerate(words):
            if word.lower() in _ENDS_PHRASE or bare and k:  # ("by index": the word right after, or none)
                break
            w = singular(word.lower())
            hits = [p.name for p in it.parameters if (p.name in args or p.name in same or p.name in sources)
                    and p.role is not ParameterRole.pagination  # ("by study acronym" names no `max_studies`)
                    and (p.name in same or p.name in sources or isinstance(args[p.name], (str, int, float))
                         and not isinstance(args[p.name], bool))  # (a latitude too: "for a given latitude")
                    and w in {singular(t) for t in tokens(p.name)} - _NOT_NAMING]
            if len(hits) > 1:
                return described_action(it, extra=extra), set()
            if len(hits) == 1:
                own = {singular(t) for t in tokens(hits[0])}
                while k + 1 < len(words) and singular(words[k + 1].lower()) in own - _NOT_NAMING:
                    k += 1  # "for a time window" with `timeWindow`: the value after the whole name
                named = " ".join(words[:k + 1])
                slot = _SLOT if hits[0] in same or hits[0] in sources else f"{named} {_SLOT}" if bare else \
                    f"the {named} {_SLOT}"
                # (the words are looked ahead at, so that one phrase's words can open the next: "… for a …")
                text = f"{it.functionality[:m.start()]}{m.group(1)} {slot} {' '.join(words[k + 1:])} " \
                       f"{it.functionality[m.start(2) + len(m.group(2)):]}"
                phrase = described_action(it, text, extra=k + 3 + extra)
                if phrase is not None and phrase.count(_SLOT) == 1:
                    value = sources.get(hits[0]) or (f"the same {named}" if hits[0] in same else said(args[hits[0]]))
                    return phrase.replace(_SLOT, value), {hits[0]}
                return described_action(it, extra=extra), set()
    return described_action(it, extra=extra), set()


# A description that opens with the documentation it returns ("JSON reference documentation for agents").
DOCS = re.compile(r"^\s*(?:[A-Za-z]+\s+){0,2}?(?:documentation|docs|guide|reference|manual|tutorial)s?\s+"
                  r"(?:for|about|on|of|to)\s+", re.I)


def docs_topic(description: str) -> str | None:
    """What a documentation tool's description says its page is on ("Documentation for widget error handling"
    -> `widget error handling`): the request asks for it and the page is titled by it."""
    docs = DOCS.match(description)
    if docs is None:
        return None
    topic = _CUT.split(" ".join(description[docs.end():].split()), maxsplit=1)[0].strip()
    return topic if 1 <= len(topic.split()) <= 8 and not any(c in topic for c in "*`#<>{}|\"/") else None


# "Set the API key for accessing the service", "Get proxy configuration for making HTTP requests": what the thing
# is for, after a gerund that is only a verb (not "for building permits", "for meeting rooms").
_FOR_USE = re.compile(r"\s+for\s+([a-z]+ing)\s+\S.*$")


def _without_use(phrase: str) -> str:
    found = _FOR_USE.search(phrase)
    if found is None or len(phrase[:found.start()].split()) < 3:
        return phrase  # ("Search for trending topics": the search needs what it is for)
    lemmas = getAllLemmas(found.group(1))
    return phrase[:found.start()] if set(lemmas) == {"VERB"} else phrase


def described_action(it: ToolInterpretation, text: str | None = None, extra: int = 0) -> str | None:
    """What the tool does in its own description's words (or `text`, the same with a value said in it), as
    a request: "Detect prompt injection attempts based on OWASP patterns" -> `detect prompt injection
    attempts`, "Retrieves the current user" -> `retrieve the current user`. None when the description does
    not open with a verb phrase short enough to say (`extra` words longer where a value was said in it)."""
    if not it.functionality.strip() or " ".join(it.functionality.split()) == \
            f"{it.action.value.capitalize()} a {it.entity.replace('_', ' ')}.":
        return None  # the interpreter's own filler, not the author's words
    text = " ".join((text if text is not None else it.functionality).split())
    topic = docs_topic(text)
    if topic is not None:  # "get the documentation on widget grid size configuration"
        return f"get the documentation on {topic}"
    text = re.sub(r"^(?:this (?:tool|endpoint|function|operation) (?:will |can )?|use this (?:tool )?to |"
                  r"tool (?:to|that) |allows? (?:you |users )?to |used to )", "", text, flags=re.I)
    # "Extract creation, modification, and publication timestamps": a list of words before one noun is no cut
    text = _SERIAL.sub(lambda m: m.group(0).replace(",", _KEPT_COMMA), text)
    phrase = _CUT.split(text, maxsplit=1)[0].strip().replace(_KEPT_COMMA, ",")
    # "Create a new task with title, description, due date": the arguments are said after it, by their values
    named = {w for p in it.parameters for w in tokens(p.name)}
    with_ = re.search(r"\s+with\s+(?:an?\s+|the\s+|its\s+)?([A-Za-z]+)", phrase)
    if with_ is not None and singular(with_.group(1).lower()) in {singular(w) for w in named}:
        phrase = phrase[:with_.start()]
    phrase = re.sub(r"\s+and\s+(?:return|returns|get|gets|show|shows|display|displays)\b", "", phrase)
    # "Translate text quickly and easily with JigsawStack": the pitch and the product are no part of a request
    phrase = re.sub(r"\s+(?:quickly|easily|seamlessly|effortlessly|instantly)(?:\s+and\s+(?:quickly|easily|"
                    r"seamlessly|effortlessly|instantly))?\b", "", phrase)
    phrase = re.sub(r"\s+(?:with|using|via|through)\s+[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*\s*$", "", phrase)
    # "in a GitHub repository", "matching a pattern": the request says which, or the call needs none
    phrase = re.sub(r"\s+(?:in|on|from|within|inside|matching|across)\s+(?:a|an|any|the given|the specified|"
                    r"a given|a specified|specific)\b.*$", "", phrase)
    # "List members to plan assignments", "Get the status to determine [whether …]": why the tool exists, or a
    # purpose the cut left hanging, is no part of what a person asks for
    phrase = _PURPOSE.sub("", phrase)
    phrase = _without_use(phrase)
    words = [w.lower() if w in _SHOUTED else w for w in phrase.split()]
    if not 2 <= len(words) <= 9 + extra or any(c in phrase for c in "*`#<>{}|\"/") \
            or re.search(r"(?:^|\s)'|'(?:\s|$)", phrase) or not phrase.isascii():
        return None
    first = words[0].lower()
    base = verb_base(first)
    # A verb the description and the tool's own name agree on is one, common or not (`draw_card` "Draw cards
    # from your deck", `mulligan` "Perform a mulligan"); otherwise only the common request verbs are trusted.
    # (and a word an article follows opens a verb phrase whatever the word: "Reverse an input sentence", where
    # "Weather forecast for a city" opens with its thing)
    if base not in _DESC_VERBS and not named_verb(it, base) and not (len(words) > 2 and words[1].lower() in _ARTICLES
                                                                     and first.isalpha() and first not in _FUNCTION) \
            or base in _NOT_REQUESTS:
        return None
    while words and words[-1].lower() in _TRAILING:
        words.pop()
    if len(words) < 2 or words[-1].lower() in ("list", "number", "set", "lot", "way", "tool"):
        return None  # cut short ("Get a list of all .txt filenames")
    titled = all(w[:1].isupper() for w in words)  # "Get User Info": Title Case, not names
    rest = [w.lower() if titled and not (w.isupper() or any(c.isupper() for c in w[1:])) else w for w in words[1:]]
    rest = [_ASKER.get(w.lower(), w) for w in rest]  # "Get your assigned proxies": the user asks for *my* proxies
    return " ".join([_SAID_AS.get(base, base)] + rest)


# What a person reads off a record to tell it apart: its state first, then its name, then where or what it is.
_FACT_ORDER = (("status", "state", "phase", "health"), ("name", "title", "display_name", "full_name", "subject"),
               ("region", "location", "environment", "type", "category", "level", "severity", "language", "plan"))
_MAX_FACT = 40


def facts(row: dict[str, Any], value: Any) -> str | None:
    """What a record shows besides `value` (its ID), in words: "running, region northeurope", "Kenji Novak";
    None when it shows nothing worth saying (only IDs, timestamps, links)."""
    out: list[str] = []
    for group in _FACT_ORDER:
        for key, v in row.items():
            bare = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key).lower().replace("-", "_")
            if bare not in group or not isinstance(v, str) or not v.strip() or v == str(value) or len(v) > _MAX_FACT \
                    or v.startswith(("http:", "https:", "/")):
                continue
            out.append(v.replace("_", " ") if group is _FACT_ORDER[0] else v if group is _FACT_ORDER[1]
                       else f"{bare.replace('_', ' ')} {v}")
            break
        if len(out) == 2:
            break
    return ", ".join(out) or None
