"""What records of common kinds hold, for tools whose spec says nothing of their output.

Most MCP tools declare no outputSchema, and for most of them no other tool of the spec names the
fields of their kind either (a news search, a weather lookup, a coin price). A real server still
answers with the fields such a record has everywhere: an article has a title, a source and a
publication date; a forecast has a temperature and conditions; a coin has a price and a market cap.
The kinds here are common nouns, matched on the words of the tool's entity, never on a product;
each field is drawn by its meaning (a count spans magnitudes, a price has cents, a search hit's
score falls with its rank), so a record reads like one of its kind whatever the spec.
"""

from __future__ import annotations

import math
import random
import re
from datetime import timedelta
from typing import Any, Callable
from zoneinfo import ZoneInfo

from common.taxonomy import singular, tokens
from engines.offline import ledger
from engines.offline import values_formats as fmt
from engines.offline.derived import is_zone, plausible_weather
from engines.offline.values_standard import CITY_COORDS, CITY_COUNTRY, person_name
from engines.offline.world import Organisation

Draw = Callable[[random.Random, Organisation, str], Any]  # (rng, org, topic) -> value


def _count(lo: int, hi: int) -> Draw:
    """A count spread over orders of magnitude, as views, followers or downloads are."""
    return lambda rng, org, topic: int(round(math.exp(rng.uniform(math.log(lo), math.log(hi)))))


def _num(lo: float, hi: float, places: int = 2) -> Draw:
    return lambda rng, org, topic: round(rng.uniform(lo, hi), places)


def _pick(*choices: Any) -> Draw:
    return lambda rng, org, topic: rng.choice(choices)


def _when(rng: random.Random, org: Organisation, topic: str) -> str:
    """A moment a record was made, sent or seen: before now, never ahead of it."""
    return fmt.past_datetime(rng)


def _ahead(rng: random.Random, org: Organisation, topic: str) -> str:
    """A moment planned (a start, a due date, an expiry): before or after now."""
    return fmt.iso_datetime(rng)


def _released(rng: random.Random, org: Organisation, topic: str) -> str:
    """A catalogue's date: years back, not the days around the workflow's now."""
    return f"{rng.randint(1960, 2024)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def _zone(rng: random.Random, org: Organisation, topic: str) -> str:
    """The time zone a clock is read in: the one asked about (`Asia/Tokyo`), else a common one."""
    return topic if is_zone(topic) else rng.choice(("UTC", "Europe/London", "America/New_York", "Asia/Tokyo"))


def _now_in(rng: random.Random, zone: str) -> str:
    """The workflow's now read on a clock in `zone`, with its offset: what a current-time tool answers."""
    moment = fmt.EPOCH + timedelta(seconds=rng.randint(5, 900))
    return moment.astimezone(ZoneInfo(zone)).isoformat(timespec="seconds").replace("+00:00", "Z")


def _day(rng: random.Random, org: Organisation, topic: str) -> str:
    return fmt.iso_date(rng)


_TITLED = ("", ": what changed", " explained", " — an overview", ": a practical guide", " in 2026")


def title(rng: random.Random, org: Organisation, topic: str) -> str:
    return topic[:1].upper() + topic[1:] + rng.choice(_TITLED)


def retitle(title: str, taken: set[str]) -> str:
    """Another title on the same topic than the ones `taken` (a second hit on "Fleet budget" is "Fleet budget
    explained"); the title itself where every form is taken."""
    stem = next((title[: -len(end)] for end in _TITLED if end and title.endswith(end)), title)
    return next((stem + end for end in _TITLED if stem + end not in taken), title)


def _paper_title(rng: random.Random, org: Organisation, topic: str) -> str:
    """A research paper's title on `topic`: what studies are called, not a blog post's headline."""
    cap = topic[:1].upper() + topic[1:]
    return rng.choice((f"A survey of {topic}", f"{cap}: a systematic review", f"New evidence on {topic}",
                       f"Measuring {topic} at scale", f"{cap}: methods, data and open questions"))


def summary(rng: random.Random, org: Organisation, topic: str) -> str:
    return rng.choice((f"An overview of {topic}, with the main figures and what they mean.",
                       f"Covers {topic}: the background, the latest numbers and what comes next.",
                       f"Key points on {topic}, summarised from the full text."))


def _about(rng: random.Random, org: Organisation, topic: str) -> str:
    return rng.choice((f"Everything related to {topic}.", f"Work on {topic}.", f"{topic[:1].upper()}{topic[1:]}."))


def _doc_title(rng: random.Random, org: Organisation, topic: str) -> str:
    return topic[:1].upper() + topic[1:]


def _doc_page(rng: random.Random, org: Organisation, topic: str) -> str:
    """A page of documentation on `topic`: a heading, what it is for, and how it is set (Markdown)."""
    key = "_".join(w for w in tokens(topic) if w.isalnum())[:40] or "option"
    value = rng.choice(("true", "30", "auto"))
    return (f"# {_doc_title(rng, org, topic)}\n\n"
            f"Use {topic} to control how this part behaves. It is optional; when it is left out, the default applies."
            f"\n\n## Example\n\n```yaml\n{key}: {value}\n```\n\n"
            "## Notes\n\n- Changes take effect the next time it loads.\n- See also the related settings in this section.")


def _findings(rng: random.Random, topic: str) -> list[str]:
    return rng.sample((f"Interest in {topic} grew over the last quarter.", f"Most sources on {topic} agree on the basics.",
                       f"Costs remain the main open question for {topic}.", f"Two recent reports on {topic} disagree on timing."), 2)


def _said(rng: random.Random, org: Organisation, topic: str) -> str:
    return rng.choice((f"Can someone take a look at {topic}?", f"Quick update on {topic}: done on my side.",
                       f"Any news on {topic}?", f"Thanks, the {topic} part looks good to me."))


def _logged(rng: random.Random, org: Organisation, topic: str) -> str:
    return rng.choice((f"{topic}: request completed in {rng.randint(8, 900)} ms", f"{topic}: retrying after timeout",
                       f"{topic}: cache miss, fetching from origin", f"{topic}: upstream returned 503",
                       f"{topic}: connection refused by {rng.choice(org.services)}"))


# A log line's level follows from what it says: a timeout retried is a warning, a refused connection an error.
_LEVELS = (("returned 5", "error"), ("refused", "error"), ("retrying", "warning"), ("", "info"))


def _service(rng: random.Random, org: Organisation, topic: str) -> str:
    return rng.choice(org.services)


# Languages by their ISO 639-1 codes, with the names a person reads.
_LANGUAGES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish", "ja": "Japanese", "pt": "Portuguese"}


def _language_of(text: str) -> str | None:
    """The language a sentence is written in, where it shows: kana or kanji are Japanese, a sentence of plain
    ASCII words English (what the spec's own texts are written in); None for a few words, which say nothing."""
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text):
        return "ja"
    return "en" if len(text.split()) >= 4 and text.isascii() else None


# Metrics a service reports, with their unit and the range their values keep to.
_METRICS = {"request_latency_ms": ("ms", 20, 900), "error_rate": ("percent", 0.1, 5), "cpu_utilization": ("percent", 5, 95),
            "requests_per_second": ("requests/s", 5, 2_000), "memory_usage_bytes": ("bytes", 10**8, 8 * 10**9)}


def _series(rng: random.Random, lo: float, hi: float) -> list[dict[str, Any]]:
    """A metric's points: evenly spaced moments before now, values moving around one level within its range."""
    start, step = fmt.when(rng, past_days=30, future_days=-1), rng.choice((60, 300, 3600))
    level = math.exp(rng.uniform(math.log(lo), math.log(hi)))
    places = 0 if lo >= 1_000 else 2
    return [{"timestamp": (start + timedelta(seconds=step * k)).strftime("%Y-%m-%dT%H:%M:%SZ"),
             "value": round(min(hi, level * rng.uniform(0.85, 1.15)), places)} for k in range(rng.randint(4, 6))]


def _url(rng: random.Random, org: Organisation, topic: str) -> str:
    slug = "-".join(w for w in tokens(topic) if w.isalnum())[:60] or "item"
    return f"https://{org.domain}/{rng.choice(('articles', 'docs', 'p', 'posts'))}/{slug}"


def _person(rng: random.Random, org: Organisation, topic: str) -> str:
    return org.people[rng.randrange(len(org.people))].name


def _authors(rng: random.Random, org: Organisation, topic: str) -> list[str]:
    """A work's authors: one to four people, each named once."""
    return [p.name for p in rng.sample(org.people, min(len(org.people), rng.randint(1, 4)))]


def _username(rng: random.Random, org: Organisation, topic: str) -> str:
    return org.people[rng.randrange(len(org.people))].username


def _email(rng: random.Random, org: Organisation, topic: str) -> str:
    return org.people[rng.randrange(len(org.people))].email


def _hash(rng: random.Random, org: Organisation, topic: str) -> str:
    return "0x" + f"{rng.getrandbits(256):064x}"


def _semver(rng: random.Random, org: Organisation, topic: str) -> str:
    return f"{rng.randint(0, 4)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}"


_OUTLETS = ("Reuters", "AP News", "BBC News", "The Guardian", "Bloomberg", "TechCrunch")
_OUTLET_SITES = dict(zip(_OUTLETS, ("reuters.com", "apnews.com", "bbc.com", "theguardian.com", "bloomberg.com",
                                    "techcrunch.com")))
_PRICE, _PCT = _num(0.5, 2_500), _num(-12, 12)
_STATES = _pick("running", "running", "stopped", "pending")
_RUN = _pick("succeeded", "succeeded", "failed", "running")

# kind words -> the fields its records carry. Earlier entries win when a kind's words match several.
# How far a job has got: its state and share done (a run, an export, an upload).
_PROGRESS: dict[str, Draw] = {"state": _pick("pending", "in_progress", "completed", "completed", "failed"),
                              "progress_percent": _count(1, 100), "updated_at": _when}
# Words of things that run and finish: their status is a job's (`export_status`, `job status`).
_JOBS = frozenset({"job", "task", "run", "build", "export", "import", "upload", "download", "deployment", "operation",
                   "migration", "sync", "backup", "restore", "scan", "crawl", "training", "batch", "process", "workflow",
                   "pipeline", "render", "conversion", "transcription", "generation", "analysis", "indexing", "execution"})
_KINDS: tuple[tuple[str, dict[str, Draw]], ...] = (
    ("weather forecast temp temperature climate", {"temperature_c": _num(-8, 34, 1), "feels_like_c": _num(-12, 36, 1),  # set from the temperature below
                          "humidity_percent": _count(18, 98), "wind_speed_kmh": _num(0, 55, 1),
                          "conditions": _pick("clear", "partly cloudy", "overcast", "light rain", "showers", "snow"),
                          "observed_at": _when}),
    ("news article story headline blog", {"title": title, "source": _pick(*_OUTLETS), "url": _url,
                                          "published_at": _when, "summary": summary}),
    ("paper publication preprint citation", {"title": _paper_title, "authors": _authors,
                                             "year": _count(2012, 2026), "venue": _pick("arXiv", "NeurIPS", "Nature", "ACL", "ICML"),
                                             "citations": _count(1, 4_000), "abstract": summary}),
    ("video episode podcast", {"title": title, "channel": _person, "duration_seconds": _count(45, 5_400),
                               "views": _count(120, 4_000_000), "published_at": _when, "url": _url}),
    ("track song album playlist", {"title": title, "artist": _person, "duration_seconds": _count(120, 420),
                                   "release_date": _day}),
    ("book", {"title": title, "author": _person, "published_year": _count(1950, 2026), "pages": _count(90, 900),
              "language": _pick("en", "fr", "de", "es")}),
    ("image photo screenshot picture thumbnail", {"url": _url, "width": _pick(640, 1024, 1280, 1920),
                                                  "height": _pick(480, 720, 1080), "format": _pick("png", "jpeg", "webp"),
                                                  "size_bytes": _count(18_000, 4_000_000)}),
    ("qrcode qr barcode", {"image_url": lambda r, o, t: f"https://{o.domain}/qr/{r.getrandbits(40):010x}.png",
                           "format": _pick("png"), "width_px": _pick(164, 246, 330, 410)}),
    ("coin crypto cryptocurrency", {"price_usd": _num(0.01, 68_000, 4), "market_cap_usd": _count(10**7, 10**12),
                                    "volume_24h_usd": _count(10**5, 10**10), "change_24h_percent": _PCT}),
    ("statement financial financials earnings", {
        "fiscal_date_ending": _day, "reported_currency": _pick("USD", "USD", "EUR"),
        "total_revenue": _count(10**7, 4 * 10**11), "net_income": _count(10**6, 9 * 10**10),
        "total_assets": _count(10**8, 3 * 10**12), "operating_cash_flow": _count(10**6, 10**11)}),
    ("company corporation issuer", {
        "sector": _pick("Technology", "Financials", "Health Care", "Consumer Discretionary", "Energy", "Industrials"),
        "employees": _count(40, 300_000), "country": _pick("US", "US", "GB", "DE", "JP"),
        "founded_year": _count(1890, 2021), "website": _url}),
    ("keyword", {"search_volume": _count(10, 900_000), "cpc_usd": _num(0.05, 14), "competition": _num(0, 1, 2),
                 "trend_12m_percent": _PCT}),
    ("backlink", {"source_url": _url, "anchor_text": title, "domain_rating": _count(1, 95), "first_seen": _day}),
    ("traffic visit visitor pageview", {"visits": _count(100, 5_000_000), "unique_visitors": _count(80, 3_000_000),
                                        "bounce_rate": _num(0.2, 0.85), "period": _pick("30d", "7d", "90d")}),
    ("campaign newsletter broadcast", {"status": _pick("draft", "scheduled", "sent", "sent"),
                                       "recipients": _count(20, 80_000), "open_rate": _num(0.08, 0.6),
                                       "scheduled_at": _ahead}),
    ("score evaluation grade", {"score": _num(0, 1, 3), "passed": _pick(True, True, False), "evaluated_at": _when}),
    ("progress", _PROGRESS),
    # (the status of a machine, a connection, a login: how it is now, not how far a job has got)
    ("status state", {"status": _pick("ok", "ok", "online", "ready", "degraded"), "checked_at": _when}),
    ("question card", {"display": _pick("table", "bar", "line", "pie", "scalar"),
                                            "query_type": _pick("query", "native"), "description": _about,
                                            "updated_at": _when}),
    ("dashboard", {"description": _about, "card_count": _count(2, 24), "updated_at": _when}),
    ("chat conversation dialog", {"last_message": _said, "unread_count": _count(1, 40), "is_group": _pick(True, False),
                                  "last_message_at": _when}),
    ("tenant", {"display_name": _pick("Northwind", "Globex", "Initech", "Acme Retail", "Umbrella Health"), "plan": _pick("free", "pro", "enterprise"), "created_at": _when}),
    ("icon emoji glyph", {"category": _pick("arrows", "interface", "media", "people", "weather"),
                          "style": _pick("outline", "solid", "duotone"), "tags": lambda r, o, t: [t.split()[0], "ui"]}),
    ("medicine medication drug", {"generic_name": _pick("ibuprofen", "amoxicillin", "metformin", "atorvastatin",
                                                        "omeprazole"),
                                  "dosage_form": _pick("tablet", "capsule", "oral suspension"),
                                  "strength": _pick("200 mg", "500 mg", "20 mg", "10 mg"),
                                  "manufacturer": _pick("Pfizer", "Teva", "Sandoz", "Novartis")}),
    ("schedule cron timer", {"cron": _pick("0 9 * * 1-5", "*/15 * * * *", "0 2 * * *"), "enabled": _pick(True, True, False),
                             "next_run_at": _ahead}),
    ("commit", {"sha": lambda r, o, t: f"{r.getrandbits(160):040x}", "author": _person, "message": _logged, "committed_at": _when}),
    ("deadline assignment homework exam", {"title": title, "course": _pick("Linear Algebra", "Biology 101",
                                                                           "Modern History", "Data Structures"),
                                           "due_at": _ahead, "submitted": _pick(True, False, False)}),
    ("format extension", {"extension": _pick("mp4", "webm", "mov", "png", "svg", "pdf"), "can_read": _pick(True),
                          "can_write": _pick(True, True, False)}),
    ("ticker quote stock share", {"price": _PRICE, "currency": _pick("USD", "USD", "EUR", "GBP"),
                                  "change_percent": _PCT, "volume": _count(10_000, 90_000_000), "as_of": _when}),
    ("price rate", {"price": _PRICE, "currency": _pick("USD", "EUR", "GBP"), "as_of": _when}),
    ("balance", {"balance": _num(0, 25_000), "currency": _pick("USD", "EUR", "GBP"), "as_of": _when}),
    ("transaction payment transfer charge refund invoice order", {
        "amount": _num(4, 1_800), "currency": _pick("USD", "USD", "EUR", "GBP"),
        "status": _pick("completed", "completed", "pending", "failed"), "created_at": _when}),
    ("block", {"number": _count(1_000_000, 21_000_000), "hash": _hash, "timestamp": _when,
               "transaction_count": _count(20, 400)}),
    ("product listing", {"title": title, "price": _PRICE, "currency": _pick("USD", "EUR", "GBP"),
                              "in_stock": _pick(True, True, False), "rating": _num(2.8, 5, 1),
                              "review_count": _count(3, 12_000)}),
    ("location place station poi venue address city geocode geocoding", {"latitude": _num(-60, 70, 5), "longitude": _num(-170, 170, 5),
                                                       "country": _pick("US", "GB", "DE", "FR", "JP", "BR")}),
    ("player athlete actor actress director musician politician senator celebrity coach", {
        "name": lambda r, o, t: person_name(r), "country": _pick("US", "GB", "FR", "ES", "BR", "CA", "DE", "JP")}),
    ("user member person contact customer profile author follower viewer", {"display_name": _person, "email": _email,
                                                                     "created_at": _when}),
    ("email mail", {"subject": title, "from": _email, "to": _email, "received_at": _when, "snippet": summary}),
    ("message chat comment reply note review feedback post tweet thread", {"author": _username, "text": _said,
                                                                     "created_at": _when}),
    ("alert incident notification", {"title": title, "severity": _pick("critical", "warning", "info"),
                                     "status": _pick("open", "acknowledged", "resolved"), "triggered_at": _when}),
    ("event meeting appointment booking reservation", {"title": title, "start": _ahead, "end": _ahead,
                                                       "attendees": _count(2, 40)}),
    ("task todo ticket issue bug", {"title": title, "status": _pick("open", "in_progress", "done"),
                                    "priority": _pick("high", "medium", "low"), "assignee": _username, "due_date": _day}),
    ("deployment build run job workflow pipeline execution process", {
        "status": _RUN, "started_at": _when, "finished_at": _when, "duration_seconds": _count(4, 3_600)}),
    ("system os", {"platform": _pick("linux", "linux", "darwin"), "arch": _pick("x64", "arm64"),
                   "hostname": lambda r, o, t: f"{o.slug}-{r.choice(('build', 'app', 'dev'))}-{r.randint(1, 9):02d}",
                   "cpus": _pick(2, 4, 8, 16), "total_memory_mb": _pick(8192, 16384, 32768),
                   "free_memory_mb": _count(900, 6_000), "uptime_seconds": _count(3_600, 2_600_000)}),
    ("service server container pod node cluster instance machine device host app", {
        "status": _STATES, "region": lambda r, o, t: r.choice(o.regions), "created_at": _when}),
    ("health ping", {"status": _pick("ok", "ok", "degraded"), "latency_ms": _count(3, 900), "checked_at": _when}),
    ("log", {"timestamp": _when, "level": _pick("info"), "service": _service, "message": _logged}),
    ("document doc", {"title": title, "content": summary, "updated_at": _when}),
    ("documentation guide manual tutorial", {"title": _doc_title, "content": _doc_page, "updated_at": _when}),
    ("file pdf attachment archive", {"size_bytes": _count(900, 9_000_000),
                                                  "mime_type": _pick("application/pdf", "text/plain", "text/markdown",
                                                                     "application/json", "image/png"),
                                                  "modified_at": _when}),
    ("page url link website site web webpage", {"title": title, "url": _url, "status_code": _pick(200, 200, 200, 301),
                                    "fetched_at": _when}),
    ("database table collection dataset index", {"row_count": _count(40, 9_000_000),
                                                 "size_bytes": _count(8_000, 40_000_000_000), "created_at": _when}),
    ("version release package plugin library model", {"version": _semver, "published_at": _when,
                                                      "description": _about}),
    ("secret credential", {"prefix": lambda r, o, t: f"sk_{r.getrandbits(24):06x}", "created_at": _when,
                                     "expires_at": _ahead}),
    ("webhook subscription", {"url": _url, "active": _pick(True, True, False), "created_at": _when}),
    ("project workspace team group organization space channel", {
        "description": _about, "member_count": _count(2, 400), "created_at": _when}),
    ("label tag category topic genre", {"description": _about, "usage_count": _count(1, 2_000)}),
    ("summary analysis report research insight", {"summary": summary,
                                                         "findings": lambda r, o, t: _findings(r, t),
                                                         "generated_at": _when}),
    ("content text markdown html transcript", {"content": summary, "word_count": _count(60, 4_000)}),
    ("time clock datetime", {"datetime": lambda r, o, t: _now_in(r, _zone(r, o, t)), "timezone": _zone}),
    ("session browser tab window", {"status": _pick("active", "active", "closed"), "url": _url, "created_at": _when}),
    ("course lesson class", {"title": title, "instructor": _person, "enrolled": _count(8, 400), "start_date": _day}),
    # everyday things known by their real names (values_standard.named_things): what a catalogue says of each
    ("movie film show", {"release_date": _released, "genre": _pick("drama", "comedy", "thriller", "animation", "sci-fi"),
                         "vote_average": _num(5.8, 8.9, 1), "runtime_minutes": _count(85, 170)}),
    ("book novel", {"author": _person, "published_year": _count(1950, 2025), "pages": _count(120, 900),
                    "language": _pick("en", "en", "fr", "es")}),
    ("song track", {"artist": _person, "duration_ms": _count(150_000, 360_000), "popularity": _count(20, 98)}),
    ("album", {"artist": _person, "release_year": _count(1965, 2025), "track_count": _count(8, 18)}),
    ("recipe dish meal", {"cuisine": _pick("italian", "thai", "mexican", "indian", "japanese"),
                          "ready_in_minutes": _count(10, 90), "servings": _count(1, 8)}),
    ("env environ", {"PATH": _pick("/usr/local/bin:/usr/bin:/bin", "/opt/app/bin:/usr/local/bin:/usr/bin"),
                     "HOME": _pick("/home/app", "/root", "/home/node"), "LANG": _pick("en_US.UTF-8", "C.UTF-8"),
                     "NODE_ENV": _pick("production", "development"), "TZ": _pick("UTC", "Europe/Berlin")}),
    ("trending hotspot trend", {"title": title, "heat": _count(1_000, 9_000_000), "url": _url}),
    ("domain", {"registrar": _pick("Namecheap", "GoDaddy", "Cloudflare"), "status": _pick("active", "active", "expired"),
                "created_at": _when, "expires_at": _ahead}),
    ("certificate cert", {"issuer": _pick("Let's Encrypt", "DigiCert", "Sectigo"), "issued_at": _when,
                          "expires_at": _ahead}),
    ("trace span", {"service": _service, "duration_ms": _count(2, 9_000), "span_count": _count(1, 120),
                    "started_at": _when}),
    ("language", {"code": lambda r, o, t: _language_of(t) or r.choice(tuple(_LANGUAGES)), "name": _pick("")}),
    ("route trip direction", {"distance_km": _num(0.8, 900, 1), "duration_minutes": _count(3, 720)}),
    ("metric metrics", {"metric": _pick(*_METRICS), "service": _service}),  # (its unit and points: record())
    ("stat statistic usage analytics", {"value": _count(1, 250_000), "period": _pick("24h", "7d", "30d"),
                                        "as_of": _when}),
)


def _address(rng: random.Random, org: Organisation, topic: str) -> str:
    return ledger.address(org.ledger, rng)


def _tx(rng: random.Random, org: Organisation, topic: str) -> str:
    return ledger.tx_hash(org.ledger, rng)


def _coin(rng: random.Random, org: Organisation, topic: str) -> str:
    return org.coin


def _token_name(rng: random.Random, org: Organisation, topic: str) -> str:
    return f"{rng.choice(org.nouns).capitalize()} {rng.choice(('Token', 'Coin', 'Credits'))}"


# A blockchain spec's records (ledger.py): amounts in its coin, addresses and hashes of its chain; they stand
# in for the kinds above that share their words (a wallet's address is no street address, its balance no
# bank balance, a token no market listing).
_LEDGER_KINDS: tuple[tuple[str, dict[str, Draw]], ...] = (
    ("balance", {"balance": _num(0.0001, 250, 6), "symbol": _coin, "block_number": _count(1_000_000, 21_000_000)}),
    ("transaction transfer tx payment", {"from": _address, "to": _address, "value": _num(0.001, 25, 6),
                                         "symbol": _coin, "status": _pick("success", "success", "pending", "failed"),
                                         "block_number": _count(1_000_000, 21_000_000), "timestamp": _when}),
    ("address wallet account", {"address": _address, "balance": _num(0.0001, 250, 6), "symbol": _coin,
                                "transaction_count": _count(1, 4_000)}),
    ("token coin asset", {"name": _token_name, "decimals": _pick(6, 8, 9, 18), "total_supply": _count(10**6, 10**12),
                          "address": _address}),
    ("nft collectible", {"token_id": _count(1, 9_999), "owner": _address, "contract_address": _address,
                         "token_uri": lambda rng, org, topic: f"ipfs://bafy{rng.getrandbits(200):050x}"}),
    ("supply", {"total_supply": _count(10**6, 10**12), "circulating_supply": _count(10**5, 10**11), "decimals": _pick(6, 8, 18)}),
    ("fee gas", {"gas_price_gwei": _num(0.5, 80, 2), "max_priority_fee_gwei": _num(0.01, 3, 2),
                 "base_fee_gwei": _num(0.5, 60, 2)}),
    ("chain network", {"chain_id": _pick(1, 10, 137, 8453, 42161), "block_height": _count(1_000_000, 21_000_000),
                       "gas_price_gwei": _num(0.5, 80, 2), "synced": _pick(True, True, False)}),
)
_LEDGER_BY_WORD = {w: fields for words, fields in _LEDGER_KINDS for w in words.split()}


def _ledger_fields(kind: str) -> dict[str, Draw] | None:
    words = _words(kind)
    return _LEDGER_BY_WORD.get(words[-1]) if words else None


_BY_WORD: dict[str, dict[str, Draw]] = {}
_FIRST: dict[int, str] = {}  # a kind's fields -> the first word of the kind (`service` for `app`'s)
for _words, _fields in _KINDS:
    _FIRST[id(_fields)] = _words.split()[0]
    for _w in _words.split():
        _BY_WORD.setdefault(_w, _fields)
# Kinds of what a generator makes and hands back (a picture, a QR code): whatever settings a spec's own tools
# give it, the answer carries the thing made.
ARTIFACTS = frozenset({"image", "photo", "picture", "screenshot", "thumbnail", "qrcode", "qr", "barcode"})
# Kinds of software's own records: elsewhere their words mean other things (a subway's service, a court's log).
_SOFTWARE_KINDS = frozenset({"commit", "deployment", "service", "log", "database", "version", "secret", "webhook",
                             "domain", "certificate", "trace", "session"})


# Words that say "about the thing" rather than name a kind: `server_info` is a server's record.
_ABOUT = frozenset({"info", "information", "detail", "details", "overview", "data", "profile"})


def _words(kind: str) -> list[str]:
    """A kind's words, singular, without a closing "info" or "details" (`server_info` is a server's)."""
    words = [singular(w) for w in tokens(kind)]
    while len(words) > 1 and words[-1] in _ABOUT:
        words = words[:-1]
    return words


def is_artifact(kind: str) -> bool:
    return bool(_words(kind)) and _words(kind)[-1] in ARTIFACTS


def fields_of(kind: str) -> dict[str, Draw] | None:
    """The fields a record of `kind` carries: from its head noun (`news article`: article; `server info`:
    server), else any word."""
    words = _words(kind)
    if words and words[-1] == "time" and not (len(words) == 1 or words[-2] in _CLOCKS):
        return None  # a lap time, a response time: how long something took, not what a clock reads
    if words and words[-1] in ("status", "state") and set(words[:-1]) & _JOBS:
        return _PROGRESS  # a job's status is how far it has got
    for w in reversed(words):
        if w in _BY_WORD:
            return _BY_WORD[w]
    return None


_CLOCKS = frozenset({"current", "local", "server", "system", "world", "utc", "now", "date"})


# Field-name words every kind of record has: they say nothing of which kind it is.
_PLAIN = frozenset({"status", "state", "title", "name", "url", "id", "created", "updated", "at", "description",
                    "summary", "content", "timestamp", "type", "count", "value", "date", "time", "text", "author",
                    "query"})  # (every search speaks of its query: a card search's is no BI card's `query_type`)


# Kind words with more than one common sense: a `forecast` of sales or of a statistic is no weather forecast, a
# page's `block` no blockchain block, a train `ticket` no support ticket. Their kind's fields only where the spec
# speaks of one of them (a support desk's priority or assignee).
# (a train's or a concert's ticket is no support ticket; a kanban board's or a payment card is no BI question)
# (an API gateway's route is no trip; a swap's or a shipping quote no stock quote)
_SENSES = frozenset({"forecast", "block", "ticket", "card", "route", "quote"})


def borrowable(kind: str, speaks_of: Callable[[str], bool], technical: bool = True, ledger: bool = False) -> bool:
    """Whether records of `kind` may carry the fields its kind has anywhere. Where the kind's last word names
    a kind on its own (`weather`, `alert`), yes; where only another of its words does (`service_disruption`),
    two of them name different kinds (`station_transfer`: a place, a payment), or the kind is software's
    and the spec is not about software (a subway's `service`), only if the spec speaks of a field of that
    kind (a transfer's `amount`, a server's `region`): a word has more than one sense."""
    if ledger and _ledger_fields(kind) is not None:
        return True
    words = _words(kind)
    fields = fields_of(kind)
    if fields is None:
        return False
    if words[-1] in ARTIFACTS:
        return True  # an author's photo, a book's cover image: a picture whoever it is of
    others = {id(_BY_WORD[w]) for w in words[:-1] if w in _BY_WORD}
    if words[-1] in _BY_WORD and not others - {id(_BY_WORD[words[-1]])} and words[-1] not in _SENSES \
            and (technical or _FIRST[id(fields)] not in _SOFTWARE_KINDS):
        return True
    if words[-1] in _SENSES and (any(w in _BY_WORD and _BY_WORD[w] is fields for w in words[:-1])
                                 or speaks_of(_FIRST[id(fields)])):
        return True  # `weather_forecast`, or a forecast in a spec that speaks of the weather
    telling = [f for f in fields if not set(tokens(f)) <= _PLAIN]
    return not telling or any(speaks_of(f) for f in telling)


def record(kind: str, org: Organisation, key: str, topic: str) -> dict[str, Any]:
    """A record of a common kind, the same for the same key; `topic` is what it is about (a search's
    query, the record's own name)."""
    fields = (_ledger_fields(kind) if org.ledger else None) or fields_of(kind)
    if fields is None:
        return {}
    out = {name: draw(random.Random(f"{key}:{name}"), org, topic) for name, draw in fields.items()}
    if isinstance(out.get("temperature_c"), float):
        plausible_weather(out, topic, random.Random(f"{key}:feels"))
    if out.get("format") in ("png", "jpeg", "webp") and isinstance(out.get("url"), str):  # a picture's own file
        ext = "jpg" if out["format"] == "jpeg" else out["format"]
        out["url"] = f"https://{org.domain}/media/{random.Random(f'{key}:file').getrandbits(48):012x}.{ext}"
    if isinstance(out.get("latitude"), float) and isinstance(out.get("longitude"), float):  # a real place
        rng = random.Random(f"{key}:place")
        where = topic if topic in CITY_COORDS else rng.choice(tuple(CITY_COORDS))
        lat, lng = CITY_COORDS[where]
        out.update(latitude=round(lat + rng.uniform(-0.03, 0.03), 5), longitude=round(lng + rng.uniform(-0.03, 0.03), 5))
        if "country" in out:
            out["country"] = CITY_COUNTRY[where]
    if out.get("code") in _LANGUAGES and "name" in out:
        out["name"] = _LANGUAGES[out["code"]]
    if out.get("metric") in _METRICS and "service" in out:  # a series in the metric's own unit and range
        unit, lo, hi = _METRICS[out["metric"]]
        out.update(unit=unit, points=_series(random.Random(f"{key}:points"), lo, hi))
    if isinstance(out.get("level"), str) and isinstance(out.get("message"), str):
        out["level"] = next(level for cue, level in _LEVELS if cue in out["message"])
    if out.get("source") in _OUTLET_SITES and isinstance(out.get("url"), str):  # an outlet's story is on its site
        out["url"] = out["url"].replace(f"https://{org.domain}/", f"https://www.{_OUTLET_SITES[out['source']]}/")
    return out


def outlet_site(outlet: str) -> str:
    """The site a news outlet publishes on."""
    return _OUTLET_SITES[outlet]


def snippet(rng: random.Random, org: Organisation, topic: str) -> str:
    """The lines of a search hit around the words searched for."""
    return rng.choice((f"...what we found on {topic}, with sources and figures...",
                       f"...a closer look at {topic} and why it matters...",
                       f"...{topic}: the details, step by step..."))


def hit_score(rank: int, rng: random.Random) -> float:
    """A relevance score that falls with the rank of the hit."""
    return round(max(0.05, 0.97 - 0.11 * rank - rng.uniform(0, 0.05)), 3)
