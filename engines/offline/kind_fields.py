"""The fields records of common kinds carry, each drawn by its meaning (kinds.py matches a tool's entity to
one of them and draws the record).

An article has a title, a source and a publication date; a forecast a temperature and conditions; a coin a
price and a market cap; on a chain, an address has a balance and a transaction a hash and gas. Counts spread
over magnitudes, prices have cents, moments fall before the workflow's now (or around it, for what is planned).
"""

from __future__ import annotations

import math
import random
import re
from datetime import timedelta
from typing import Any, Callable
from zoneinfo import ZoneInfo

from common.taxonomy import tokens
from engines.offline import values_formats as fmt
from engines.offline.derived import is_zone
from engines.offline.values_standard import person_name
from engines.offline.world import Organisation

Draw = Callable[[random.Random, Organisation, str], Any]  # (rng, org, topic) -> value


def count(lo: int, hi: int) -> Draw:
    """A count spread over orders of magnitude, as views, followers or downloads are."""
    return lambda rng, org, topic: int(round(math.exp(rng.uniform(math.log(lo), math.log(hi)))))


def num(lo: float, hi: float, places: int = 2) -> Draw:
    return lambda rng, org, topic: round(rng.uniform(lo, hi), places)


def pick(*choices: Any) -> Draw:
    return lambda rng, org, topic: rng.choice(choices)


def when(rng: random.Random, org: Organisation, topic: str) -> str:
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


# (a stock's symbol: `AAPL`, `BRK.B`, `0700.HK`, an A-share's `600519`)
TICKER = re.compile(r"[A-Z]{1,5}(\.[A-Z]{1,2})?|\d{4,6}(\.[A-Z]{1,2})?")


def title(rng: random.Random, org: Organisation, topic: str) -> str:
    if TICKER.fullmatch(topic):  # news of a stock is market news, not "AAPL: a practical guide"
        return rng.choice((f"{topic} shares rise after quarterly results", f"{topic} beats revenue estimates",
                           f"Analysts raise price targets on {topic}", f"{topic} slips as guidance disappoints"))
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


def _prompt_text(rng: random.Random, org: Organisation, topic: str) -> str:
    """A prompt template as teams keep them: a role, the task on the topic, a placeholder filled at use."""
    return rng.choice((f"You are an assistant for {topic}. Answer the question below in three sentences.\n\n{{question}}",
                       f"Summarise the following notes on {topic} for a weekly update:\n\n{{notes}}",
                       f"Draft a short, friendly reply about {topic} to this message:\n\n{{message}}"))


def summary(rng: random.Random, org: Organisation, topic: str) -> str:
    if TICKER.fullmatch(topic):
        return rng.choice((f"{topic} reported its quarterly figures; revenue and margins moved the stock.",
                           f"What the latest results and analyst notes say about {topic}."))
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


def _page_text(rng: random.Random, org: Organisation, topic: str) -> str:
    """A page's text as a reader extracts it (Markdown): its heading, what it covers, its main points."""
    points = "\n".join(f"- {p}" for p in _findings(rng, topic))
    return f"# {_doc_title(rng, org, topic)}\n\n{summary(rng, org, topic)}\n\n## Key points\n\n{points}"


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
LEVELS = (("returned 5", "error"), ("refused", "error"), ("retrying", "warning"), ("", "info"))


def _service(rng: random.Random, org: Organisation, topic: str) -> str:
    return rng.choice(org.services)


# Languages by their ISO 639-1 codes, with the names a person reads.
LANGUAGES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish", "ja": "Japanese", "pt": "Portuguese"}


def language_of(text: str) -> str | None:
    """The language a sentence is written in, where it shows: kana or kanji are Japanese, a sentence of plain
    ASCII words English (what the spec's own texts are written in); None for a few words, which say nothing."""
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text):
        return "ja"
    return "en" if len(text.split()) >= 4 and text.isascii() else None


# Metrics a service reports, with their unit and the range their values keep to.
METRICS = {"request_latency_ms": ("ms", 20, 900), "error_rate": ("percent", 0.1, 5), "cpu_utilization": ("percent", 5, 95),
            "requests_per_second": ("requests/s", 5, 2_000), "memory_usage_bytes": ("bytes", 10**8, 8 * 10**9)}


def series(rng: random.Random, lo: float, hi: float) -> list[dict[str, Any]]:
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
OUTLET_SITES = dict(zip(_OUTLETS, ("reuters.com", "apnews.com", "bbc.com", "theguardian.com", "bloomberg.com",
                                    "techcrunch.com")))
_PRICE, _PCT = num(0.5, 2_500), num(-12, 12)
_STATES = pick("running", "running", "stopped", "pending")
_RUN = pick("succeeded", "succeeded", "failed", "running")

# kind words -> the fields its records carry. Earlier entries win when a kind's words match several.
# How far a job has got: its state and share done (a run, an export, an upload).
PROGRESS: dict[str, Draw] = {"state": pick("pending", "in_progress", "completed", "completed", "failed"),
                              "progress_percent": count(1, 100), "updated_at": when}
# States of a job all the way done and not yet begun: its progress is whole in the one, nothing in the other.
DONE = frozenset({"completed", "complete", "done", "finished", "succeeded", "success", "closed", "resolved"})
NOT_STARTED = frozenset({"pending", "todo", "open", "new", "queued", "not_started", "draft"})
# Words of things that run and finish: their status is a job's (`export_status`, `job status`).
JOBS = frozenset({"job", "task", "run", "build", "export", "import", "upload", "download", "deployment", "operation",
                   "migration", "sync", "backup", "restore", "scan", "crawl", "training", "batch", "process", "workflow",
                   "pipeline", "render", "conversion", "transcription", "generation", "analysis", "indexing", "execution"})
KINDS: tuple[tuple[str, dict[str, Draw]], ...] = (
    ("weather forecast temp temperature climate", {"temperature_c": num(-8, 34, 1), "feels_like_c": num(-12, 36, 1),  # set from the temperature below
                          "humidity_percent": count(18, 98), "wind_speed_kmh": num(0, 55, 1),
                          "conditions": pick("clear", "partly cloudy", "overcast", "light rain", "showers", "snow"),
                          "observed_at": when}),
    ("news article story headline blog", {"title": title, "source": pick(*_OUTLETS), "url": _url,
                                          "published_at": when, "summary": summary}),
    ("paper publication preprint citation", {"title": _paper_title, "authors": _authors,
                                             "year": count(2012, 2026), "venue": pick("arXiv", "NeurIPS", "Nature", "ACL", "ICML"),
                                             "citations": count(1, 4_000), "abstract": summary}),
    ("video episode podcast", {"title": title, "channel": _person, "duration_seconds": count(45, 5_400),
                               "views": count(120, 4_000_000), "published_at": when, "url": _url}),
    ("track song album playlist", {"title": title, "artist": _person, "duration_seconds": count(120, 420),
                                   "release_date": _day}),
    ("book", {"title": title, "author": _person, "published_year": count(1950, 2026), "pages": count(90, 900),
              "language": pick("en", "fr", "de", "es")}),
    ("image photo screenshot picture thumbnail", {"url": _url, "width": pick(640, 1024, 1280, 1920),
                                                  "height": pick(480, 720, 1080), "format": pick("png", "jpeg", "webp"),
                                                  "size_bytes": count(18_000, 4_000_000)}),
    # (a chart, plot or diagram made and handed back: the picture of it, in a vector or a bitmap form)
    ("chart diagram plot visualization", {"url": _url, "format": pick("png", "svg"),
                                          "width": pick(800, 1024, 1200), "height": pick(500, 600, 800)}),
    ("qrcode qr barcode", {"image_url": lambda r, o, t: f"https://{o.domain}/qr/{r.getrandbits(40):010x}.png",
                           "format": pick("png"), "width_px": pick(164, 246, 330, 410)}),
    ("coin crypto cryptocurrency", {"price_usd": num(0.01, 68_000, 4), "market_cap_usd": count(10**7, 10**12),
                                    "volume_24h_usd": count(10**5, 10**10), "change_24h_percent": _PCT}),
    ("statement financial financials earnings", {
        "fiscal_date_ending": _day, "reported_currency": pick("USD", "USD", "EUR"),
        "total_revenue": count(10**7, 4 * 10**11), "net_income": count(10**6, 9 * 10**10),
        "total_assets": count(10**8, 3 * 10**12), "operating_cash_flow": count(10**6, 10**11)}),
    ("company corporation issuer", {
        "sector": pick("Technology", "Financials", "Health Care", "Consumer Discretionary", "Energy", "Industrials"),
        "employees": count(40, 300_000), "country": pick("US", "US", "GB", "DE", "JP"),
        "founded_year": count(1890, 2021), "website": _url}),
    ("keyword", {"search_volume": count(10, 900_000), "cpc_usd": num(0.05, 14), "competition": num(0, 1, 2),
                 "trend_12m_percent": _PCT}),
    ("backlink", {"source_url": _url, "anchor_text": title, "domain_rating": count(1, 95), "first_seen": _day}),
    ("traffic visit visitor pageview", {"visits": count(100, 5_000_000), "unique_visitors": count(80, 3_000_000),
                                        "bounce_rate": num(0.2, 0.85), "period": pick("30d", "7d", "90d")}),
    ("campaign newsletter broadcast", {"status": pick("draft", "scheduled", "sent", "sent"),
                                       "recipients": count(20, 80_000), "open_rate": num(0.08, 0.6),
                                       "scheduled_at": _ahead}),
    ("score evaluation grade", {"score": num(0, 1, 3), "passed": pick(True, True, False), "evaluated_at": when}),
    ("progress", PROGRESS),
    # (the status of a machine, a connection, a login: how it is now, not how far a job has got)
    ("status state", {"status": pick("ok", "ok", "online", "ready", "degraded"), "checked_at": when}),
    ("question card", {"display": pick("table", "bar", "line", "pie", "scalar"),
                                            "query_type": pick("query", "native"), "description": _about,
                                            "updated_at": when}),
    ("dashboard", {"description": _about, "card_count": count(2, 24), "updated_at": when}),
    ("chat conversation dialog", {"last_message": _said, "unread_count": count(1, 40), "is_group": pick(True, False),
                                  "last_message_at": when}),
    ("tenant", {"display_name": pick("Northwind", "Globex", "Initech", "Acme Retail", "Umbrella Health"), "plan": pick("free", "pro", "enterprise"), "created_at": when}),
    ("icon emoji glyph", {"category": pick("arrows", "interface", "media", "people", "weather"),
                          "style": pick("outline", "solid", "duotone"), "tags": lambda r, o, t: [t.split()[0], "ui"]}),
    ("medicine medication drug", {"generic_name": pick("ibuprofen", "amoxicillin", "metformin", "atorvastatin",
                                                        "omeprazole"),
                                  "dosage_form": pick("tablet", "capsule", "oral suspension"),
                                  "strength": pick("200 mg", "500 mg", "20 mg", "10 mg"),
                                  "manufacturer": pick("Pfizer", "Teva", "Sandoz", "Novartis")}),
    ("schedule cron timer", {"cron": pick("0 9 * * 1-5", "*/15 * * * *", "0 2 * * *"), "enabled": pick(True, True, False),
                             "next_run_at": _ahead}),
    ("commit", {"sha": lambda r, o, t: f"{r.getrandbits(160):040x}", "author": _person, "message": _logged, "committed_at": when}),
    ("deadline assignment homework exam", {"title": title, "course": pick("Linear Algebra", "Biology 101",
                                                                           "Modern History", "Data Structures"),
                                           "due_at": _ahead, "submitted": pick(True, False, False)}),
    ("format extension", {"extension": pick("mp4", "webm", "mov", "png", "svg", "pdf"), "can_read": pick(True),
                          "can_write": pick(True, True, False)}),
    ("ticker quote stock share", {"price": _PRICE, "currency": pick("USD", "USD", "EUR", "GBP"),
                                  "change_percent": _PCT, "volume": count(10_000, 90_000_000), "as_of": when}),
    ("price rate", {"price": _PRICE, "currency": pick("USD", "EUR", "GBP"), "as_of": when}),
    ("balance", {"balance": num(0, 25_000), "currency": pick("USD", "EUR", "GBP"), "as_of": when}),
    ("transaction payment transfer charge refund invoice order", {
        "amount": num(4, 1_800), "currency": pick("USD", "USD", "EUR", "GBP"),
        "status": pick("completed", "completed", "pending", "failed"), "created_at": when}),
    ("block", {"number": count(1_000_000, 21_000_000), "hash": _hash, "timestamp": when,
               "transaction_count": count(20, 400)}),
    ("product listing", {"title": title, "price": _PRICE, "currency": pick("USD", "EUR", "GBP"),
                              "in_stock": pick(True, True, False), "rating": num(2.8, 5, 1),
                              "review_count": count(3, 12_000)}),
    ("location place station poi venue address city geocode geocoding", {"latitude": num(-60, 70, 5), "longitude": num(-170, 170, 5),
                                                       "country": pick("US", "GB", "DE", "FR", "JP", "BR")}),
    ("player athlete actor actress director musician politician senator celebrity coach", {
        "name": lambda r, o, t: person_name(r), "country": pick("US", "GB", "FR", "ES", "BR", "CA", "DE", "JP")}),
    ("user member person contact customer profile author follower viewer", {"display_name": _person, "email": _email,
                                                                     "created_at": when}),
    ("email mail", {"subject": title, "from": _email, "to": _email, "received_at": when, "snippet": summary}),
    ("message chat comment reply note review feedback post tweet thread", {"author": _username, "text": _said,
                                                                     "created_at": when}),
    ("alert incident notification", {"title": title, "severity": pick("critical", "warning", "info"),
                                     "status": pick("open", "acknowledged", "resolved"), "triggered_at": when}),
    ("holiday", {"date": _day, "name": pick("New Year's Day", "Good Friday", "Easter Monday", "Labour Day",
                                             "Ascension Day", "Whit Monday", "Christmas Day", "Boxing Day"),
                 "type": pick("public", "public", "bank", "observance"), "nationwide": pick(True, True, False)}),
    ("ranking leaderboard standing", {"rank": count(1, 60), "name": _person, "score": count(120, 9_000),
                                      "change": pick(-2, -1, 0, 0, 1, 3)}),
    ("prompt", {"description": _about, "template": _prompt_text, "arguments": pick(["topic"], ["topic", "tone"], []),
                "version": count(1, 14)}),
    ("event meeting appointment booking reservation festival concert performance", {"title": title, "start": _ahead, "end": _ahead,
                                                       "attendees": count(2, 40)}),
    ("task todo ticket issue bug", {"title": title, "status": pick("open", "in_progress", "done"),
                                    "priority": pick("high", "medium", "low"), "assignee": _username, "due_date": _day}),
    ("deployment build run job workflow pipeline execution process", {
        "status": _RUN, "started_at": when, "finished_at": when, "duration_seconds": count(4, 3_600)}),
    ("system os", {"platform": pick("linux", "linux", "darwin"), "arch": pick("x64", "arm64"),
                   "hostname": lambda r, o, t: f"{o.slug}-{r.choice(('build', 'app', 'dev'))}-{r.randint(1, 9):02d}",
                   "cpus": pick(2, 4, 8, 16), "total_memory_mb": pick(8192, 16384, 32768),
                   "free_memory_mb": count(900, 6_000), "uptime_seconds": count(3_600, 2_600_000)}),
    ("service server container pod node cluster instance machine device host app", {
        "status": _STATES, "region": lambda r, o, t: r.choice(o.regions), "created_at": when}),
    ("health ping", {"status": pick("ok", "ok", "degraded"), "latency_ms": count(3, 900), "checked_at": when}),
    ("log", {"timestamp": when, "level": pick("info"), "service": _service, "message": _logged}),
    ("document doc", {"title": title, "content": summary, "updated_at": when}),
    ("documentation guide manual tutorial", {"title": _doc_title, "content": _doc_page, "updated_at": when}),
    ("file pdf attachment archive", {"size_bytes": count(900, 9_000_000),
                                                  "mime_type": pick("application/pdf", "text/plain", "text/markdown",
                                                                     "application/json", "image/png"),
                                                  "modified_at": when}),
    ("page url link website site web webpage", {"title": title, "url": _url, "status_code": pick(200, 200, 200, 301),
                                    "fetched_at": when}),
    ("database table collection dataset index", {"row_count": count(40, 9_000_000),
                                                 "size_bytes": count(8_000, 40_000_000_000), "created_at": when}),
    ("version release package plugin library model", {"version": _semver, "published_at": when,
                                                      "description": _about}),
    ("secret credential", {"prefix": lambda r, o, t: f"sk_{r.getrandbits(24):06x}", "created_at": when,
                                     "expires_at": _ahead}),
    ("webhook subscription", {"url": _url, "active": pick(True, True, False), "created_at": when}),
    ("project workspace team group organization space channel", {
        "description": _about, "member_count": count(2, 400), "created_at": when}),
    ("label tag category topic genre", {"description": _about, "usage_count": count(1, 2_000)}),
    ("summary analysis report research insight", {"summary": summary,
                                                         "findings": lambda r, o, t: _findings(r, t),
                                                         "generated_at": when}),
    ("content text markdown html transcript", {"content": _page_text, "word_count": count(60, 4_000)}),
    ("time clock datetime", {"datetime": lambda r, o, t: _now_in(r, _zone(r, o, t)), "timezone": _zone}),
    ("session browser tab window", {"status": pick("active", "active", "closed"), "url": _url, "created_at": when}),
    ("course lesson class", {"title": title, "instructor": _person, "enrolled": count(8, 400), "start_date": _day}),
    # everyday things known by their real names (values_standard.named_things): what a catalogue says of each
    ("movie film show", {"release_date": _released, "genre": pick("drama", "comedy", "thriller", "animation", "sci-fi"),
                         "vote_average": num(5.8, 8.9, 1), "runtime_minutes": count(85, 170)}),
    ("book novel", {"author": _person, "published_year": count(1950, 2025), "pages": count(120, 900),
                    "language": pick("en", "en", "fr", "es")}),
    ("song track", {"artist": _person, "duration_ms": count(150_000, 360_000), "popularity": count(20, 98)}),
    ("album", {"artist": _person, "release_year": count(1965, 2025), "track_count": count(8, 18)}),
    ("recipe dish meal", {"cuisine": pick("italian", "thai", "mexican", "indian", "japanese"),
                          "ready_in_minutes": count(10, 90), "servings": count(1, 8)}),
    ("env environ", {"PATH": pick("/usr/local/bin:/usr/bin:/bin", "/opt/app/bin:/usr/local/bin:/usr/bin"),
                     "HOME": pick("/home/app", "/root", "/home/node"), "LANG": pick("en_US.UTF-8", "C.UTF-8"),
                     "NODE_ENV": pick("production", "development"), "TZ": pick("UTC", "Europe/Berlin")}),
    ("trending hotspot trend", {"title": title, "heat": count(1_000, 9_000_000), "url": _url}),
    ("domain", {"registrar": pick("Namecheap", "GoDaddy", "Cloudflare"), "status": pick("active", "active", "expired"),
                "created_at": when, "expires_at": _ahead}),
    ("certificate cert", {"issuer": pick("Let's Encrypt", "DigiCert", "Sectigo"), "issued_at": when,
                          "expires_at": _ahead}),
    ("trace span", {"service": _service, "duration_ms": count(2, 9_000), "span_count": count(1, 120),
                    "started_at": when}),
    ("language", {"code": lambda r, o, t: language_of(t) or r.choice(tuple(LANGUAGES)), "name": pick("")}),
    ("route trip direction", {"distance_km": num(0.8, 900, 1), "duration_minutes": count(3, 720)}),
    ("flight", {"flight_number": lambda r, o, t: f"{r.choice(('UA', 'LH', 'AC', 'CX', 'EK'))}{r.randint(10, 1999)}",
                "duration_minutes": count(55, 900), "stops": pick(0, 0, 1, 2), "price": num(89, 1900),
                "currency": pick("USD", "EUR")}),  # (no times of its own: the dates asked for are the flight's)
    ("metric metrics", {"metric": pick(*METRICS), "service": _service}),  # (its unit and points: record())
    ("stat statistic usage analytics", {"value": count(1, 250_000), "period": pick("24h", "7d", "30d"),
                                        "as_of": when}),
)
