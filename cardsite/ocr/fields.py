"""Which printed words are which field: from where they sit on the card and the game's
vocabulary.

A card prints its name biggest near the top, a number (initiative or cost) in a top
corner, a short type line, and the rules text in a box of even lines below. Tesseract's
words are grouped into lines; the fields are picked from those lines by position and
height, the type by matching the game's type names (a closed set: snapping to it is
safe). Names are never snapped: a new card may be named one letter away from an old
one, so the nearest known name is only a hint.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from cardsite.catalog.games import GAME_ATTRIBUTES, GAME_TYPES
from cardsite.ocr.reading import Field

# A word Tesseract is less sure of than this is noise (art, texture, a border).
MIN_WORD_CONF = 20
# A line whose mean confidence is lower is not text (the art's edges read as letters).
MIN_LINE_CONF = 45
TYPE_MATCH = 80  # rapidfuzz ratio for a line to be the type line
HINT_MATCH = 80  # ... for a known name to be offered as a hint
NUMBER = re.compile(r"^\(?([0-9]{1,2})\)?$")


@dataclass
class Line:
    words: list[str]
    confs: list[float]
    left: int
    top: int
    right: int
    bottom: int
    heights: list[int]

    @property
    def text(self) -> str:
        return " ".join(self.words)

    @property
    def height(self) -> float:
        """The line's letter height: the median word box (descenders and a stray tall box
        change it little)."""
        return float(sorted(self.heights)[len(self.heights) // 2])

    @property
    def conf(self) -> float:
        return sum(self.confs) / len(self.confs)

    @property
    def letters(self) -> int:
        return sum(ch.isalnum() for ch in self.text)


def _split_at_gaps(words: list[tuple]) -> list[list[tuple]]:
    """A line's words, cut where the gap between two is wider than a few letters: a title
    and the number in the corner, or text and a speck of the border, are not one line."""
    words = sorted(words, key=lambda w: w[2])
    height = sorted(w[5] - w[3] for w in words)[len(words) // 2]
    runs = [[words[0]]]
    for word in words[1:]:
        if word[2] - runs[-1][-1][4] > 1.5 * height:
            runs.append([word])
        else:
            runs[-1].append(word)
    return runs


def lines_of(data: dict[str, list]) -> list[Line]:
    """Tesseract's words grouped into its lines, top to bottom, noise dropped."""
    grouped: dict[tuple, list[tuple]] = {}
    for i, word in enumerate(data["text"]):
        word = (word or "").strip()
        conf = float(data["conf"][i])
        if not word or conf < MIN_WORD_CONF:
            continue
        key = (data["block_num"][i], data["par_num"][i], data["line_num"][i])
        left, top = data["left"][i], data["top"][i]
        grouped.setdefault(key, []).append(
            (word, conf, left, top, left + data["width"][i], top + data["height"][i]))
    lines = []
    for words in grouped.values():
        for run in _split_at_gaps(words):
            lines.append(Line([w[0] for w in run], [w[1] for w in run],
                              min(w[2] for w in run), min(w[3] for w in run),
                              max(w[4] for w in run), max(w[5] for w in run),
                              [w[5] - w[3] for w in run]))
    kept = [line for line in lines
            if line.conf >= MIN_LINE_CONF and line.letters >= max(1, len(line.text) // 2)]
    return reading_order(kept)


def reading_order(lines: list[Line]) -> list[Line]:
    """Top to bottom, and left to right within a row: pieces of one printed line that
    Tesseract's sparse mode gives as lines of their own ("+1 Power." and "ATTACK: Deal 5"
    a pixel apart in height) are a row when they overlap by half their height."""
    rows: list[list[Line]] = []
    for line in sorted(lines, key=lambda line: (line.top, line.left)):
        if rows:
            row = rows[-1]
            top, bottom = min(x.top for x in row), max(x.bottom for x in row)
            overlap = min(bottom, line.bottom) - max(top, line.top)
            if overlap > 0.5 * min(bottom - top, line.bottom - line.top):
                row.append(line)
                continue
        rows.append([line])
    return [line for row in rows for line in sorted(row, key=lambda line: line.left)]


def conf_of(lines: list[Line]) -> float:
    confs = [c for line in lines for c in line.confs]
    return round(sum(confs) / len(confs) / 100, 3) if confs else 0.0


def _type_labels(game: str | None, component: str | None) -> dict[str, str]:
    """Printed type names -> type slug: the game's types, only the component's own where
    the component's slug names them (``delivery-cards`` -> delivery)."""
    games = [game] if game in GAME_TYPES else list(GAME_TYPES)
    labels = {}
    for g in games:
        for t in GAME_TYPES[g]:
            labels.setdefault(t.slug.replace("satans", "satan's").replace("-", " "), t.slug)
    if component:
        words = component.lower()
        own = {label: slug for label, slug in labels.items() if slug in words}
        if own:
            # "wizard-ability-tiles" names ability-tile, not wizard: the longest wins.
            longest = max(len(slug) for slug in own.values())
            return {label: slug for label, slug in own.items() if len(slug) == longest}
    return labels


def _number_attribute(game: str | None) -> str | None:
    attrs = GAME_ATTRIBUTES.get(game or "", ())
    if "initiative" in attrs:
        return "initiative"
    if "cost" in attrs:
        return "cost"
    return None


# Tesseract's typographic quotes as the catalog writes them.
QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                        "\u2014": "-", "\u2013": "-"})
# What a border's corner or a speck reads as at either end of a line.
EDGE_JUNK = "'\"|_-=~:;,.!/\\"


def _trim(text: str) -> str:
    text = text.translate(QUOTES).strip()
    text = text.lstrip(EDGE_JUNK + " ")
    # A line's end keeps its full stop, a closing quote and a colon ("ATTACK:").
    return text.rstrip("|_=~/\\ ")


def clean_text(lines: list[Line]) -> str:
    out = ""
    for line in lines:
        text = _trim(line.text)
        if not out:
            out = text
        elif out.endswith("-") and not out.endswith(" -"):
            out += text  # a word broken over the line (or a hyphenated one): joined
        else:
            out += " " + text
    return re.sub(r"\s+", " ", out).strip()


# Words that open a sentence of rules text: printed after a full stop, never mid-sentence.
OPENERS = ("When", "Whenever", "If", "Then", "Each", "You", "Once", "Otherwise")
_LOST_STOP = re.compile(r"(?<=[a-z]{2}) (?=(?:" + "|".join(OPENERS) + r") [a-z])")
# A keyword in capitals runs into its effect only through a colon ("ATTACK: Another ...").
_LOST_COLON = re.compile(r"(?:^|(?<=[.,:] ))((?:[A-Z]{2,} )*[A-Z]{4,}) (?=[A-Z][a-z]+ [a-z0-9])")
_LEAD_SPECK = re.compile(r"^(?:[a-z]{1,5} ){1,2}(?=[A-Z])")


def punctuated(text: str | None) -> str | None:
    """Rules text with the punctuation a read typically loses put back where the card's
    grammar leaves no doubt: a full stop before a sentence's opening word, a keyword's
    colon, the last sentence's full stop (read as a comma); and a speck of art read as a
    short lower-case word before the text's first capital dropped."""
    if not text:
        return text
    text = _LEAD_SPECK.sub("", text)
    text = _LOST_STOP.sub(". ", text)
    text = _LOST_COLON.sub(r"\1: ", text)
    if text[-1] in ",;" and text[:-1].rstrip()[-1:].isalnum():
        text = text[:-1] + "."
    return text


@dataclass
class Placed:
    name: Field
    type: Field
    number: Field
    number_attribute: str | None
    text: Field
    name_hint: str | None
    warnings: list[str]


def place(lines: list[Line], card_height: int, *, game: str | None = None,
          component: str | None = None, known_names=None, number: Field | None = None,
          reread_name=None) -> Placed:
    """The fields from the lines of one card read upright; ``number``: one already read
    from a shape in a corner; ``reread_name(box, lines)``: the name's band (left, top,
    right, bottom) read again on its own, as a Field, kept where the engine is surer of it
    than of the sparse read."""
    notes: list[str] = []
    lines = list(lines)
    top_band = card_height * 0.3

    # Else a number alone (or ending or starting a line far from its words) in the top band.
    number = number or Field()
    for line in [line for line in lines if line.top < top_band and number.value is None]:
        for idx in (0, len(line.words) - 1):
            match = NUMBER.match(line.words[idx])
            if match and (len(line.words) == 1 or line.letters > len(match.group(1)) + 2):
                number = Field(int(match.group(1)), round(line.confs[idx] / 100, 3))
                line.words.pop(idx)
                line.confs.pop(idx)
                line.heights.pop(idx)
                break
        if number.value is not None:
            break
    lines = [line for line in lines if line.words]

    # The name: the tallest line of the top band, with the lines of its size just below
    # it (a long name wraps).
    name = Field()
    name_lines: list[Line] = []
    candidates = [line for line in lines if line.top < top_band and line.letters >= 2]
    if candidates:
        title = max(candidates, key=lambda line: line.height * min(line.letters, 6))
        # Tesseract's sparse mode may cut one printed line in pieces: the pieces beside
        # the title, at its height and level, are the title too.
        pieces = [title]
        for line in sorted(candidates, key=lambda line: line.left):
            level = min(line.bottom, title.bottom) - max(line.top, title.top)
            if line is not title and abs(line.height - title.height) <= 0.3 * title.height \
                    and level > 0.5 * min(line.bottom - line.top, title.bottom - title.top):
                pieces.append(line)
        if len(pieces) > 1:
            pieces.sort(key=lambda line: line.left)
            merged = [pieces[0]]
            for line in pieces[1:]:
                if line.left - merged[-1].right < 2 * title.height:
                    merged.append(line)
                elif title in merged:
                    break
                else:
                    merged = [line]
            if title in merged and len(merged) > 1:
                lines = [line for line in lines if line not in merged[1:]]
                title = Line([w for m in merged for w in m.words],
                             [c for m in merged for c in m.confs],
                             merged[0].left, min(m.top for m in merged), merged[-1].right,
                             max(m.bottom for m in merged), [h for m in merged for h in m.heights])
                lines = [title if line is merged[0] else line for line in lines]
        name_lines = [title]
        for line in lines:
            if line is title or line.top <= title.top:
                continue
            overlap = min(line.right, title.right) - max(line.left, title.left)
            if abs(line.height - title.height) <= 0.2 * title.height and \
                    line.top - name_lines[-1].bottom < title.height and \
                    overlap > 0.5 * min(line.right - line.left, title.right - title.left):
                name_lines.append(line)
            elif line.top > name_lines[-1].bottom:
                break
        name = Field(clean_text(name_lines), conf_of(name_lines))
    else:
        notes.append("No title was found at the top of the card.")

    # The type line: a short line that is one of the game's type names.
    labels = _type_labels(game, component)
    type_field, type_line = Field(), None
    after_name = [line for line in lines if line not in name_lines
                  and (not name_lines or line.top >= name_lines[0].top)]
    best = None
    for line in after_name:
        if len(line.words) > 4:
            continue
        text = re.sub(r"[^a-z' ]", " ", line.text.lower()).strip()
        found = process.extractOne(text, list(labels), scorer=fuzz.ratio,
                                   score_cutoff=TYPE_MATCH)
        if found and (best is None or found[1] > best[1]):
            best, type_line = found, line
    if best is not None:
        type_field = Field(labels[best[0]], round(min(type_line.conf, best[1]) / 100, 3))
    elif component and len(set(labels.values())) == 1:
        type_field = Field(next(iter(labels.values())), 0.5)
        notes.append("The type was not read; it is the one type of the component chosen.")

    # The rules text: the lines below the type line (or the name), in reading order.
    below = type_line.bottom if type_line is not None else (
        name_lines[-1].bottom if name_lines else 0)
    text_lines = [line for line in lines if line not in name_lines and line is not type_line
                  and line.top >= below - 2]
    text = Field(punctuated(clean_text(text_lines)) or None, conf_of(text_lines))
    if text.value is None:
        notes.append("No rules text was found.")

    if set(labels.values()) == {"ability-tile"}:
        # A Wizard Ability Tile prints no title: it is named by its text.
        everything = [line for line in lines if line is not type_line]
        name = text = Field(punctuated(clean_text(everything)) or None, conf_of(everything))

    if reread_name is not None and name_lines and set(labels.values()) != {"ability-tile"}:
        box = (min(line.left for line in name_lines), min(line.top for line in name_lines),
               max(line.right for line in name_lines), max(line.bottom for line in name_lines))
        again = reread_name(box, len(name_lines))
        words = (again.value or "").split()
        # A number at either end that the sparse read did not give as the name's (the
        # initiative or cost beside the title, its ring unseen) is not the name's.
        for idx in (-1, 0):
            if len(words) > 1 and NUMBER.match(words[idx]) and \
                    words[idx] not in (name.value or "").split():
                words.pop(idx)
        if words and again.confidence > name.confidence:
            name = Field(" ".join(words), again.confidence)

    if name.value:
        # A title is one printed line: a hyphen followed by a space inside it is the
        # reader's ("Enslave- 'Em-All Ball"), not a word broken over two lines.
        name = Field(re.sub(r"(?<=[A-Za-z])- (?=['A-Za-z])", "-", name.value), name.confidence)
    hint = None
    if name.value and known_names:
        found = process.extractOne(name.value, list(known_names), scorer=fuzz.ratio,
                                   score_cutoff=HINT_MATCH)
        hint = found[0] if found else None

    attribute = _number_attribute(game)
    if number.value is not None and attribute is None:
        notes.append(f"A number ({number.value}) was read at the top; choose the game to place "
                     "it as initiative or cost.")
    return Placed(name, type_field, number, attribute, text, hint, notes)
