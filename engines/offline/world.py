"""One consistent fictional organisation per scenario, derived from a seed.

Every realistic value the offline engine produces (paths, branches, emails, URLs, keys)
is drawn from one `Organisation`, so the calls of a scenario talk about the same
company, people, repositories and services.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from engines.offline.members import ClosedLists

_PREFIXES = (
    "Nimbus", "Harbor", "Cobalt", "Juniper", "Atlas", "Lumen", "Brightwater", "Kestrel",
    "Orchid", "Summit", "Polar", "Ember", "Granite", "Meridian", "Tidal", "Willow",
    "Alder", "Beacon", "Copper", "Driftwood", "Falcon", "Helix", "Larch", "Quarry",
)
# industry -> (company suffix, domain nouns used for projects, services and tables)
_INDUSTRIES = (
    ("Freight", ("shipment", "carrier", "invoice", "route", "warehouse", "tracking")),
    ("Health", ("patient", "appointment", "clinic", "prescription", "billing", "referral")),
    ("Logistics", ("parcel", "depot", "dispatch", "manifest", "fleet", "customs")),
    ("Analytics", ("dashboard", "metrics", "ingest", "report", "cohort", "events")),
    ("Foods", ("order", "menu", "kitchen", "delivery", "supplier", "inventory")),
    ("Energy", ("meter", "tariff", "grid", "outage", "reading", "contract")),
    ("Bank", ("ledger", "payment", "account", "transfer", "statement", "kyc")),
    ("Travel", ("booking", "itinerary", "fare", "hotel", "loyalty", "checkin")),
    ("Media", ("article", "playlist", "subscriber", "asset", "newsletter", "ads")),
    ("Robotics", ("firmware", "telemetry", "sensor", "calibration", "fleet", "mission")),
)
_TLDS = ("io", "com", "dev", "co")
_KINDS = ("service", "api", "worker", "web", "gateway", "sync")
_FIRST = (
    "Dana", "Priya", "Marcus", "Elena", "Tomás", "Aisha", "Kenji", "Sofia", "Noah", "Leila",
    "Oskar", "Mei", "Rafael", "Ingrid", "Samuel", "Yara", "Arjun", "Chloe", "Mateo", "Hana",
)
_LAST = (
    "Whitfield", "Raman", "Okafor", "Lindqvist", "Moreno", "Haddad", "Tanaka", "Costa",
    "Becker", "Nakamura", "Ferreira", "Novak", "Osei", "Brennan", "Kowalski", "Duarte",
)
_TEAMS = ("platform", "payments", "growth", "data", "mobile", "infra", "security", "support")
_BRANCH_TOPICS = ("retry", "timeout", "pagination", "export", "audit-log", "rate-limit", "cache", "search")
_REGIONS = ("eastus", "westeurope", "northeurope", "westus2", "uksouth", "centralus")
_DIRS = ("src", "tests", "docs", "config", "scripts", "migrations")
_LANGUAGE_OF = {".py": "python", ".ts": "javascript", ".go": "go"}
EXTENSIONS = {"src": (".py", ".ts", ".go"), "tests": (".py", ".ts"), "docs": (".md",), "config": (".yaml", ".json"),
         "scripts": (".sh", ".py"), "migrations": (".sql",)}


@dataclass(frozen=True)
class Person:
    name: str
    email: str
    username: str


@dataclass(frozen=True)
class Organisation:
    """A fictional organisation; all tuples are ordered so iteration is deterministic."""

    seed: int
    name: str
    slug: str
    domain: str
    people: tuple[Person, ...]
    teams: tuple[str, ...]
    nouns: tuple[str, ...]
    projects: tuple[str, ...]
    project_keys: tuple[str, ...]
    branches: tuple[str, ...]
    root: str
    directories: tuple[str, ...]
    files: tuple[str, ...]
    services: tuple[str, ...]
    urls: tuple[str, ...]
    tags: tuple[str, ...]
    channels: tuple[str, ...]
    tables: tuple[str, ...]
    regions: tuple[str, ...]
    resource_groups: tuple[str, ...]
    subscription: str
    tenant: str
    technical: bool = True  # its people talk of deploys and migrations (a software team), or of everyday work
    topics: tuple[str, ...] = ()  # what the spec's descriptions talk about (a weather spec's stations, locations)
    locale: str = ""  # the Faker locale of the language the spec is written in, where that is not English
    numeric_ids: frozenset[str] = frozenset()  # kinds whose IDs the spec types as integers (`user_id: integer`)
    ledger: str = ""  # a blockchain spec's address style (`hex40`, `hex64`, `base58`, `bech32`); "" for any other
    coin: str = ""  # the coin its balances are counted in
    # Examples the spec's descriptions give a parameter anywhere (`documentPath`: "users/userId1/orders/orderId1"):
    # the same parameter in a tool that gives none takes values of that shape too.
    shown: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # Kinds whose IDs the spec says a public registry gives (`paper_id`: "The arXiv ID of the paper"): (kind, registry).
    registry_ids: tuple[tuple[str, str], ...] = ()
    ecosystem: str = ""  # the programming language the spec's texts speak of most (`javascript` for an npm server)
    kinds: frozenset[str] = frozenset()  # the nouns the spec's tool names name (`cycle` of `get_cycles`)
    id_kinds: frozenset[str] = frozenset()  # the kinds its parameters name by an ID (`project` of `projectId`)
    # The spec's closed lists of values, by the words of the parameter that takes them (members.py): which
    # providers, database types or themes there are.
    lists: ClosedLists = ()

    def project_path(self, project: str) -> str:
        return f"{self.root}/{project}"

    @property
    def owner(self) -> str:
        return self.slug


def _pick(rng: random.Random, pool: tuple[str, ...], k: int) -> tuple[str, ...]:
    return tuple(rng.sample(pool, k))


@lru_cache(maxsize=1024)
def make_org(seed: int, subjects: tuple[str, ...] = (), numeric_ids: frozenset[str] = frozenset(),
             topics: tuple[str, ...] = (), technical: bool | None = None, locale: str = "",
             ledger: tuple[str, str] = ("", ""), shown: tuple[tuple[str, tuple[str, ...]], ...] = (),
             registry_ids: tuple[tuple[str, str], ...] = (), site: tuple[str, str] = (),
             ecosystem: str = "", kinds: frozenset[str] = frozenset(),
             id_kinds: frozenset[str] = frozenset(),
             lists: ClosedLists = ()) -> Organisation:
    """The organisation for `seed`: the same seed always gives the same organisation. `subjects` (at least
    two nouns, e.g. what a spec's tools work on) replace the industry's nouns, so its projects, services,
    tables and the topics of its texts are about the spec's own things; `topics` (from the spec's
    descriptions) are what its texts talk about, and `technical` whether they talk like a software team
    (without a spec to say: when it has fewer than two subjects or a software one); `ledger` a blockchain
    spec's address style and coin (ledger.py); `id_kinds` the kinds its parameters name by an ID; `lists` its
    closed lists of values (members.py)."""
    rng = random.Random(f"org:{seed}")
    prefix = rng.choice(_PREFIXES)
    suffix, nouns = rng.choice(_INDUSTRIES)
    if len(subjects) >= 2:
        nouns = subjects
    slug = f"{prefix}{suffix}".lower()
    domain = f"{slug}.{rng.choice(_TLDS)}"
    firsts = _pick(rng, _FIRST, 6)
    lasts = _pick(rng, _LAST, 6)
    people = tuple(
        Person(f"{f} {l}", f"{_ascii(f).lower()}.{_ascii(l).lower()}@{domain}", f"{_ascii(f).lower()}{_ascii(l)[0].lower()}")
        for f, l in zip(firsts, lasts)
    )
    nouns = _pick(rng, nouns, min(4, len(nouns)))
    projects = tuple(f"{n}-{rng.choice(_KINDS)}" for n in nouns)
    key_base = prefix[:4].upper()
    project_keys = (key_base,) + tuple(n[:3].upper() for n in nouns[:2])
    branches = ("main",) + tuple(
        f"{kind}/{nouns[i % len(nouns)]}-{topic}"
        for i, (kind, topic) in enumerate(zip(("feature", "fix", "feature", "chore"), _pick(rng, _BRANCH_TOPICS, 4)))
    )
    root = f"/srv/{slug}"
    directories = tuple(f"{root}/{p}/{d}" for p, d in zip(projects, _pick(rng, _DIRS, 4)))
    files = tuple(
        f"{d}/{_file_name(d.rsplit('/', 1)[-1], nouns[i % len(nouns)], t.replace('-', '_'), rng, ecosystem)}"
        for i, (d, t) in enumerate(zip(directories, _pick(rng, _BRANCH_TOPICS, 4)))
    )
    services = tuple(f"{n}-api" for n in nouns)
    urls = (f"https://app.{domain}/", f"https://api.{domain}/v2/{plural(nouns[0])}", f"https://docs.{domain}/{nouns[1]}",
            f"https://status.{domain}/")
    if site:  # a spec about one product's things (its listings, its cards): their links are on the product's site
        urls = tuple(f"https://www.{site[0]}/{site[1]}/{rng.randint(10**7, 10**8 - 1)}" for _ in range(4))
    major = rng.randint(1, 4)
    tags = tuple(f"v{major}.{minor}.{rng.randint(0, 9)}" for minor in sorted(rng.sample(range(12), 3)))
    channels = tuple(f"{t}-alerts" if i == 0 else t for i, t in enumerate(_pick(rng, _TEAMS, 3)))
    tables = tuple(plural(n) for n in nouns)
    regions = _pick(rng, _REGIONS, 2)
    resource_groups = tuple(f"rg-{slug}-{env}" for env in ("prod", "staging"))
    subscription = _uuid(rng)
    tenant = _uuid(rng)
    return Organisation(
        seed=seed, name=f"{prefix} {suffix}", slug=slug, domain=domain, people=people,
        teams=_pick(rng, _TEAMS, 3), nouns=nouns, projects=projects, project_keys=project_keys,
        branches=branches, root=root, directories=directories, files=files, services=services,
        urls=urls, tags=tags, channels=channels, tables=tables, regions=regions,
        resource_groups=resource_groups, subscription=subscription, tenant=tenant,
        technical=(len(subjects) < 2 or bool(set(subjects) & _TECHNICAL)) if technical is None else technical,
        topics=topics, locale=locale, numeric_ids=numeric_ids, ledger=ledger[0], coin=ledger[1], shown=shown,
        registry_ids=registry_ids, ecosystem=ecosystem, kinds=kinds, id_kinds=id_kinds, lists=lists,
    )


# Subjects of software and infrastructure: an organisation working on these talks like an engineering team.
_TECHNICAL = frozenset({"host", "dns", "cve", "cpe", "ip", "server", "container", "api", "endpoint", "log", "metric",
                        "deploy", "deployment", "build", "cluster", "node", "cache", "sql", "query", "token",
                        "certificate", "domain", "network", "port", "vulnerability", "scan", "package", "dependency",
                        "model", "dataset", "trace", "span", "alert", "incident", "webhook", "function", "lambda",
                        "instance", "volume", "image", "registry", "secret", "job", "pipeline", "repository", "code",
                        "bug", "test", "release", "device", "firmware", "sensor", "contract", "wallet", "block",
                        "transaction", "chain", "gas", "smart", "pod", "service", "component", "schema", "migration"})


_MASS_NOUNS = frozenset({"telemetry", "firmware", "customs", "metrics", "analytics", "kyc", "ads", "events", "billing",
                         "tracking", "inventory", "calibration", "dispatch"})


def plural(noun: str) -> str:
    """Collection names: "shipments", "parcels", "customs", "telemetry" (mass nouns stay as they are)."""
    if noun in _MASS_NOUNS or noun.endswith("s"):
        return noun
    if noun.endswith(("x", "sh", "ch")):
        return noun + "es"
    return noun[:-1] + "ies" if noun.endswith("y") and noun[-2:-1] not in "aeiou" else noun + "s"


def _file_name(directory: str, noun: str, topic: str, rng: random.Random, ecosystem: str = "") -> str:
    """A file name that fits its directory: tests/test_x.py, migrations/0007_x.sql, docs/x.md; source in the
    spec's own language where it speaks of one (an npm server's sources are TypeScript)."""
    own = tuple(e for e in EXTENSIONS[directory] if _LANGUAGE_OF.get(e, ecosystem) == ecosystem) if ecosystem else ()
    ext = rng.choice(own or EXTENSIONS[directory])
    if directory == "tests":
        return f"test_{noun}_{topic}{ext}"
    if directory == "migrations":
        return f"{rng.randint(3, 40):04d}_add_{noun}_{topic}{ext}"
    return f"{noun}_{topic}{ext}"


def _uuid(rng: random.Random) -> str:
    h = f"{rng.getrandbits(128):032x}"
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{'89ab'[int(h[16], 16) % 4]}{h[17:20]}-{h[20:32]}"


def _ascii(s: str) -> str:
    return s.translate(str.maketrans("áéíóúãõç", "aeiouaoc"))
