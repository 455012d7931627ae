"""Writing one section of a benchmarks document, leaving the others as they are."""

from __future__ import annotations


def replace_section(document: str, title: str, section: str) -> str:
    """``document`` with its ``## {title}`` section replaced by ``section`` where it stands
    (or appended), every other section and the blank lines between them kept as they were."""
    head, *parts = document.split("\n## ")
    new = section.strip("\n").removeprefix("## ") + "\n"
    if not any(part.startswith(title) for part in parts):
        return document.rstrip("\n") + "\n\n" + section.strip("\n") + "\n"
    replaced = [new if part.startswith(title) else part for part in parts]
    return "\n## ".join([head, *replaced])
