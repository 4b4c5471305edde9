"""Records told apart, and a person's record made one person: two rows of a listing are two records (two of the
organisation's people, two titles, two names), and a record whose address is one of the people's names that
person throughout."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from engines.offline import kind_fields
from engines.offline.values_vocab import ENVS
from engines.offline.world import Organisation, Person


def bare(key: str) -> str:
    """A field name's letters only (`first_name`, `firstName`: `firstname`), as the name tables spell them."""
    return re.sub(r"[^a-z]", "", key.lower())


_OWN_EMAIL = frozenset({"email", "emailaddress", "contactemail", "primaryemail", "workemail", "mail"})
PERSON_FIELDS = {"fullname": "name", "displayname": "name", "name": "name", "contactname": "name",
                  "firstname": "first", "givenname": "first", "lastname": "last", "surname": "last",
                  "familyname": "last", "username": "username", "login": "username", "handle": "username"}


def one_person(rec: dict[str, Any], org: Organisation, keep: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A record whose own e-mail address is one of the organisation's people names that person in its name
    fields (a contact created for ana@… is Ana, not somebody drawn apart); a field holding one of `keep` (an
    ID a later call takes) stays as it is."""
    if not any(isinstance(v, str) and "@" in v for v in rec.values()):
        return rec  # most records hold no address: nothing to agree with
    email = next((v for k, v in rec.items() if bare(k) in _OWN_EMAIL and isinstance(v, str)), None)
    person = next((p for p in org.people if p.email == email), None)
    if person is None or any(isinstance(v, str) and v in keep for k, v in rec.items()
                             if PERSON_FIELDS.get(bare(k))):
        return mailed(rec, keep)  # (a contact named by its name, `Chloe Tanaka`, keeps it: its address follows)
    return _named_as(rec, person, keep)


def _named_as(rec: dict[str, Any], person: Person, keep: frozenset[str] = frozenset()) -> dict[str, Any]:
    """`rec` with `person`'s name, parts of it, user name and address in its person fields."""
    first, _, last = person.name.partition(" ")
    parts = {"name": person.name, "first": first, "last": last, "username": person.username}
    out = dict(rec)
    for k, v in rec.items():
        role = PERSON_FIELDS.get(bare(k)) or ("email" if bare(k) in _OWN_EMAIL else None)
        if role is not None and isinstance(v, str) and v not in keep:
            out[k] = person.email if role == "email" else parts[role]
    return out


def _person_named(row: dict[str, Any], people: dict[str, Any]) -> str | None:
    """The name of one of the organisation's people a row shows (not a `name: {first, last}` object)."""
    return next((v for k, v in row.items() if PERSON_FIELDS.get(bare(k)) == "name" and isinstance(v, str)
                 and v in people), None)


def distinct(rows: list[dict[str, Any]], org: Organisation, keep: frozenset[str], asked: str | None = None,
             claimed: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """A listing's rows as different records look: two members are two of the organisation's people, two
    hits on one topic have two titles ("Fleet budget explained", "Fleet budget in 2026"). The first row to
    show a name keeps it, and so do a name a later call takes (`keep`) and the rows of records shown
    before (`claimed` IDs); people looked up by a name (`asked`: "Leila") are led by the one of that name."""
    people = {p.name: p for p in org.people}
    sought = next((p for p in org.people if asked and asked.lower() in (p.name.lower(), p.name.split()[0].lower())), None)
    fixed = [r for r in rows if str(r.get("id")) in claimed]
    met: set[str] = {v for r in fixed for k, v in r.items()
                     if PERSON_FIELDS.get(bare(k)) == "name" and isinstance(v, str) and v in people}
    titles: set[str] = {r["title"] for r in fixed if isinstance(r.get("title"), str)}
    names: set[str] = {r["name"] for r in fixed if isinstance(r.get("name"), str)}
    out = []
    for i, row in enumerate(rows):
        if any(row is r for r in fixed):
            out.append(row)
            continue
        name = _person_named(row, people)
        if i == 0 and name is not None and sought is not None and name not in keep:
            row, name = _named_as(row, sought, keep), sought.name
        if name is not None and name in met and name not in keep:
            spare = next((p for p in org.people if p.name not in met), None)
            if spare is not None:
                row, name = _named_as(row, spare, keep), spare.name
        if name is not None:
            met.add(name)
        title = row.get("title")
        if isinstance(title, str):
            if title in titles and title not in keep:
                title = kind_fields.retitle(title, titles)
                row = {**row, "title": title}
            titles.add(title)
        own = row.get("name")  # (a record's own name: a person's was told apart above)
        if isinstance(own, str) and own not in people:
            if own in names and own not in keep:
                own = renamed(own, names, org) or own
                row = {**row, "name": own}
            names.add(own)
        out.append(row)
    return out


def mailed(rec: dict[str, Any], keep: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A person's record gets an address made of its own name (Shannon Johnson is shannon.johnson@…, not
    samuel.duarte@…), and one name in all its name fields: the one it is known by (`keep`, an ID a later call
    takes) first. An address in `keep` stays."""
    key, email = next(((k, v) for k, v in rec.items() if bare(k) in _OWN_EMAIL
                       and isinstance(v, str)), (None, None))
    if key is None or email is None or email in keep or "@" not in email:
        return rec
    roles = {k: PERSON_FIELDS.get(bare(k)) for k, v in rec.items() if isinstance(v, str)}
    full = [rec[k] for k, r in roles.items() if r == "name" and len(rec[k].split()) == 2]  # (not a username)
    first = next((rec[k] for k, r in roles.items() if r == "first"), None)
    last = next((rec[k] for k, r in roles.items() if r == "last"), None)
    known = next((v for v in full if v in keep), None) or (f"{first} {last}" if first and last else None) or \
        next(iter(full), None)
    if known is None or len(known.split()) != 2 or not re.fullmatch(r"[^\W\d_]+", known.replace(" ", "")):
        return rec
    plain = unicodedata.normalize("NFKD", known.replace(" ", ".")).encode("ascii", "ignore").decode()  # (José: jose)
    local = re.sub(r"[^a-z.]", "", plain.lower()).strip(".")
    out = {**rec, **{k: known for k, r in roles.items() if r == "name" and rec[k] not in keep}}
    return {**out, key: f"{local}@{email.split('@', 1)[1]}"} if local else rec


def renamed(name: str, taken: set[str], org: Organisation) -> str | None:
    """Another name of the sort of `name` than those `taken`: the next one of the organisation's list it comes from
    (a second channel `#support` is `#payments`, a second team another team), or the same slug in another
    environment (`role-kitchen-staging` beside `role-kitchen-prod`); None where `name` is of no such sort."""
    sign = "#" if name.startswith("#") else ""
    for pool in (org.teams, org.services, org.channels, org.projects, org.tables, org.tags, org.branches, org.nouns):
        if name.removeprefix(sign) in pool:
            return next((sign + p for p in pool if sign + p not in taken), None)
    slug = re.fullmatch(r"(.+)-(?:prod|staging|dev|eu|us|0\d)", name)
    if slug is not None:
        return next((f"{slug.group(1)}-{env}" for env in (*ENVS, "dev", "us", "02") if f"{slug.group(1)}-{env}" not in taken),
                    None)
    return None
