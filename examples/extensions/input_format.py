"""An input format: Google Gemini's function declarations, `{"function_declarations": [{"name", "description",
"parameters"}]}` with lower-case schema types as the Python SDK writes them. `seer generate decls.json` reads
such a file once this module is imported."""

from specs.formats import FORMATS
from specs.functions import function_raw


class GeminiDeclarations:
    def detect(self, doc):
        return isinstance(doc, dict) and isinstance(doc.get("function_declarations"), list)

    def read(self, source, doc):
        return [function_raw(source, d, f"function_declarations[{i}]")
                for i, d in enumerate(doc["function_declarations"])], "gemini"


FORMATS.register("gemini", GeminiDeclarations())
