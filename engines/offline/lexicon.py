"""The spec's own words: what its descriptions talk about, and whether its users are a software team.

Free text (a note, a title, a search query) is about the organisation's subjects (the nouns of the tool
names) and its topics, drawn here from the spec's descriptions. Without these, a tourism or a
public-data spec would get an engineering team's chatter about retries and deploys.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from lemminflect import getAllLemmas

from common.taxonomy import NOT_NOUNS, VERBS, singular

_WORD = re.compile(r"[A-Za-z][a-z]{3,13}\b")
# Function words and the vocabulary of any API (how to page, sort, format or name things): these say
# nothing about what a system is for. Only words lemminflect knows as nouns are looked at at all.
_GENERIC = frozenset("""
about above after again also because before being below between both could during each either every first
further here however last later least less more most much must other otherwise rather same should since such than
that their them then there these they this those through thus under until upon very what when where whether which
while whose will with within without would your
information detail value result field parameter param argument option setting object item element entry array
string number integer boolean float dictionary dict list type format name identifier key tool server client
request response query call method endpoint operation function input output default example sample note warning
error success failure status state mode level sort order filter limit offset page cursor pagination maximum
minimum count total size length width height range direction prefix suffix match word line case base skip display
property index pair source target description summary instruction turn look help work leave care expose purpose
full best high second time date timestamp part kind form version context system feature support access way thing
something anything nothing everything someone user account file path folder link text content message
title heading today tomorrow yesterday tonight day week month year hour minute moment period inside outside
character letter column record resource id data return want need
specific general private public auto common daily near main single multiple various certain additional individual
particular personal primary original final initial overall past future current previous next recent latest
perfect known self custom
authentication authorization header body payload token bearer credential instance comma blank unknown application
client api_key apikey tick username
""".split())
# Subjects of software and infrastructure: an organisation whose spec talks of at least two of these
# talks like an engineering team (deploys, staging, migrations); any other talks of everyday work.
_SOFTWARE = frozenset("""
repository repo branch commit deploy deployment build pipeline cluster container server database connection sql api endpoint log
metric trace span alert incident bug workflow job code function package dependency release token secret webhook host
port network dns domain certificate registry pod namespace service plugin route upstream cache queue schema table
index migration test browser selector script directory command terminal shell process memory cpu disk storage
bucket instance vm cloud tenant subscription credential config configuration environment variable library module
class compiler runtime docker kubernetes git merge snippet extension editor workspace sdk cli http header payload
json yaml console debug stack exception crash monitor latency throughput proxy gateway firewall vulnerability scan
malware exploit hash encryption oauth session cookie permission dashboard datasource
model prompt embedding vector llm agent inference contract wallet block chain gas
""".split())
_MAX_TOPICS = 8


def _nouns(text: str) -> tuple[set[str], set[str]]:
    """The content nouns of one description (singular, lower case), and those of them written in lower
    case somewhere (a word only ever capitalised is a name: the product's, its maker's)."""
    found, lower = set(), set()
    for raw in _WORD.findall(text):
        word = singular(raw.lower())
        if word in _GENERIC or word in NOT_NOUNS or word in VERBS or len(word) < 4 or word.endswith("ing"):
            continue
        if _is_noun(word):
            found.add(word)
            if raw[0].islower():
                lower.add(word)
    return found, lower


def _is_noun(word: str) -> bool:
    """A word lemminflect knows as a noun, or one it does not know made of two nouns (dataset, codebase)."""
    lemmas = _lemmas(word)
    if lemmas:
        return "NOUN" in lemmas
    return any("NOUN" in _lemmas(word[:i]) and "NOUN" in _lemmas(word[i:]) for i in range(3, len(word) - 2))


@lru_cache(maxsize=16384)
def _lemmas(word: str) -> dict:
    return getAllLemmas(word)


def spec_words(texts: tuple[str, ...], subjects: tuple[str, ...], params: tuple[str, ...] = ()) -> tuple[tuple[str, ...], bool]:
    """The nouns a spec's descriptions (one text per tool) talk about, most widespread first: a weather
    spec's station and location, a shop's variant and price. A word only ever capitalised is a name (the
    product's own) and is left out, as are the subjects (the tool names' nouns) themselves. In a spec of
    several tools a topic must come up in at least two of them: a word said once is incidental. (Read once
    per spec: `spec_org.org_for` keeps the answer.)
    Also whether the spec is about software: two or more of its subjects and widespread nouns, and a quarter
    of them, are software's own (a database server's tables and queries, not a subway's service alerts), or
    one is and the tool names name nothing else (a file server's directories); where they are fewer than
    four, any of them or of its parameter words (`params`: `sql`, `bucket`) is."""
    counts: Counter[str] = Counter()
    common: set[str] = set()
    for text in texts:
        found, lower = _nouns(text)
        counts.update(found)
        common |= lower
    floor = 2 if len(texts) >= 4 else 1
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    widespread = [w for w, c in ranked if c >= floor]
    topics = tuple(w for w in widespread if w not in subjects and w in common)
    said = set(subjects) | set(widespread[:_MAX_TOPICS * 2])
    if len(said) < 4:  # the names and texts say little: what the parameters take says more (`sql`, `bucket`)
        said |= {p for p in params if p not in _GENERIC and len(p) > 2}
        return topics[:_MAX_TOPICS], bool(said & _SOFTWARE) or not said
    software = len(said & _SOFTWARE)
    return topics[:_MAX_TOPICS], software >= max(2, len(said) / 4) or (software == 1 and len(subjects) < 2)


# Scripts whose use says which country's places and names a spec's users know (Latin scripts say too little).
_SCRIPTS = (("ja_JP", re.compile(r"[\u3040-\u30ff]")), ("ko_KR", re.compile(r"[\uac00-\ud7af]")),
            ("zh_CN", re.compile(r"[\u4e00-\u9fff]")), ("ru_RU", re.compile(r"[\u0400-\u04ff]")),
            ("th_TH", re.compile(r"[\u0e00-\u0e7f]")),
            ("el_GR", re.compile(r"[\u0370-\u03ff]")), ("he_IL", re.compile(r"[\u0590-\u05ff]")))


def locale_of(texts: tuple[str, ...]) -> str:
    """The Faker locale of the language most of the spec's descriptions are written in, where its script
    tells (Korean, Japanese, Chinese, Russian, Thai, Greek, Hebrew); "" for English and other Latin-script text."""
    said = [t for t in texts if t.strip()]
    for locale, script in _SCRIPTS:  # (kana first: Japanese text holds Chinese characters too)
        if said and sum(bool(script.search(t)) for t in said) * 2 > len(said):
            return locale
    return ""
