"""A tool's own description as a request: "Detect prompt injection attempts based on OWASP patterns" asks to
`detect prompt injection attempts`, with the values a call is given said where the description names them
("fetch recent company headlines for the stock symbol AMD"). The tool's name says what it does less well than its
author's first sentence, when that sentence opens with a verb phrase short enough to say.
"""

from __future__ import annotations

import re
from typing import Any

from lemminflect import getAllLemmas

from common.taxonomy import VERBS, singular, tokens, verb_base
from engines.offline.text import said
from schemas import ParameterRole, ToolInterpretation


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
# A word no noun after an article, then a comma: the first of the words that qualify one noun ("Generate a complete,
# production-ready technical design document"), not the end of the thing ("Get a task, then …").
_COORDINATE = re.compile(r"\b((?:a|an|the) ([a-z]+)),(?= [a-z][\w-]* )", re.I)
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
    text = _COORDINATE.sub(lambda m: m.group(1) + (_KEPT_COMMA if "NOUN" not in getAllLemmas(m.group(2).lower()) else ","),
                           text)
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
