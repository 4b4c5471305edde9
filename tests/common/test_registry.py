"""The one registry pattern: built-in things imported only when used, registered ones first, installed ones found
through their entry-point group, and unknown names answered with the known ones."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from common.registry import Lazy, Registry, Unknown


def test_a_builtin_thing_is_imported_only_when_it_is_asked_for():
    code = ("import sys; from common.registry import Registry\n"
            "r = Registry('codec', {'gz': 'gzip:compress'})\n"
            "print(r.names(), 'gzip' in sys.modules, end=' ')\n"
            "f = r.get('gz'); print('gzip' in sys.modules, f.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['gz'] False True compress"


def test_a_registered_thing_comes_before_a_builtin_one_and_can_be_taken_back():
    r = Registry("codec", {"gz": "gzip:compress"})
    r.register("gz", len)
    assert r.get("gz") is len
    r.unregister("gz")
    import gzip

    assert r.get("gz") is gzip.compress


def test_an_unknown_name_is_a_key_error_listing_the_known_ones():
    r = Registry("codec", {"gz": "gzip:compress", "bz": "bz2:compress"})
    r.register("id", lambda b: b)
    assert r.names() == ["gz", "bz", "id"]  # the order they were written in, then registered ones
    with pytest.raises(KeyError) as err:
        r.get("zip")
    assert isinstance(err.value, Unknown) and str(err.value) == "unknown codec 'zip'; known: gz, bz, id"
    assert "zip" not in r and "gz" in r


def test_a_reference_survives_pickling_and_is_resolved_where_it_is_called():
    ref = Registry("codec", {"gz": "gzip:decompress"}).ref("gz")
    assert isinstance(ref, Lazy)
    import gzip

    assert pickle.loads(pickle.dumps(ref))(gzip.compress(b"abc")) == b"abc"


def test_an_installed_thing_is_found_through_the_entry_point_group(tmp_path, monkeypatch):
    (tmp_path / "mycodec.py").write_text("def shout(b):\n    return b.upper()\n")
    dist = tmp_path / "mycodec-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mycodec\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[test_seer.codecs]\nshout = mycodec:shout\n")
    r = Registry("codec", {"gz": "gzip:compress"}, group="test_seer.codecs")
    assert r.names() == ["gz"]  # not on sys.path yet
    monkeypatch.syspath_prepend(str(tmp_path))
    assert r.names() == ["gz", "shout"] and r.get("shout")(b"hi") == b"HI"
    assert Registry("codec", {}, group=None).names() == []


def test_installed_things_are_read_once_while_sys_path_stays_the_same(monkeypatch):
    import importlib.metadata

    calls = []
    real = importlib.metadata.entry_points
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **kw: calls.append(kw) or real(**kw))
    r = Registry("codec", {"gz": "gzip:compress"}, group="test_seer.codecs")
    assert r.names() == r.names() == ["gz"] and "zip" not in r
    assert len(calls) == 1
