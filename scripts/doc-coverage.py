#!/usr/bin/env python3
"""Lists every public or open symbol of the app-facing modules that has no doc comment.

Usage:
    scripts/doc-coverage.py [--scratch-path PATH] [--symbol-graphs DIR] [--module NAME ...]

By default it builds the symbol graphs with

    swift package --scratch-path PATH dump-symbol-graph --minimum-access-level public

(PATH is `.build` unless given), then reads every `<Module>.symbols.json` and
`<Module>@<Other>.symbols.json` of the modules Lua, LiveRules, LiveRulesExamples and
LiveRulesActivity (or those named with --module). With --symbol-graphs DIR it reads the graphs
already in DIR and builds nothing.

A symbol counts as documented when it has a `///` comment of its own, or when it implements a
protocol requirement and so inherits that requirement's documentation (`description`,
`encode(to:)`). Members the compiler synthesizes have no source location (`hashValue`,
`hash(into:)`) and are skipped.

Prints one `path:line: Module.Symbol` line per undocumented symbol (path relative to the package
root, line 1-based), sorted, then a count on standard error. Exit status: 0 every symbol is
documented; 1 some are not; 2 the symbol graphs could not be built or read.
"""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

DEFAULT_MODULES = ["Lua", "LiveRules", "LiveRulesExamples", "LiveRulesActivity"]
PUBLIC = {"public", "open"}
# Declarations that carry no documentation of their own.
SKIPPED_KINDS = {"swift.extension"}


def build_symbol_graphs(root: Path, scratch: str, modules: list[str]) -> Path:
    """Runs dump-symbol-graph and returns the folder it wrote the graphs of `modules` to.

    dump-symbol-graph exits 1 when it cannot extract the graphs of the generated test-runner
    modules, after writing every other module's: the run counts as failed only when a graph of
    `modules` is missing. Old graphs are removed first, so none is taken for a new one.
    """
    for old in (root / scratch).glob("*/symbolgraph/*.symbols.json"):
        old.unlink()
    command = ["swift", "package", "--scratch-path", scratch,
               "dump-symbol-graph", "--minimum-access-level", "public"]
    result = subprocess.run(command, cwd=root, capture_output=True, text=True)
    folders = sorted((root / scratch).glob("*/symbolgraph"))
    if not folders or not all((folders[0] / f"{module}.symbols.json").exists() for module in modules):
        sys.stderr.write(result.stdout + result.stderr)
        print(f"doc-coverage: {' '.join(command)} failed ({result.returncode})", file=sys.stderr)
        raise SystemExit(2)
    return folders[0]


def graph_files(folder: Path, modules: list[str]) -> list[Path]:
    """The graphs of `modules` in `folder`: each module's own and its extensions of others."""
    files = []
    for path in sorted(folder.glob("*.symbols.json")):
        module = path.name[: -len(".symbols.json")].split("@")[0]
        if module in modules:
            files.append(path)
    return files


def has_text(doc_comment) -> bool:
    return bool(doc_comment) and any(line.get("text", "").strip() for line in doc_comment.get("lines", []))


def offenders(path: Path, root: Path) -> list[tuple[str, int, str]]:
    """(file, line, symbol) for each undocumented public symbol with a location in one graph."""
    graph = json.loads(path.read_text())
    module = graph["module"]["name"]
    # Members that implement a protocol requirement name it as their `sourceOrigin`.
    inheriting = {relation["source"] for relation in graph.get("relationships", [])
                  if relation.get("sourceOrigin")}
    found = []
    for symbol in graph.get("symbols", []):
        if symbol.get("accessLevel") not in PUBLIC or symbol["kind"]["identifier"] in SKIPPED_KINDS:
            continue
        location = symbol.get("location")
        if not location or has_text(symbol.get("docComment")):
            continue
        if symbol["identifier"]["precise"] in inheriting:
            continue
        file = Path(unquote(urlparse(location["uri"]).path))
        try:
            file = file.relative_to(root)
        except ValueError:
            pass
        name = ".".join([module] + symbol.get("pathComponents", [symbol["names"]["title"]]))
        found.append((str(file), location["position"]["line"] + 1, name))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scratch-path", default=".build",
                        help="build folder for dump-symbol-graph (default .build)")
    parser.add_argument("--symbol-graphs", metavar="DIR",
                        help="read the symbol graphs in DIR instead of building them")
    parser.add_argument("--module", action="append", dest="modules",
                        help=f"a module to check (repeatable; default {', '.join(DEFAULT_MODULES)})")
    arguments = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    modules = arguments.modules or DEFAULT_MODULES

    folder = Path(arguments.symbol_graphs) if arguments.symbol_graphs else build_symbol_graphs(root, arguments.scratch_path, modules)
    files = graph_files(folder, modules)
    missing = [module for module in modules if not (folder / f"{module}.symbols.json").exists()]
    if missing:
        print(f"doc-coverage: no symbol graph for {', '.join(missing)} in {folder}", file=sys.stderr)
        return 2

    found = sorted(set(entry for path in files for entry in offenders(path, root)),
                   key=lambda entry: (entry[0], entry[1], entry[2]))
    for file, line, name in found:
        print(f"{file}:{line}: {name}")
    if found:
        print(f"doc-coverage: {len(found)} public symbols without a doc comment", file=sys.stderr)
        return 1
    print(f"doc-coverage: every public symbol of {', '.join(modules)} is documented", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
