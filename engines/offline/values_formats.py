"""Realistic strings for JSON Schema `format`s, drawn from the organisation.

Dates come from a fixed epoch (the world's "today") plus a seeded offset, never from the
clock, so the same seed gives the same dates on any day.
"""

from __future__ import annotations

import base64
import mimetypes
import random
import re
from datetime import date, datetime, timedelta, timezone
from typing import Callable

from engines.offline.world import Organisation, _uuid

EPOCH = datetime(2026, 3, 16, 9, 30, tzinfo=timezone.utc)  # the fictional "now" of every scenario


def _variable(example: str) -> bool:
    """An identifier whose digits can vary: three or more of them, and no path or URL."""
    return sum(c.isdigit() for c in example) >= 3 and not example.startswith(("/", "http")) and len(example) <= 40


_SEGMENTS = re.compile(r"[^-_:./]+|[-_:./]")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_HEX = re.compile(r"[0-9a-f]{6,}|[0-9A-F]{6,}")


def _random_token(segment: str) -> bool:
    """A segment no one chose (`9s6XKzkNRiz8i3` of `cus_9s6XKzkNRiz8i3`): all of it varies, not just its
    digits. A short word-and-number like `OL23919A` keeps its letters."""
    return len(segment) >= 10 and any(c.isdigit() for c in segment) and any(c.isalpha() for c in segment)


def _hex(segment: str) -> bool:
    return bool(_HEX.fullmatch(segment)) and any(c.isalpha() for c in segment) and any(c.isdigit() for c in segment)


def _segment_pattern(segment: str) -> str:
    if _hex(segment):
        return f"[0-9a-f]{{{len(segment)}}}" if segment.islower() else f"[0-9A-F]{{{len(segment)}}}"
    if _random_token(segment):
        return f"[A-Za-z0-9]{{{len(segment)}}}"
    return "".join(r"\d+" if part[0].isdigit() else re.escape(part) for part in re.findall(r"\d+|\D+", segment))


_POOLS = (("0123456789", str.isdigit), ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", str.isupper),
          ("abcdefghijklmnopqrstuvwxyz", str.islower))


def _segment_like(segment: str, rng: random.Random) -> str:
    if segment.isdigit() and len(segment) == 4 and 1990 <= int(segment) <= 2030:
        return str(rng.randint(2016, 2025))  # a year stays a year (`CVE-2022-0087` -> `CVE-2024-5312`, not `CVE-7604-…`)
    if _hex(segment):
        digits = "0123456789abcdef" if segment.islower() else "0123456789ABCDEF"
        return "".join(rng.choice(digits) for _ in segment)
    if _random_token(segment):  # each character drawn from its own class: upper, lower or digit
        return "".join(rng.choice(next((p for p, is_ in _POOLS if is_(c)), c)) for c in segment)
    out, lead = [], True
    for c in segment:
        if c.isdigit():
            out.append(str(rng.randint(1, 9)) if lead and c != "0" else str(rng.randint(0, 9)))
            lead = False
        else:
            out.append(c)
            lead = True
    return "".join(out)


def shaped_like(example: str, rng: random.Random) -> str:
    """Another identifier of the example's shape, so scenarios do not all name the one example: a UUID for
    a UUID, a hex digest of the same length for one, a random token's characters drawn anew (`cus_9s6XKzkN`
    -> `cus_4tQ2bWmA`), elsewhere the letters and punctuation kept and the digits drawn anew (`OL23919A` ->
    `OL48213A`). An example with fewer than three digits, or a path or URL, is returned as it is."""
    if not _variable(example):
        return example
    if _UUID.fullmatch(example):
        made = _uuid(rng)
        return made.upper() if example.isupper() else made
    return "".join(_segment_like(seg, rng) for seg in _SEGMENTS.findall(example))


def shape_of(example: str) -> str | None:
    """The pattern identifiers of `example`'s shape match (`OL23919A` -> `OL\\d+A`, a UUID -> any UUID),
    for examples `shaped_like` varies; None for any other."""
    if not _variable(example):
        return None
    if _UUID.fullmatch(example):
        return _UUID.pattern
    return "".join(_segment_pattern(seg) for seg in _SEGMENTS.findall(example))


def when(rng: random.Random, past_days: int = 120, future_days: int = 30) -> datetime:
    """A moment near the epoch, to the minute, during working hours."""
    day = EPOCH + timedelta(days=rng.randint(-past_days, future_days))
    return day.replace(hour=rng.randint(7, 19), minute=rng.choice((0, 5, 15, 20, 30, 45, 50)), second=0)


def iso_date(rng: random.Random) -> str:
    return when(rng).date().isoformat()


def iso_datetime(rng: random.Random) -> str:
    return when(rng).strftime("%Y-%m-%dT%H:%M:%SZ")


def last_touched(rng: random.Random) -> str:
    """A moment before the scenario's now (`EPOCH`): when the records a call finds were last touched."""
    return (EPOCH - timedelta(minutes=rng.randint(90, 120 * 24 * 60), seconds=rng.randint(0, 59))) \
        .strftime("%Y-%m-%dT%H:%M:%SZ")


def past_datetime(rng: random.Random) -> str:
    """A moment before now, as a UTC date-time: when something that exists was made or last touched."""
    return when(rng, future_days=-1).strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_time(rng: random.Random) -> str:
    return when(rng).strftime("%H:%M:%SZ")


def minutes_later(start: str, rng: random.Random) -> str | None:
    """A moment half an hour to an hour and a half after `start` (a date-time), in the same form; None for a date."""
    m = re.match(r"(\d{4}-\d\d-\d\d)([T ])(\d\d:\d\d(?::\d\d)?)(.*)$", start)
    if m is None:
        return None
    form = "%Y-%m-%d %H:%M:%S" if m.group(3).count(":") == 2 else "%Y-%m-%d %H:%M"
    moment = datetime.strptime(f"{m.group(1)} {m.group(3)}", form) + timedelta(minutes=rng.choice((30, 45, 60, 60, 90)))
    return moment.strftime(form).replace(" ", m.group(2)) + m.group(4)


def later(start: str, rng: random.Random) -> str:
    """A date (or date-time) some days after `start`, in the same form."""
    day = date.fromisoformat(start[:10]) + timedelta(days=rng.choice((1, 3, 7, 14, 30)))
    return day.isoformat() + start[10:]


def email(org: Organisation, rng: random.Random) -> str:
    return rng.choice(org.people).email


def url(org: Organisation, rng: random.Random) -> str:
    return rng.choice(org.urls)


def hostname(org: Organisation, rng: random.Random, said: str = "") -> str:
    """A host of the organisation's; of the service `said` names where it names one ("SMTP host": `smtp.…`)."""
    known = service(said)
    return f"{known[1]}.{org.domain}" if known else f"{rng.choice(org.services)}.{org.domain}"


def connection_string(org: Organisation, said: str = "") -> str:
    """A database connection string in the form of the database `said` names (PostgreSQL's URL by default;
    SQL Server's keyword list where the text speaks of SQL Server or Azure SQL)."""
    db = f"{org.slug}_prod"
    if re.search(r"sql ?server|mssql|azure sql|t-sql", said, re.I):
        return f"Server=tcp:{org.slug}-sql.database.windows.net,1433;Database={db};Authentication=Active Directory Default;"
    if re.search(r"sqlite", said, re.I):
        return f"sqlite:////srv/{org.slug}/data/{db}.db"
    for pattern, scheme in ((r"mysql|mariadb", "mysql"), (r"mongo", "mongodb"), (r"redis", "redis")):
        if re.search(pattern, said, re.I):
            port, host = service(scheme) or (0, "db")
            return f"{scheme}://{host}.{org.domain}:{port}/" + ("0" if scheme == "redis" else db)
    return f"postgresql://app@db.{org.domain}:5432/{db}"


# Services a host or port may be said to be of: (words, its usual port, the host name it usually has).
_SERVICES = ((r"smtp|outgoing mail", 587, "smtp"), (r"imap", 993, "imap"), (r"pop3?", 995, "pop"),
             (r"postgres(?:ql)?", 5432, "db"), (r"mysql|mariadb", 3306, "db"), (r"redis", 6379, "cache"),
             (r"mongo(?:db)?", 27017, "mongo"), (r"s?ftp", 21, "ftp"), (r"ssh", 22, "ssh"), (r"ldaps?", 389, "ldap"),
             (r"kafka", 9092, "kafka"), (r"elasticsearch|opensearch", 9200, "search"), (r"rabbitmq|amqp", 5672, "mq"),
             (r"https", 443, "www"))
_SERVICE_WORDS = tuple((re.compile(rf"\b(?:{w})\b", re.I), port, host) for w, port, host in _SERVICES)


def service(said: str) -> tuple[int, str] | None:
    """(usual port, usual host name) of the first service `said` names ("SMTP port"), if any."""
    return next(((port, host) for w, port, host in _SERVICE_WORDS if w.search(said)), None) if said else None


def ipv4(rng: random.Random) -> str:
    return f"10.{rng.randint(0, 40)}.{rng.randint(0, 255)}.{rng.randint(2, 254)}"


def ipv6(rng: random.Random) -> str:
    return "fd00:" + ":".join(f"{rng.getrandbits(16):x}" for _ in range(3)) + "::" + f"{rng.randint(1, 0xfff):x}"


def base64_text(org: Organisation, rng: random.Random) -> str:
    noun = rng.choice(org.nouns)
    return base64.b64encode(f"{noun} export for {org.name}\n".encode()).decode()


_REGEXES = ("ERROR .*timeout", r"^feat(\(\w+\))?: ", r"invoice-\d{4}", r"\bTODO\b", r"status=(open|pending)")


def _formats() -> dict[str, Callable[[Organisation, random.Random], str]]:
    return {
        "date": lambda o, r: iso_date(r),
        "date-time": lambda o, r: iso_datetime(r),
        "time": lambda o, r: iso_time(r),
        "duration": lambda o, r: r.choice(("PT15M", "PT1H", "P1D", "PT30S", "P7D")),
        "email": email,
        "idn-email": email,
        "uri": url,
        "url": url,
        "iri": url,
        "uri-reference": url,
        "iri-reference": url,
        "uri-template": lambda o, r: f"https://api.{o.domain}/v2/{r.choice(o.nouns)}s/{{id}}",
        "uuid": lambda o, r: _uuid(r),
        "ipv4": lambda o, r: ipv4(r),
        "ipv6": lambda o, r: ipv6(r),
        "hostname": hostname,
        "idn-hostname": hostname,
        "regex": lambda o, r: r.choice(_REGEXES),
        "json-pointer": lambda o, r: f"/{r.choice(o.nouns)}s/{r.randint(0, 9)}/status",
        "relative-json-pointer": lambda o, r: f"{r.randint(0, 2)}/name",
        "color": lambda o, r: r.choice(("#1f6feb", "#2da44e", "#d1242f", "#8250df", "#bf8700")),
        "byte": base64_text,
        "binary": base64_text,
        "password": lambda o, r: f"Tr0ub4dor-{r.randint(1000, 9999)}",
    }


FORMATS = _formats()


def format_string(fmt: str, org: Organisation, rng: random.Random) -> str | None:
    """A realistic value for a known format, or None when the format is unknown."""
    make = FORMATS.get(fmt)
    return make(org, rng) if make else None


def today() -> date:
    return EPOCH.date()


_DOCUMENTS = frozenset({"pdf", "doc", "docx", "odt", "rtf", "txt", "md", "pptx", "ppt", "epub", "html", "tex"})


def format_path(path: str, formats: tuple[str, ...], rng: random.Random) -> str | None:
    """`path` as a file of one of `formats` where each is a file format ("Path to the document (PDF, JPG, PNG, etc.)":
    `…/docs/carrier_retry.pdf`, not `PDF`), in its project's folder for such files; None where any is not one."""
    exts = [f.lower().lstrip(".") for f in formats]
    kinds = [mimetypes.guess_type(f"x.{e}")[0] for e in exts]
    if not all(kinds):
        return None
    k = rng.randrange(len(exts))
    major = kinds[k].split("/")[0]
    folder = "assets" if major == "image" else "media" if major in ("audio", "video") else \
        "docs" if exts[k] in _DOCUMENTS else "data"
    project, _, name = path.rpartition("/")
    stem = name.rsplit(".", 1)[0].removeprefix("test_")
    return f"{project.rsplit('/', 1)[0] if project.count('/') > 3 else project}/{folder}/{stem}.{exts[k]}"


# A path a description shows ("Relative path of the file (e.g., "components/sync/service/data_type_manager.cc")"):
# the spec's own tree, which a path of that slot stays in.
_SHOWN_PATH = re.compile(r"""(?:e\.g\.,?|example:?|such as|like)\s*[("'`]*((?:/?[\w.@-]+/)+[\w@-]+\.(\w{1,5}))\b""", re.I)
_CODE_EXTS = frozenset({"c", "cc", "cpp", "h", "hpp", "py", "ts", "tsx", "js", "jsx", "go", "java", "kt", "rs", "rb",
                        "php", "cs", "swift", "scala", "m", "mm"})


def beside_example(description: str, rng: random.Random) -> str | None:
    """A file beside the one a description shows as an example, of its type (`…/service/data_type_manager.cc` ->
    itself or `…/service/data_type_util.cc`); None where it shows no path."""
    shown = _SHOWN_PATH.search(description or "")
    if shown is None:
        return None
    folder, _, name = shown.group(1).rpartition("/")
    ext = shown.group(2)
    words = name[: -len(ext) - 1].split("_")
    ends = ("impl", "util", "test", "helper", "base") if ext.lower() in _CODE_EXTS else ("v2", "final", "draft", "notes")
    stem = "_".join(words) if rng.random() < 0.4 else "_".join((words[:-1] or words) + [rng.choice(ends)])
    return f"{folder}/{stem}.{ext}"

