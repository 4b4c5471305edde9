"""Documents in the format a parameter asks for: CSV, KML, GPX, GeoJSON, TopoJSON, WKT, XML, YAML,
HTML, SVG, Markdown.

A parameter named for a format (`csv`, `kml`, `geojson`), or described as one ("KML content to
convert", "a YAML manifest"), gets a small well-formed document in it, never `csv-8`: places come
from Faker's table of real coordinates, records from the organisation. Each is checked by the
parser the format has (csv, xml.etree, json, PyYAML) before it is handed out.
"""

from __future__ import annotations

import csv
import heapq
import io
import json
import re
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape as _xml_text  # &, <, > as entities
from typing import Any, Callable

import yaml
from faker.providers.geo import Provider as _Geo

from engines.offline.values_vocab import Hint, noun, person
from engines.offline.world import plural

_FORMATS = ("geojson", "topojson", "kml", "gpx", "wkt", "csv", "tsv", "xml", "yaml", "yml", "html", "svg", "markdown")
_NAMED = re.compile(r"^(?:(?:input|source|raw|the)_)?(" + "|".join(_FORMATS) + r")(?:_(?:string|content|text|data|"
                    r"document|doc|body|file_content|object))?$")
_SAID = re.compile(r"\b(" + "|".join(_FORMATS) + r"|well-known text)\s+(?:string|content|text|data|document|object|"
                   r"markup|manifest|source)\b", re.I)
_GEO = re.compile(r"\b(lat|latitude|lon|lng|longitude|coordinates?|geo\w*|gis|map|location)\b", re.I)


def document_format(h: Hint) -> str | None:
    """The document format the slot asks for, by its name (`kml`, `csv_content`) or its own description
    ("KML content to convert"); None for any other slot."""
    m = _NAMED.match(h.name.lower().replace("-", "_"))
    if m:
        return _alias(m.group(1))
    m = _SAID.search(h.description or "")
    if m and h.role in (None, "content", "other"):
        return _alias(m.group(1).lower())
    return None


def _alias(fmt: str) -> str:
    return {"yml": "yaml", "well-known text": "wkt"}.get(fmt, fmt)


def _places(h: Hint, k: int) -> list[tuple[float, float, str]]:
    """(latitude, longitude, name) of `k` real places near each other, from Faker's table (one document is
    about one region, not three continents)."""
    lat0, lon0, *_ = h.rng.choice(_Geo.land_coords)
    near = heapq.nsmallest(k, _Geo.land_coords,
                           key=lambda c: (float(c[0]) - float(lat0)) ** 2 + (float(c[1]) - float(lon0)) ** 2)
    return [(round(float(lat), 5), round(float(lon), 5), place) for lat, lon, place, _, _ in near]


def _feature_collection(h: Hint) -> dict[str, Any]:
    return {"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [lon, lat]},
         "properties": {"name": place, "category": noun(h)}} for lat, lon, place in _places(h, h.rng.randint(2, 3))]}


def _topology(h: Hint) -> dict[str, Any]:
    (lat, lon, place), = _places(h, 1)
    return {"type": "Topology", "objects": {"data": {"type": "GeometryCollection", "geometries": [
        {"type": "Point", "coordinates": [lon, lat], "properties": {"name": place}}]}}, "arcs": []}


def _wkt(h: Hint) -> str:
    pts = _places(h, 3)
    kind = h.rng.choice(("point", "line", "polygon"))
    if kind == "point":
        return f"POINT ({pts[0][1]} {pts[0][0]})"
    ring = ", ".join(f"{lon} {lat}" for lat, lon, _ in pts)
    return f"LINESTRING ({ring})" if kind == "line" else f"POLYGON (({ring}, {pts[0][1]} {pts[0][0]}))"


def _kml(h: Hint) -> str:
    marks = "".join(f"<Placemark><name>{_xml_text(place)}</name><Point><coordinates>{lon},{lat},0</coordinates>"
                    f"</Point></Placemark>" for lat, lon, place in _places(h, h.rng.randint(1, 3)))
    return (f'<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>'
            f"<name>{_xml_text(plural(noun(h)).capitalize())}</name>{marks}</Document></kml>")


def _gpx(h: Hint) -> str:
    points = "".join(f'<trkpt lat="{lat}" lon="{lon}"><ele>{h.rng.randint(5, 900)}</ele></trkpt>'
                     for lat, lon, _ in _places(h, 3))
    return (f'<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="{h.org.name}" '
            f'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>{_xml_text(noun(h).capitalize())} route</name>'
            f"<trkseg>{points}</trkseg></trk></gpx>")


def _table(h: Hint, sep: str) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=sep, lineterminator="\n")
    if _GEO.search(f"{h.description} {h.about}"):
        w.writerow(("name", "latitude", "longitude"))
        w.writerows((place, lat, lon) for lat, lon, place in _places(h, h.rng.randint(3, 4)))
    else:
        n = noun(h)
        w.writerow(("id", "name", "owner", "status"))
        w.writerows((1000 + 37 * k, f"{n}-{k + 1}", h.org.people[k % len(h.org.people)].email,
                     h.rng.choice(("open", "active", "closed"))) for k in range(h.rng.randint(3, 4)))
    return buf.getvalue().rstrip("\n")


def _xml(h: Hint) -> str:
    n = noun(h).replace(" ", "_")
    items = "".join(f'<{n} id="{1000 + k}"><name>{_xml_text(f"{n}-{k + 1}")}</name><owner>{_xml_text(person(h).name)}'
                    f"</owner></{n}>" for k in range(h.rng.randint(2, 3)))
    return f'<?xml version="1.0" encoding="UTF-8"?><{plural(n)}>{items}</{plural(n)}>'


def _yaml(h: Hint) -> str:
    n = noun(h)
    doc = {"name": f"{n}-{h.rng.choice(('sync', 'report', 'export'))}", "owner": person(h).email,
           "schedule": h.rng.choice(("daily", "weekly", "hourly")), "enabled": True,
           "targets": [plural(n), plural(noun(h))]}
    return yaml.safe_dump(doc, sort_keys=False).rstrip("\n")


def _html(h: Hint) -> str:
    n = noun(h)
    return (f"<!DOCTYPE html><html><head><title>{_xml_text(plural(n).capitalize())}</title></head><body>"
            f"<h1>{_xml_text(plural(n).capitalize())}</h1><p>Updated by {_xml_text(person(h).name)}.</p></body></html>")


def _svg(h: Hint) -> str:
    w, ht = h.rng.choice(((120, 80), (200, 120), (64, 64)))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{ht}" viewBox="0 0 {w} {ht}">'
            f'<rect x="4" y="4" width="{w - 8}" height="{ht - 8}" rx="6" fill="#{h.rng.getrandbits(24):06x}"/></svg>')


def _markdown(h: Hint) -> str:
    n = noun(h)
    return f"# {plural(n).capitalize()}\n\n- Owner: {person(h).name}\n- Status: {h.rng.choice(('draft', 'final'))}"


_WRITERS: dict[str, Callable[[Hint], Any]] = {
    "geojson": lambda h: json.dumps(_feature_collection(h)), "topojson": lambda h: json.dumps(_topology(h)),
    "kml": _kml, "gpx": _gpx, "wkt": _wkt, "csv": lambda h: _table(h, ","), "tsv": lambda h: _table(h, "\t"),
    "xml": _xml, "yaml": _yaml, "html": _html, "svg": _svg, "markdown": _markdown,
}
_OBJECTS: dict[str, Callable[[Hint], dict[str, Any]]] = {"geojson": _feature_collection, "topojson": _topology}
_CHECKS: dict[str, Callable[[str], Any]] = {
    "geojson": json.loads, "topojson": json.loads, "kml": ET.fromstring, "gpx": ET.fromstring, "xml": ET.fromstring,
    "svg": ET.fromstring, "yaml": yaml.safe_load, "csv": lambda s: list(csv.reader(io.StringIO(s))),
}


def document(h: Hint) -> str | None:
    """A small well-formed document in the format the slot asks for, or None when it asks for none."""
    fmt = document_format(h)
    if fmt is None:
        return None
    out = _WRITERS[fmt](h)
    if fmt in _CHECKS:
        _CHECKS[fmt](out)  # a document its own parser rejects is a bug here, not a value to hand out
    return out


def document_object(h: Hint) -> dict[str, Any] | None:
    """A GeoJSON or TopoJSON object for an object slot that asks for one, or None."""
    fmt = document_format(h)
    return _OBJECTS[fmt](h) if fmt in _OBJECTS else None
