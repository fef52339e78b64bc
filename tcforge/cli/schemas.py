"""``tcforge schemas``: where the installed JSON Schemas are, for an editor. Thin: list, print."""
from __future__ import annotations

import typer

from tcforge.cli.common import out


def schemas() -> None:
    """The JSON Schemas the data is checked against, one a kind of file, each as the address an editor reads.

    A file that 'tcforge scenario new' or 'tcforge cards new' writes names its schema on its first line
    (# yaml-language-server: $schema=...): with the YAML language server (VS Code's YAML extension, Neovim, Emacs)
    the editor completes the keys and underlines a wrong value as you type. Copy that line into a file of your own,
    with the address of its kind from this list."""
    from tcforge.data.schemas import editor_line
    from tcforge.paths import schemas_dir
    kinds = sorted(p.name.removesuffix(".schema.json") for p in schemas_dir().glob("*.schema.json"))
    if not kinds:
        out.print(f"tcforge: no schema in {schemas_dir()}", markup=False)
        raise typer.Exit(1)
    width = max(len(k) for k in kinds)
    for kind in kinds:
        out.print(f"{kind:<{width}}  {editor_line(kind)}", markup=False)
