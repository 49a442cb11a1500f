#!/usr/bin/env python3
"""Writes man pages (roff), generated, never edited: recto(1) from `recto --experimental-dump-help`
(swift-argument-parser's JSON), and a script's page from its header comment.

Usage: recto --experimental-dump-help | packaging/gen-manpage.py VERSION DATE > recto.1
       packaging/gen-manpage.py --script Assets/deploy/recto-cage VERSION DATE > recto-cage.1

The command-line definitions are the one source of the options, their help and the settings table; a
script's header comment is the one source of its usage ("NAME: summary", an indented usage line, then
paragraphs; "Heading:" opening a paragraph starts a section). A line of the discussion written in capitals ("SETTINGS") becomes a section;
an indented block becomes a tagged list ("  0  quit ..." or "  key (flags)" with the text indented deeper).
"""
import json
import re
import sys


def esc(text):
    """Escapes text for roff: backslashes, hyphens, and a leading control character."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return re.sub(r"^([.'])", r"\\&\1", text, flags=re.M)


def prose(text):
    """Roff for a discussion: paragraphs, capitalised headings as sections, indented blocks as tagged lists."""
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.split("\n")
        if re.fullmatch(r"[A-Z][A-Z ]+", lines[0].strip()):
            out.append(".SH " + lines[0].strip())
            lines = lines[1:]
            if not lines:
                continue
        if lines[0].startswith(" "):
            out += tagged(lines)
        else:
            out += [".PP", esc(" ".join(line.strip() for line in lines))]
    return out


def tagged(lines):
    """`  tag  text` or `  tag` followed by deeper-indented text, as .TP items."""
    items = []
    for line in lines:
        indent = len(line) - len(line.lstrip())
        if indent <= 2 or not items:
            tag, _, body = line.strip().partition("  ")
            items.append([tag, body.strip()])
        else:
            items[-1][1] = (items[-1][1] + " " + line.strip()).strip()
    out = []
    for tag, body in items:
        out += [".TP", ".B " + esc(tag), esc(body)]
    return out


def flag_names(arg):
    names = []
    for name in arg.get("names", []):
        dash = "-" if name["kind"] in ("short", "longWithSingleDash") else "--"
        names.append(dash + name["name"])
    return names


def options(arguments, skip=()):
    """One .TP per option; a flag and its --no- inversion (same help text) share one entry."""
    out, merged = [], []
    for arg in arguments:
        if not arg.get("shouldDisplay", True) or arg.get("valueName") in skip:
            continue
        if merged and arg["kind"] == "flag" and merged[-1][0].get("abstract") == arg.get("abstract") \
                and merged[-1][0]["kind"] == "flag":
            merged[-1].append(arg)
        else:
            merged.append([arg])
    for group in merged:
        first = group[0]
        if first["kind"] == "positional":
            tag = "\\fI" + esc(first["valueName"].upper()) + "\\fR"
        else:
            tag = ", ".join("\\fB" + esc(n) + "\\fR" for arg in group for n in flag_names(arg))
            if first["kind"] == "option":
                tag += " \\fI" + esc(first["valueName"]) + "\\fR"
        body = first.get("abstract", "")
        if first.get("defaultValue") and "default" not in body.lower():
            body += " (default: %s)" % first["defaultValue"]
        out += [".TP", tag, esc(body)]
        if first.get("discussion"):
            out += [".IP", esc(first["discussion"])]
    return out


def synopsis(root, command):
    words = ["\\fB%s\\fR" % esc(root["commandName"])]
    if command is not root:
        words.append("\\fB%s\\fR" % esc(command["commandName"]))
    for arg in command.get("arguments", []):
        if arg["kind"] == "positional":
            words.append("[\\fI%s\\fR]" % esc(arg["valueName"].upper()))
    words.append("[\\fIOPTIONS\\fR]")
    return [" ".join(words), ".br"]


def manpage(info, version, date):
    root = info["command"]
    name = root["commandName"]
    subs = [c for c in root.get("subcommands", []) if c["commandName"] != "help" and c.get("shouldDisplay", True)]
    out = ['.TH %s 1 "%s" "%s %s" "User Commands"' % (name.upper(), date, name, version),
           ".SH NAME", "%s \\- %s" % (esc(name), esc(root.get("abstract", "").rstrip("."))),
           ".SH SYNOPSIS"]
    for command in subs:
        out += synopsis(root, command)
    out += [".SH DESCRIPTION"]
    out += prose(root.get("discussion", ""))
    out += [".SH OPTIONS"]
    out += options(root.get("arguments", []))
    for command in subs:
        title = "%s %s" % (name, command["commandName"])
        out += [".SH COMMAND: " + esc(title.upper()), ".PP", esc(command.get("abstract", ""))]
        out += prose(command.get("discussion", "")) if command.get("discussion") else []
        out += options(command.get("arguments", []), skip=("help", "version"))
    out += [".SH SEE ALSO", "\\fBrecto\\-cage\\fR(1), \\fBcage\\fR(1), \\fBweston\\fR(1)"]
    return "\n".join(out) + "\n"


def script_manpage(path, version, date):
    lines = []
    for line in open(path, encoding="utf-8").read().splitlines()[1:]:
        if not line.startswith("#"):
            break
        lines.append(line[2:] if line.startswith("# ") else line[1:])
    name, _, summary = lines[0].partition(": ")
    out = ['.TH %s 1 "%s" "recto %s" "User Commands"' % (name.upper(), date, version),
           ".SH NAME", "%s \\- %s" % (esc(name), esc(summary.rstrip("."))), ".SH SYNOPSIS"]
    blocks = re.split(r"\n\s*\n", "\n".join(lines[1:]).strip())
    out += tagged(blocks.pop(0).split("\n"))
    out.append(".SH DESCRIPTION")
    for block in blocks:
        heading = re.match(r"([A-Z][a-z]+(?: [a-z]+)*):[ ]*(.*)", block)
        if heading:
            block = heading.group(1).upper() + "\n" + (heading.group(2) + block[heading.end(2):]).lstrip("\n")
        out += prose(block)
    out += [".SH SEE ALSO", "\\fBrecto\\fR(1), \\fBcage\\fR(1)"]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--script":
        sys.stdout.write(script_manpage(sys.argv[2], sys.argv[3], sys.argv[4]))
    elif len(sys.argv) == 3:
        sys.stdout.write(manpage(json.load(sys.stdin), sys.argv[1], sys.argv[2]))
    else:
        sys.exit("usage: recto --experimental-dump-help | gen-manpage.py VERSION DATE > recto.1\n"
                 "       gen-manpage.py --script FILE VERSION DATE > FILE.1")
