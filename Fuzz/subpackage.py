#!/usr/bin/env python3
"""Generates a scratch Swift package holding a subset of Recto's targets, for scripts/fuzz.sh and
scripts/sanitizers.sh.

The declarations are copied from the main manifest (`swift package dump-package` JSON on stdin), so they never
drift from Package.swift: each wanted target plus the targets it depends on, their excludes and paths, and the
external packages their products come from (pinned by the main Package.resolved when present). Sources are
symlinked, so nothing is copied and the main package's own build never sees the extra targets.

    swift package dump-package | subpackage.py --root REPO --out DIR --name NAME \\
        --want GesturesTests,DecodingTests \\
        --extra 'CFuzzDriver|system|Fuzz/CFuzzDriver|' --extra 'PNGDecoder|executable|Fuzz/PNGDecoder|Decoding'

`--extra NAME|KIND|PATH|DEP,DEP` adds a target that is not in the main manifest (KIND: system, regular,
executable, test). Exits 2 naming the target when a wanted one does not exist or cannot be mirrored.
"""
import argparse
import json
import os
import shutil
import sys

DEFAULT_DIR = {"regular": "Sources", "executable": "Sources", "system": "Sources", "test": "Tests"}
DECL = {"regular": "target", "executable": "executableTarget", "system": "systemLibrary", "test": "testTarget"}


def swift_str(s):
    return json.dumps(s)


def requirement(req):
    if "range" in req:
        r = req["range"][0]
        return f'{swift_str(r["lowerBound"])}..<{swift_str(r["upperBound"])}'
    if "exact" in req:
        return f'exact: {swift_str(req["exact"][0])}'
    if "branch" in req:
        return f'branch: {swift_str(req["branch"][0])}'
    if "revision" in req:
        return f'revision: {swift_str(req["revision"][0])}'
    raise SystemExit(f"subpackage.py: unsupported requirement {req}")


def package_decl(dep, root):
    if "fileSystem" in dep:
        path = dep["fileSystem"][0]["path"]
        return f".package(path: {swift_str(os.path.join(root, path))})"
    sc = dep["sourceControl"][0]
    loc = sc["location"]
    url = loc["remote"][0]["urlString"] if "remote" in loc else loc["local"][0]
    return f".package(url: {swift_str(url)}, {requirement(sc['requirement'])})"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--name", required=True)
    ap.add_argument("--want", default="")
    ap.add_argument("--extra", action="append", default=[])
    args = ap.parse_args()
    manifest = json.load(sys.stdin)
    targets = {t["name"]: t for t in manifest["targets"]}

    for spec in args.extra:
        name, kind, path, deps = (spec.split("|") + [""] * 4)[:4]
        targets[name] = {"name": name, "type": kind, "path": path, "exclude": [], "settings": [],
                         "dependencies": [{"byName": [d, None]} for d in deps.split(",") if d]}
    wanted = [w for w in args.want.split(",") if w] + [s.split("|")[0] for s in args.extra]

    order = []

    def visit(name):
        if name in order:
            return
        for d in targets[name]["dependencies"]:
            if "byName" in d and d["byName"][0] in targets:
                visit(d["byName"][0])
        order.append(name)

    for w in wanted:
        if w not in targets:
            print(f"subpackage.py: no target {w} in the main manifest", file=sys.stderr)
            sys.exit(2)
        visit(w)

    lines, packages = [], set()
    os.makedirs(args.out, exist_ok=True)
    for top in ("Sources", "Tests", "Fuzz"):
        shutil.rmtree(os.path.join(args.out, top), ignore_errors=True)
    # Other top-level folders (Assets, ...) are linked whole: tests find files there from #filePath.
    for top in sorted(os.listdir(args.root)):
        link = os.path.join(args.out, top)
        if top.startswith(".") or top in ("Sources", "Tests", "Fuzz", "Plugins") \
                or not os.path.isdir(os.path.join(args.root, top)):
            continue
        if os.path.islink(link):
            os.unlink(link)
        os.symlink(os.path.join(args.root, top), link)
    for name in order:
        t = targets[name]
        kind = t["type"]
        if kind not in DECL:
            print(f"subpackage.py: cannot mirror {kind} target {name}", file=sys.stderr)
            sys.exit(2)
        if t.get("resources") or t.get("settings") or t.get("pluginUsages"):
            print(f"subpackage.py: {name} has resources, settings or plugins, not mirrored", file=sys.stderr)
            sys.exit(2)
        rel = t.get("path") or os.path.join(DEFAULT_DIR[kind], name)
        link = os.path.join(args.out, rel)
        os.makedirs(os.path.dirname(link), exist_ok=True)
        os.symlink(os.path.join(args.root, rel), link)
        parts = [f"name: {swift_str(name)}"]
        if kind == "system":
            parts.append(f"path: {swift_str(rel)}")
            if t.get("pkgConfig"):
                parts.append(f"pkgConfig: {swift_str(t['pkgConfig'])}")
        else:
            deps = []
            for d in t["dependencies"]:
                if "byName" in d:
                    deps.append(swift_str(d["byName"][0]))
                elif "product" in d:
                    product, package = d["product"][0], d["product"][1]
                    packages.add(package.lower())
                    deps.append(f".product(name: {swift_str(product)}, package: {swift_str(package)})")
                else:
                    deps.append(swift_str(d["target"][0]))
            parts.append(f"dependencies: [{', '.join(deps)}]")
            if t.get("path"):
                parts.append(f"path: {swift_str(rel)}")
            if t.get("exclude"):
                parts.append(f"exclude: [{', '.join(swift_str(e) for e in t['exclude'])}]")
        lines.append(f"        .{DECL[kind]}({', '.join(parts)}),")

    deps = []
    for dep in manifest.get("dependencies", []):
        kind = next(iter(dep))
        identity = dep[kind][0].get("identity", "").lower()
        if identity in packages:
            deps.append(f"        {package_decl(dep, args.root)},")
    modes = ", ".join(f".version({swift_str(v)})" for v in manifest.get("swiftLanguageVersions") or [])
    text = "\n".join([
        "// swift-tools-version: 6.0",
        f"// Generated from {args.root}/Package.swift by Fuzz/subpackage.py; do not edit.",
        "import PackageDescription",
        "",
        "let package = Package(",
        f"    name: {swift_str(args.name)},",
        "    dependencies: [", *deps, "    ],",
        "    targets: [", *lines, "    ]" + ("," if modes else ""),
        *([f"    swiftLanguageModes: [{modes}]"] if modes else []),
        ")",
        "",
    ])
    path = os.path.join(args.out, "Package.swift")
    old = open(path).read() if os.path.exists(path) else None
    if old != text:  # unchanged manifests keep SwiftPM from re-resolving
        with open(path, "w") as f:
            f.write(text)
    resolved = os.path.join(args.root, "Package.resolved")
    if deps and os.path.exists(resolved):
        shutil.copyfile(resolved, os.path.join(args.out, "Package.resolved"))
    print(" ".join(order))


if __name__ == "__main__":
    main()
