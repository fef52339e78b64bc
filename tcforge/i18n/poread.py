"""A strict reader of gettext PO files: every fault is a :class:`Problem` at ``file:line:col``.

Babel's reader is lenient where an import must not be: it takes a string
whose closing quote is missing (a file cut short) as complete, drops a
duplicate entry without a word, keeps ``\\033`` as four characters, and dies
with a traceback on an unknown charset or a Plural-Forms header it cannot read.
This reader refuses all of those, one problem a line, and knows where each
character of every string came from, so that a later check (a control
character, a placeholder) can point at it.

What it accepts is the PO format GNU gettext and Babel write: comments
(``#``, ``#.``, ``#:``, ``#,`` flags, ``#|`` previous strings, ``#~`` obsolete
entries, which are skipped), ``msgctxt``, ``msgid``, ``msgid_plural``,
``msgstr`` and ``msgstr[N]``, each followed by one or more double-quoted
strings with the C escapes ``\\\\ \\" \\n \\t \\r \\a \\b \\f \\v``, octal and
``\\x`` hex; the charset is the header's (UTF-8 when there is none).
"""
from __future__ import annotations

import codecs
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from tcforge.data.problems import Problem

MAX_PO_BYTES = 32 << 20  # a PO file: the whole bundled catalogue is about 0.3 MB
MAX_PLURALS = 6  # gettext's own bound on plural forms (Arabic has six)
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)(?=[\s\"])")
_CHARSET = re.compile(rb"charset=([^\s\"\\;]*)", re.IGNORECASE)
_PLURAL_FORMS = re.compile(r"^\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([n0-9\s()?:<>=!&|%+\-*/]+?)\s*;?\s*$")
_SIMPLE = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_ASCII_PROBE = 'msgid "" msgstr #,:.|~[]0123456789\\\n'


@dataclass
class Field:
    """One keyword's string: its text and, for each character of it, where it was written (line, column)."""

    keyword: str
    line: int
    col: int
    text: str = ""
    places: list[tuple[int, int]] = field(default_factory=list)

    def where(self, index: int) -> tuple[int, int]:
        """The source position of the character at ``index`` (the keyword's for an empty string or past its end)."""
        if 0 <= index < len(self.places):
            return self.places[index]
        return self.line, self.col


@dataclass
class Entry:
    line: int
    col: int
    context: Field | None = None
    id: Field | None = None
    plural: Field | None = None
    strings: list[Field] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def is_header(self) -> bool:
        return self.context is None and self.id is not None and self.id.text == ""

    def fields(self) -> list[Field]:
        return [f for f in (self.context, self.id, self.plural, *self.strings) if f is not None]


@dataclass
class PoFile:
    entries: list[Entry]  # the translation entries, header and obsolete entries left out
    header: dict[str, tuple[str, tuple[int, int]]]  # lower-case name: (value, where the line is)
    problems: list[Problem]
    last: Entry | None = None  # the entry whose msgstr is the file's last line: where a file cut at a line break ends


def _line_col(raw: bytes, offset: int) -> tuple[int, int]:
    line = raw.count(b"\n", 0, offset) + 1
    return line, offset - (raw.rfind(b"\n", 0, offset) + 1) + 1


_LANGUAGE_HEADER = re.compile(r'^"Language:\s*([A-Za-z]{2,3})(?:[_-][A-Za-z0-9]+)?\s*\\n"', re.M)


def header_language(path: Path) -> str | None:
    """The language a PO file's header names (``Language: de``), lower-case, or None when it names none or the file
    cannot be read as a regular file (reading it then says why). Only its first 64 KiB are read: the header opens
    the file."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as handle:
            head = handle.read(64 << 10).decode("utf-8", errors="replace")
    except OSError:
        return None
    found = _LANGUAGE_HEADER.search(head)
    return found.group(1).lower() if found else None


def read_po_file(path: Path, display: str, lang: str) -> PoFile:
    """Read and check ``path``; its problems say everything that is wrong with it (nothing is raised)."""

    def fail(line: int, col: int, message: str, hint: str, code: str) -> PoFile:
        return PoFile([], {}, [Problem(display, line, col, message, hint, code=code)])

    try:
        status = os.stat(path)
        if not stat.S_ISREG(status.st_mode):  # a FIFO would hang the read, /dev/zero never end
            return fail(1, 1, "not a regular file (a folder, FIFO, device or socket)", "name a .po file", "po-not-a-file")
        if status.st_size > MAX_PO_BYTES:
            return fail(1, 1, f"the file is {status.st_size:,} bytes, more than the {MAX_PO_BYTES:,}-byte limit of a PO "
                              "file", "split the catalogue, or check that this is the PO file you meant", "po-too-large")
        with open(path, "rb") as handle:
            raw = handle.read(MAX_PO_BYTES + 1)
    except OSError as exc:
        return fail(1, 1, f"cannot read the file: {exc.strerror or exc}", "check the path and its permissions",
                    "po-unreadable")
    if not raw.strip():
        return fail(1, 1, "the file is empty", "export the catalogue again with 'tcforge i18n export'", "po-empty")
    if b"\x00" in raw[:4096] and not raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        line, col = _line_col(raw, raw.index(b"\x00"))
        return fail(line, col, "the file is binary (it holds a NUL byte), not a PO file",
                    "give the .po file a translation tool saved", "po-binary")
    charset, problem = _charset(raw, display)
    if problem is not None:
        return PoFile([], {}, [problem])
    try:
        text = raw.decode(charset)
    except UnicodeDecodeError as exc:
        line, col = _line_col(raw, exc.start)
        return fail(line, col, f"byte 0x{raw[exc.start]:02x} is not valid {charset} (the charset the header names)",
                    "save the file as UTF-8 and say charset=UTF-8 in its Content-Type header", "po-encoding")
    if text.startswith("\ufeff"):
        text = text[1:]
    # No final line break is no fault (msgfmt takes it, and so do editors that do not add one): a file cut inside a
    # string is refused there ("not closed"), and one cut at a line break is looked for in its last entry (po.last).
    po = _Parser(display, text).parse()
    _check_header(po, display, lang)
    return po


def _charset(raw: bytes, display: str) -> tuple[str, Problem | None]:
    """The charset the header names (UTF-8 if none), or a problem if Python cannot read PO text in it."""
    head = raw[: raw.find(b"\n\n")] if b"\n\n" in raw[:8192] else raw[:8192]
    match = _CHARSET.search(head)
    if match is None or match.group(1).upper() in (b"", b"CHARSET"):
        return "utf-8", None
    name = match.group(1).decode("ascii", "replace")
    line, col = _line_col(raw, match.start(1))
    try:
        info = codecs.lookup(name)
    except LookupError:
        return "", Problem(display, line, col, f"unknown charset '{name}' in the Content-Type header",
                           "save the file as UTF-8 and write charset=UTF-8 there", code="po-charset")
    try:
        readable = info._is_text_encoding and _ASCII_PROBE.encode(info.name) == _ASCII_PROBE.encode("ascii")
    except (LookupError, UnicodeError, ValueError):
        readable = False
    if not readable:
        return "", Problem(display, line, col, f"charset '{name}' in the Content-Type header is not one a PO file can "
                                               "be read in (PO keywords are ASCII)",
                           "save the file as UTF-8 and write charset=UTF-8 there", code="po-charset")
    return info.name, None


class _Parser:
    def __init__(self, display: str, text: str):
        self.display = display
        self.text = text
        self.problems: list[Problem] = []
        self.entries: list[Entry] = []
        self.current: Entry | None = None
        self.open: Field | None = None  # the field a continuation string adds to
        self.flags: set[str] = set()
        self.last_line = text.count("\n") + 1

    def problem(self, line: int, col: int, message: str, hint: str, code: str = "po-syntax") -> None:
        self.problems.append(Problem(self.display, line, col, message, hint, code=code))

    def parse(self) -> PoFile:
        for number, line in enumerate(self.text.split("\n"), start=1):
            if line.endswith("\r"):
                line = line[:-1]
            stripped = line.lstrip(" \t")
            indent = len(line) - len(stripped)
            if not stripped:
                continue
            if stripped.startswith("#"):
                self.open = None
                if stripped.startswith("#,"):
                    self.flags |= {f.strip() for f in stripped[2:].split(",") if f.strip()}
                continue  # other comments, previous strings and obsolete entries are not imported
            if stripped.startswith('"'):
                if self.open is None:
                    self.problem(number, indent + 1, "a string without a keyword before it",
                                 "start the entry with msgid, or join the string to the one above")
                    continue
                self._string(self.open, number, indent, stripped)
                continue
            match = _KEYWORD.match(stripped)
            if match is None:
                word = stripped.split()[0][:40]
                self.problem(number, indent + 1, f"'{word}' is not a PO keyword",
                             "a PO line is a comment (#), msgctxt, msgid, msgid_plural, msgstr or a quoted string")
                self.open = None
                continue
            self._keyword(match.group(1), match.group(2), number, indent + 1)
            rest = stripped[match.end():]
            spaces = len(rest) - len(rest.lstrip(" \t"))
            if self.open is not None:
                self._string(self.open, number, indent + match.end() + spaces, rest.lstrip(" \t"))
        # The file ends in a translation's string (not a comment, an obsolete entry or a msgid): that entry is the one
        # a cut at a line break would have shortened.
        last = self.current if self.open is not None and self.open.keyword.startswith("msgstr") else None
        self._finish(self.last_line)
        header: dict[str, tuple[str, tuple[int, int]]] = {}
        entries = []
        first_header: Entry | None = None
        for entry in self.entries:
            if entry.is_header and entry.strings:
                if first_header is not None:  # msgfmt: a duplicate message definition; which header holds?
                    self.problem(entry.line, entry.col, f"a second header entry (msgid \"\"; the first is on line "
                                 f"{first_header.line})", "keep one header, the one whose charset and Language are right",
                                 "po-duplicate")
                    continue
                first_header = entry
                body = entry.strings[0]
                start = 0
                for item in body.text.split("\n"):
                    name, sep, value = item.partition(":")
                    if sep:
                        header[name.strip().lower()] = (value.strip(), body.where(start))
                    start += len(item) + 1
            else:
                entries.append(entry)
        return PoFile(entries, header, self.problems, last if any(e is last for e in entries) else None)

    def _keyword(self, keyword: str, index: str | None, line: int, col: int) -> None:
        new = Field(keyword, line, col)
        entry = self.current
        if keyword in ("msgctxt", "msgid") and (entry is None or entry.strings or
                                                (keyword == "msgctxt" and entry.context is not None) or
                                                (keyword == "msgid" and entry.id is not None)):
            if entry is not None and not entry.strings:
                self.problem(entry.line, entry.col, f"this entry has no msgstr (a second {keyword} follows on line {line})",
                             "add the msgstr, or remove the unfinished entry")
            self._finish(line)
            entry = self.current = Entry(line, col, flags=self.flags)
            self.flags = set()
        if entry is None:
            self.problem(line, col, f"{keyword} without a msgid before it", "start the entry with msgid \"...\"")
            self.open = None
            return
        if keyword == "msgctxt":
            entry.context = new
        elif keyword == "msgid":
            entry.id = new
        elif entry.id is None:
            self.problem(line, col, f"{keyword} without a msgid before it", "start the entry with msgid \"...\"")
            self.open = None
            return
        elif keyword == "msgid_plural":
            if entry.plural is not None or entry.strings:
                self.problem(line, col, "msgid_plural out of place", "write it once, right after the msgid")
            entry.plural = new
        else:
            expected = len(entry.strings) if entry.plural is not None else None
            got = int(index) if index is not None else None
            if got != expected or (expected is None and entry.strings):
                want = f"msgstr[{expected}]" if expected is not None else "one msgstr"
                self.problem(line, col, f"{keyword.split('[')[0] if index is None else keyword} out of place here: "
                                        f"this entry needs {want}",
                             "a plain entry has one msgstr; a plural one has msgstr[0], msgstr[1], ... in order")
            if got is not None and got >= MAX_PLURALS:
                self.problem(line, col, f"{keyword}: more than {MAX_PLURALS} plural forms",
                             f"a language has at most {MAX_PLURALS} plural forms")
            entry.strings.append(new)
        self.open = new

    def _string(self, target: Field, line: int, indent: int, text: str) -> None:
        """Add the quoted string ``text`` (starting at column ``indent + 1``) of ``line`` to ``target``."""
        col = indent + 1
        if not text.startswith('"'):
            self.problem(line, col, f"{target.keyword} needs a quoted string", 'write the text in double quotes: "..."')
            return
        i = 1
        while i < len(text):
            char = text[i]
            if char == '"':
                tail = text[i + 1:].strip(" \t")
                if tail:
                    self.problem(line, col + i + 1, "text after the closing quote",
                                 'put one quoted string a line; escape a quote inside the text as \\"')
                return
            if char != "\\":
                target.text += char
                target.places.append((line, col + i))
                i += 1
                continue
            escape = text[i + 1:i + 2]
            if escape in _SIMPLE:
                value, width = _SIMPLE[escape], 2
            elif escape in "01234567" and escape:
                digits = re.match(r"[0-7]{1,3}", text[i + 1:])
                assert digits is not None
                value, width = chr(int(digits.group(), 8)), 1 + len(digits.group())
            elif escape == "x" and re.match(r"[0-9a-fA-F]{1,2}", text[i + 2:]):
                digits = re.match(r"[0-9a-fA-F]{1,2}", text[i + 2:])
                assert digits is not None
                value, width = chr(int(digits.group(), 16)), 2 + len(digits.group())
            else:
                shown = f"\\{escape}" if escape else "\\ at the end of the line"
                self.problem(line, col + i, f"unknown escape {shown} in a string",
                             "write \\\\ for a backslash; the escapes are \\n, \\t, \\\" and \\\\")
                i += 2
                continue
            target.text += value
            target.places.append((line, col + i))
            i += width
        self.problem(line, col + len(text), f"the {target.keyword} string is not closed: the line ends before its "
                                            "closing quote (a file cut short?)",
                     "export the catalogue again, or close the string with \"", "po-truncated")

    def _finish(self, line: int) -> None:
        entry = self.current
        if entry is not None:
            if entry.id is None:
                self.problem(entry.line, entry.col, "msgctxt without its msgid and msgstr (a file cut short?)",
                             "complete the entry or remove it", "po-truncated")
            elif not entry.strings:
                self.problem(entry.line, entry.col, "the entry has no msgstr: the file ends inside it (cut short?)"
                             if line >= self.last_line else "the entry has no msgstr",
                             "export the catalogue again, or give the entry its msgstr", "po-truncated")
            else:
                self.entries.append(entry)
        self.current = None
        self.open = None


def _check_header(po: PoFile, display: str, lang: str) -> None:
    forms, (line, col) = po.header.get("plural-forms", ("", (1, 1)))
    if forms:
        match = _PLURAL_FORMS.match(forms)
        if match is None or not 1 <= int(match.group(1)) <= MAX_PLURALS or len(forms) > 200:
            po.problems.append(Problem(display, line, col, f"the Plural-Forms header is not valid ({forms[:80]!r})",
                                       f"write it as gettext does; for French: nplurals=2; plural=(n > 1); (at most "
                                       f"{MAX_PLURALS} forms)", code="po-plural-forms"))
    language, (line, col) = po.header.get("language", ("", (1, 1)))
    language = language.replace("-", "_").split("_")[0].lower()
    if language and language != lang:
        po.problems.append(Problem(display, line, col, f"the file is a catalogue of '{language}' (its Language header), "
                                                  f"not of '{lang}'",
                                   f"give --lang {language}, or the {lang} catalogue", code="po-language"))


__all__ = ["MAX_PO_BYTES", "Entry", "Field", "PoFile", "header_language", "read_po_file"]
