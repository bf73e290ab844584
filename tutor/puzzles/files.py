"""Rewriting a puzzle set file in place without losing what its author wrote.

``tutor puzzles check --write`` completes and re-certifies puzzles. The set file it writes back
keeps, byte for byte, everything it did not change: the text before the first ``[[puzzle]]``,
each unchanged puzzle with its comments and layout, and the comment lines just above a
changed puzzle; only the changed puzzles' tables are written anew (by ``tomli-w``, their own
comments inside the table are not kept). The file is written atomically: a temporary file in
the same folder, flushed to disk, renamed over the old one, so a run killed at any moment
leaves each file either as it was or completely written.

    text = rewrite(original_text, puzzles)   # the new text (checked to read back as puzzles)
    write_atomic(path, text)
"""

from __future__ import annotations

import os
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Sequence

__all__ = ["rewrite", "write_atomic", "split_blocks"]

_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*puzzle[ \t]*\]\][ \t]*(#.*)?$")
_LEAD = re.compile(r"^[ \t]*(#.*)?$")          # a comment or blank line


def split_blocks(text: str) -> tuple[str, list[tuple[str, str]]] | None:
    """The file's head and, per ``[[puzzle]]`` table in order, ``(leading comments, table)``.
    ``None`` when the split is not certain (e.g. a ``[[puzzle]]`` line inside a multi-line
    string, or tables in an unusual order): the caller then writes the whole file anew."""
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if _HEADER.match(line.rstrip("\r\n"))]
    if not starts:
        return None
    cuts = []
    for k, start in enumerate(starts):    # comment and blank lines just above a table go with it
        floor = starts[k - 1] + 1 if k else 0
        cut = start
        while cut > floor and _LEAD.match(lines[cut - 1].rstrip("\r\n")):
            cut -= 1
        cuts.append(cut)
    head = "".join(lines[:cuts[0]])
    blocks = []
    for k, (cut, start) in enumerate(zip(cuts, starts)):
        end = cuts[k + 1] if k + 1 < len(cuts) else len(lines)
        blocks.append(("".join(lines[cut:start]), "".join(lines[start:end])))
    # the split is right only if each table alone reads as the same puzzle as in the whole file
    try:
        whole = tomllib.loads(text).get("puzzle")
        if tomllib.loads(head) != {} or not isinstance(whole, list) or len(whole) != len(blocks):
            return None
        for (_, table), expected in zip(blocks, whole):
            if tomllib.loads(table).get("puzzle") != [expected]:
                return None
    except tomllib.TOMLDecodeError:
        return None
    return head, blocks


def rewrite(original: str, puzzles: Sequence, changed: Sequence[bool]) -> str:
    """The set file's new text: ``puzzles`` in the file's order, ``changed[i]`` telling which
    were changed. Unchanged puzzles keep their original text."""
    from .format import dumps, puzzle_to_dict
    if len(puzzles) != len(changed):
        raise ValueError("one changed flag per puzzle")
    split = split_blocks(original)
    if split is None or len(split[1]) != len(puzzles):
        text = dumps(puzzles)
    else:
        head, blocks = split
        parts = [head]
        for (lead, table), puzzle, was_changed in zip(blocks, puzzles, changed):
            if not was_changed:
                parts.append(lead + table)
                continue
            fresh = dumps([puzzle])
            if parts[-1] and not parts[-1].endswith("\n"):
                parts.append("\n")
            parts.append(lead + fresh + ("\n" if table.endswith("\n\n") else ""))
        text = "".join(parts)
    # never write what would not read back as exactly these puzzles
    read = tomllib.loads(text).get("puzzle", [])
    if [_normal(t) for t in read] != [_normal(puzzle_to_dict(p)) for p in puzzles]:
        text = dumps(puzzles)
    return text


def _normal(table):
    """A table with tuples as lists and integer keys as text, as TOML reads it back."""
    if isinstance(table, dict):
        return {str(k): _normal(v) for k, v in table.items()}
    if isinstance(table, (list, tuple)):
        return [_normal(v) for v in table]
    return table


def write_atomic(path, text: str) -> Path:
    """Replace ``path`` with ``text`` all at once: a temporary file beside it, flushed and
    synced, renamed over it (the old file's permissions kept)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        except FileNotFoundError:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:                      # the rename itself reaches the disk
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return path
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)
    return path
