"""What several packages share, below all of them but `schemas`: the harness directory on disk (`files`), JSON
values against schemas (`json_values`), the tool graph (`graph`), the kind vocabulary and its suite-wide alignment
(`taxonomy`, `aliases`), JSON-schema helpers (`schemautil`) and the one registry pattern (`registry`). It imports
only `schemas` and libraries."""
