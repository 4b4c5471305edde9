"""What several packages share, below all of them but `schemas`: the harness directory on disk (`files`), JSON
values against schemas (`json_values`). It imports only `schemas` and libraries."""
