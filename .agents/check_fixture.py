"""Validate one fixture file against fixtures/FORMAT.md (no database needed)."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from cardsite.catalog_format import validate_catalog  # noqa: E402

for name in sys.argv[1:]:
    problems = validate_catalog(json.loads(Path(name).read_text()))
    print(f"{name}: {len(problems)} problem(s)")
    for p in problems:
        print("  " + p)
