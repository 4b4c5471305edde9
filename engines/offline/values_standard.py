"""Values of standard kinds, from Faker's providers: phone numbers, postal addresses, people's names,
countries and currencies (ISO codes), job titles, companies, bank and product codes; cities and stock
tickers from short lists of real ones (an API knows London, not Faker's made-up towns).

A field called `phone`, `mobilephone` or `contact_phone` is a phone number in any system; such fields
are common in real specs (CRM, commerce, HR, travel) and used to get the organisation's vocabulary
(`"phone": "fleet"`). The kind is read from the field name's words (the whole name, or its last
word), so `billing_city` is a city and `city_id` is not. Every value comes from the caller's random
stream, so generation stays deterministic.
"""

from __future__ import annotations

import random
import re
import threading
from functools import lru_cache
from typing import Callable

from faker import Faker

_LOCAL = threading.local()  # one Faker per thread: seeding and drawing must not interleave between threads


def _faker(rng: random.Random, locale: str = "en_US") -> Faker:
    fakers = getattr(_LOCAL, "fakers", None)
    if fakers is None:
        fakers = _LOCAL.fakers = {}
    fake = fakers.get(locale)
    if fake is None:
        fake = fakers[locale] = Faker(locale)
    fake.seed_instance(rng.getrandbits(48))
    return fake


def city(rng: random.Random, locale: str = "") -> str:
    """A city: of the country whose language the spec is written in (`zh_CN`: 杭州市), else a world city."""
    if not locale:
        return rng.choice(CITIES)
    fake = _faker(rng, locale)
    # (`city_name` draws from the locale's real cities where it has a list; `city` may compose new ones)
    return fake.city_name() if hasattr(fake, "city_name") else fake.city()


def _world_city(f: Faker) -> str:
    return f.random_element(CITIES)


def name_parts(name: str) -> list[str]:
    """A field name's words in lower case, whatever its style (`BillingCity`, `postal_code`, `scan-ports`)."""
    return [p for p in re.split(r"[^a-z0-9]+", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()) if p]


def company_name(rng: random.Random) -> str:
    return _faker(rng).company()


def person_name(rng: random.Random) -> str:
    """A member of the public's full name (a player's, an actor's): nobody on the organisation's staff."""
    return _faker(rng).name()


# Most records in most systems use a few currencies and countries; any ISO code now and then.
_CURRENCIES = ("USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF", "INR", "BRL", "SEK")
_COUNTRIES = ("US", "GB", "DE", "FR", "CA", "AU", "NL", "JP", "IN", "BR", "ES", "SE")
# Real cities: a weather, travel or maps API answers for these, and "Benjaminfurt" (Faker's made-up towns) for none.
CITIES = ("London", "Paris", "Berlin", "Madrid", "Rome", "Amsterdam", "Stockholm", "Vienna", "Prague", "Lisbon",
           "New York", "San Francisco", "Chicago", "Toronto", "Mexico City", "São Paulo", "Buenos Aires", "Tokyo",
           "Seoul", "Singapore", "Sydney", "Melbourne", "Mumbai", "Bangalore", "Dubai", "Istanbul", "Cairo",
           "Nairobi", "Cape Town", "Auckland")
# Where those cities are (latitude, longitude): a point a maps or weather API is asked about is a real place.
CITY_COORDS = {"London": (51.5074, -0.1278), "Paris": (48.8566, 2.3522), "Berlin": (52.52, 13.405),
               "Madrid": (40.4168, -3.7038), "Rome": (41.9028, 12.4964), "Amsterdam": (52.3676, 4.9041),
               "Stockholm": (59.3293, 18.0686), "Vienna": (48.2082, 16.3738), "Prague": (50.0755, 14.4378),
               "Lisbon": (38.7223, -9.1393), "New York": (40.7128, -74.006), "San Francisco": (37.7749, -122.4194),
               "Chicago": (41.8781, -87.6298), "Toronto": (43.6532, -79.3832), "Mexico City": (19.4326, -99.1332),
               "São Paulo": (-23.5505, -46.6333), "Buenos Aires": (-34.6037, -58.3816), "Tokyo": (35.6762, 139.6503),
               "Seoul": (37.5665, 126.978), "Singapore": (1.3521, 103.8198), "Sydney": (-33.8688, 151.2093),
               "Melbourne": (-37.8136, 144.9631), "Mumbai": (19.076, 72.8777), "Bangalore": (12.9716, 77.5946),
               "Dubai": (25.2048, 55.2708), "Istanbul": (41.0082, 28.9784), "Cairo": (30.0444, 31.2357),
               "Nairobi": (-1.2921, 36.8219), "Cape Town": (-33.9249, 18.4241), "Auckland": (-36.8485, 174.7633)}
CITY_COUNTRY = dict(zip(CITY_COORDS, ("GB", "FR", "DE", "ES", "IT", "NL", "SE", "AT", "CZ", "PT", "US", "US", "US", "CA",
                                      "MX", "BR", "AR", "JP", "KR", "SG", "AU", "AU", "IN", "IN", "AE", "TR", "EG", "KE",
                                      "ZA", "NZ")))
# Listed companies' ticker symbols: what a `symbol` is in the finance APIs that make up most uses of the name.
_TICKERS = ("AAPL", "MSFT", "GOOGL", "AMZN", "NVDA", "TSLA", "META", "JPM", "V", "KO", "NFLX", "AMD", "IBM", "ORCL")
# Everyday things people name by their real names: a travel, food, media or sports API is asked about these,
# never about `place-4` or `movie-1`. Public names only (cities, airports, well-known works and leagues).
_AIRPORTS = ("JFK", "LHR", "CDG", "SFO", "NRT", "SIN", "FRA", "AMS", "DXB", "SYD", "LAX", "ORD")
_CUISINES = ("italian", "thai", "mexican", "japanese", "indian", "lebanese", "vegetarian")
_GENRES = ("drama", "comedy", "thriller", "documentary", "jazz", "rock", "hip hop", "classical")
_FILMS = ("Inception", "Parasite", "Spirited Away", "The Godfather", "Arrival", "Amélie", "Moonlight", "Casablanca",
          "Whiplash", "Roma", "Up", "Heat", "Alien", "Coco", "Her", "Jaws", "Vertigo", "Memento", "Gravity", "Drive")
_BOOKS = ("Dune", "Pride and Prejudice", "The Hobbit", "Beloved", "Sapiens", "Things Fall Apart", "Middlemarch",
          "Emma", "Frankenstein", "Dracula", "Jane Eyre", "The Road", "Atonement", "Rebecca", "Ulysses", "Persuasion")
_SONGS = ("Bohemian Rhapsody", "Blinding Lights", "Hey Jude", "Redbone", "Clair de Lune", "Imagine", "Yesterday",
          "Respect", "Hallelujah", "Wonderwall", "Jolene", "Superstition", "Vogue", "Creep", "Halo", "Dreams")
_ALBUMS = ("Abbey Road", "Thriller", "Rumours", "Kind of Blue", "Blue Lines", "Blue", "Nevermind", "Purple Rain",
           "Revolver", "Homogenic", "Graceland", "Lemonade", "Discovery", "Ok Computer", "Tapestry", "Pet Sounds")
_SPORTS = ("football", "basketball", "tennis", "baseball", "cricket", "ice hockey")
_LEAGUES = ("Premier League", "NBA", "La Liga", "Serie A", "Bundesliga", "MLB")
_DISHES = ("pad thai", "lasagna", "chicken curry", "caesar salad", "shakshuka", "ramen", "risotto", "paella",
           "falafel", "moussaka", "pho", "chili con carne", "tiramisu", "gazpacho", "biryani", "goulash")
_INGREDIENTS = ("chicken", "garlic", "basil", "tomato", "lentils", "salmon", "spinach")
_COINS = ("bitcoin", "ethereum", "solana", "cardano", "polkadot")
_BRANDS = ("Sony", "Nike", "Samsung", "Lego", "Patagonia", "IKEA")
_INDUSTRIES = ("Software", "Healthcare", "Financial Services", "Retail", "Manufacturing", "Education", "Logistics",
               "Real Estate")
# Everyday kinds known by their real names, and those names: what a search of them is asked about ("Inception",
# not "movie summary May") and what its hits are called.
_NAMED_THINGS: dict[str, tuple[str, ...]] = {
    "movie": _FILMS, "film": _FILMS, "book": _BOOKS, "novel": _BOOKS, "song": _SONGS, "track": _SONGS,
    "album": _ALBUMS, "recipe": _DISHES, "dish": _DISHES, "meal": _DISHES, "coin": _COINS,
    "cryptocurrency": _COINS, "city": CITIES, "league": _LEAGUES, "brand": _BRANDS, "airport": _AIRPORTS,
    "ingredient": _INGREDIENTS, "cuisine": _CUISINES}
_WORKS = frozenset({"movie", "film", "book", "novel", "song", "track", "album"})  # titled; the others are named


def named_things(kind: str) -> tuple[str, ...] | None:
    """The real names of an everyday `kind` (`movie`, `tmdb_movies`), by its last word; companies a CRM or a
    directory is searched for are made-up ones, the same few everywhere."""
    last = _last_word(kind)
    if last in ("company", "companies"):
        return _companies()
    return _NAMED_THINGS.get(last) or (_NAMED_THINGS.get(last[:-1]) if last.endswith("s") else None)


@lru_cache(maxsize=1)
def _companies() -> tuple[str, ...]:
    rng, out = random.Random("companies"), []
    while len(out) < 24:
        name = company_name(rng)
        out += [name] if name not in out else []
    return tuple(out)


def naming_field(kind: str) -> str:
    """The field a record of an everyday kind is called by: a work's `title`, anything else's `name`."""
    last = _last_word(kind)
    return "title" if last in _WORKS or last[:-1] in _WORKS else "name"


def spare_names(kind: str, taken: set[str], seed: str) -> list[str]:
    """The names of an everyday `kind` not yet `taken`, in an order `seed` fixes: what further ones are called."""
    spare = [t for t in named_things(kind) or () if t not in taken]
    random.Random(seed).shuffle(spare)
    return spare


def _last_word(kind: str) -> str:
    return re.split(r"[^a-z]+", kind.lower())[-1] if kind else ""


# Words that name a place only where the description says so (`origin` is also a git remote, `destination` a path).
_TRAVEL_ENDS = frozenset({"origin", "destination", "from", "to", "departure", "arrival"})
_PLACE_WORDS = re.compile(r"\b(city|cities|airport|place|location|town|IATA|destination|travel|trip|flight)\b", re.I)
_AIRPORT_WORDS = re.compile(r"\b(airport|IATA)\b", re.I)
# Widely used open-source packages: what a docs, dependency or registry tool is asked about (it knows `requests`,
# not `package-library-01`). The description's language picks the ecosystem; Python's is the default.
_PACKAGES = {"python": ("requests", "numpy", "pandas", "fastapi", "pydantic", "sqlalchemy", "httpx"),
             "javascript": ("react", "express", "lodash", "axios", "zod", "next", "vitest"),
             "rust": ("serde", "tokio", "reqwest", "clap", "anyhow"),
             "go": ("github.com/gin-gonic/gin", "github.com/spf13/cobra", "github.com/stretchr/testify")}
_ECOSYSTEM = (("javascript", re.compile(r"\b(npm|node|javascript|typescript|js|ts)\b")),
              ("rust", re.compile(r"\b(rust|crate|crates|cargo)\b")), ("go", re.compile(r"\b(go|golang)\b")),
              ("python", re.compile(r"\b(python|pypi|pip)\b")))


_PACKAGE_WORDS = frozenset({"package", "library", "crate", "dependency", "lib"})


def package(f: Faker, description: str = "", ecosystem: str = "") -> str:
    """A package of the language the description names, else of the one its spec speaks of, else Python's."""
    d = description.lower()
    lang = next((name for name, rx in _ECOSYSTEM if rx.search(d)), ecosystem or "python")
    return f.random_element(_PACKAGES[lang])


# What names a language in a whole spec's texts: stricter than in one description ("go to the page", a graph
# "node", a "ts" timestamp name none; a search qualifier's `language:python` is an example, not the spec's own).
_SPEC_ECOSYSTEM = tuple((name, re.compile(rf"(?<!language:)\b({words})\b")) for name, words in (
    ("javascript", r"npm|node\.?js|javascript|typescript|package\.json|yarn|pnpm"), ("rust", r"rust|cargo|crates\.io"),
    ("go", r"golang|go\.mod"), ("python", r"python|pypi|pip|pyproject")))


def ecosystem_of(texts: tuple[str, ...]) -> str:
    """The language a spec's texts name most often (an npm server's `javascript`), or "" where none is named."""
    counts = {name: sum(len(rx.findall(t.lower())) for t in texts) for name, rx in _SPEC_ECOSYSTEM}
    best = max(counts, key=lambda n: counts[n])
    return best if counts[best] >= 2 else ""  # (twice at least: one mention may be an aside)


# Words before `address` that make it something other than a postal address.
_NOT_POSTAL = frozenset({"email", "mail", "ip", "ipv4", "ipv6", "mac", "wallet", "contract", "web", "server", "host",
                         "url", "token", "account", "public", "private", "from", "to", "sender", "recipient", "reply",
                         "bitcoin", "eth", "network", "memory", "base", "return"})


def _common(f: Faker, usual: tuple[str, ...], any_code: Callable[[], str]) -> str:
    return f.random_element(usual) if f.random.random() < 0.85 else any_code()


# (names, maker): a name is matched whole (`zip`, `postal_code`) or by its last words (`billing_postal_code`)
_KINDS: tuple[tuple[str, Callable[[Faker], str]], ...] = (
    ("phone phone_number phonenumber mobile mobilephone mobile_phone telephone tel fax cell cellphone",
     lambda f: f.numerify("+1%##%######")),  # E.164, the form APIs (SMS, voice, CRM) take and return
    ("city town locality", _world_city),
    ("street street_address address1 address_line1 address_line_1 line1 street_line1 shipping_address "
     "billing_address home_address mailing_address postal_address delivery_address business_address",
     lambda f: f.street_address()),
    ("address2 address_line2 address_line_2 line2", lambda f: f.secondary_address()),
    ("zip zipcode zip_code postal_code postalcode postcode", lambda f: f.postcode()),
    ("country_code countrycode country_iso iso_country", lambda f: _common(f, _COUNTRIES, f.country_code)),
    ("country country_name", lambda f: f.country()),
    ("currency currency_code currencycode", lambda f: _common(f, _CURRENCIES, f.currency_code)),
    ("first_name firstname given_name givenname forename", lambda f: f.first_name()),
    ("middle_name middlename", lambda f: f.first_name()),
    ("last_name lastname surname family_name familyname", lambda f: f.last_name()),
    ("job_title jobtitle occupation profession", lambda f: f.job()),
    ("company company_name companyname employer business_name", lambda f: f.company()),
    ("iban", lambda f: f.iban()),
    ("swift bic swift_code bic_code", lambda f: f.swift()),
    ("isbn isbn13", lambda f: f.isbn13()),
    # a library catalogue's and a publisher's identifiers, in the shapes their registries give them
    ("issn", lambda f: f.numerify("####-###") + f.random_element("0123456789X")),
    ("oclc oclc_number", lambda f: f.numerify("%#######")),
    ("lccn", lambda f: f.numerify("20########")),
    ("olid", lambda f: f.numerify("OL%######M")),
    ("orcid", lambda f: f.numerify("0000-000%-####-####")),
    ("pmid pubmed", lambda f: f.numerify("3#######")),
    ("doi", lambda f: f.numerify("10.1%##/") + f.bothify("??????.####").lower()),
    ("ean ean13 barcode gtin", lambda f: f.ean13()),
    ("sku", lambda f: f.bothify("??-####").upper()),
    ("mac mac_address", lambda f: f.mac_address()),
    ("ipv6 ipv6_address", lambda f: f.ipv6()),
    ("latitude lat", lambda f: str(f.latitude())),
    ("longitude lng lon long", lambda f: str(f.longitude())),
    ("birthdate birthday date_of_birth dob", lambda f: f.date_of_birth(minimum_age=18, maximum_age=80).isoformat()),
    ("license_plate plate", lambda f: f.license_plate()),
    ("symbol ticker ticker_symbol stock_symbol stock", lambda f: f.random_element(_TICKERS)),
    ("state_code province_code", lambda f: f.state_abbr()),
    ("province", lambda f: f.state()),
    ("nationality", lambda f: f.country()),
    ("place place_name near neighborhood neighbourhood hometown", _world_city),
    ("airport airport_code iata iata_code", lambda f: f.random_element(_AIRPORTS)),
    ("hotel hotel_name", lambda f: f"Hotel {f.last_name()}"),
    ("venue venue_name", lambda f: f"{f.last_name()} Hall"),
    ("restaurant restaurant_name", lambda f: f"Café {f.last_name()}"),
    ("cuisine cuisine_type", lambda f: f.random_element(_CUISINES)),
    ("genre", lambda f: f.random_element(_GENRES)),
    ("movie movie_title movie_name film film_title film_name", lambda f: f.random_element(_FILMS)),
    ("book_title book_name", lambda f: f.random_element(_BOOKS)),
    ("song song_title song_name", lambda f: f.random_element(_SONGS)),
    ("album album_name album_title", lambda f: f.random_element(_ALBUMS)),
    ("sport", lambda f: f.random_element(_SPORTS)),
    ("league league_name", lambda f: f.random_element(_LEAGUES)),
    ("dish recipe recipe_name meal", lambda f: f.random_element(_DISHES)),
    ("ingredient", lambda f: f.random_element(_INGREDIENTS)),
    ("coin coin_name cryptocurrency", lambda f: f.random_element(_COINS)),
    ("token_name crypto_name asset_name", lambda f: f.random_element(tuple(TOKENS))),
    ("brand brand_name", lambda f: f.random_element(_BRANDS)),
    # a contact's social profiles and a company's sector, as a CRM holds them
    ("industry sector", lambda f: f.random_element(_INDUSTRIES)),
    ("twitter twitterhandle twitter_handle twitter_username x_handle", lambda f: "@" + f.user_name()),
    ("linkedin linkedin_url linkedin_profile linkedinurl", lambda f: f"https://www.linkedin.com/in/{f.user_name()}"),
    ("facebook facebook_url facebookfanpage facebook_page", lambda f: f"https://www.facebook.com/{f.user_name()}"),
    ("mood", lambda f: f.random_element(("calm", "upbeat", "melancholic", "energetic", "romantic", "focused"))),
    ("artist artist_name player_name composer singer", lambda f: f.name()),
)
_EXACT: dict[str, Callable[[Faker], str]] = {n: make for names, make in _KINDS for n in names.split()}
_GLUED = sorted(((n.replace("_", ""), make) for n, make in _EXACT.items() if len(n.replace("_", "")) >= 5),
                key=lambda nm: -len(nm[0]))


def standard_kind(name: str) -> Callable[[Faker], str] | None:
    """The maker for a field name of a standard kind, if it is one (`contact_phone`, `BillingCity`,
    `mobilephone`); names ending in an identifier word (`city_id`) are references, not values."""
    parts = name_parts(name)
    if not parts or parts[-1] in ("id", "ids", "uuid", "key", "type", "count"):
        return None
    if parts[-1] == "address" and len(parts) > 1 and parts[-2] in _NOT_POSTAL:
        return None  # an email, IP or wallet address
    for k in range(min(3, len(parts)), 0, -1):  # the last words, longest first: `postal_code` before `code`
        make = _EXACT.get("_".join(parts[-k:]))
        if make is not None:
            return make
    glued = "".join(parts)
    if glued.endswith("address") and any(glued[:-7].endswith(q) for q in _NOT_POSTAL):
        return None
    return next((make for g, make in _GLUED if glued.endswith(g)), None)


# What a description says about an `address` or a `symbol` that the name alone leaves open.
_CHAIN = re.compile(r"\b(0x|wallet|contract|transaction|token|blockchain|ethereum|evm|ens|on-?chain|coin|crypto)", re.I)
_POSTAL = re.compile(r"\b(street|postal|mailing|shipping|billing|city|zip|post ?code)\b", re.I)
_CRYPTO_SYMBOLS = ("ETH", "USDC", "USDT", "WBTC", "LINK", "UNI", "DAI", "AAVE", "BTC", "SOL")
# Crypto tokens by name, with their tickers: a token named Uniswap trades as UNI.
TOKENS = {"Ethereum": "ETH", "USD Coin": "USDC", "Tether": "USDT", "Wrapped Bitcoin": "WBTC", "Chainlink": "LINK",
          "Uniswap": "UNI", "Dai": "DAI", "Aave": "AAVE", "Bitcoin": "BTC", "Solana": "SOL"}


def standard_value(name: str, rng: random.Random, description: str = "", locale: str = "",
                   ecosystem: str = "") -> str | None:
    """A value of the standard kind `name` (and its description) names, if any. A bare `address` is a
    postal one only where the description says so, and an on-chain `0x...` one where it talks of wallets,
    contracts or transactions; a `symbol` described as a token or coin is a crypto asset's, not a stock's.
    Places are in the country of `locale` (a Faker locale, from the script the spec is written in)."""
    last = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower().rsplit("_", 1)[-1]
    if last == "address" and standard_kind(name) is None and not _not_postal(name):
        if _CHAIN.search(description):
            return "0x" + "".join(rng.choice("0123456789abcdef") for _ in range(40))
        return _faker(rng).street_address() if _POSTAL.search(description) else None
    if last in ("symbol", "symbols", "ticker", "tickers") and (_CHAIN.search(description) or _CHAIN.search(name)):
        return rng.choice(_CRYPTO_SYMBOLS)
    if last in _TRAVEL_ENDS and _PLACE_WORDS.search(description):  # "Departure city", "Destination airport (IATA)"
        return rng.choice(_AIRPORTS) if _AIRPORT_WORDS.search(description) else city(rng, locale)
    parts = name_parts(name)
    if parts and (parts[-1] in _PACKAGE_WORDS or len(parts) > 1 and parts[-1] == "name" and parts[-2] in _PACKAGE_WORDS):
        return package(_faker(rng), description, ecosystem)
    make = standard_kind(name)
    if make is _EXACT["country"] and ISO_CODE.search(description):  # "ISO 3166 alpha 2 country codes": `FR`
        make = _EXACT["country_code"]
    if make is _world_city and locale:  # a place: in the spec's country
        return city(rng, locale)
    return make(_faker(rng)) if make is not None else None


ISO_CODE = re.compile(r"\biso[ -]?3166|\balpha[ -]?2\b|\bcountry codes?\b|\btwo[- ]letter\b", re.I)


def _not_postal(name: str) -> bool:
    parts = name_parts(name)
    return len(parts) > 1 and parts[-2] in _NOT_POSTAL


# Names that hold a quantity even where the schema says string (`"width": "1280"`), and what is typical of each.
_MEASURES: dict[str, Callable[[random.Random], str]] = {
    "width": lambda r: str(r.choice((320, 640, 800, 1024, 1280, 1920))),
    "height": lambda r: str(r.choice((240, 480, 600, 720, 768, 1080))),
    "size": lambda r: str(r.choice((512, 2048, 4096, 65536, 1048576))),
    "length": lambda r: str(r.randint(1, 500)),
    "frames": lambda r: str(r.choice((24, 30, 60, 120, 240))),
    "duration": lambda r: r.choice(("30s", "5m", "1h", "PT15M", "90")),
    "timeout": lambda r: r.choice(("30s", "60", "5m", "10s")),
    "interval": lambda r: r.choice(("1m", "5m", "1h", "24h")),
    "port": lambda r: r.choice(("22", "80", "443", "8080", "5432")),
    "ports": lambda r: r.choice(("22,80,443", "1-1024", "80,443", "8080-8090")),
    "count": lambda r: str(r.randint(1, 50)), "limit": lambda r: str(r.choice((10, 20, 50, 100))),
    "quantity": lambda r: str(r.randint(1, 12)), "weight": lambda r: f"{r.randint(1, 40)}.{r.randint(0, 9)}",
    "percent": lambda r: str(r.randint(0, 100)), "percentage": lambda r: str(r.randint(0, 100)),
    "year": lambda r: str(r.randint(2015, 2026)), "age": lambda r: str(r.randint(18, 80)),
    "rating": lambda r: f"{r.randint(1, 4)}.{r.randint(0, 9)}", "score": lambda r: f"{r.randint(0, 99)}.{r.randint(0, 9)}",
    "version": lambda r: f"{r.randint(1, 4)}.{r.randint(0, 12)}.{r.randint(0, 9)}",
    "role": lambda r: r.choice(("admin", "member", "viewer", "owner", "editor")),
    "visibility": lambda r: r.choice(("public", "private", "internal")),
    "html": lambda r: r.choice(("<p>Hello</p>", "<h1>Welcome</h1><p>Details below.</p>", "<ul><li>First</li></ul>")),
}
# Money written as text (`regular_price: "24.99"`, as shop and billing APIs send it): a decimal amount.
# (not a bare `amount`: a coupon's is a percentage where its type says so)
_MEASURES.update(dict.fromkeys(("price", "cost", "subtotal", "fee", "balance"),
                               lambda r: f"{r.randint(2, 480)}.{r.choice(('00', '50', '99', '95', '25'))}"))


def measure_value(name: str, rng: random.Random) -> str | None:
    """A typical value for a field named like a quantity or a common setting (`max_width`, `scanPorts`), if it is one."""
    parts = name_parts(name)
    make = _MEASURES.get(parts[-1]) if parts else None
    return make(rng) if make is not None else None

