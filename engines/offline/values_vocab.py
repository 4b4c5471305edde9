"""Generators of realistic strings, each drawing on the organisation and the slot's hint.

Each function takes a `Hint` and returns a string; `values_names` decides which one a parameter gets. Nothing
here returns placeholders ("string", "foo", lorem ipsum)."""

from __future__ import annotations

import json
import random
import re
import zlib
from dataclasses import dataclass
from typing import Callable

from common.taxonomy import singular, tokens
from engines.offline import ledger
from engines.offline import values_formats as fmt
from engines.offline.values_standard import city, company_name, named_things, person_name, standard_value
from engines.offline.world import Organisation, Person, _uuid, plural

TOPICS = ("retry", "timeout", "export", "pagination", "rate limit", "audit log", "cache", "search", "onboarding")
VERBS = ("Fix", "Add", "Handle", "Refactor", "Document", "Speed up", "Validate")
STATUSES = ("open", "in_progress", "blocked", "done")
DESIGN = ("Hero Banner", "Logo", "Headline", "Background", "Price Badge", "CTA Button", "Footer", "Title Card",
          "Lower Third", "Icon Set", "Header", "Product Shot")
ENVS = ("prod", "staging", "01", "eu")
ELEMENTS = ("Save invoice button", "Search field", "Checkout submit button", "Sign in link", "Country dropdown")
KEYS = ("Enter", "Tab", "Escape", "ArrowDown", "Control+A", "Shift+Tab")
_PEOPLE_WORDS = frozenset({"person", "user", "member", "author", "assignee", "reviewer", "committer", "sender",
                           "recipient", "owner", "participant", "watcher", "creator", "reporter",
                           # people of every trade a spec may name: their names are people's names
                           "judge", "attorney", "lawyer", "artist", "player", "doctor", "physician", "nurse", "patient",
                           "customer", "employee", "student", "teacher", "instructor", "actor", "director", "speaker",
                           "guest", "contact", "candidate", "athlete", "coach", "musician", "writer", "editor",
                           "manager", "founder", "politician", "senator", "representative", "celebrity"})
# People a spec lists who are nobody's colleagues: their names are the public's, their records have IDs.
PUBLIC_PEOPLE = frozenset({"player", "athlete", "actor", "actress", "director", "musician", "politician", "senator",
                           "representative", "celebrity", "coach"})
# Kinds only design and motion tools have. Words every domain uses (item, document, group, text, image, symbol,
# track) are not here: a shop's item or a stock's symbol named "Price Badge" is a word from another domain.
_DESIGN_WORDS = frozenset({"layer", "artboard", "comp", "composition", "swatch", "preset", "effect", "shape",
                           "gradient", "brush", "mask", "keyframe"})


@dataclass(frozen=True, slots=True)
class Hint:
    """Everything known about the slot a value goes into."""

    name: str
    role: str | None
    entity: str | None
    description: str
    org: Organisation
    rng: random.Random
    parent: str = ""  # the enclosing property's name, for nested objects
    siblings: dict | None = None  # values already chosen for the enclosing object (read only)
    context: frozenset[str] = frozenset()  # every property name of the enclosing object
    about: str = ""  # the name and description of the tool the value is for


def noun(h: Hint) -> str:
    return h.rng.choice(h.org.nouns)


# Medical conditions as clinicians and registries name them (a "medical condition" slot of a health spec).
CONDITIONS = ("type 2 diabetes", "hypertension", "asthma", "non-small cell lung cancer", "breast cancer",
              "major depressive disorder", "rheumatoid arthritis", "chronic obstructive pulmonary disease",
              "Alzheimer's disease", "heart failure", "migraine", "psoriasis")
TREATMENTS = ("metformin", "pembrolizumab", "semaglutide", "atorvastatin", "cognitive behavioral therapy",
              "adalimumab", "insulin glargine", "physical therapy", "nivolumab", "sertraline")


# What people outside software talk about (a law firm's, a shop's, a clinic's everyday work).
EVERYDAY = ("schedule", "budget", "deadline", "summary", "review", "follow-up", "renewal", "request")


def org_topic(org: Organisation, rng: random.Random) -> str:
    """What the organisation's texts talk about: mostly what the spec's own descriptions talk about (a
    weather spec's stations), else a software team's or everyday work's usual subjects."""
    if org.topics and rng.random() < 0.7:
        return rng.choice(org.topics)
    return rng.choice(TOPICS if org.technical else EVERYDAY)


def topic(h: Hint) -> str:
    return org_topic(h.org, h.rng)


def person(h: Hint) -> Person:
    return h.rng.choice(h.org.people)


def project(h: Hint) -> str:
    return h.rng.choice(h.org.projects)


def database(h: Hint) -> str:
    """An organisation's database: mostly the production one, else one of the others a company keeps."""
    return f"{h.org.slug}_{h.rng.choice(('prod', 'prod', 'prod', 'staging', 'analytics', 'reporting', 'billing'))}"


# File types a description can name ("Path to the Dart file", "Read a CSV file"): the extension such a file has.
_FILE_TYPES = {"dart": "dart", "python": "py", "typescript": "ts", "javascript": "js", "csv": "csv", "tsv": "tsv",
               "json": "json", "yaml": "yaml", "pdf": "pdf", "markdown": "md", "excel": "xlsx", "xlsx": "xlsx",
               "image": "png", "png": "png", "jpeg": "jpg", "jpg": "jpg", "svg": "svg", "audio": "mp3", "mp3": "mp3",
               "video": "mp4", "mp4": "mp4", "word": "docx", "docx": "docx", "html": "html", "xml": "xml", "sql": "sql",
               "rust": "rs", "java": "java", "kotlin": "kt", "swift": "swift", "ruby": "rb", "php": "php",
               "notebook": "ipynb", "jupyter": "ipynb", "parquet": "parquet", "zip": "zip", "txt": "txt",
               "epub": "epub", "wav": "wav", "powerpoint": "pptx", "pptx": "pptx", "dockerfile": "Dockerfile",
               "pcap": "pcap", "gif": "gif", "mov": "mov", "webm": "webm", "flac": "flac", "m4a": "m4a", "webp": "webp",
               "photo": "jpg", "picture": "png"}
# Types a field's own name can give (`video_path`, `pcap_destination`, `image_file`): what the file holds. (Not
# `json` or `python`: a `json_path` is a JSONPath, a `python_path` an interpreter.)
NAMED_TYPES = frozenset({"video", "image", "audio", "pdf", "csv", "pcap", "photo", "picture", "mp4", "mp3", "png", "jpg",
                          "jpeg", "gif", "wav", "excel", "xlsx", "docx", "pptx", "epub", "parquet", "notebook", "mov",
                          "webm", "flac", "m4a", "webp", "tsv"})
_TYPED = re.compile(r"\b(" + "|".join(_FILE_TYPES) + r")\s+(?:file|files|document|documents|script|scripts|source|"
                    r"spreadsheet|notebook|image|images|program|module|recording)\b", re.I)
_DATA_DIRS = {"csv": "data", "tsv": "data", "parquet": "data", "xlsx": "reports", "pdf": "docs", "docx": "docs",
              "pptx": "docs", "png": "assets", "jpg": "assets", "svg": "assets", "mp3": "media", "mp4": "media",
              "wav": "media", "pcap": "captures", "mov": "media", "webm": "media", "ipynb": "notebooks", "zip": "exports", "epub": "books", "html": "site", "txt": "notes"}


def file_type(description: str, about: str) -> str | None:
    """The extension of the file type a field's description or its tool (name, then description) names:
    "Path to the Dart file" -> `dart`, `read_csv_file` -> `csv`."""
    name = tokens(about.split(" ")[0])
    m = _TYPED.search(description) or _TYPED.search(about) or next(
        (m for m in [re.search(r"\b(" + "|".join(_FILE_TYPES) + r")\b", " ".join(name))] if m and "file" in name), None)
    if m is None:  # `generate-image(filename)`: the file a tool named for images makes or takes is one
        media = next((t for t in name if t in ("image", "video", "audio", "photo", "picture")), None)
        return _FILE_TYPES.get(media, "png") if media else None
    return _FILE_TYPES[m.group(1).lower()]


def slot_file_type(name: str, description: str, about: str) -> str | None:
    """The extension of the file a slot takes: of the type its own name (`video_path`), else its description or
    its tool names."""
    named = next((t for t in tokens(name) if t in NAMED_TYPES), None)
    return _FILE_TYPES[named] if named else file_type(description, about)


def typed_file(h: Hint) -> str | None:
    """A path of the file type the field's description, or its tool, names (`…/lib/fare_retry.dart`)."""
    ext = slot_file_type(h.name, h.description, h.about)
    if ext is None:
        return None
    base = h.rng.choice(h.org.files)
    project = "/".join(base.split("/")[:-2])  # /srv/org/project
    folder = _DATA_DIRS.get(ext, "lib" if ext == "dart" else "src")
    stem = base.rsplit("/", 1)[-1].rsplit(".", 1)[0].removeprefix("test_")
    return f"{project}/{folder}/{stem}.{ext}" if ext != "Dockerfile" else f"{project}/Dockerfile"


def extension(h: Hint) -> str:
    """A file extension: of the file type the tool names (`.csv` for a CSV reader), else a common one."""
    typed = typed_file(h)
    ext = typed.rsplit(".", 1)[-1] if typed and "." in typed.rsplit("/", 1)[-1] else h.rng.choice(("md", "json", "py"))
    return ext if re.search(r"without (?:the )?(?:leading )?dot|no dot", h.description, re.I) else f".{ext}"


def file_path(h: Hint) -> str:  # (beside the file a description shows, in the spec's own tree)
    return fmt.beside_example(h.description, h.rng) or typed_file(h) or h.rng.choice(h.org.files)


def relative_file(h: Hint) -> str:  # (a path under its project: `src/invoice_retry.py`)
    return p.split("/", 4)[-1] if (p := file_path(h)).startswith("/") else p  # (a shown relative path stays whole)


_BUCKETS = (("gs", re.compile(r"\bgcs\b|google cloud storage|\bgs://", re.I)),
            ("s3", re.compile(r"\bs3\b|amazon s3|\bs3://", re.I)))


def directory(h: Hint) -> str:
    """A folder: on the machine, or in the object store the description names ("a save_dir (GCS path)")."""
    for scheme, cue in _BUCKETS:
        if cue.search(h.description or ""):
            return f"{scheme}://{h.org.slug}-{noun(h)}/{h.rng.choice(('exports', 'uploads', 'output', 'media'))}/"
    return h.rng.choice((h.org.project_path(project(h)),) + h.org.directories)


def path(h: Hint) -> str:
    d = h.description.lower()
    if "relative" in d and "file" in d:
        return relative_file(h)
    if re.search(r"director|folder|repositor|working dir|workspace|clone", d) and "file" not in d:
        return directory(h)
    return file_path(h)


def sha(h: Hint) -> str:
    full = f"{h.rng.getrandbits(160):040x}"
    return full if "full" in h.description.lower() or h.rng.random() < 0.3 else full[:7]


def git_ref(h: Hint) -> str:
    return sha(h) if h.rng.random() < 0.4 else h.rng.choice(h.org.branches)


def git_url(h: Hint) -> str:
    return f"https://git.{h.org.domain}/{h.org.slug}/{project(h)}.git"


# What a URL of a picture, a recording or a document points at: (folder, extension).
_MEDIA_URLS = {"image": ("images", "png"), "img": ("images", "png"), "photo": ("photos", "jpg"), "picture": ("images", "jpg"),
               "thumbnail": ("thumbs", "jpg"), "avatar": ("avatars", "png"), "logo": ("brand", "svg"),
               "video": ("videos", "mp4"), "audio": ("audio", "mp3"), "pdf": ("docs", "pdf")}


# "the Trello card", "an Airbnb listing": a product's name before the kind of thing a URL points at.
_ON_A_PRODUCT = re.compile(r"\b(?i:the|an?|your)\s+([A-Z][a-z]{2,}[A-Za-z]*)\s+(listing|card|board|video|channel|"
                           r"playlist|track|album|post|profile|product|event|room|property|hotel|restaurant|recipe|"
                           r"article|story)s?\b")  # (not a repository, a file, a page: their links have shapes of their own)
_NOT_BRANDS = frozenset({"The", "This", "That", "Your", "Main", "New", "Current", "Given", "Specific", "First",
                         "Last", "Public", "Private", "Web", "Home", "Target", "Source", "Original", "Same"})


def product_site(description: str) -> tuple[str, str] | None:
    """(site, path) of the product a link's description names ("the Airbnb listing URL": `airbnb.com`, `listings`)."""
    brand = _ON_A_PRODUCT.search(description)
    if brand is None or brand.group(1) in _NOT_BRANDS:
        return None
    return f"{brand.group(1).lower()}.com", plural(singular(brand.group(2)))


def url(h: Hint) -> str:
    d = h.description.lower()
    if re.search(r"localhost|\blocal (?:url|server|address|app)", d):  # (what a tunnel exposes, a dev server)
        return "http://localhost:" + (re.findall(r"localhost:(\d+)", d) or ["3000"])[0]
    if "webhook" in h.name.lower():
        return f"https://hooks.{h.org.domain}/{noun(h)}-events"
    media = next((t for t in tokens(h.name) if t in _MEDIA_URLS), None) or next(
        (t for t in _MEDIA_URLS if re.search(rf"\b{t}s? url|url of (?:the |an? )?{t}\b", d)), None)
    if media is not None:  # an image's URL is a picture's, not the app's home page
        folder, ext = _MEDIA_URLS[media]
        return f"https://cdn.{h.org.domain}/{folder}/{noun(h)}-{h.rng.randint(100, 999)}.{ext}"
    if re.search(r"\bgit\b|repositor|clone|remote", d):
        return git_url(h)
    on = product_site(h.description)
    if on is not None:  # "the link of the Trello card", "direct link to the Airbnb listing": on that product's site
        return f"https://www.{on[0]}/{on[1]}/{h.rng.randint(10**7, 10**8 - 1)}"
    if re.search(r"page|navigate|browser|load|open", d):
        return h.rng.choice((f"https://app.{h.org.domain}/{plural(noun(h))}", f"https://app.{h.org.domain}/login",
                             f"https://app.{h.org.domain}/checkout", f"https://app.{h.org.domain}/settings/billing"))
    return fmt.url(h.org, h.rng)


def token(h: Hint) -> str:
    return f"tok_{h.rng.getrandbits(96):024x}"


def emoji(h: Hint) -> str:
    return h.rng.choice(("white_check_mark", "eyes", "rocket", "thumbsup"))


def slack_ts(h: Hint) -> str:
    return f"{int(fmt.when(h.rng).timestamp())}.{h.rng.randint(100, 999999):06d}"


def title(h: Hint) -> str:
    n, t = noun(h), topic(h)
    if not h.org.technical:
        return h.rng.choice((f"{n.capitalize()} {t} for {h.rng.choice(_MONTHS)}", f"{n.capitalize()} {t}: next steps",
                             f"Q{h.rng.randint(1, 4)} {n} {t}", f"Follow-up on the {n} {t}"))
    return h.rng.choice((f"{n.capitalize()} {t} fails for large batches", f"Add {t} to the {n} export",
                         f"{n.capitalize()} sync stalls after deploy", f"Q2 {n} {t} review"))


def commit_message(h: Hint) -> str:
    return f"{h.rng.choice(VERBS)} {noun(h)} {topic(h)} in {project(h)}"


_MONTHS = ("January", "March", "May", "June", "September", "November")


# What people look up in public sources (the web, news, papers, videos), as opposed to an organisation's own
# records: a query there is about the world, not about the organisation's services.
PUBLIC_KINDS = frozenset({"web", "news", "article", "headline", "paper", "publication", "video", "podcast", "book",
                           "wiki", "wikipedia", "encyclopedia", "image", "photo", "tweet", "trend", "trending", "scholar"})
PUBLIC_TOPICS = ("electric vehicles", "interest rates", "heat pumps", "the James Webb telescope", "solar power storage",
                 "remote work", "housing prices", "AI regulation", "marathon training", "coral reef bleaching",
                 "battery recycling", "inflation in Europe", "quantum computing", "sleep and memory",
                 "the Mediterranean diet", "space tourism", "urban cycling", "malaria vaccines", "chip manufacturing",
                 "the Winter Olympics", "high-speed rail", "microplastics", "lithium mining", "wildfire prevention")


def is_public(h: Hint) -> bool:
    """Whether a search slot looks in public sources (its tool's kind, its description say so)."""
    said = set(tokens(h.entity or "")) | set(tokens(h.description or ""))
    return bool(said & PUBLIC_KINDS)


def of_people(entity: str | None) -> bool:
    """Whether things of kind `entity` are people (members, users, authors): searched for by name."""
    return singular((entity or "").lower().replace("-", "_").rsplit("_", 1)[-1]) in _PEOPLE_WORDS


# A search for places (geocoding, points of interest): its text is an address, a landmark or a city.
_PLACE_SEARCH = re.compile(r"\b(geocod\w*|addresses|pois?|points? of interest|landmarks?)\b", re.I)
# (a slot's own words naming a place to find; not "location" alone, which a calendar's text search or a
# GitHub `location:` qualifier mentions)
_PLACE_SLOT = re.compile(r"\b(place names?|street address(es)?|address or place|city or address|location name)\b", re.I)
_LANDMARKS = {"Paris": "Eiffel Tower", "London": "British Museum", "New York": "Central Park", "Rome": "Colosseum",
              "Tokyo": "Shibuya Crossing", "Sydney": "Sydney Opera House", "San Francisco": "Golden Gate Bridge",
              "Berlin": "Brandenburg Gate", "Barcelona": "Sagrada Família", "Amsterdam": "Rijksmuseum"}


def place_query(h: Hint) -> str | None:
    """What a search for places is asked: "Eiffel Tower, Paris", "221 Baker Street, London", "Madrid"; None
    where neither the slot nor its tool speaks of places."""
    if not (_PLACE_SEARCH.search(h.description or "") or _PLACE_SLOT.search(h.description or "")
            or _PLACE_SEARCH.search(" ".join(tokens(h.about or "")))):  # (`PoiSearchTool`: its words)
        return None
    where = city(h.rng, h.org.locale)
    pick = h.rng.random()
    if where in _LANDMARKS and pick < 0.4:
        return f"{_LANDMARKS[where]}, {where}"
    if pick < 0.7:
        return f"{h.rng.randint(2, 240)} {h.rng.choice(_STREETS)}, {where}"
    return where


_STREETS = ("Market Street", "High Street", "Main Street", "Station Road", "Park Avenue", "King Street",
            "Church Street", "Harbour Road")


def query(h: Hint) -> str:
    things = named_things(h.entity or "")
    if things:  # a movie search is for a film's title, a recipe search for a dish
        return h.rng.choice(things)
    placed = place_query(h)
    if placed is not None:
        return placed
    if of_people(h.entity):
        who = person(h).name  # people are looked up by name: "Leila", "Leila Nakamura"
        return who.split()[0] if h.rng.random() < 0.6 else who
    if is_public(h):
        return h.rng.choice(PUBLIC_TOPICS)
    n, t = noun(h), topic(h)
    if h.org.technical:
        return h.rng.choice((f"{n} {t}", f"{n} {t} error", f"{t} {project(h)}", f"failed {plural(n)} last week"))
    return h.rng.choice((f"{n} {t}", f"{t} {plural(n)}", plural(n), t))  # (what a person types: a few words)


def jql(h: Hint) -> str:
    return f'project = {h.rng.choice(h.org.project_keys)} AND status = "In Progress" ORDER BY updated DESC'


def cql(h: Hint) -> str:
    return f'space = {h.org.project_keys[0]} AND text ~ "{noun(h)} {topic(h)}"'


def sql(h: Hint) -> str:
    return f"SELECT id, status, updated_at FROM {h.rng.choice(h.org.tables)} WHERE status = 'failed' LIMIT 20"


def kql(h: Hint) -> str:
    return h.rng.choice(("AppRequests | where ResultCode == '500' | summarize count() by bin(TimeGenerated, 1h)",
                         f"AppTraces | where Message has '{noun(h)}' | take 50"))


def odata(h: Hint) -> str:
    return h.rng.choice(("status eq 'Active'", f"name eq '{noun(h)}-api'", "properties/provisioningState eq 'Succeeded'"))


# What an observability tool filters (its name or description says logs, traces or metrics): conditions on what
# such records carry (severity, service, duration), in the `field op value` form their filters take.
_SIGNALS = (("log", re.compile(r"\blog(s|ging)?\b")), ("trace", re.compile(r"\b(traces?|spans?)\b")),
            ("metric", re.compile(r"\bmetrics?\b")))


def _signal_filter(h: Hint, signal: str) -> str:
    s = h.rng.choice(h.org.services)
    return h.rng.choice({
        "log": (f'severity>=ERROR AND service="{s}"', f'service="{s}" AND message:"timeout"',
                f'severity>=WARNING AND timestamp>="{fmt.iso_datetime(h.rng)}"'),
        "trace": (f'service="{s}" AND duration>500ms', f'service="{s}" AND status=error'),
        "metric": (f'metric.name="request_latency_ms" AND service="{s}"', f'metric.name="error_count" AND service="{s}"'),
    }[signal])


def sql_filter(h: Hint) -> str:
    about = h.about.lower()
    signal = next((name for name, cue in _SIGNALS if cue.search(about)), None)
    if signal is not None and re.match(r"(the )?(text|string|substring|keyword|word)s? ", h.description.lower()):
        # "Text to filter logs by": words a line holds, not a query language
        return h.rng.choice(("timeout", "ERROR", "connection refused", h.rng.choice(h.org.services), "retry"))
    if signal is not None:
        return _signal_filter(h, signal)
    return h.rng.choice((f"status = '{h.rng.choice(STATUSES)}'", f"created_at > '{fmt.iso_date(h.rng)}'",
                         f"{noun(h)}_id IS NOT NULL AND status != 'archived'"))


def selector(h: Hint) -> str:
    n = noun(h)
    return h.rng.choice((f"#{n}-submit", f"button[data-test='save-{n}']", f".{n}-list > li:first-child",
                         f"input[name='{n}_search']", "#checkout-submit"))


def xpath(h: Hint) -> str:
    return f"//button[@id='{noun(h)}-submit']"


def cache_key(h: Hint) -> str:
    n = noun(h)
    return h.rng.choice((f"session:{h.rng.randint(1000, 9999)}", f"{n}:{h.rng.randint(100, 9999)}",
                         f"cache:{n}:{h.rng.randint(10, 999)}", f"user:{person(h).username}:prefs"))


def glob(h: Hint) -> str:
    d, e = h.description.lower(), (h.entity or "").lower()
    if "key" in d or "key" in e or "redis" in d:
        return h.rng.choice(("session:*", f"{noun(h)}:*", "cache:*"))
    return h.rng.choice(("*.py", f"**/*{noun(h)}*", "*.yaml", "src/**/*.ts"))


def regex(h: Hint) -> str:
    return h.rng.choice(("ERROR .*timeout", rf"{noun(h)}-\d+", r"\bTODO\b", "status=(open|pending)"))


def issue_key(h: Hint) -> str:
    return kind_id("issue", h.org, h.rng)


_NUMERIC = re.compile(r"\bnumeric\b|\bnumber list\b|\binteger\b", re.I)


def identifier(h: Hint) -> str:
    lower = h.name.lower()
    if "uuid" in lower or "guid" in lower or "uuid" in h.description.lower():
        return _uuid(h.rng)
    if "issue" in lower or "ticket" in lower:
        return issue_key(h)
    kind = h.entity or "_".join(w for w in tokens(h.name) if w not in ("id", "ids")) or noun(h)
    return kind_id(kind, h.org, h.rng, numeric=bool(_NUMERIC.search(h.description)))


# Public registries an ID can be said to come from, and the shape each gives its IDs.
_REGISTRIES: tuple[tuple[str, re.Pattern[str]], ...] = tuple((r, re.compile(rx, re.I)) for r, rx in (
    ("arxiv", r"\barxiv\b"), ("pmc", r"\bpmc ?ids?\b|\bpubmed central\b"), ("pubmed", r"\bpubmed\b|\bpmids?\b"),
    ("doi", r"\bdois?\b"), ("cve", r"\bcve\b"), ("imdb", r"\bimdb\b"), ("orcid", r"\borcid\b"),
    ("isbn", r"\bisbn\b"), ("nct", r"\bnct ?(?:ids?|numbers?)\b|clinicaltrials\.gov")))


# Registries whose IDs are standard kinds already (values_standard): the name of that kind.
_STANDARD_REGISTRIES = {"pubmed": "pmid", "doi": "doi", "orcid": "orcid", "isbn": "isbn"}


def registry_named(description: str) -> str | None:
    """The public registry a description says an ID is from ("The arXiv ID of the paper"), if it names one."""
    return next((r for r, rx in _REGISTRIES if rx.search(description)), None)


def registry_of(kind: str, org: Organisation) -> str | None:
    """The registry whose IDs the spec says records of `kind` carry, if it says so."""
    words = tokens(kind)
    return dict(org.registry_ids).get(singular(words[-1])) if words and org.registry_ids else None


def registry_id(registry: str, rng: random.Random) -> str:
    """An ID in the shape `registry` gives: `2403.01234`, `38012345`, `PMC10234567`, `CVE-2024-31337`, `tt0816692`;
    the registries the standard kinds already know (ISBN with its check digit, ORCID, PMID, DOI) by their makers."""
    made = standard_value(_STANDARD_REGISTRIES[registry], rng) if registry in _STANDARD_REGISTRIES else None
    if made is not None:
        return made
    year = rng.randint(2019, 2025)
    if registry == "arxiv":
        return f"{year % 100:02d}{rng.randint(1, 12):02d}.{rng.randint(1, 19999):05d}"
    if registry == "pmc":
        return f"PMC{rng.randint(6_000_000, 11_999_999)}"
    if registry == "cve":
        return f"CVE-{year}-{rng.randint(1000, 49999)}"
    if registry == "nct":  # ClinicalTrials.gov: NCT and eight digits
        return f"NCT0{rng.randint(1_000_000, 6_999_999)}"
    return f"tt{rng.randint(100_000, 9_999_999):07d}"  # imdb


def kind_id(kind: str, org: Organisation, rng: random.Random, numeric: bool = False) -> str:
    """An ID for a record of `kind`, of one shape for that kind throughout a suite (a system does not number
    some teams `73549` and others `team_5e1c…`): digits where the spec types the kind's IDs as integers, else
    by the kind itself, digits for some kinds and a prefixed token for others (`label_3eb990…`, `prj_…`)."""
    words = [w for w in tokens(kind) if w] or ["id"]
    one = singular(words[-1])
    if org.ledger and one in ("transaction", "tx", "transfer"):  # on a chain, its hash
        return ledger.tx_hash(org.ledger, rng)
    if org.ledger and one in ("address", "wallet", "account"):
        return ledger.address(org.ledger, rng)
    if one in ("issue", "ticket"):
        return f"{rng.choice(org.project_keys)}-{rng.randint(12, 480)}"
    registry = registry_of(kind, org)
    if registry is not None:  # the public registry's own shape: an arXiv paper is `2403.01234`
        return registry_id(registry, rng)
    if numeric or one in org.numeric_ids or zlib.crc32(one.encode()) % 5 < 2:
        return str(rng.randint(1000, 99999))
    prefix = "".join(w[0] for w in words)[:3] if len(words) > 1 else one if len(one) <= 6 else one[:3]
    return f"{prefix}_{rng.getrandbits(40):010x}"


def resource(h: Hint, kind: str) -> str:
    return f"{kind}-{noun(h)}-{h.rng.choice(ENVS)}"


def address(h: Hint, n: str) -> str:
    """A bare `address` (`n`: its name's words, joined by `_`): an e-mail or IP address where the description says
    so, a place to look up where it speaks of places, else a street address."""
    d = h.description.lower()
    if "email" in d or "e-mail" in d or "email" in n or "mail" in n.split("_"):
        return person(h).email
    if re.search(r"\bip\b", d) or n.split("_")[0] in ("ip", "ipv4", "host", "server"):
        return fmt.ipv4(h.rng)
    if n != "address":  # `wallet_address`, `contract_address`: nothing postal
        return identifier(h)
    if re.search(r"\b(city|location|place|weather|forecast|geocod)", f"{d} {h.about.lower()}"):
        return named(h, "location")
    return standard_value("street_address", h.rng, "", h.org.locale) or named(h, "location")


_ORG_WORDS = frozenset({"company", "companies", "organization", "organisation", "vendor", "supplier", "client",
                        "business", "merchant", "partner", "employer", "brand", "firm"})
_DEAL_WORDS = frozenset({"opportunity", "deal", "lead"})


# Kinds whose things have names of their own shape (a branch, a channel, a sprint), by the kind's last word.
_NAMED: dict[str, Callable[[Hint], str]] = {
    "file": lambda h: file_path(h).rsplit("/", 1)[-1], "branch": lambda h: h.rng.choice(h.org.branches[1:]),
    "repo": lambda h: project(h), "repository": lambda h: project(h), "project": lambda h: project(h),
    "channel": lambda h: h.rng.choice(h.org.channels), "table": lambda h: h.rng.choice(h.org.tables),
    "database": lambda h: database(h), "sprint": lambda h: f"Sprint {h.rng.randint(8, 40)}",
    "board": lambda h: f"{noun(h).capitalize()} board", "label": lambda h: h.rng.choice(("bug", "customer", noun(h))),
    "tag": lambda h: h.rng.choice(h.org.tags) if h.org.technical else topic(h),
    "version": lambda h: h.rng.choice(h.org.tags),
    "index": lambda h: f"idx:{plural(noun(h))}", "key": lambda h: cache_key(h), "team": lambda h: h.rng.choice(h.org.teams),
    "space": lambda h: f"{noun(h).capitalize()} Engineering", "queue": lambda h: f"{noun(h)}-events",
    "topic": lambda h: f"{noun(h)}-events", "service": lambda h: h.rng.choice(h.org.services),
    "remote": lambda h: h.rng.choice(("origin", "upstream")),
    "entity": lambda h: person(h).name if h.rng.random() < 0.5 else project(h),
    "font": lambda h: h.rng.choice(("Inter", "Helvetica Neue", "Source Sans Pro")),
    "issue": lambda h: issue_key(h), "ticket": lambda h: issue_key(h), "epic": lambda h: issue_key(h),
    "reaction": lambda h: emoji(h), "emoji": lambda h: emoji(h),
    "attribute": lambda h: h.rng.choice(("class", "href", "data-test", "aria-label", "value")),
    "column": lambda h: h.rng.choice(("status", "created_at", "owner_id")), "field": lambda h: h.rng.choice(("status", "owner")),
    "region": lambda h: _place(h), "location": lambda h: _place(h),
    "environment": lambda h: h.rng.choice(("production", "staging")), "namespace": lambda h: h.rng.choice(h.org.teams),
}


def names_its_kind(kind: str) -> bool:
    """Whether things of this kind (its last word) have names of a shape of their own: a person's, a team's, a
    branch's; not a kind `named` only makes up a resource name for."""
    last = singular(kind.lower().replace("-", "_").replace(" ", "_").rsplit("_", 1)[-1])
    return last in _PEOPLE_WORDS or last in _DESIGN_WORDS or last in _ORG_WORDS or last in _DEAL_WORDS or \
        (last in _NAMED and last != "entity") or last == "group"


def named(h: Hint, entity: str) -> str:
    """A name for a thing of kind `entity` ("layer", "user", "sprint", "vm", ...)."""
    e = entity.lower().replace("-", "_").replace(" ", "_")
    last = e.rsplit("_", 1)[-1]
    if last in _PEOPLE_WORDS:
        return person(h).name
    if last in _DESIGN_WORDS:
        return h.rng.choice(DESIGN) if h.rng.random() < 0.6 else f"{noun(h).capitalize()} {h.rng.choice(DESIGN)}"
    if last == "group":
        return h.rng.choice(h.org.resource_groups) if "resource" in e else _group(h)
    make = _NAMED.get(last)
    if make:
        return make(h)
    if last in _ORG_WORDS:  # a CRM's company, a shop's customer account: a business's name
        return company_name(h.rng)
    if last in _DEAL_WORDS:
        return f"{company_name(h.rng).split(',')[0]} {h.rng.choice(('renewal', 'expansion', 'pilot', 'upgrade'))}"
    if last in ("name", "display", "full"):
        return f"{noun(h)}-{h.rng.choice(('nightly', 'primary', 'eu', 'archive', 'v2'))}"
    if singular(last) in _WORK_KINDS:  # what people work on is named in words: "Plan the depot rollout"
        n, w = noun(h), h.rng.choice(_WORK)
        return h.rng.choice((f"{n.capitalize()} {w}", f"Q{h.rng.randint(1, 4)} {n} {w}",
                             f"{h.rng.choice(('Plan', 'Review', 'Finish', 'Prepare'))} the {n} {w}"))
    return resource(h, last)  # anything else by a slug: `realm-invoice-prod`


# Kinds of things people plan and name in words (a task, a section of a board, a goal, a campaign).
_WORK_KINDS = frozenset({"task", "subtask", "section", "goal", "milestone", "campaign", "story", "initiative",
                         "objective", "todo", "checklist", "agenda", "meeting", "plan", "roadmap", "cycle", "phase",
                         "workstream", "deliverable", "okr", "action", "activity", "assignment", "course", "lesson"})
_WORK = ("review", "rollout", "planning", "onboarding", "audit", "launch", "cleanup", "budget", "handover")


_GATHERING = re.compile(r"\b(events?|meetings?|appointments?|calendars?|venues?|interviews?|conferences?)\b", re.I)


def _place(h: Hint) -> str:
    """A region or location: a cloud region in software (`westeurope`), a city anywhere else; where people
    meet (an event's, a meeting's location), a city whatever the spec."""
    if h.org.technical and not _GATHERING.search(f"{h.description} {h.about}"):
        return h.rng.choice(h.org.regions)
    return city(h.rng, h.org.locale)


def _group(h: Hint) -> str:
    """A group of people or things: a software team's is a team, any other's is named for what it is about."""
    if h.org.technical:
        return h.rng.choice(h.org.teams)
    return f"{topic(h).capitalize()} {plural(noun(h))}"


_PATHISH = frozenset({"path", "source", "destination", "target", "src", "dst", "location", "dest", "to", "from"})
_NAMEISH = frozenset({"name", "title", "label", "display_name"})


def for_entity(h: Hint, entity: str, slot_name: str) -> str:
    """A value naming an entity of kind `entity` in a slot called `slot_name`: a path where a
    path is meant (`source` of a file), a name where a name is meant, else its identifier."""
    e = entity.lower().replace("-", "_").replace(" ", "_").rsplit("_", 1)[-1]
    kind = "path" if slot_name in _PATHISH else "name" if slot_name in _NAMEISH or slot_name.endswith("_name") else "id"
    if e in ("file", "attachment", "image") or (e == "document" and kind == "path"):
        if kind == "name":
            return file_path(h).rsplit("/", 1)[-1]
        return relative_file(h) if {"owner", "repo"} <= h.context else file_path(h)
    if e in ("directory", "folder", "dir", "workspace", "worktree"):
        d = directory(h)
        return d.rsplit("/", 1)[-1] if kind == "name" else d
    if e in ("commit", "revision", "sha"):
        return sha(h)
    if e in PUBLIC_PEOPLE:  # a player or an actor is known by a full name and listed under an ID, not a login
        if kind == "name":
            return person_name(h.rng)
        return identifier(Hint(f"{e}_id", h.role, e, h.description, h.org, h.rng, h.parent, h.siblings, h.context))
    if e in _PEOPLE_WORDS:
        return person(h).name if kind == "name" else person(h).username
    if e in ("url", "link", "website", "page") and kind == "path":
        return url(h)
    if e == "page":
        return title(h) if kind == "name" else str(h.rng.randint(10000, 99999))
    if e in ("element", "node", "ref") and kind != "name":
        return f"e{h.rng.randint(2, 80)}" if kind == "id" else selector(h)
    if e == "channel":
        return "#" + h.rng.choice(h.org.channels) if kind != "id" else "C0" + f"{h.rng.getrandbits(40):010X}"[:9]
    if kind == "id" and e not in _NAMED_BY_ID:
        return identifier(Hint(f"{e}_id", h.role, e, h.description, h.org, h.rng, h.parent, h.siblings, h.context))
    return named(h, entity)


# entities whose usual identifier is their name (a branch is referred to by its name)
_NAMED_BY_ID = frozenset({"branch", "tag", "version", "release", "repo", "repository", "project", "key", "issue",
                          "ticket", "epic", "label", "table", "database", "index", "queue", "topic", "service",
                          "team", "space", "remote", "sprint", "board", "font"}) | _DESIGN_WORDS


def json_text(h: Hint) -> str:
    """A small JSON document as a string, for parameters that take JSON text."""
    d = h.description.lower()
    if "array" in d or "list" in d:
        return json.dumps([{"summary": title(h), "project_key": h.org.project_keys[0], "issue_type": "Task"}])
    return json.dumps({"priority": h.rng.choice(("High", "Medium")), "labels": [noun(h)], "owner": person(h).email})


def number_list(h: Hint) -> str:
    """Numbers a text slot holds as a list ("A list of integers, one per pile"): small whole ones, written as
    the description says, a JSON array unless it asks for commas."""
    picked = [h.rng.randint(1, 9) for _ in range(h.rng.randint(3, 4))]
    if re.search(r"comma[- ]separated", h.description, re.I):
        return ",".join(map(str, picked))
    return json.dumps(picked)


def comma_list(h: Hint) -> str:
    w = h.name.lower()
    if "field" in w:
        return h.rng.choice(("summary,status,assignee", "summary,priority,updated", "status,labels"))
    if "key" in w or "issue" in w:
        return ",".join(issue_key(h) for _ in range(2))
    return ",".join(h.rng.sample(h.org.nouns, 2))


def javascript(h: Hint) -> str:
    if "=>" in h.description or "function" in h.name.lower():
        return h.rng.choice(("() => document.title", "() => document.querySelectorAll('tr.order-row').length",
                             "(element) => element.textContent"))
    return h.rng.choice(("document.title", "document.querySelectorAll('a').length",
                         "window.scrollTo(0, document.body.scrollHeight)"))


def keyboard(h: Hint) -> str:
    return h.rng.choice(KEYS)


LOCATORS = {"id": lambda h: f"{noun(h)}-submit", "css": selector, "css selector": selector, "xpath": lambda h: xpath(h),
            "name": lambda h: f"{noun(h)}_search", "tag": lambda h: h.rng.choice(("button", "input", "form")),
            "tag name": lambda h: h.rng.choice(("button", "input", "form")),
            "class": lambda h: h.rng.choice(("btn-primary", f"{noun(h)}-row", "modal-footer")),
            "class name": lambda h: h.rng.choice(("btn-primary", f"{noun(h)}-row", "modal-footer")),
            "link text": lambda h: h.rng.choice(("Sign in", "Invoices", "Settings"))}
