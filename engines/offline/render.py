"""Text results for tools without an outputSchema, shaped like what real MCP servers return.

Most servers answer with a JSON record or list (GitHub, Atlassian, Supabase), some with structured
plain text (the filesystem server's `[DIR] path` lines, `Successfully wrote to ...`). A result is
built from the entity kind, the action, the call's arguments and the entities the workflow state
says it shows, so every ID a later call takes from it is in it, as a whole token.
"""

from __future__ import annotations

import json
import random
import re
from datetime import datetime, timedelta
from typing import Any

from common.taxonomy import same_kind, tokens
from engines.offline import chrono, compute, kind_fields, kinds, units, values_formats as fmt, yields
from engines.offline.apart import PERSON_FIELDS, bare, distinct, mailed, one_person
from engines.offline.git_text import git_text
from engines.offline.history import events, is_history
from engines.offline.included import included
from engines.offline.listed import in_sequence, listed_fields, listed_value
from engines.offline.model import ABOUT, WITHIN, SpecModel, shown_fields, spread
from engines.offline.outputs import token_in
from engines.offline.own_words import docs_topic
from engines.offline.places import city_at, cohere, is_region
from engines.offline.query_results import query_result
from engines.offline.shell import command_of, ran, workdir_of
from engines.offline.text import label
from engines.offline.transforms import with_result
from engines.offline.usual import extras, held_facts, said_otherwise
from engines.offline.values import ValueGenerator
from engines.offline.values_standard import named_things, naming_field, spare_names
from engines.offline.values_vocab import PUBLIC_KINDS, PUBLIC_TOPICS, kind_id, org_topic, registry_id, registry_of
from engines.offline.verdicts import answer, availability, is_availability_check, is_checker, question, verdict
from engines.offline.world import Organisation
from schemas import Action, Entity, ParameterRole, ToolInterpretation

_SHA = re.compile(r"^[0-9a-f]{7,40}$")
_CODE = re.compile(r"^[\w.:-]*\d[\w.:-]*$")
_META = {"info", "stat", "stats", "metadata", "attributes", "properties", "size"}
_TOPICS = ("timeout", "pagination", "retry", "export", "cache", "rate limit", "audit log", "search")


def key_for(kind: str, value: str) -> str:
    """The field a record names its entity by: `path`, `sha`, `number`, `id`, `email` or `name`."""
    if value.startswith("/"):
        return "path"
    if _SHA.match(value) and not value.isdigit() and set(tokens(kind)) & {"commit", "revision", "sha", "hash", "ref"}:
        return "sha"  # (a commit's hash; a worker's 32-hex ID is its `id`)
    if "@" in value and " " not in value:
        return "email"
    if value.startswith(("http://", "https://")):
        return "url"
    if value.isdigit():
        return "number" if set(tokens(kind)) & {"issue", "pull"} else "id"
    if kind == "key":
        return "key"
    return "id" if _CODE.match(value) and " " not in value else "name"


def is_metadata(tool: str) -> bool:
    """`get_file_info`, `stat`: the result describes the entity rather than holding its content."""
    return bool(set(tokens(tool)) & _META)


_ISO_Z = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")  # as last_touched and _acted write it: comparable as text
_CREATED = frozenset({"createdat", "created", "creationdate", "createdtime", "createdon", "datecreated"})
_UPDATED = frozenset({"updatedat", "updated", "modifiedat", "modified", "lastmodified", "lastupdated", "dateupdated"})
_STATES = frozenset({"status", "state"})
_STARTS = frozenset({"open", "new", "todo", "to do", "draft", "pending", "active", "created", "backlog", "queued",
                     "planned", "enabled", "available", "scheduled", "unread", "unassigned", "submitted", "ok"})


_PEOPLE_COUNTS = frozenset({"member", "members", "attendee", "attendees", "participant", "participants", "seat",
                            "seats", "user", "users", "owner", "owners", "replica", "replicas", "node", "nodes"})
_FILE_LIKE = frozenset({"file", "document", "doc", "image", "photo", "video", "audio", "attachment", "blob", "upload",
                        "pdf", "asset", "media", "page", "note", "message", "post"})


def _held_count(key: str, kind: str) -> bool:
    """Whether `key` counts what a new record of `kind` holds (rows, cards, bytes): none until something is put
    in. Not the people it is made with, nor what a file or a message holds from the start (its own text)."""
    words = tokens(key)
    return bool((words[:1] == ["num"] or {"count", "bytes"} & set(words)) and not _PEOPLE_COUNTS & set(words)
                and not _FILE_LIKE & set(tokens(kind)))


def _named(key: str, names: frozenset[str]) -> bool:
    return bare(key) in names


def _acted(now: datetime | None, rng: random.Random) -> str:
    """When the call itself created, changed or finished something: at its place in the workflow (`now`, a
    few minutes after the one before), so a later step never reports an earlier time."""
    return fmt.last_touched(rng) if now is None else yields.acted_at(now, rng)


def described(kind: str, org: Organisation, key: str, model: SpecModel | None, topic: str | None = None,
              listed: tuple[str, ...] = ()) -> dict[str, Any]:
    """A record's descriptive fields: the ones this spec's own tools give its kind (see model.py), with the
    fields records of this kind typically carry where the spec's own text speaks of them (a run's
    `head_branch` only in a spec that talks of branches). A kind the spec gives fewer than two fields (a name
    aside) gets the fields records of its kind carry anywhere (kinds.py), about `topic` (what the call asked
    about); one nothing is known of, the fields its tool's description lists (`listed`)."""
    usual = extras(kind, org, random.Random(key))
    if model is None:
        return usual
    spec = model.record(kind, org, key)
    held = held_facts(spec, kind)
    own = {**{k: v for k, v in usual.items() if model.speaks_of(k) and not said_otherwise(k, held)}, **spec}
    # (a name alone says nothing of the thing: a project known only by its name and team gets the usual fields)
    telling = [k for k in own if k not in ("name", "title", "display_name")]
    common = kinds.record(kind, org, key, topic or _topic_of(org, key, kind)) \
        if (len(telling) < 2 or kinds.is_artifact(kind)) and kinds.borrowable(kind, model.speaks_of, org.technical, bool(org.ledger)) else {}
    held = held_facts(own, kind)
    fields = {k: v for k, v in {**common, **own}.items() if k in own or not said_otherwise(k, held)}
    if not fields and listed:  # "arrivals with delay predictions and crowding levels": what the author says
        rng = random.Random(f"listed:{key}")
        fields = {f: listed_value(f, org, rng, topic or kind.replace("_", " "), listed) for f in listed}
    return fields or {"updated_at": fmt.last_touched(random.Random(key))}  # nothing known: an honest timestamp


def _topic_of(org: Organisation, key: str, kind: str = "") -> str:
    """What a record nobody asked about by name is about: one of the organisation's subjects, or for what
    people publish for anyone (papers, articles, videos), one of the world's."""
    rng = random.Random(f"topic:{key}")
    if set(tokens(kind)) & PUBLIC_KINDS:
        return rng.choice(PUBLIC_TOPICS)
    return f"{rng.choice(org.nouns)} {org_topic(org, rng)}"


def asked_about(it: ToolInterpretation, args: dict[str, Any]) -> str | None:
    """The words a call asks about (a search's query, a lookup's keyword or title), if it states any; for a
    documentation tool, the topic its description names ("Documentation for widget error handling")."""
    topic = docs_topic(it.functionality) if it.entity == "documentation" else None
    if topic is not None:
        return topic
    for p in it.parameters:
        v = args.get(p.name)
        if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
            v = v[0]  # (several queries at once: the hits are about the first)
        if isinstance(v, str) and set(tokens(p.name)) & _ASKING and 0 < len(v.strip()) <= 120 \
                and not v.startswith(("http:", "https:", "/", "{", "[")):
            return v.strip()
    named = any(p.role is ParameterRole.identifier and args.get(p.name) not in (None, "", []) for p in it.parameters)
    if it.action is Action.search and not named:  # a search by acronym or condition finds what it names: "TETON"
        for p in it.parameters:  # (not one scoped to a record it names: that record is what it finds)
            v = args.get(p.name)
            v = v[0] if isinstance(v, list) and v else v
            if p.role in (ParameterRole.filter, ParameterRole.other) and isinstance(v, str) \
                    and _WORDS_SOUGHT.fullmatch(v.strip()) and (" " in v.strip() or v.isalpha()):
                return v.strip()
    return _narrowed_to(it, args) or city_at(args)  # (a forecast at Seoul's coordinates is Seoul's)


# (words, "type 2 diabetes": no date, ID, code or expression)
_WORDS_SOUGHT = re.compile(r"[A-Za-z][A-Za-z0-9' -]{1,58}[A-Za-z0-9]")


_ASKING = frozenset({"query", "q", "search", "keyword", "keywords", "term", "terms", "topic", "subject", "title",
                     "question", "prompt", "text", "phrase", "symbol", "ticker"})  # (a stock's figures are its own)
# What a call for news, articles or videos narrows them to (`sport: nba`, `league: premier-league`): their subject.
# (not a bare `category` or `tag`: the words drawn for those say nothing of a public subject)
_NARROWING = frozenset({"sport", "league", "genre", "team"})


def _narrowed_to(it: ToolInterpretation, args: dict[str, Any]) -> str | None:
    """The subject a call narrows public records to by short words ("NBA news"), or None."""
    if not set(tokens(it.entity)) & PUBLIC_KINDS:
        return None
    said = [v.upper() if len(v) <= 3 else v for p in it.parameters
            if set(tokens(p.name)) & _NARROWING and isinstance(v := args.get(p.name), str)
            and re.fullmatch(r"[a-z][a-z-]{1,14}", v)]
    return f"{' '.join(said)} {label(it.entity).split()[-1]}" if said else None


def _record(e: Entity, org: Organisation, extra: bool = True, model: SpecModel | None = None,
            topic: str | None = None, listed: tuple[str, ...] = ()) -> dict[str, Any]:
    """An entity as a record; its descriptive fields depend only on the entity, so every call that shows
    issue 128 shows the same title and state."""
    key = key_for(e.kind, e.id)
    if e.attributes.get(key, e.id) != e.id:
        key = "id"  # a project named at its creation, keyed by an ID of its own
    out: dict[str, Any] = {key: int(e.id) if e.id.isdigit() and len(e.id) < 16 else e.id}
    if extra:
        named = next((v for k, v in e.attributes.items() if k in ("title", "name") and isinstance(v, str)), None)
        # (a hit found by a search stays about what was searched for when a later call reads it)
        about = named or e.attributes.get(ABOUT) or topic
        drawn = described(e.kind, org, f"{org.seed}:{e.kind}:{e.id}", model, about, listed)
        if e.attributes.get(WITHIN):  # (found by a search since 24 January: dated since then wherever shown)
            span = tuple(map(chrono.when, e.attributes[WITHIN]))
            drawn = chrono.within(drawn, span, fmt.EPOCH, f"{org.seed}:{e.kind}:{e.id}")
        out.update({k: v for k, v in kinds.as_file(drawn, e.id).items() if k != key})  # (a `name` hides no ID)
        if key == "id" and e.kind in org.id_kinds and not any(k == "title" or bare(k).endswith("name") for k in out):
            out["name"] = ValueGenerator(org, random.Random(e.id)).value(  # (a project listed by its ID has a name)
                {"type": "string"}, name=f"{e.kind}_name", role="content", entity=e.kind)
        if key == "id" and tokens(e.kind):  # a listing's `listing_id` is its ID, not a second one beside it
            own = f"{tokens(e.kind)[-1]}id"
            for k in [k for k in out if k != key and bare(k) == own and isinstance(out[k], (str, int))]:
                out[k] = out[key]
    # What the workflow wrote wins over what the record was drawn with, objects too (an update's `engagement`),
    # under the field's other name too: stations listed by `country_code: IN` are in `country` IN.
    written = {k: _kept(v) for k, v in shown_fields(e.attributes).items() if _kept(v) is not None}
    fixed = set(spread(e.kind, written)) | (model.constrained(e.kind) if model is not None else set())
    return cohere(spread(e.kind, _filtered(out, written)), fixed)  # (one place, as written; listed values stay)


_SAME_FIELD = re.compile(r"_?(code|iso|iso_code)$", re.I)  # `country_code` names what `country` holds


def _filtered(row: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """`row` with `values` set, scalars under each field's other name too (`country_code: IN` -> `country: IN`)."""
    out = {**row, **values}
    for k, v in values.items():
        other = _SAME_FIELD.sub("", k)
        if other != k and other in out and isinstance(v, (str, int, float)) and not isinstance(v, bool):
            out[other] = v
    return out


def _kept(value: Any) -> Any:
    """A value as a record shows what was written: scalars shortened, small objects and lists whole."""
    if isinstance(value, (dict, list)):
        return value if len(_dump(value)) <= 600 else None
    return _short(value)


def _short(value: Any) -> Any:
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    if isinstance(value, str):
        return value if len(value) <= 160 else value[:157] + "..."
    return None


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _pointed(it: ToolInterpretation, args: dict[str, Any], said: Any) -> dict[str, Any]:
    """Identifier arguments the result echoes (as real tools name what they touched), unless already said."""
    text = _dump(said)
    out = {}
    for p in it.parameters:
        v = args.get(p.name)
        if p.role is ParameterRole.identifier and isinstance(v, (str, int)) and not isinstance(v, bool) \
                and not token_in(str(v), text):
            out[p.name] = v
    return out


def render(tool: str, it: ToolInterpretation, args: dict[str, Any], shown: list[Entity], target: Entity | None,
           org: Organisation, rng: random.Random, plain: bool = False, model: SpecModel | None = None,
           now: datetime | None = None) -> str:
    """The result text of one call; `plain` gives one line per listed ID or a short sentence instead
    of JSON (for a string field of a structured result); `now` is when the call is made."""
    if not plain and is_checker(tool, it):  # a detector, scanner or validator answers with its verdict
        return _dump(verdict(tool, it, args, rng))
    if not plain and is_availability_check(tool, it):  # "is this domain free?": yes or no
        return _dump(availability(tool, it, args, rng))
    said = next((v for v in args.values() if isinstance(v, str) and v), None) if "echo" in tokens(tool) else None
    if said is not None and all(token_in(e.id, said) for e in shown):
        return said  # an echo answers with what it was given
    asked = question(it) if not plain and it.action not in (Action.create, Action.delete, Action.list) else None
    if asked is not None and all(token_in(e.id, _dump(args)) for e in shown):
        # "Check if a URL is accessible": yes or no, in the words of the question (not where the workflow
        # needs the answer to show another record)
        return _dump(answer(it, asked, args, rng))
    own = [e for e in shown if e.kind == it.entity]
    if not plain and target is not None and is_history(tool, it):  # a record's past: the changes that made it
        rec = _one_record(tool, it.model_copy(update={"action": Action.read}), args, shown, target, org, rng, model, now)
        people = [p.username for p in org.people]
        born = None if target.created_by is None else fmt.EPOCH + timedelta(minutes=3 * target.created_by, seconds=1)
        return _dump(events(rec, it.entity, target.id, people, now or fmt.EPOCH, rng, born))
    if not _on_files(it):  # alerts read from a capture, a lint of a source file: records, not a file manager's lines
        paths = False
    elif it.action in (Action.list, Action.search):  # a directory listing is asked for by a path; files of a pull request are not
        paths = bool(shown) and all(e.id.startswith("/") for e in shown) and bool(_path_args(args))
    else:
        subject = target if target is not None and (not own or it.action is not Action.create) else (own or shown or [None])[0]
        paths = subject is not None and subject.id.startswith("/") and (
            it.action is not Action.create or bool(_path_args(args)))  # (a generated image is no file it was told to write)
    text = git_text(tool, it, args, shown, target, org, rng) if tool.startswith("git_") else None
    worked = None if plain else compute.computation(tool, it, args)
    if worked is not None:  # a calculator answers with its result, nothing else
        text = _dump(worked.result)
    if text is None and not plain and not shown and it.action in (Action.read, Action.list, Action.search, Action.execute):
        text = query_result(args, org, rng)  # a tool that runs the SQL it is given answers with rows
    if text is None:
        text = _paths(tool, it, args, shown, target, org, rng) if paths else \
            (_sentence if plain else _records)(tool, it, args, shown, target, org, rng, model, now)
    text = text if plain else units.in_units(included(text, args, org, rng), args)  # (`includeImage`, `unit: F`)
    # Safety net: an ID the state says this call shows is always in it as a whole token (inside a JSON record as
    # a field of its own, `"board_id": …`, so the answer stays JSON; after any other text as a line).
    missing = [e for e in shown if not token_in(e.id, text)]
    record = _json_record(text) if missing else None
    if record is not None:
        for e in missing:
            record.setdefault(f"{'_'.join(tokens(e.kind)) or 'item'}_id", e.id)
        dumped = _dump(record)
        if all(token_in(e.id, dumped) for e in missing):
            return dumped
    return text + "".join(f"\n{label(e.kind)}: {e.id}" for e in missing)


def _json_record(text: str) -> dict[str, Any] | None:
    """The JSON object a text answer is, or None for any other text."""
    if not text.lstrip().startswith("{"):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


# Kinds a filesystem holds as such: a tool on one of them answers as a file manager does ("Successfully moved …").
_FILE_WORDS = frozenset({"file", "files", "directory", "folder", "dir", "path", "note", "document", "image", "video",
                         "audio", "pdf", "attachment", "screenshot", "artifact", "media", "photo", "download", "volume",
                         "readme", "markdown", "notebook", "spreadsheet", "csv", "txt"})


def _on_files(it: ToolInterpretation) -> bool:
    return bool(set(tokens(it.entity)) & _FILE_WORDS)


def _records(tool: str, it: ToolInterpretation, args: dict[str, Any], shown: list[Entity], target: Entity | None,
             org: Organisation, rng: random.Random, model: SpecModel | None = None, now: datetime | None = None) -> str:
    if it.action not in (Action.list, Action.search):
        return _dump(_one_record(tool, it, args, shown, target, org, rng, model, now))
    # A listing's rows are every entity the call shows, whatever its kind (a search's hits, a log's events).
    topic = asked_about(it, args)
    keep = frozenset(e.id for e in shown)
    said = listed_fields(it.functionality)
    rows = [one_person(_record(e, org, model=model, topic=topic, listed=said if e.kind == it.entity else ()), org, keep)
            for e in shown]
    if it.action is Action.search:
        # (the lower-ranked hits were found by the same filter: `country_code: IN` holds for them too)
        same = {k: v for k, v in args.items() if shown and shown[0].attributes.get(k) == v}
        more = [_filtered(r, same) for r in _more_hits(shown, org, rng, model, topic)]
        span = chrono.window(args)
        if span is not None:  # (the lower-ranked hits fall in the dates asked for too)
            more = [chrono.within(r, span, fmt.EPOCH, f"{org.seed}:hit:{r.get('id', k)}") for k, r in enumerate(more)]
        if topic in (named_things(it.entity) or ()):  # (lower-ranked films are other films, not "Arrival explained")
            field = naming_field(it.entity)
            spare = spare_names(it.entity, {str(r.get(field)) for r in rows} | {topic}, f"more:{topic}")
            more = [{**r, field: name} for r, name in zip(more, spare)]
        rows += more
        kind_of = [e.kind for e in shown] + [shown[0].kind if shown else it.entity] * len(rows)
        rows = distinct([one_person(_hit(row, k, topic, org, rng, kind_of[k]), org, keep) for k, row in enumerate(rows)],
                        org, keep, topic)
        out = {"total_count": len(rows), "items": rows}
        return _dump({**out, **_pointed(it, args, out)})
    return _dump(distinct(rows, org, keep, topic))


def _one_record(tool: str, it: ToolInterpretation, args: dict[str, Any], shown: list[Entity], target: Entity | None,
                org: Organisation, rng: random.Random, model: SpecModel | None = None,
                now: datetime | None = None) -> dict[str, Any]:
    """The record a call on one thing answers with (any action but a list or a search)."""
    a = it.action
    own = [e for e in shown if e.kind == it.entity]
    others = [e for e in shown if e not in own]
    topic = asked_about(it, args)
    subject = own[0] if own else None
    said = listed_fields(it.functionality)
    if subject is not None:
        rec: dict[str, Any] = _record(subject, org, a is not Action.delete, model, topic, said)
    elif a is Action.create:  # a new thing the state does not track (a review on a file): an ID of its own
        new = kind_id(it.entity, org, rng)  # shaped like the kind's IDs everywhere else
        rec = {"id": new, **described(it.entity, org, f"{org.seed}:{it.entity}:{new}", model, topic)}
    else:
        elsewhere = target is not None and a in _LOOKS and not same_kind(target.kind, it.entity)
        about = {}
        if a in (Action.read, Action.analyze) and (target is None or elsewhere):  # (drawn only where it is used)
            about = described(it.entity, org, f"{org.seed}:{it.entity}:{sorted(_flat_args(args).items())}", model, topic,
                              said)
        numbers = [v for v in args.values() if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if a is Action.analyze and set(about) <= {"updated_at"} and numbers and len(numbers) == len(args):
            # `calculate-bmi(weightKg, heightCm)`: a figure named as the kind, of the order of the figures given
            # (not worked out: the formula is the tool's own)
            about = {it.entity.split("_")[-1]: round(min(abs(n) for n in numbers) * rng.uniform(0.25, 0.5), 2)}
        if target is not None and (not elsewhere or set(about) <= {"updated_at"}):
            rec = _record(target, org, a is not Action.delete, model, topic)  # (an update answers the whole record)
        elif target is not None and (aspect_of(it.entity, target.kind) or a is Action.analyze):
            # `get_paper_abstract(paperId)`, `analyze_citation_network(paperId)`: that paper, as it was found,
            # with what the tool is about added (not a second paper under its ID)
            whole = _record(target, org, True, model, topic)
            rec = {**whole, **{k: v for k, v in about.items() if k not in whole}, **_flat_args(args)}
        else:  # nothing names the subject: describe it by the arguments the call was made with (a field
            rec = {**about, **_flat_args(args)}  # both give reads as it was asked for: severity CRITICAL)
            if target is not None and a is Action.read:  # the status of a task set `completed` is completed
                rec.update(_in_state(rec, _record(target, org, True, model, topic)))
            rec.update(_in_state(rec, rec, restate=False))  # (a progress that agrees: no `completed` at 83 %)
        if a is Action.read and target is None and tokens(tool)[-1:] in (["id"], ["uuid"], ["guid"]):
            # `get_booted_sim_id`: a getter of an ID answers with the ID
            rec = {"id": kind_id(it.entity, org, rng), **_flat_args(args)}
    rec.update(_linked(others))
    rec.update(_pointed(it, args, rec))
    rec = one_person(rec, org, frozenset(e.id for e in shown))
    if a in (Action.create, Action.update):  # fields the call set read as it set them (expiry 900, not 86400)
        # (an `id` inside an object argument, `data: {"id": …}`, is that object's, not the record's)
        rec.update({k: v for k, v in _flat_args(args).items() if k in rec and k not in _pointed(it, args, {})
                    and (k in args or k.lower() not in ("id", "uuid"))})
    flat = _flat_args(args)
    if a in (Action.create, Action.update) and any(PERSON_FIELDS.get(bare(k)) in ("name", "first", "last")
                                                   for k in flat):
        said = frozenset(v for v in flat.values() if isinstance(v, str))
        rec = mailed(rec, said | {e.id for e in shown})  # (named as asked; its ID stays what it is)
    if a is Action.create:
        rec.update({k: _kept(v) for k, v in _content(it, args).items() if _kept(v) is not None})
        at = _acted(now, rng)  # made now: every creation time it shows says so, and it starts where records start
        first = model.initial(it.entity) if model is not None else {}
        rec = {k: at if _named(k, _CREATED) and isinstance(v, str) and _ISO_Z.match(v) else first.get(k, "open")
               if _named(k, _STATES) and not is_region(k, rec) and isinstance(v, str) and v.lower() not in _STARTS
               and k not in args else v
               for k, v in rec.items()}
        rec.setdefault("created_at", at)
        # a text or a link the create could have been given and was not, it does not have (no invented
        # description, no author it was not posted as); settings such as a priority start at a value of their own
        unset = {p.name for p in it.parameters if p.name not in args and (p.role is ParameterRole.content or
                 p.role is ParameterRole.identifier and not (p.entity and same_kind(p.entity, it.entity)))}
        rec = {k: v for k, v in rec.items() if k not in unset}
        # Nothing is in it yet (a new database has no rows, a new board no cards) and it was last touched now;
        # the entity keeps this, so a later read shows the record as it was made, not redrawn.
        rec = {k: 0 if k not in args and _held_count(k, it.entity) and isinstance(v, (int, float))
               and not isinstance(v, bool) else at if _named(k, _UPDATED) and isinstance(v, str) and _ISO_Z.match(v)
               else v for k, v in rec.items()}
        if subject is not None:
            subject.attributes.update({k: v for k, v in rec.items() if k not in subject.attributes and (
                _named(k, _CREATED | _UPDATED) or _named(k, _STATES) and not is_region(k, rec)
                or _held_count(k, it.entity))})
    elif a is Action.update:
        changed = _content(it, args, options=True)
        rec.update({k: _kept(v) for k, v in changed.items() if _kept(v) is not None})
        at = _acted(now, rng)
        rec = {k: at if _named(k, _UPDATED) and isinstance(v, str) and _ISO_Z.match(v) else v for k, v in rec.items()}
        rec["updated_at"] = at
    elif a is Action.delete:
        done = next((_PAST[w] for w in tokens(tool) if w in _PAST), None)
        rec = {**rec, "status": done} if done else {"deleted": True, **rec}
    elif a in (Action.execute, Action.other) and (line := command_of(args)) is not None:
        # a command run through a shell answers with what the command printed, not with the call echoed
        cwd = workdir_of(args)
        rec = {"command": line, **({"cwd": cwd} if cwd else {}), **ran(line, org, rng, cwd)}
    elif a in (Action.execute, Action.other) and kinds.is_artifact(it.entity):
        # a chart or a QR code made and handed back: the picture of it, beside what it was made from
        made = kinds.record(it.entity, org, f"{org.seed}:{tool}:{sorted(_flat_args(args).items())}", label(it.entity))
        rec = {**made, **{k: v for k, v in {**rec, **_flat_args(args)}.items() if k not in made}}
    elif a not in (Action.read, Action.analyze, Action.navigate) and \
            (done := yields.outcome(tool, it, args, org, rng, now or fmt.EPOCH, rec)) is not None:
        # what the act came to (tests passed, a message's ID, a simulator running), beside what it was given
        rec = {**done, **{k: v for k, v in {**rec, **_flat_args(args)}.items() if k not in done}}
    elif a not in (Action.read, Action.analyze, Action.navigate):
        # (with what its description says it comes back with: an extraction's timestamps)
        told = random.Random(f"listed:{org.seed}:{tool}:{sorted(_flat_args(args).items())}")
        rec = {**rec, **in_sequence({f: listed_value(f, org, told, topic or it.entity.replace("_", " "), said)
                                     for f in said if f not in rec})}
        rec = {"status": "completed", **rec, **{k: v for k, v in _flat_args(args).items() if k not in rec}}
        # (finished after any moment it was given: a run over a range ends once the range does)
        rec["finished_at"] = max([_acted(now, rng)] + [v for v in rec.values() if isinstance(v, str) and _ISO_Z.match(v)])
    if a is not Action.delete:
        rec = with_result(tool, args, rec)
    return rec


# A look at a kind inside a parent (the tables of a database, named by the database only) describes that
# kind, not the parent it was asked by, where anything is known of that kind.
_LOOKS = (Action.read, Action.analyze, Action.navigate)
# Words after a kind that name a part or a view of one record of it (a paper's abstract, a user's profile),
# not a thing of its own.
_ASPECTS = frozenset({"abstract", "detail", "details", "info", "information", "summary", "metadata", "meta",
                      "overview", "profile", "description", "properties", "attributes"})


def _in_state(rec: dict[str, Any], known: dict[str, Any], restate: bool = True) -> dict[str, Any]:
    """The state fields of a report on a record, as the record has them: its status (under the report's own
    field name, where `restate`) and a progress that agrees with it (100 when done, 0 before it starts)."""
    # (by the words of its name, `task_status` too; never a deal's `stage` or a project's `phase`: another axis)
    state = next((v for k, v in known.items() if set(tokens(k)) & _STATES and isinstance(v, str)
                  and not is_region(k, known)), None)
    if state is None:
        return {}
    out: dict[str, Any] = {k: state for k, v in rec.items() if restate and set(tokens(k)) & _STATES
                           and isinstance(v, str) and not is_region(k, rec)}
    done = state.lower() in kind_fields.DONE
    for k, v in rec.items():
        if "progress" in tokens(k) and isinstance(v, (int, float)) and not isinstance(v, bool):
            whole = 100 if "percent" in tokens(k) or v > 1 else 1
            out[k] = whole if done else 0 if state.lower() in kind_fields.NOT_STARTED else v
    return out


def aspect_of(kind: str, other: str) -> bool:
    """`paper_abstract` of `paper`, `user_profile` of `user`: the kind is a view of one record of the other."""
    mine, theirs = tokens(kind), tokens(other)
    return len(mine) > len(theirs) and mine[:len(theirs)] == theirs and all(w in _ASPECTS for w in mine[len(theirs):])


def _more_hits(found: list[Entity], org: Organisation, rng: random.Random, model: SpecModel | None,
               topic: str | None) -> list[dict[str, Any]]:
    """A search finds more than the one thing the workflow is after: a few lower-ranked hits of the same kind,
    with IDs shaped like its own (nothing later takes them)."""
    if not found or len(found) >= 3 or not any(ch.isdigit() for ch in found[0].id):
        return []
    out = []
    registry = registry_of(found[0].kind, org)
    for _ in range(rng.randint(1, 3)):
        # (a registry's IDs have fields of their own, a month, a year: another one is drawn whole, not digit by digit)
        other = registry_id(registry, rng) if registry else _sibling_id(found[0].id, rng)
        if other not in {e.id for e in found}:
            out.append(_record(Entity(kind=found[0].kind, id=other), org, model=model, topic=topic))
    return out


def _sibling_id(value: str, rng: random.Random) -> str:
    """Another ID of the same shape: each digit and hex letter redrawn, prefixes and separators kept."""
    head, sep, tail = value.rpartition("_") if "_" in value else ("", "", value)
    hexish = all(c in "0123456789abcdef" for c in tail.lower()) and not tail.isdigit()
    redrawn = "".join(rng.choice("0123456789abcdef" if hexish else "0123456789") if c.isdigit() or (hexish and c.isalpha())
                      else c for c in tail)
    if redrawn[:1] == "0" and tail[:1] != "0":
        redrawn = str(rng.randint(1, 9)) + redrawn[1:]
    if tail.isdigit() and redrawn.isdigit() and abs(int(redrawn) - int(tail)) < 10:
        redrawn = str(int(tail) + 10 + rng.randint(0, 80))  # never the neighbour a slip of one would give
    return f"{head}{sep}{redrawn}"


_WRITTEN = frozenset({"title", "content", "summary", "abstract", "snippet", "text", "subject", "body", "message"})
_OWN_TEXT = frozenset({"message", "text"})


def _hit(row: dict[str, Any], rank: int, topic: str | None, org: Organisation, rng: random.Random,
         kind: str = "") -> dict[str, Any]:
    """A search hit: the record, with what a search engine says of it (a title, a snippet on the query) where
    the record has nothing of the kind, and a relevance score that falls with the rank. A thing that is
    not a text (a station, a product's price, a person) gets no article's title and snippet."""
    fields = kinds.fields_of(kind) if kind else None
    if fields is not None and (not _WRITTEN & set(fields) or _OWN_TEXT & set(row)):
        # (a log line or a chat message found says what it says: it has no article's title)
        return {**row, "score": kinds.hit_score(rank, rng)}
    named = row.get(naming_field(kind)) if kind and named_things(kind) else None
    about = named if isinstance(named, str) else topic or _topic_of(org, str(rank), kind)  # (a film's snippet is on it)
    ident = next((row[k] for k in ("id", "url", "uuid") if isinstance(row.get(k), (str, int))), None)
    # (one page found by two searches shows one title: its words are drawn for the page, not for the call)
    own = random.Random(f"{org.seed}:hit:{ident}:{about}") if ident is not None else rng
    if not {"title", "name", "subject", "display_name"} & set(row):
        row = {**row, "title": kind_fields.title(own, org, about)}
    if not {"snippet", "summary", "text", "description", "body", "abstract"} & set(row):
        row = {**row, "snippet": kinds.snippet(own, org, about)}
    return {**row, "score": kinds.hit_score(rank, rng)}


def _sentence(tool: str, it: ToolInterpretation, args: dict[str, Any], shown: list[Entity], target: Entity | None,
              org: Organisation, rng: random.Random, model: SpecModel | None = None, now: datetime | None = None) -> str:
    a = it.action
    if a in (Action.list, Action.search):  # one line per row: its ID, then what a report prints beside it
        return "\n".join(_row(e, org, model) for e in shown) if shown else "No matches found"
    own = next((e for e in shown if e.kind == it.entity), None)
    subject = own or target or (shown[0] if shown else None)
    name = f"{label(subject.kind)} {subject.id}" if subject else label(it.entity)
    if a is Action.create:
        head = f"Created {name}"
    elif a is Action.update:
        head = f"Updated {name}"
    elif a is Action.delete:
        done = next((_PAST[w] for w in tokens(tool) if w in _PAST), "deleted")
        head = f"{name[0].upper()}{name[1:]} {done}"
    elif a in _LOOKS:  # what a look finds, as `key: value` lines (a report's text), never "done"
        rec = _one_record(tool, it, args, shown, target, org, rng, model, now)
        return "\n".join(f"{k}: {v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)}" for k, v in rec.items())
    else:
        head = f"{humanised(tool)}: done"
    # The arguments it acted with, flattened one level (adobe's `params` object), as `key: value` lines.
    lines = [head] + [f"{k}: {v}" for k, v in _flat_args(args).items() if not token_in(str(v), head)]
    return "\n".join(lines[:8])


def _row(e: Entity, org: Organisation, model: SpecModel | None) -> str:
    rec = _record(e, org, model=model)
    said = [f"{k}: {_short(v)}" for k, v in rec.items() if str(v) != e.id and isinstance(v, (str, int, float))][:3]
    return f"{e.id} ({', '.join(said)})" if said else e.id


_SECRET = re.compile(r"(api_?key|token|secret|password|passwd|credential|authorization|private_?key|access_?key)$", re.I)


def _flat_args(args: dict[str, Any]) -> dict[str, Any]:
    """The arguments as a result echoes them, one level flattened; never a credential (no server repeats a key)."""
    out: dict[str, Any] = {}
    for k, v in args.items():
        for kk, vv in (v.items() if isinstance(v, dict) else [(k, v)]):
            if _short(vv) is not None and not isinstance(vv, bool) and not _SECRET.search(kk):
                out[kk] = _short(vv)
    return out


def humanised(tool: str) -> str:
    words = tokens(tool)
    return " ".join(words).capitalize() if words else tool


_PAST = {"cancel": "cancelled", "dismiss": "dismissed", "close": "closed", "archive": "archived",
         "unsubscribe": "unsubscribed", "discard": "discarded"}


def _linked(others: list[Entity]) -> dict[str, Any]:
    """Other entities the call reveals, as fields: `{"workflow_id": "w_3b2"}`."""
    out: dict[str, Any] = {}
    for e in others:
        field = f"{e.kind.replace(' ', '_')}_{key_for(e.kind, e.id)}"
        if field in out:
            out[field] = out[field] if isinstance(out[field], list) else [out[field]]
            out[field].append(e.id)
        else:
            out[field] = e.id
    return out


def _content(it: ToolInterpretation, args: dict[str, Any], options: bool = False) -> dict[str, Any]:
    roles = (ParameterRole.content, ParameterRole.option) if options else (ParameterRole.content,)
    return spread(it.entity, {p.name: args[p.name] for p in it.parameters if p.role in roles and p.name in args})


def _paths(tool: str, it: ToolInterpretation, args: dict[str, Any], shown: list[Entity], target: Entity | None,
           org: Organisation, rng: random.Random) -> str:
    """Filesystem-style plain text: listings of `[DIR]`/`[FILE]` entries, `Successfully ...` confirmations."""
    a = it.action
    if a in (Action.list, Action.search):
        if not shown:
            return "No matches found"
        if a is Action.search:
            return "\n".join(e.id for e in shown)
        return "\n".join(f"[{'FILE' if _is_file(e.id) else 'DIR'}] {e.id}" for e in shown)
    path = (target.id if target else None) or next((e.id for e in shown), "")
    rest = [e.id for e in shown if e.id != path]
    if a is Action.read and is_metadata(tool):
        file = _is_file(path)
        own = random.Random(f"{org.seed}:{path}")  # the same file gives the same facts each time it is asked
        created, modified = sorted((fmt.last_touched(own), fmt.last_touched(own)))
        lines = [f"size: {own.randint(1_200, 48_000) if file else 4096}", f"created: {created}",
                 f"modified: {modified}", f"accessed: {modified}", f"isDirectory: {str(not file).lower()}",
                 f"isFile: {str(file).lower()}", f"permissions: {'644' if file else '755'}"]
        return "\n".join(lines + rest)
    if a is Action.create:
        head = f"Successfully {'wrote to' if _is_file(path) else 'created directory'} {path}"
    elif a is Action.delete:
        head = f"Successfully deleted {path}"
    elif a in (Action.update, Action.transfer) and (rest or len(_path_args(args)) > 1):
        moved = _path_args(args)
        src, dst = (moved[0], moved[1]) if len(moved) > 1 else (path, rest.pop(0))
        rest = [r for r in rest if r not in (src, dst)]
        head = f"Successfully moved {src} to {dst}"
    elif a is Action.update:
        head = f"Successfully edited {path}"
    elif a is Action.read and _is_file(path):
        head = file_body(path, org, rng)
    elif a is Action.read:
        head = "\n".join([f"[DIR] {path}"] + [f"[FILE] {r}" for r in rest]) if rest else f"[DIR] {path}"
        rest = []
    else:
        head = f"{path}\n" + _dump({k: _short(v) for k, v in args.items() if _short(v) is not None})
    return "\n".join([head] + rest)


def file_body(path: str, org: Organisation, rng: random.Random) -> str:
    """What a file of this type plausibly holds."""
    name = path.rsplit("/", 1)[-1]
    stem, _, ext = name.rpartition(".")
    topic = f"{rng.choice(org.nouns)} {org_topic(org, rng)}"
    who = org.people[rng.randrange(len(org.people))]
    if ext in ("csv", "tsv"):  # a small table of the organisation's own things
        sep = "," if ext == "csv" else "\t"
        rows = [sep.join(("id", "name", "owner", "updated_at"))]
        rows += [sep.join((str(1000 + k * 37), f"{rng.choice(org.nouns)}-{rng.choice(_TOPICS).replace(' ', '-')}",
                           org.people[(k + 1) % len(org.people)].email, f"2026-0{k + 1}-1{k}"))
                 for k in range(rng.randint(3, 5))]
        return "\n".join(rows)
    if ext == "dart":
        return f"// {topic} ({who.username})\nconst timeout = Duration(seconds: {rng.choice((5, 15, 30))});\n\n" \
               f"void main() {{\n  print('{topic}');\n}}"
    if ext in ("html", "xml"):
        return f"<section>\n  <h1>{stem.replace('_', ' ').capitalize()}</h1>\n  <p>Owner: {who.name}</p>\n</section>"
    if ext in ("pdf", "docx"):  # what a reader extracts from it
        return (f"{stem.replace('_', ' ').capitalize()}\n\nPrepared by {who.name}. The {topic} review covers the last "
                f"quarter; two follow-ups remain open.")
    if ext in ("md", "txt", "rst"):
        return (f"# {stem.replace('_', ' ').replace('-', ' ').capitalize()}\n\nOwner: {who.name} <{who.email}>\n\n"
                f"The {topic} change ships behind a flag; roll back by turning it off.")
    if ext == "py":
        return f'"""{topic.capitalize()} helpers."""\n\nTIMEOUT_SECONDS = {rng.choice((5, 15, 30))}\n\n\ndef handle(event):\n    return event'
    if ext in ("ts", "js", "go", "rs", "java"):
        return f"// {topic} ({who.username})\nexport const TIMEOUT_MS = {rng.choice((500, 1500, 3000))};"
    if ext == "sql":
        return f"-- {topic}\nALTER TABLE {rng.choice(org.tables)} ADD COLUMN updated_at timestamptz;"
    if ext in ("json", "yaml", "yml", "toml"):
        return _dump({"service": rng.choice(org.services), "timeout_ms": rng.choice((500, 1500)), "owner": who.email})
    return f"{topic}: updated by {who.email}"


def _path_args(args: dict[str, Any]) -> list[str]:
    return [v for v in args.values() if isinstance(v, str) and v.startswith("/")]


def _is_file(path: str) -> bool:
    return "." in path.rsplit("/", 1)[-1]
