"""A parameter that asks for a document (KML, CSV, GeoJSON, WKT, YAML…) gets a small well-formed one that
the format's own parser accepts, not `kml-7`."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import xml.etree.ElementTree as ET

import pytest
import yaml

from engines.offline.values import ValueGenerator
from engines.offline.world import make_org


def _gen(seed: int) -> ValueGenerator:
    return ValueGenerator(make_org(seed), random.Random(seed))


_WKT = re.compile(r"(POINT \(-?[\d.]+ -?[\d.]+\)|LINESTRING \((-?[\d.]+ -?[\d.]+(, )?)+\)|POLYGON \(\((-?[\d.]+ -?[\d.]+(, )?)+\)\))")


@pytest.mark.parametrize("name, description, parse", [
    ("kml", "KML content to convert", ET.fromstring),
    ("gpx_data", "The GPX track", ET.fromstring),
    ("xml", "XML string to transform", ET.fromstring),
    ("svg", "SVG markup of the icon", ET.fromstring),
    ("csv", "CSV string to convert", lambda s: list(csv.reader(io.StringIO(s)))),
    ("geojson", "GeoJSON string", json.loads),
    ("manifest", "The YAML manifest to apply", yaml.safe_load),
    ("wkt", "Well-Known Text (WKT) string to convert", _WKT.fullmatch),
])
def test_a_document_parameter_gets_a_document_its_parser_accepts(name, description, parse):
    for seed in range(6):
        value = _gen(seed).value({"type": "string", "description": description}, name=name)
        assert parse(value), value
        assert not re.fullmatch(rf"{name.split('_')[0]}-\d+", value)  # never the field's name and a digit


def test_a_csv_about_places_has_their_coordinates_and_others_have_records():
    geo = _gen(1).value({"type": "string", "description": "CSV with geographic data (latitude, longitude)"}, name="csv")
    rows = list(csv.DictReader(io.StringIO(geo)))
    assert rows and all(-90 <= float(r["latitude"]) <= 90 and -180 <= float(r["longitude"]) <= 180 for r in rows)
    plain = list(csv.DictReader(io.StringIO(_gen(1).value({"type": "string", "description": "CSV to import"},
                                                          name="csv"))))
    assert plain and "latitude" not in plain[0]


def test_a_geojson_object_parameter_gets_a_feature_collection_of_one_region():
    value = _gen(2).value({"type": "object", "description": "GeoJSON object to convert"}, name="geojson")
    assert value["type"] == "FeatureCollection" and value["features"]
    lons = [f["geometry"]["coordinates"][0] for f in value["features"]]
    assert max(lons) - min(lons) < 40  # one country's places, not three continents


def test_a_parameter_that_only_names_a_format_is_no_document():
    value = _gen(3).value({"type": "string", "description": "Name of the CSV file to write"}, name="filename")
    assert "\n" not in value and not value.startswith("<")
