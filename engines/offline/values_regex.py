"""Strings that match a regular expression, deterministic from a `random.Random`.

A small generator over Python's own regex parse tree (`re._parser`), so it understands
exactly the syntax `re` (and so jsonschema's `pattern`) accepts. Each node knows the
shortest and longest string it can produce; generation is given a target length and
spreads it over sequences and repeats, which is how `minLength`/`maxLength` are honoured
together with the pattern. The result is always re-checked with `re.search`.
"""

from __future__ import annotations

import random
import re
import string
from functools import lru_cache

try:  # Python >= 3.11
    import re._constants as _c
    import re._parser as _p
except ImportError:  # pragma: no cover - older Pythons
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

_CAP = 200  # the longest a single unbounded repeat is ever planned
_ALPHABET = string.ascii_letters + string.digits + " -_.:/@#,;!?'()[]{}+=*&%$~^|<>\"\\"
_PREFERRED = string.ascii_lowercase + string.digits  # what `.` and negated sets draw from first
_CATEGORIES = {
    _c.CATEGORY_DIGIT: string.digits,
    _c.CATEGORY_NOT_DIGIT: string.ascii_letters + "-_ ",
    _c.CATEGORY_WORD: string.ascii_lowercase + string.digits + string.ascii_uppercase + "_",
    _c.CATEGORY_NOT_WORD: " -.:/,",
    _c.CATEGORY_SPACE: " ",
    _c.CATEGORY_NOT_SPACE: string.ascii_letters + string.digits + "-_.",
}


class _State:
    """Per-string generation state: captured groups (for backreferences) and words to draw on."""

    __slots__ = ("groups", "vocab")

    def __init__(self, vocab: tuple[str, ...]) -> None:
        self.groups: dict[int, str] = {}
        self.vocab = vocab


def _vocab_run(allowed: str, n: int, rng: random.Random, vocab: tuple[str, ...]) -> str | None:
    """n characters from `allowed` spelled from real words ("fleet-dispatch") rather than noise."""
    seps = [c for c in "-_." if c in allowed]
    parts: list[str] = []
    length = 0
    for _ in range(8):
        word = rng.choice(vocab)
        for form in (word, word.lower(), word.upper(), word.capitalize()):
            if all(c in allowed for c in form):
                break
        else:
            continue
        parts.append(form)
        length += len(form) + (1 if seps else 0)
        if length >= n:
            break
    if not parts:
        return None
    run = (seps[0] if seps else "").join(parts)
    if len(run) < n:
        return None
    run = run[:n]
    return run if run[-1] not in "-_." else run[:-1] + parts[0][0]


class _Node:
    __slots__ = ("lo", "hi")
    lo: int
    hi: int

    def gen(self, rng: random.Random, want: int, out: list[str], st: _State) -> None:
        raise NotImplementedError


class _Chars(_Node):
    __slots__ = ("chars",)

    def __init__(self, chars: str) -> None:
        self.chars, self.lo, self.hi = chars, 1, 1

    def gen(self, rng, want, out, st):
        out.append(self.chars[0] if len(self.chars) == 1 else rng.choice(self.chars))


class _Empty(_Node):
    def __init__(self) -> None:
        self.lo = self.hi = 0

    def gen(self, rng, want, out, st):
        return None


class _Seq(_Node):
    __slots__ = ("items",)

    def __init__(self, items: list[_Node]) -> None:
        self.items = items
        self.lo = sum(i.lo for i in items)
        self.hi = min(sum(i.hi for i in items), 10 * _CAP)

    def gen(self, rng, want, out, st):
        for item, share in zip(self.items, _spread(rng, [(i.lo, i.hi) for i in self.items], want)):
            item.gen(rng, share, out, st)


class _Alt(_Node):
    __slots__ = ("options",)

    def __init__(self, options: list[_Node]) -> None:
        self.options = options
        self.lo = min(o.lo for o in options)
        self.hi = max(o.hi for o in options)

    def gen(self, rng, want, out, st):
        fitting = [o for o in self.options if o.lo <= want <= o.hi]
        choice = rng.choice(fitting) if fitting else min(self.options, key=lambda o: abs(o.lo - want))
        choice.gen(rng, want, out, st)


class _Repeat(_Node):
    __slots__ = ("item", "min", "max")

    def __init__(self, item: _Node, lo: int, hi: int) -> None:
        self.item, self.min = item, lo
        self.max = min(hi, lo + _CAP) if hi != _c.MAXREPEAT else lo + _CAP
        self.lo = item.lo * lo
        self.hi = min(item.hi * self.max, 10 * _CAP)

    def gen(self, rng, want, out, st):
        a, b = self.item.lo, self.item.hi
        lo = max(self.min, -(-want // b) if b else self.min)
        hi = min(self.max, want // a if a else self.min + (1 if want else 0))
        n = rng.randint(lo, hi) if lo <= hi else (self.min if want <= self.lo else self.max)
        if isinstance(self.item, _Chars) and n >= 3 and st.vocab:
            run = _vocab_run(self.item.chars, n, rng, st.vocab)
            if run is not None:
                out.append(run)
                return
        for share in _spread(rng, [(a, b)] * n, want):
            self.item.gen(rng, share, out, st)


class _Group(_Node):
    __slots__ = ("gid", "item")

    def __init__(self, gid: int | None, item: _Node) -> None:
        self.gid, self.item, self.lo, self.hi = gid, item, item.lo, item.hi

    def gen(self, rng, want, out, st):
        start = len(out)
        self.item.gen(rng, want, out, st)
        if self.gid is not None:
            st.groups[self.gid] = "".join(out[start:])


class _Ref(_Node):
    __slots__ = ("gid",)

    def __init__(self, gid: int, like: _Node | None) -> None:
        self.gid = gid
        self.lo, self.hi = (like.lo, like.hi) if like else (0, _CAP)

    def gen(self, rng, want, out, st):
        out.append(st.groups.get(self.gid, ""))


def _spread(rng: random.Random, bounds: list[tuple[int, int]], want: int) -> list[int]:
    """Split `want` characters over parts with (min, max) lengths, at random but feasibly."""
    shares = [lo for lo, _ in bounds]
    extra = want - sum(shares)
    if extra <= 0 or not bounds:
        return shares
    order = list(range(len(bounds)))
    rng.shuffle(order)
    for rounds in (0, 1):
        for i in order:
            room = bounds[i][1] - shares[i]
            if room <= 0 or extra <= 0:
                continue
            take = min(room, extra) if rounds else rng.randint(0, min(room, extra))
            shares[i] += take
            extra -= take
    return shares


def _set_chars(items, negate: bool = False) -> str:
    allowed: set[str] = set()
    for op, av in items:
        if op is _c.LITERAL:
            allowed.add(chr(av))
        elif op is _c.RANGE:
            lo, hi = av
            allowed.update(chr(x) for x in range(lo, min(hi, lo + 400) + 1))
        elif op is _c.CATEGORY:
            allowed.update(_CATEGORIES.get(av, ""))
        elif op is _c.NEGATE:
            negate = True
    if negate:
        return "".join(ch for ch in _PREFERRED + _ALPHABET if ch not in allowed)
    return "".join(sorted(allowed))


def _build(parsed, groups_seen: dict[int, _Node]) -> _Node:
    items: list[_Node] = []
    seq = list(parsed)
    i = 0
    while i < len(seq):
        op, av = seq[i]
        i += 1
        if op is _c.LITERAL:
            items.append(_Chars(chr(av)))
        elif op is _c.NOT_LITERAL:
            items.append(_Chars("".join(ch for ch in _PREFERRED if ord(ch) != av)))
        elif op is _c.ANY:
            items.append(_Chars(_PREFERRED))
        elif op is _c.IN:
            chars = _set_chars(av)
            if not chars:
                raise ValueError("empty character class")
            items.append(_Chars(chars))
        elif op is _c.BRANCH:
            items.append(_Alt([_build(b, groups_seen) for b in av[1]]))
        elif op is _c.SUBPATTERN:
            gid, sub = av[0], av[-1]
            node = _Group(gid, _build(sub, groups_seen))
            if gid is not None:
                groups_seen[gid] = node
            items.append(node)
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", None)):
            lo, hi, sub = av
            items.append(_Repeat(_build(sub, groups_seen), lo, hi))
        elif op is getattr(_c, "ATOMIC_GROUP", None):
            items.append(_build(av, groups_seen))
        elif op is _c.GROUPREF:
            items.append(_Ref(av, groups_seen.get(av)))
        elif op is _c.GROUPREF_EXISTS:
            _gid, yes, no = av
            items.append(_Alt([_build(yes, groups_seen), _build(no, groups_seen) if no else _Empty()]))
        elif op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue  # anchors and lookarounds produce nothing; the final re.search check decides
        else:
            raise ValueError(f"unsupported regex construct {op}")
    return items[0] if len(items) == 1 else _Seq(items) if items else _Empty()


@lru_cache(maxsize=4096)
def _compiled(pattern: str) -> tuple[_Node, re.Pattern[str]]:
    return _build(_p.parse(pattern), {}), re.compile(pattern)


def regex_string(pattern: str, rng: random.Random, min_len: int = 0, max_len: int | None = None,
                 attempts: int = 12, vocab: tuple[str, ...] = ()) -> str | None:
    """A string that `re.search(pattern)` accepts with min_len <= len <= max_len, or None.

    Runs of one character class are spelled from `vocab` words where they fit.
    """
    try:
        node, rx = _compiled(pattern)
    except (re.error, ValueError, RecursionError):
        return None
    lo = max(min_len, node.lo)
    hi = node.hi if max_len is None else min(max_len, node.hi)
    for attempt in range(attempts):
        top = hi if attempt >= attempts // 2 else min(hi, lo + 12)
        want = rng.randint(lo, top) if lo <= top else lo
        out: list[str] = []
        node.gen(rng, want, out, _State(vocab if attempt < attempts - 3 else ()))
        s = "".join(out)
        if min_len <= len(s) and (max_len is None or len(s) <= max_len) and rx.search(s):
            return s
    return None


@lru_cache(maxsize=4096)
def _rx(pattern: str) -> re.Pattern[str] | None:
    try:
        return re.compile(pattern)
    except re.error:
        return None


def search(pattern: str, text: str) -> bool:
    """JSON Schema `pattern` semantics: an unanchored search; an invalid pattern matches nothing."""
    rx = _rx(pattern)
    return bool(rx and rx.search(text))
