"""The table of names: what a string slot holds, said by its name (`email`, `branch`, `jql`) or by a family of
names (`*_id`, `*_at`, `*_code`), with the few generators only these rules use. `values_names` reads a slot's
name against it, after the values beside the slot and before the slot's description."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from common.taxonomy import singular as singular_word
from engines.offline import values_formats as fmt
from engines.offline import values_prose as vp
from engines.offline import values_vocab as v
from engines.offline.values_describe import desc_entity, options
from engines.offline.values_vocab import Hint
from engines.offline.world import _uuid

Make = Callable[[Hint], str]
# enclosing property names that say nothing about what their children name
_CONTAINERS = frozenset({"data", "result", "results", "params", "options", "config", "settings", "payload", "body",
                         "info", "details", "response", "output", "input", "args", "arguments", "item", "items",
                         "value", "values", "properties", "attributes", "fields", "meta", "metadata", "context"})


@lru_cache(maxsize=8192)
def words(name: str) -> str:
    """`repoPath` / `repo-path` / `Repo Path` -> `repo_path`."""
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return "_".join(w for w in re.split(r"[^A-Za-z0-9]+", s.lower()) if w)


@lru_cache(maxsize=8192)
def singular(name: str) -> str:
    """The name of one item of a list parameter: `paths` -> `path`, `statuses` -> `status`."""
    parts = words(name).split("_")
    return "_".join(parts[:-1] + [singular_word(parts[-1])]) if parts[-1] else ""


def _vat(h: Hint) -> str:
    """An EU VAT number: the country's two letters and its digits (`DE123456789`, `FR12345678901`)."""
    country, digits = h.rng.choice((("DE", 9), ("FR", 11), ("NL", 9), ("IT", 11), ("ES", 9), ("BE", 10)))
    return country + "".join(str(h.rng.randint(0, 9)) for _ in range(digits)) + ("B01" if country == "NL" else "")


def _recipient(h: Hint) -> str:
    return v.person(h).email


def _name_of(h: Hint) -> str:
    parts = words(h.name).split("_")
    if len(parts) > 1 and parts[-1] == "name":
        return v.named(h, parts[-2])
    parent = words(h.parent)
    entity = h.entity or desc_entity(h.description) or ("" if len(parent) < 3 or parent in _CONTAINERS else parent)
    return v.named(h, entity or "name")


def _shaped(h: Hint) -> str:
    """A value shaped like the sample a description gives ("in format 1234567890.123456")."""
    m = re.search(r"format:?\s*['\"`]?([\w.:/+-]*\d[\w.:/+-]*)", h.description)
    if m is None:
        return v.identifier(h)
    return re.sub(r"\d", lambda _m: str(h.rng.randint(0, 9)), m.group(1).rstrip("."))


# (alternative names, generator): earlier rules win when several match
def _flag(h: Hint) -> str:
    """A command-line flag that changes how a command runs, not what it runs on (no `--help`: it runs nothing)."""
    return h.rng.choice(("--verbose", "--dry-run", "--json", "-v", "--force", "--quiet", "--no-color"))


# Commands a project runs, in the language its spec speaks of (no `make lint` for an npm project).
_COMMANDS = {"": ("npm test -- --watch=false", "make lint", "pytest -q tests/"),
             "javascript": ("npm test -- --watch=false", "npm run lint", "npm run build"),
             "python": ("pytest -q tests/", "make lint", "ruff check ."),
             "rust": ("cargo test", "cargo clippy", "cargo build --release"), "go": ("go test ./...", "go vet ./...")}


_STRING_RULES: tuple[tuple[str, Make], ...] = (
    ("to cc bcc reply_to recipient recipients", _recipient),
    ("email e_mail mail emails user_email author_email", lambda h: v.person(h).email),
    ("password secret token api_key apikey credential access_token pat", v.token),
    ("extension file_extension ext file_ext file_type", v.extension),
    ("webhook url uri href link endpoint icon_url homepage website", v.url),
    ("sha commit commit_id commitid revision hash oid commit_sha commit_hash head_sha base_sha expected_head_sha",
     v.sha),
    # a digest of content or of a set of labels (an alert's fingerprint, a file's checksum): hex, as hashes print
    ("fingerprint checksum digest md5 sha256 content_hash", lambda h: f"{h.rng.getrandbits(64):016x}"
     if words(h.name) == "fingerprint" else f"{h.rng.getrandbits(256):064x}"[:32 if "md5" in h.name.lower() else 64]),
    ("branch branch_name base head target_branch source_branch new_branch_name", lambda h: h.rng.choice(h.org.branches)),
    ("start_point commitish onto upstream ref object", v.git_ref),
    ("remote remote_name", lambda h: h.rng.choice(("origin", "upstream"))),
    ("tag tag_name version release since_tag", lambda h: h.rng.choice(h.org.tags)),
    # a record's bookkeeping moments, even where the schema gives them no format (`created`, `last_modified`)
    ("created modified updated last_modified lastmodified last_updated date_created date_modified date_updated "
     "created_date modified_date updated_date last_seen last_login deleted_at timestamp",
     lambda h: fmt.past_datetime(h.rng)),
    ("jql", v.jql), ("cql", v.cql), ("sql statement", v.sql), ("kql", v.kql),
    ("query search q keyword keywords search_string question grep search_query term search_term", v.query),
    ("filter where condition", v.sql_filter),
    ("selector css locator css_selector", v.selector),
    ("xpath", v.xpath),
    ("issue_key issue_id_or_key epic_key ticket parent_key", v.issue_key),
    ("repo_path working_dir workdir cwd directory dir folder root workspace_folder project_root output_dir "
     "input_folder output_folder folder_path workspace_path worktree_path new_path", v.directory),
    # a service's health check is an HTTP route, a volume is mounted at a directory: no source files
    ("healthcheck_path health_check_path healthcheck health_path liveness_path readiness_path",
     lambda h: h.rng.choice(("/health", "/healthz", "/api/health", "/status"))),
    ("mount_path mountpath mount_point mountpoint", lambda h: h.rng.choice(("/data", "/var/lib/data", "/mnt/storage"))),
    ("filename file_name", lambda h: v.file_path(h).rsplit("/", 1)[-1]),
    ("path file file_path filepath source_path output_path test_path spec_file paths files", v.path),
    ("pattern glob include exclude exclude_patterns", v.glob),
    ("owner org organization organisation organization_name workspace", lambda h: h.org.slug),
    ("repo repository project project_name projectname", v.project),
    ("project_key space_key key_prefix target_project_key", lambda h: h.rng.choice(h.org.project_keys)),
    ("username user login assignee author member handle reviewer user_identifier account user_name actor creator "
     "requester submitter committer", lambda h: v.person(h).username),
    ("display_name full_name sender_name", lambda h: v.person(h).name),
    ("channel channels", lambda h: "#" + h.rng.choice(h.org.channels)),
    ("channel_id", lambda h: "C0" + "".join(h.rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(9))),
    ("property_path", lambda h: h.rng.choice(("Transform.Position", "Transform.Opacity", "Transform.Scale"))),
    ("action operation op", lambda h: h.rng.choice(("create", "update", "list", "get_info"))),
    ("commit_message message msg", v.commit_message),
    ("title summary subject heading heading_text goal new_title", v.title),
    # what a thing is, not a message about it (`shortDesc`, `longDesc`: the same, abbreviated)
    ("description about summary_text desc short_desc long_desc short_description long_description", vp.describing),
    ("negative_prompt negativeprompt", lambda h: h.rng.choice(("blurry, low quality, watermark", "text, logo, watermark",
                                                               "distorted hands, extra fingers", "oversaturated, noisy"))),
    ("prompt prompt_text image_prompt", vp.prompt),  # (a picture described where the tool draws one)
    # (not `output`: mostly where the output goes, said by its description)
    ("body content comment text note notes contents answer input_text reason result response", vp.text),
    ("args arg argv flags flag cli_args extra_args command_args", _flag),
    ("key cache_key keys new_key old_key", v.cache_key),
    ("file_key file_keys document_key", lambda h: fmt.shaped_like("hCqf6Tc6WWlF3ISlEcLPzJ", h.rng)),  # a hosted file's, no path
    ("subscription subscription_id", lambda h: h.org.subscription),
    ("tenant tenant_id", lambda h: h.org.tenant),
    ("uuid guid", lambda h: _uuid(h.rng)),
    ("resource_group rg", lambda h: h.rng.choice(h.org.resource_groups)),
    ("region location zone", lambda h: v.named(h, "location")),  # a cloud region in software, else a city
    ("host hostname server domain fqdn", lambda h: fmt.hostname(h.org, h.rng, h.description)),
    # a picture of a person or a brand is a link to an image (`url` gives it the picture's folder and format)
    ("avatar avatar_url picture photo photo_url thumbnail logo logo_url profile_picture profile_image", v.url),
    ("callback callback_url oauth_callback redirect_uri redirect_url return_url", v.url),
    ("slug", lambda h: re.sub(r"[^a-z0-9]+", "-", _name_of(h).lower()).strip("-")),  # a name, as links write it
    # one-time values of a handshake (OAuth 1.0's nonce and verifier): opaque, random, hex as most servers print them
    ("nonce oauth_nonce verifier oauth_verifier state_token", lambda h: f"{h.rng.getrandbits(128):032x}"),
    ("vat vat_number vat_id", _vat),
    ("serial serial_number device_serial", lambda h: "".join(h.rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ0123456789")
                                                              for _ in range(11))),
    ("plan_name pricing_plan subscription_plan billing_plan",
     lambda h: h.rng.choice(("free", "starter", "pro", "business", "enterprise"))),
    ("transcription transcript", vp.text),
    # a citation's pages and volume are numbers written as text (`firstPage: "123"`)
    ("first_page last_page start_page end_page volume", lambda h: str(h.rng.randint(1, 480))),
    ("ip ip_address start_ip_address end_ip_address", lambda h: fmt.ipv4(h.rng)),
    ("port", lambda h: str((fmt.service(h.description) or (h.rng.choice((8080, 5432, 6379, 443)),))[0])),
    ("environment_variable env_var env", lambda h: h.rng.choice(("LOG_LEVEL=info", "REGION=eu-west-1",
                                                                "FEATURE_FLAGS=retry_v2", f"DB_NAME={h.org.slug}_prod"))),
    ("prefix import_prefix autoimport_prefix autoexport_prefix key_prefix_path",
     lambda h: f"{v.noun(h)}/{h.rng.choice(('exports', 'incoming', '2026'))}/"),
    ("ease easing", lambda h: h.rng.choice(("easeInOut", "easeOut", "linear"))),
    ("sort_by order_by sort_field sortby orderby",  # the keys the description lists, else the usual ones
     lambda h: h.rng.choice(options(h.description) or ("created_at", "updated_at", "name"))),
    ("order sort_order direction", lambda h: h.rng.choice(("asc", "desc"))),
    ("anchor alignment justification", lambda h: h.rng.choice(("center", "top-left", "LEFT"))),
    ("framework test_framework", lambda h: h.rng.choice(("pytest", "jest", "playwright"))),
    ("schema schemas", lambda h: h.rng.choice(("public", "billing", "analytics"))),
    ("field return_field", lambda h: h.rng.choice(("summary", "status", "assignee", "updated"))),
    ("connection_string connection_uri database_url db_url dsn",
     lambda h: fmt.connection_string(h.org, f"{h.description} {h.about}")),
    ("find_what find search_text", lambda h: f"{v.noun(h)} {v.topic(h)}"),
    ("replace_with replacement", lambda h: f"{v.noun(h)} {v.topic(h)} v2"),
    ("estimate original_estimate remaining_estimate", lambda h: h.rng.choice(("2h", "1d", "30m", "3h 30m"))),
    ("render_settings", lambda h: h.rng.choice(("Best Settings", "Draft Settings"))),
    ("extension file_extension", lambda h: h.rng.choice((".py", ".ts", ".md"))),
    ("database db", v.database),
    ("table table_name", lambda h: h.rng.choice(h.org.tables)),
    ("namespace", lambda h: h.rng.choice(h.org.teams)),
    ("service service_name app", lambda h: h.rng.choice(h.org.services)),
    ("date since until before after start_date end_date due_date from_date to_date release_date started",
     lambda h: fmt.iso_date(h.rng)),
    ("timestamp datetime created_at updated_at start_time end_time", lambda h: fmt.iso_datetime(h.rng)),
    ("thread_ts ts message_ts", v.slack_ts),
    ("user_agent useragent", lambda h: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                             f"Chrome/{h.rng.randint(128, 133)}.0.0.0 Safari/537.36"),
    ("geolocation", lambda h: h.rng.choice(("52.5200,13.4050", "40.7128,-74.0060", "51.5072,-0.1276"))),
    ("cursor page_token next_cursor after_cursor", lambda h: f"c_{h.rng.getrandbits(48):012x}"),
    ("color fill stroke background colour fill_color stroke_color", lambda h: fmt.FORMATS["color"](h.org, h.rng)),
    ("color_space color_mode", lambda h: h.rng.choice(("RGB", "CMYK"))),
    ("blend_mode", lambda h: h.rng.choice(("Multiply", "Screen", "Overlay", "Normal"))),
    ("font font_name font_family", lambda h: h.rng.choice(("Inter", "Helvetica Neue", "Source Sans Pro"))),
    ("language lang", lambda h: _language(h)),
    ("locale", lambda h: h.rng.choice(("en-US", "de-DE", "fr-FR"))),
    ("timezone tz time_zone timezone_name timezone_id iana_timezone tzid",  # (a time zone, not a cloud region's zone)
     lambda h: h.rng.choice(("Europe/Berlin", "America/New_York", "UTC", "Europe/London", "Asia/Tokyo",
                             "America/Los_Angeles", "Australia/Sydney", "Asia/Kolkata", "America/Sao_Paulo"))),
    ("mime_type content_type media_type", lambda h: h.rng.choice(("application/json", "text/markdown", "image/png"))),
    ("format", lambda h: h.rng.choice(("png", "svg", "pdf", "json"))),
    ("kind", lambda h: h.rng.choice(("text", "path", "group", "image"))),
    ("entity_type", lambda h: h.rng.choice(("person", "project", "service", "team"))),
    ("relation_type", lambda h: h.rng.choice(("works_on", "owns", "depends_on", "reports_to"))),
    ("observation observations fact facts", vp.observation),
    ("premise premises claim claims conclusion conclusions assumption assumptions hypothesis hypotheses reasoning "
     "argument arguments thought thoughts insight insights weakness weaknesses strength strengths bias biases "
     "limitation limitations evidence rationale justification uncertainty uncertainties interpretation "
     "interpretations counterargument counterarguments approach recommendation recommendations problem problems "
     "idea ideas solution solutions decomposition", vp.reasoning),
    ("stakeholder stakeholders audience audiences", lambda h: h.rng.choice((
        "customers", "finance team", "operations lead", "support staff", "legal", "partners", "end users"))),
    ("constraint constraints", lambda h: h.rng.choice((
        "budget under 50k", "must ship by end of quarter", "no new headcount", "keep existing integrations",
        f"{v.noun(h)} data stays in the EU"))),
    ("horizon time_horizon timeframe time_frame", lambda h: h.rng.choice(("3 months", "6 months", "1 year", "5 years"))),
    ("origin destination stop stops station stations locations waypoint waypoints venue",  # places, even in software
     lambda h: v.city(h.rng, h.org.locale)),
    ("address", lambda h: v.address(h, words(h.name))),
    ("container parent group", lambda h: v.named(h, "group")),
    ("date_range daterange", lambda h: ",".join(sorted((fmt.iso_date(h.rng), fmt.iso_date(h.rng))))),
    ("range artboard_range page_range pages", lambda h: f"{h.rng.randint(1, 2)}-{h.rng.randint(3, 6)}"),
    ("emoji reaction emojis reactions", v.emoji),
    ("word words headword lemma", lambda h: h.rng.choice(("serendipity", "ephemeral", "resilient", "lucid", "gregarious",
                                                          "harbor", "quixotic", "meander"))),
    ("label labels category topic", lambda h: h.rng.choice(("bug", "customer", h.rng.choice(h.org.teams)))),
    ("status state", lambda h: h.rng.choice(v.STATUSES)),
    ("priority", lambda h: h.rng.choice(("High", "Medium", "Low"))),
    ("environment env_name stage deployment_environment", lambda h: h.rng.choice(("production", "staging", "development"))),
    # a software business's customers are companies, a shop's or a clinic's are people
    ("customer client customer_name client_name",
     lambda h: v.company_name(h.rng) if h.org.technical else v.person(h).name),
    ("contact contact_name", lambda h: v.person(h).name),
    ("reference reference_number ref_number", lambda h: f"REF-{h.rng.randint(10_000, 99_999)}"),
    ("component", lambda h: h.rng.choice(h.org.services) if h.org.technical else v.noun(h)),
    ("command cmd", lambda h: h.rng.choice(_COMMANDS.get(h.org.ecosystem, _COMMANDS[""]))),
    ("script code expression function js javascript test_code jsx_code", v.javascript),
    ("layer artboard comp effect preset", lambda h: v.named(h, words(h.name))),
    ("name", _name_of),
    ("id ids uid", v.identifier),
)
# regex rules for families of names, tried after the word rules
_FAMILY_RULES: tuple[tuple[re.Pattern[str], Make], ...] = (
    (re.compile(r"_name$"), _name_of),
    (re.compile(r"(_id|_ids|id)$"), v.identifier),
    # `scheduled_at`, `last_read_at`, `published_on`, a bare `time`: a moment
    (re.compile(r"^((?:[a-z]+_)+at|[a-z]+ed_on|time)$"), lambda h: fmt.iso_datetime(h.rng)),
    (re.compile(r"axis.*(title|label)$|^(x|y)_?(axis_)?(title|label)$"),  # `axisXTitle`: a short label
     lambda h: h.rng.choice(("Month", "Count", "Value", "Share (%)", v.plural(v.noun(h)).capitalize()))),
    (re.compile(r"^[a-z]+ed_by$"), lambda h: v.person(h).username),  # `created_by`, `assigned_by`: a person
    # `meeting_start_time`, `expiration_time`: a moment; a `due_time` beside its date, or one described as
    # HH:MM, a time of day
    (re.compile(r"_time$"), lambda h: h.rng.choice(("09:00", "14:30", "17:45")) if re.search(
        r"hh:mm", h.description, re.I) or words(h.name).startswith("due_") else fmt.iso_datetime(h.rng)),
    (re.compile(r"^(auth|verification|otp|confirmation|mfa)_code$"), lambda h: f"{h.rng.randint(0, 999_999):06d}"),
    (re.compile(r"^[a-z]+_code$"), lambda h: _code(h)),  # `station_code`, `product_code`: a code, not a script
    # `order_number`, `invoice_no`, `tracking_number`: the number of a record, not a sort order or a count
    # (not a position or a count: `page_number`, `line_number`, `version_number`)
    (re.compile(r"^(?!(page|line|version|row|col|column|chapter|verse|step|week|day|month|year|index|port|max|min|"
                r"total|item|episode|season|part|level|round)_)[a-z]+_(number|no|num)$"),
     lambda h: str(h.rng.randint(100_000, 99_999_999))),
)


_CODE = re.compile(r"\b(programming|source code|code snippets?|the code|coding|syntax|snippets?|compilers?|"
                   r"interpreters?|scripts?|source files?)\b", re.I)


def _language(h: Hint) -> str:
    """A language as the slot means it: the description's own options first, a programming language where it
    or its tool speaks of code, else an ISO 639-1 code (`en`, `zh`): what a news feed's or a transcript's
    `lang` takes."""
    listed = options(h.description or "")
    if listed:
        return h.rng.choice(listed)
    if _CODE.search(f"{h.description} {h.about}"):
        return h.rng.choice(("python", "typescript", "go", "sql"))
    return h.rng.choice(("en", "en", "en", "de", "fr", "es", "ja", "zh", "pt"))


def _code(h: Hint) -> str:
    """A short code as catalogues and registries write them: `B10`, `KX4471`."""
    letters = "".join(h.rng.choice("ABCDEFGHJKLMNPRSTUVWXZ") for _ in range(h.rng.randint(1, 2)))
    return f"{letters}{h.rng.randint(1, 9999)}"
