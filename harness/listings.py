"""Keeping a listing true to the mock world: entries the session created join it in the listing's own style (file
or directory marker, absolute or relative, a deeper file as its top directory when only direct children are shown),
and deleted ones leave it; for text listings, JSON ones and structured arrays of records alike."""

from __future__ import annotations

import json
import re
from typing import Any

from common.json_values import text_of
from harness.not_found import norm

DIR_KINDS = ("directory", "dir", "folder")
_MARKER = re.compile(r"^(\[[A-Z]+\]\s+|[-*]\s+)")


def _rel(prefix: str | None, ident: str) -> str:
    return norm(ident)[len(prefix):] if prefix and norm(ident).startswith(prefix) else norm(ident)


def _placed(prefix: str | None, names: list[str], wanted: list[tuple[str, bool]]) -> list[tuple[str, str, bool]]:
    """(id, text shown, is directory) for each wanted (id, is directory), in the form of the listing's `names`:
    paths absolute or relative as theirs are, and a deeper entry as its top directory when the listing shows only
    the listed directory's own children."""
    paths = [n for n in names if "/" in n and "://" not in n]
    absolute = prefix is not None and any(n.startswith("/") for n in paths)
    shallow = prefix is not None and all("/" not in (n[len(prefix):] if n.startswith(prefix) else n).strip("/")
                                          for n in paths)
    out = []
    for ident, is_dir in wanted:
        rel = _rel(prefix, ident)
        if prefix is not None and shallow and "/" in rel.strip("/"):
            rel = rel.split("/")[0]
            ident, is_dir = prefix + rel, True  # a deeper entry shows as its top directory
        out.append((ident, prefix + rel if absolute and prefix else rel, is_dir))
    return out


def patch_text_listing(text: str, prefix: str | None, wanted: list[tuple[str, bool]], gone: list[str]) -> str:
    """A text listing (`[FILE] a.txt` lines) with gone entries dropped and missing ones (id, is_directory) added in
    the listing's own style: the same marker for files and for directories, paths absolute or relative as the
    other lines are, and only the listed directory's own children when the listing shows no deeper entries."""
    def names(line: str, ident: str) -> bool:
        return ident in line or re.search(r"(^|[\s/\]])" + re.escape(_rel(prefix, ident)) + r"$", line) is not None

    lines = [line for line in text.split("\n") if not any(names(line, g) for g in gone)]
    entries = [(m.group(1) if (m := _MARKER.match(line)) else "", line[m.end():] if m else line) for line in lines]
    entries = [(mark, name.strip()) for mark, name in entries if name.strip()]
    file_marks = [mark for mark, name in entries if "." in name.rsplit("/", 1)[-1]]
    dir_marks = [mark for mark, name in entries if "." not in name.rsplit("/", 1)[-1] and mark not in file_marks]
    bracketed = any(mark.startswith("[") for mark, _ in entries)
    file_mark = file_marks[-1] if file_marks else "[FILE] " if bracketed else entries[-1][0] if entries else ""
    dir_mark = dir_marks[-1] if dir_marks else "[DIR] " if bracketed else file_mark
    missing: list[str] = []
    for ident, shown, is_dir in _placed(prefix, [name for _, name in entries], wanted):
        line = (dir_mark if is_dir else file_mark) + shown
        if not any(names(existing, ident) for existing in lines) and line not in missing:
            missing.append(line)
    return "\n".join([*lines, *missing]).rstrip("\n") if (missing or gone) else text


def patch_json_listing(text: str, kind: str, wanted: list[str], gone: list[str]) -> str | None:
    """A JSON text listing (a list of records, or `{"items": [...]}`, as the offline engine writes for tools
    without an outputSchema): drop gone entries, append missing ones as records; None if it is not one."""
    from engines.offline.render import key_for

    try:
        data = json.loads(text)
    except ValueError:
        return None
    rows = data if isinstance(data, list) else data.get("items") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        return None

    def ids(row: Any) -> set[str]:
        return {text_of(v) for v in (row.values() if isinstance(row, dict) else [row])}

    kept = [r for r in rows if not ids(r) & set(gone)]
    present = set().union(*map(ids, kept)) if kept else set()
    kept += [{key_for(kind, w): int(w) if w.isdigit() and len(w) < 16 else w} for w in wanted if w not in present]
    if len(kept) == len(rows) and all(a is b for a, b in zip(kept, rows)):
        return text
    return json.dumps(kept if isinstance(data, list) else {**data, "items": kept}, ensure_ascii=False)


def patch_item_listing(items: list[Any], item_schema: dict[str, Any], prefix: str | None,
                        wanted: list[tuple[str, bool]], gone: list[str]) -> list[Any]:
    """A structured listing (an array of records or of strings) with gone entries dropped and missing ones added
    in the style of the records it holds (see patch_text_listing)."""
    def values(item: Any) -> set[str]:
        return {norm(v) for v in (item.values() if isinstance(item, dict) else [item]) if isinstance(v, (str, int))}

    gone_keys = {norm(g) for g in gone} | {_rel(prefix, g) for g in gone}
    kept = [i for i in items if not values(i) & gone_keys]
    present = set().union(*map(values, kept)) if kept else set()
    for ident, shown, is_dir in _placed(prefix, [v for i in kept for v in values(i)], wanted):
        if {norm(ident), _rel(prefix, ident), shown} & present:
            continue
        item = shown if item_schema.get("type") == "string" else structured_item(item_schema, shown, is_dir)
        kept.append(item)
        present |= values(item)
    return kept


_FILE_WORDS = ("file", "blob", "document")


def structured_item(item_schema: dict[str, Any], ident: str, is_dir: bool = False) -> Any:
    """A record for one listed entity: its id or path where the record has one, its base name as its name, and
    its type (file or directory) in the record's own words."""
    from harness.offscript import fill

    base = ident.rstrip("/").rsplit("/", 1)[-1] if "/" in ident else ident
    hints: dict[str, Any] = {k: ident for k in ("id", "path", "key", "uri", "url", "full_path", "fullPath")}
    hints.update({k: base for k in ("name", "title", "filename", "file_name", "basename")})
    hints.update({k: is_dir for k in ("is_dir", "isDir", "is_directory", "isDirectory", "directory")})
    hints.update({k: not is_dir for k in ("is_file", "isFile")})
    for key, sub in (item_schema.get("properties") or {}).items():
        choices = [c for c in (sub.get("enum") or []) if isinstance(c, str)] if isinstance(sub, dict) else []
        words = DIR_KINDS if is_dir else _FILE_WORDS
        pick = next((c for c in choices if c.lower() in words), None)
        if pick is not None:
            hints[key] = pick
    return fill(item_schema, hints, "item")
