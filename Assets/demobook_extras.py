#!/usr/bin/python3
# Writes the demo book's extras beside its pages, in Assets/DemoBook/ (or OUTDIR):
#   ComicInfo.xml                       title, summary, credits, licence, language and the contents (bookmarks)
#   page-NN.annotations.json            curator notes (W3C Web Annotation pages) on pages 6, 7, 8 and 13
#   page-06.txt, page-07.txt            the words drawn on those pages, with .de.txt and .fr.txt translations
#   page-02.opus/.vtt (and .de, .fr),   narration made by espeak-ng, Ogg Opus at 20 kbit/s mono, with WebVTT
#   page-13.opus/.vtt                     captions timed to each spoken sentence
#
# Run:  /usr/bin/python3 Assets/demobook_extras.py [OUTDIR] [--no-audio]   (Debian: python3, espeak-ng,
# opus-tools; no Pillow). generate_demo_book.py runs it after drawing the pages. Output is deterministic: the
# words are in demobook_texts.py and demobook_extras_texts.py, each recording has a fixed Ogg serial number,
# and the sentences are joined in Python, not with a tool that dithers.
#
# Notes and texts begin at page 6. Pages 1–5 are the cover's neighbours, read with it at start, and a page's
# notes arriving makes the reader draw once more: the cover's first seconds stay those of a plain book (the
# idle-reader test counts the frames). Narration is read only when it plays, so page 2 has it.
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import wave

sys.dont_write_bytecode = True   # keep __pycache__ out of Assets/ when the helpers are imported

from demobook_extras_texts import (CREATOR, NARRATION, NOTES, NOTES_LICENCE, PLATE_WORDS, SUMMARY, TITLE,
                                   TRANSLATIONS, YEAR)
from demobook_texts import TEXTS

PAGE_COUNT = 14
LETTERS = "ABCDEFGHIJ"                 # pages 3 … 12
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
TRANSCRIBED = {6: "D", 7: "E"}         # page → letter whose words are transcribed and translated


def page_name(n, suffix):
    return "page-%02d%s" % (n, suffix)


def write(outdir, name, data, written):
    path = os.path.join(outdir, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    written.append(path)


# ---------------------------------------------------------------------------------------------- contents

def bookmarks():
    """(image index from 0, bookmark): every page, as the title page's contents name them."""
    marks = [(0, "Cover"), (1, "Title and contents")]
    marks += [(2 + i, "%s \u00b7 %s" % (l, TEXTS[l]["name"])) for i, l in enumerate(LETTERS)]
    marks += [(12, "A Map of the Garden"), (13, "Colophon")]
    return marks


def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def comic_info():
    """ComicInfo.xml in the schema's element order. No page is typed (FrontCover would change where the idle
    reset returns) and Manga is left out (the book reads left to right)."""
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<ComicInfo xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
             'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">']
    for tag, value in [("Title", TITLE), ("Summary", SUMMARY), ("Notes", NOTES_LICENCE), ("Year", str(YEAR)),
                       ("Writer", CREATOR), ("Publisher", CREATOR), ("PageCount", str(PAGE_COUNT)),
                       ("LanguageISO", "en")]:
        lines.append("  <%s>%s</%s>" % (tag, xml_escape(value), tag))
    lines.append("  <Pages>")
    for image, mark in bookmarks():
        lines.append('    <Page Image="%d" ImageWidth="1600" ImageHeight="2240" Bookmark="%s" />' % (image, xml_escape(mark)))
    lines.append("  </Pages>")
    lines.append("</ComicInfo>")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------------- notes

def loop_metres():
    """Length of the map's loop path (demobook_map.draw_map's curve, 8 px to the metre), to the nearest ten."""
    n, length, last = 20000, 0.0, None
    for i in range(n + 1):
        a = 2 * math.pi * i / n
        ca, sa = math.cos(a), math.sin(a)
        p = (800 + 470 * math.copysign(abs(ca) ** 0.6, ca), 1100 + 560 * math.copysign(abs(sa) ** 0.6, sa))
        if last:
            length += math.dist(last, p)
        last = p
    return int(round(length / 8 / 10) * 10)


def annotation_page(page, notes):
    image = page_name(page, ".png")
    items = []
    for k, (target, bodies) in enumerate(notes, start=1):
        if target is None:
            where = image
        elif target[0] == "xywh":
            where = image + "#xywh=%d,%d,%d,%d" % target[1:]
        else:
            where = {"type": "SpecificResource", "source": image,
                     "selector": {"type": "PointSelector", "x": target[1], "y": target[2]}}
        items.append({
            "id": "%s#note-%d" % (page_name(page, ".annotations.json"), k),
            "type": "Annotation",
            "motivation": "commenting",
            "body": [{"type": "TextualBody", "format": "text/plain", "language": lang,
                      "value": text.replace("{loop}", str(loop_metres()))}
                     for lang, text in bodies.items()],
            "target": where,
        })
    return json.dumps({"@context": "http://www.w3.org/ns/anno.jsonld", "id": page_name(page, ".annotations.json"),
                       "type": "AnnotationPage", "items": items}, ensure_ascii=False, indent=1) + "\n"


# --------------------------------------------------------------------------------------- transcriptions

def page_words(words):
    """A letter page's words in reading order, a blank line between blocks: name and Latin line, introduction,
    the plate's words (a line each), its caption, the two paragraphs of the columns. The running head and the
    folio are left out (they repeat the book's name and the page number)."""
    blocks = [[words["name"], words["latin"]], [words["intro"]], words["plate"], [words["caption"]]]
    blocks += [[p] for p in words["body"]]
    return "\n\n".join("\n".join(b) for b in blocks) + "\n"


def transcriptions():
    """(file name, text) of each transcribed page: English as drawn, then German and French."""
    out = []
    for page, letter in sorted(TRANSCRIBED.items()):
        t = TEXTS[letter]
        index = LETTERS.index(letter)
        english = dict(t, plate=PLATE_WORDS[letter], caption="Plate %s.  %s" % (ROMAN[index], t["caption"]))
        out.append((page_name(page, ".txt"), page_words(english)))
        for lang in ("de", "fr"):
            out.append((page_name(page, ".%s.txt" % lang), page_words(TRANSLATIONS[letter][lang])))
    return out


# -------------------------------------------------------------------------------------------- narration

RATE = 22050        # espeak-ng's output rate
LEAD, GAP = 0.4, 0.45   # seconds of silence before the first sentence and between sentences


def need(tool, package):
    if shutil.which(tool) is None:
        raise SystemExit("%s not found: apt-get install %s (or run with --no-audio)" % (tool, package))


def speak(voice, sentence, path):
    """One sentence by espeak-ng, as 16-bit mono samples with its leading and trailing silence cut off."""
    subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "-w", path, sentence], check=True)
    with wave.open(path, "rb") as w:
        assert w.getnchannels() == 1 and w.getsampwidth() == 2 and w.getframerate() == RATE, path
        frames = w.readframes(w.getnframes())
    samples = memoryview(frames).cast("h")
    loud = [i for i in range(len(samples)) if abs(samples[i]) > 300]
    start, end = max(0, loud[0] - 220), min(len(samples), loud[-1] + 660)   # 10 ms before, 30 ms after
    return frames[2 * start:2 * end]


def timestamp(seconds):
    ms = int(round(seconds * 1000))
    return "%02d:%02d:%02d.%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000)


def narrate(page, lang, voice, sentences, outdir, written, serial):
    """page-NN[.lang].opus and its captions: each sentence a cue, from its first sound to its last."""
    suffix = "" if lang == "en" else "." + lang
    with tempfile.TemporaryDirectory() as tmp:
        pcm, cues, t = bytearray(), [], 0.0
        pcm += bytes(2 * int(LEAD * RATE))
        t = LEAD
        for k, sentence in enumerate(sentences):
            if k:
                pcm += bytes(2 * int(GAP * RATE))
                t += int(GAP * RATE) / RATE
            spoken = speak(voice, sentence, os.path.join(tmp, "s%d.wav" % k))
            length = len(spoken) / 2 / RATE
            cues.append((t, t + length, sentence))
            pcm += spoken
            t += length
        pcm += bytes(2 * int(LEAD * RATE))
        joined = os.path.join(tmp, "joined.wav")
        with wave.open(joined, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(bytes(pcm))
        opus = os.path.join(outdir, page_name(page, suffix + ".opus"))
        subprocess.run(["opusenc", "--quiet", "--bitrate", "20", "--downmix-mono", "--speech", "--padding", "0",
                        "--serial", str(serial), "--title", "%s, page %d" % (TITLE, page), "--artist", CREATOR,
                        "--comment", "LANGUAGE=" + lang, "--comment", "LICENSE=Apache-2.0", joined, opus], check=True)
        written.append(opus)
    vtt = ["WEBVTT", ""]
    for k, (start, end, sentence) in enumerate(cues, start=1):
        vtt += [str(k), "%s --> %s" % (timestamp(start), timestamp(end)), sentence, ""]
    write(outdir, page_name(page, suffix + ".vtt"), "\n".join(vtt), written)
    return t


# ---------------------------------------------------------------------------------------------------- all

def build(outdir, audio=True):
    os.makedirs(outdir, exist_ok=True)
    written = []
    write(outdir, "ComicInfo.xml", comic_info(), written)
    for page, notes in sorted(NOTES.items()):
        write(outdir, page_name(page, ".annotations.json"), annotation_page(page, notes), written)
    for name, text in transcriptions():
        write(outdir, name, text, written)
    if audio:
        need("espeak-ng", "espeak-ng")
        need("opusenc", "opus-tools")
        serial = 1000
        for page, languages in sorted(NARRATION.items()):
            for lang, (voice, sentences) in languages.items():
                serial += 1
                seconds = narrate(page, lang, voice, sentences, outdir, written, serial)
                print("page %d (%s): %.1f s of narration" % (page, lang, seconds))
    total = 0
    for path in written:
        total += os.path.getsize(path)
        print("%-32s %7d bytes" % (os.path.basename(path), os.path.getsize(path)))
    print("extras: %d files, %d bytes" % (len(written), total))
    return written


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--no-audio"]
    here = os.path.dirname(os.path.abspath(__file__))
    build(args[0] if args else os.path.join(here, "DemoBook"), audio="--no-audio" not in sys.argv[1:])
