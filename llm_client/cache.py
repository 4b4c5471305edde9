"""Content-addressed response cache in SQLite: a rerun of the same job sends zero requests.

Key = sha256 of the canonical JSON of everything that decides the answer: model (and api_base), messages,
response schema, temperature, seed, tools and max_tokens. Only successful completions are stored.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from llm_client.protocol import LLMRequest


def default_cache_path() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "agent-seer" / "llm-cache.sqlite"


def cache_key(model: str, request: LLMRequest, temperature: float, api_base: str | None = None) -> str:
    material = {
        "model": model,
        "api_base": api_base,  # the same model name on two OpenAI-compatible servers is two models
        "messages": list(request.messages),
        "response_schema": request.response_schema,
        "temperature": temperature,
        "seed": request.seed,
        "tools": list(request.tools),
        "tool_choice": request.tool_choice,
        "max_tokens": request.max_tokens,
    }
    blob = json.dumps(material, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class ResponseCache:
    """A small key -> JSON store. One connection guarded by a lock; WAL so several processes can share the file."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(self.path), check_same_thread=False, timeout=30)
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # no fsync per answer: a lost last entry only costs a request
            self._db.execute("CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self._db.commit()

    def get(self, key: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute("SELECT value FROM responses WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def put(self, key: str, value: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO responses (key, value) VALUES (?, ?)", (key, json.dumps(value)))
            self._db.commit()

    def __len__(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM responses").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()
