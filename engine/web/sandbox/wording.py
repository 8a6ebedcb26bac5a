"""Engine messages as a player reads them on the sandbox's pages and in its refusals."""
from __future__ import annotations

import re

FIELD_PATH = re.compile(r"^(?:action\.)?[a-z_]+(?:\[\d+\]|\.[a-z_]+)*: ")


def sentence(message: str) -> str:
    """An engine message as a player reads it: without the input's field path
    (``spells[1].components[0].initiative: ``), capitalised, ending with a stop."""
    text = FIELD_PATH.sub("", message.strip(), count=1) or message.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."
