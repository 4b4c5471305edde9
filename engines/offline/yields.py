"""What a call that does something comes to, by what it does: the fields a real system answers with.

A tool that runs, sends, starts, measures or exports something (no record of its own to show, no command line
to run) used to answer `{"status": "completed", <its arguments>, "finished_at": …}` whatever it did. Systems
answer with the outcome of the act: a test run with how many tests passed, a sent message with its ID, a
booted simulator with its state, a speed test with megabits per second, a deletion with how many went. The
act is read from the tool's name first, then from its description's first sentence, so `flutter_test` and
`run_complete_test` ("Run a complete speed test") are told apart; where nothing says, there is no outcome
and the caller keeps its plain completion.
"""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta
from typing import Any, Callable

from common.taxonomy import tokens
from engines.offline.values_query import printed
from engines.offline.values_vocab import kind_id
from engines.offline.world import Organisation
from schemas import ToolInterpretation

_WORD = re.compile(r"[a-z]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s")


class _Act:
    """What one call is: its tool's name words, its description's first-sentence words, its arguments."""

    def __init__(self, tool: str, it: ToolInterpretation, args: dict[str, Any]):
        self.order = tokens(tool)
        self.name = set(self.order)
        first = _SENTENCE_END.split(" ".join((it.functionality or "").split()), maxsplit=1)[0]
        self.said = set(_WORD.findall(first.lower()))
        self.words = self.name | self.said
        self.args = args

    def named(self, *words: str) -> bool:
        return any(w in self.name for w in words)

    def says(self, *words: str) -> bool:
        return any(w in self.words for w in words)


def acted_at(now: datetime, rng: random.Random, later_s: int = 0) -> str:
    """When a call made at `now` did what it did: a few seconds on (and `later_s` more for a run that lasts)."""
    return (now + timedelta(seconds=rng.randint(2, 50) + later_s)).strftime("%Y-%m-%dT%H:%M:%SZ")


def _ran(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A program run: what it printed (worked out from the program the call was given), and that it exited."""
    out = next((p for v in a.args.values() if isinstance(v, str) and (p := printed(v)) is not None), None)
    if out is None:
        return None
    return {"stdout": out + "\n", "stderr": "", "exit_code": 0}


def _speed(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A bandwidth or latency measurement: figures in the units such tools report."""
    if not (a.says("speed", "bandwidth", "speedtest") or a.named("latency", "ping")):
        return None
    down = {"download_mbps": round(rng.uniform(80, 940), 1)}
    up = {"upload_mbps": round(rng.uniform(20, 400), 1)}
    ping = {"latency_ms": round(rng.uniform(4, 60), 1), "jitter_ms": round(rng.uniform(0.3, 6), 1)}
    if a.says("upload"):
        got = up
    elif a.says("download"):
        got = down
    elif a.named("latency", "ping"):
        got = ping
    else:  # a complete test: all of them
        got = {**down, **up, **ping}
    return {**got, "measured_at": acted_at(now, rng)}


def _connection(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A check that the service answers: connected, and how fast."""
    if not (a.named("connection", "connectivity", "hello", "ping") or a.named("test", "check", "verify")
            and a.says("connection", "connectivity", "reachable")):
        return None
    return {"connected": True, "latency_ms": rng.randint(18, 240), "checked_at": acted_at(now, rng)}


def _tests(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A test run: how many passed, failed and were skipped, and how long it took."""
    if not (a.named("test", "tests") and a.says("run", "runs", "test", "tests", "suite")) or a.says(*_MESSAGES):
        return None  # (a test notification or a test e-mail is a message sent, not a test suite run)
    total = rng.randint(12, 240)
    failed = 0 if rng.random() < 0.75 else rng.randint(1, 3)
    skipped = rng.randint(0, 4)
    out: dict[str, Any] = {"status": "failed" if failed else "passed", "tests": total,
                           "passed": total - failed - skipped, "failed": failed, "skipped": skipped,
                           "duration_seconds": round(total * rng.uniform(0.05, 0.4), 1)}
    if a.says("coverage") or a.args.get("coverage") is True:
        out["coverage_percent"] = round(rng.uniform(55, 94), 1)
    return {**out, "finished_at": acted_at(now, rng, int(out["duration_seconds"]))}


def _diagnosis(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A health check or a doctor: how many checks passed, and what it warned about."""
    if not a.named("doctor", "diagnostics", "diagnose", "diagnostic", "healthcheck", "health"):
        return None
    warnings = 0 if rng.random() < 0.6 else rng.randint(1, 2)
    return {"status": "warning" if warnings else "ok", "checks_passed": rng.randint(4, 9), "warnings": warnings,
            "errors": 0, "checked_at": acted_at(now, rng)}


# Things sent that are messages: they get an ID of their own, and a time they were sent at.
_MESSAGES = frozenset({"message", "messages", "msg", "email", "emails", "mail", "sms", "notification", "notifications",
                       "reply", "dm", "chat", "text", "alert", "alerts", "notice"})


def _sent(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A message sent (its ID, sent), or anything else sent (keys to a terminal, a signal): sent, and when."""
    # (`post` alone is an HTTP method in an operation's name: `post_api_account_login` sends nothing)
    if not (a.named("send", "sends", "reply", "notify", "dm", "broadcast") or a.named("post") and a.named(*_MESSAGES)):
        return None
    if a.named("prompt", "prompts", "request", "query"):  # a prompt sent to a model answers; it is no message
        return None
    if a.says(*_MESSAGES):
        return {"message_id": kind_id("message", org, rng), "status": "sent", "sent_at": acted_at(now, rng)}
    return {"status": "sent", "sent_at": acted_at(now, rng)}


# Verbs that bring something up or down, and the state and time each leaves it in.
_STATES: tuple[tuple[frozenset[str], str, str], ...] = (
    (frozenset({"restart", "reboot", "reload"}), "running", "restarted_at"),
    (frozenset({"start", "boot", "launch", "spawn", "resume", "open"}), "running", "started_at"),
    (frozenset({"stop", "halt", "pause", "suspend"}), "stopped", "stopped_at"),
    (frozenset({"shutdown", "shut"}), "shutdown", "stopped_at"),
    (frozenset({"kill", "terminate"}), "terminated", "stopped_at"),
    (frozenset({"close", "disconnect", "end"}), "closed", "closed_at"),
)


def _state(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A start, stop or restart: the state the thing is left in, and when."""
    for verbs, state, when in _STATES:
        if a.named(*verbs):
            state = "paused" if state == "stopped" and a.named("pause", "suspend") else state
            return {"state": state, when: acted_at(now, rng)}
    return None


def _login(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A sign-in: signed in, until when."""
    if not (a.named("login", "signin", "authenticate", "auth") or a.named("log", "sign") and a.named("in")):
        return None
    return {"authenticated": True, "expires_at": acted_at(now, rng, 3600)}


def _deleted(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A deletion run as a task: how many records went."""
    if not a.named("delete", "purge", "erase", "wipe"):
        return None
    return {"status": "deleted", "deleted_count": rng.randint(1, 40), "deleted_at": acted_at(now, rng)}


_FORMATS = ("csv", "json", "pdf", "html", "xlsx", "xml", "yaml", "markdown", "png", "svg", "zip")
_EXT = {"markdown": "md"}
_TARGET = re.compile(r"(?i)out(put)?|dest|target|save|file|path")


def _exported(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """An export: the file it wrote, in the format asked for or described, and its size."""
    if not a.named("export"):
        return None
    given = next((str(v).lower() for k, v in a.args.items() if k.lower() in ("format", "type", "file_type")
                  and isinstance(v, str) and str(v).lower() in _FORMATS), None)
    # (the file it was told to write, where it was told one: `outputPath`, `destination`)
    path = next((v for k, v in a.args.items() if isinstance(v, str) and _TARGET.search(k) and "/" in v), None)
    ext = path.rsplit(".", 1)[-1].lower() if path and "." in path.rsplit("/", 1)[-1] else None
    fmt = given or (ext if ext in _FORMATS else None) or next((f for f in _FORMATS if f in a.said), "csv")
    if path is not None and ext not in _FORMATS and not given:  # (no format the file's own name would contradict)
        return {"status": "completed", "file": path, "size_bytes": rng.randint(2_000, 900_000),
                "finished_at": acted_at(now, rng)}
    stem = "-".join(w for w in a.order if w != "export" and len(w) > 2)[:40] or "export"
    return {"status": "completed", "format": fmt, "file": path or f"exports/{stem}.{_EXT.get(fmt, fmt)}",
            "size_bytes": rng.randint(2_000, 900_000), "finished_at": acted_at(now, rng)}


def _imported(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """An import or a sync: how many records came in, how many were skipped."""
    if a.named("import", "ingest"):
        return {"status": "completed", "imported": rng.randint(3, 400), "skipped": rng.choice((0, 0, 1, 2)),
                "finished_at": acted_at(now, rng)}
    if a.named("sync", "synchronize", "synchronise"):
        return {"status": "completed", "synced": rng.randint(3, 400), "failed": 0, "finished_at": acted_at(now, rng)}
    return None


def _installed(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """An install or a setup: done, at which version."""
    if not a.named("install", "setup", "provision"):
        return None
    version = f"{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 12)}"
    return {"status": "installed" if a.named("install") else "configured", "version": version,
            "finished_at": acted_at(now, rng)}


def _switched(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """An enable or a disable: whether it is on now."""
    if a.named("enable", "activate"):
        return {"enabled": True, "updated_at": acted_at(now, rng)}
    if a.named("disable", "deactivate"):
        return {"enabled": False, "updated_at": acted_at(now, rng)}
    return None


def _scheduled(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """Something scheduled: queued for a later time."""
    if not a.named("schedule"):
        return None
    return {"status": "scheduled", "scheduled_for": acted_at(now, rng, rng.randint(1, 72) * 3600)}


def _transferred(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A payment or a transfer: its transaction (a hash on a chain), confirmed."""
    if not a.named("transfer", "pay", "payment", "swap", "withdraw", "deposit", "stake", "bridge"):
        return None
    return {"transaction_id": kind_id("transaction", org, rng), "status": "confirmed", "confirmed_at": acted_at(now, rng)}


def _deployed(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A deployment: its ID and that it went out."""
    if not a.named("deploy", "redeploy", "rollout"):
        return None
    return {"deployment_id": kind_id("deployment", org, rng), "status": "succeeded", "finished_at": acted_at(now, rng, 40)}


_ASKED = frozenset({"prompt", "question", "message", "query", "text", "input"})
_MODEL_WORDS = frozenset({"llm", "llms", "gpt", "chatgpt", "gemini", "claude", "mistral", "ollama", "completion",
                          "completions", "sampling", "sample", "sampled"})


def _answered(a: _Act, org: Organisation, rng: random.Random, now: datetime) -> dict[str, Any] | None:
    """A model asked something (`sampleLLM(prompt)`, `ask_gpt(question)`): the text it answered, on what it was
    asked, not a run's completion."""
    if not (a.words & _MODEL_WORDS or a.named("ask", "chat") and a.says("ai", "model", "assistant")):
        return None
    asked = next((v for k, v in a.args.items() if k.lower() in _ASKED and isinstance(v, str) and v.strip()), None)
    if asked is None:
        return None
    said = re.search(r"\bthe ([a-z][a-z-]+(?: [a-z][a-z-]+)?)", asked.lower())
    subject = said.group(1) if said else "request"  # (what was asked names no thing: the request itself)
    who = rng.choice(org.people).name.split()[0]
    verb = asked.split()[0].lower().strip(",.:") if asked.split() else ""
    if verb in ("list", "name", "give"):  # what was asked for, in the form asked for
        text = (f"1. Timing: the {subject} depends on one late input. 2. Ownership: nobody signs it off yet; "
                f"ask {who}. 3. Scope: the last changes were not reviewed.")
    elif verb in ("draft", "write", "compose"):
        text = (f"Hi {who},\n\nA quick update on the {subject}: most of it is done and the rest should follow "
                f"this week. I'll send the final numbers by Friday.\n\nThanks")
    elif verb in ("summarise", "summarize"):
        text = (f"- The {subject} is on track for the end of the month.\n- Two open questions remain; {who} owns "
                f"both.\n- Next check-in is on Friday.")
    elif verb in ("fix", "refactor", "add", "commit", "implement", "find", "edit", "create", "move", "run"):
        k = rng.randint(2, 6)  # a task carried out: what was done to it, as an agent reports it
        text = (f"Done: {k} files changed for the {subject}, {rng.randint(3, 9) * k} tests pass. Worth a look from "
                f"{who} before it is merged.")
    else:
        text = (f"In short: the {subject} is mostly done. What is left is the sign-off from {who} and a final "
                f"review of the numbers.")
    return {"text": text, "finish_reason": "stop"}


# First match wins: the more particular acts (a speed *test*, a connection *test*) before the general ones.
_RULES: tuple[Callable[[_Act, Organisation, random.Random, datetime], dict[str, Any] | None], ...] = (
    _ran, _answered, _speed, _connection, _tests, _diagnosis, _login, _transferred, _sent, _deployed, _exported, _imported, _installed,
    _deleted, _scheduled, _switched, _state)


def outcome(tool: str, it: ToolInterpretation, args: dict[str, Any], org: Organisation, rng: random.Random,
            now: datetime, record: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The fields saying what the call came to, or None where neither its name nor its description says what
    it does. A start or stop of a `record` that keeps a state of its own (a tab `active`, a timer `ACTIVE`) puts
    the new state in that field, written as the record writes it: a second state beside it would contradict it."""
    act = _Act(tool, it, args)
    for rule in _RULES:
        got = rule(act, org, rng, now)
        if got is not None and rule is _state:
            own = next((k for k in record or {} if k.lower() in ("status", "state")), None)
            if own is not None:
                was = (record or {})[own]
                state = got.pop("state")
                return {own: state.upper() if isinstance(was, str) and was.isupper() else state, **got}
        if got is not None:
            return got
    return None
