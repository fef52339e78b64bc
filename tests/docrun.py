"""The documents as scripts (issue 49): every command of the README's and the docs' console and sh blocks, run in
order as a reader would type them, in a fresh folder of the document's own, and the output the document quotes
compared with what the command prints.

How a document runs:

- **One shell a document.** Its blocks are one bash script, in the order they appear, so what a block sets up (a
  folder, ``export TCFORGE_DATA=...``, a file written by a heredoc) is there for the blocks after it. ``tcforge`` is
  the one installed beside the Python running the tests (``.venv/bin/tcforge``).
- **A fresh folder.** The script starts in an empty temporary folder holding only links to the checkout's ``.venv``
  (``.venv/bin/tcforge``, as the player's guide types it), ``tests`` (the bad example files the cards guide
  validates) and ``schemas``. Nothing the commands write lands in the checkout.
- **Console blocks** (``$ tcforge ...``): each line runs on its own, its exit status is 0 (or what a
  ``[suite: exits N]`` marker says), and every line the document prints under it is printed by it, in order. In a
  quoted line ``...`` stands for any text (a time, a count that changes with the data); a line of ``...`` alone, or
  quoted output opening with ``{`` or ``[`` (JSON abridged), is not compared. The notation of the command reference
  (``[--lang fr]`` optional, ``a4|letter`` alternatives, ``[ID|FILE...]`` a placeholder) runs every variant.
- **sh blocks** run as written, line by line, and stop at the first command that fails (``set -e``).
- **The markers a reader sees**, in a line's trailing comment:
  - ``[suite: --games 10]``: the suite runs the line with these options' values instead, added where the line
    leaves the option at its default (a long run shortened);
  - ``[suite: exits 1]``: the command fails on purpose (the bad example files), with this status;
  - ``[suite: not run, WHY]``: a line the suite cannot run (it needs a cluster you start, or serves until
    stopped), with the test that covers it instead.
- ``make`` lines are the checkout's own set-up, which is what runs the suite: they are not run here (make install
  made the ``.venv`` the suite runs in; tests/test_makefile.py and CI run the targets).
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

MARKER = re.compile(r"\[suite: ([^\]]*)\]")
NOT_RUN_PROGRAMS = ("make ",)  # the checkout's set-up: it runs the suite (see the module's text)


@dataclass
class Unit:
    """One thing the script runs: a console line (with the output quoted under it) or a whole sh block."""

    where: str  # DOC:LINE of the line or of the block's first line
    kind: str  # "console" or "sh"
    script: str  # what bash runs
    shown: list[str] = field(default_factory=list)
    exit_code: int = 0
    text: str = ""  # the line as the document writes it (console) or the block's first line (sh)


def markers(line: str) -> tuple[str, list[str]]:
    """The line without its ``[suite: ...]`` markers, and the markers' texts."""
    found = MARKER.findall(line)
    return MARKER.sub("", line).rstrip().rstrip("#").rstrip(), found


def shortened(text: str, marks: list[str]) -> str:
    """``text`` with the option values of ``[suite: --opt value ...]`` markers put in place of the written ones."""
    for mark in marks:
        if mark.startswith(("exits", "not run")):
            continue
        tokens = shlex.split(mark)
        for i in range(0, len(tokens), 2):
            option, value = tokens[i], tokens[i + 1]
            pattern = re.compile(rf"(?<=\s){re.escape(option)}[ =]\S+")
            if pattern.search(text):
                text = pattern.sub(f"{option} {shlex.quote(value)}", text, count=1)
            else:  # an option the line leaves at its default (a training's rounds): added
                text = f"{text} {option} {shlex.quote(value)}"
    return text


def variants(text: str) -> list[str]:
    """The command lines a console line of the reference notation stands for (tests/cli/test_readme_commands.py)."""
    if "[" not in text and "|" not in text:
        return [text]
    sys.path.insert(0, str(Path(__file__).resolve().parent / "cli"))
    try:
        from test_readme_commands import variants as notation
    finally:
        sys.path.pop(0)
    return [shlex.join(tokens) for tokens in notation(text)]


def units(name: str, lines: list[str]) -> list[Unit]:
    """The units of one document, in order."""
    found: list[Unit] = []
    kind: str | None = None
    block: list[str] = []
    start = 0
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            if kind == "sh":
                found.append(_sh_unit(name, start, block))
            fence = line.strip()[3:]
            kind = fence if kind is None and fence in ("sh", "console") else None
            block, start = [], number + 1
            continue
        if kind == "sh":
            block.append(line)
        elif kind == "console":
            if line.startswith("$ "):
                command, marks = markers(line[2:].strip())
                command = command.removeprefix("tcforge ")
                exit_code = next((int(m.split()[1]) for m in marks if m.startswith("exits ")), 0)
                skipped = any(m.startswith("not run") for m in marks)
                script = "" if skipped else "\n".join(shortened(v, marks) for v in variants(_command(command)))
                found.append(Unit(f"{name}:{number}", "console", script, exit_code=exit_code, text=command))
            elif found and found[-1].kind == "console" and line.strip():
                found[-1].shown.append(line.rstrip())
    return found


def _command(line: str) -> str:
    """A console line without its trailing comment (a '#' after two spaces, or after the command's last word)."""
    tokens = shlex.split(line, comments=True)
    return shlex.join(tokens) if "[" not in line and "|" not in line else re.sub(r"\s+#.*$", "", line)


def _sh_unit(name: str, start: int, block: list[str]) -> Unit:
    out: list[str] = []
    heredoc: str | None = None
    for line in block:
        if heredoc is not None:
            out.append(line)
            if line.strip() == heredoc:
                heredoc = None
            continue
        here = re.search(r"<<-?\s*'?(\w+)'?", line)
        if here:
            heredoc = here.group(1)
        text, marks = markers(line)
        if any(m.startswith("not run") for m in marks) or text.lstrip().startswith(NOT_RUN_PROGRAMS):
            out.append(f"# (not run by the suite) {text}")
            continue
        out.append(shortened(text, marks))
    first = next((line for line in block if line.strip()), "")
    return Unit(f"{name}:{start}", "sh", "\n".join(out), text=first)


def matches(shown: list[str], printed: list[str]) -> str | None:
    """None when every line quoted is printed, in order ('...' in a line: any text); else the first line missing."""
    if shown and shown[0].lstrip().startswith(("{", "[")):
        return None  # JSON, shown abridged
    at = 0
    for line in shown:
        if not line.strip().strip(".").strip():
            continue  # '...' alone: the rest of the output left out
        pattern = re.compile(".*".join(re.escape(part) for part in line.rstrip().split("...")) + "$")
        hit = next((i for i in range(at, len(printed)) if pattern.match(printed[i].rstrip())), None)
        if hit is None:
            return line
        at = hit + 1
    return None


@dataclass
class Failure:
    where: str
    what: str


def run_document(name: str, lines: list[str], folder: Path, root: Path, timeout: float = 1800) -> tuple[int, Failure | None]:
    """Run one document in ``folder`` (made fresh by the caller); (units run, the first failure or None)."""
    todo = units(name, lines)
    for link in (".venv", "tests", "schemas"):
        if (root / link).exists():
            (folder / link).symlink_to(root / link)
    logs = folder / ".suite"
    logs.mkdir()
    parts = ["set -e", f'cd {shlex.quote(str(folder))}']
    ran = 0
    for i, unit in enumerate(todo):
        if not unit.script.strip():
            continue
        ran += 1
        out, rc = shlex.quote(str(logs / f"out.{i}")), shlex.quote(str(logs / f"rc.{i}"))
        parts.append(f"exec >{out} 2>&1")
        if unit.kind == "console":
            for line in unit.script.splitlines():
                parts += ["set +e", f"tcforge {line}", f'echo "$?" >>{rc}', "set -e"]
        else:
            parts += [unit.script, f"echo 0 >>{rc}"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("TCFORGE_")}
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}", TCFORGE_PROGRESS="0",
               COLUMNS="120", NO_COLOR="1")
    subprocess.run(["bash", "-c", "\n".join(parts)], env=env, cwd=folder, timeout=timeout, check=False,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for i, unit in enumerate(todo):
        if not unit.script.strip():
            continue
        out_file, rc_file = logs / f"out.{i}", logs / f"rc.{i}"
        printed = out_file.read_text(encoding="utf-8", errors="replace").splitlines() if out_file.exists() else []
        tail = "\n".join(printed[-25:])
        if not rc_file.exists() or not rc_file.read_text().split():
            return ran, Failure(unit.where, f"{unit.text!r}: the block stopped at a failing command; it printed:\n{tail}")
        codes = [int(c) for c in rc_file.read_text().split()]
        if any(c != unit.exit_code for c in codes):
            return ran, Failure(unit.where, f"'tcforge {unit.text}' exited {codes} (the document expects "
                                            f"{unit.exit_code}); it printed:\n{tail}")
        missing = matches(unit.shown, printed)
        if missing is not None:
            return ran, Failure(unit.where, f"'tcforge {unit.text}': the document shows {missing!r}; the command "
                                            f"printed:\n" + "\n".join(printed[:60]))
    return ran, None
