#!/usr/bin/env python3
"""The PDF helper's sandbox, swept: which system calls its render and text paths make once it is confined, over
varied PDFs and environments that leave its warm-up little to load, and what the policy does with each.

  pdf-sandbox-sweep.py [--out FILE] [FOLDER ...]

Builds a corpus in a temporary folder: PDFs that headless Chromium prints from pages written here (long text,
every installed font family, Chinese, Japanese, Korean, Arabic and Hebrew right to left, form controls), the
PDFs under /usr/share/doc, every PDF under each FOLDER, and damaged and encrypted copies of some. Then runs the
test suite's sweep (SandboxSweepTests: each PDF with the system's fonts, with one font, with one font and one
malloc arena; every page's render and text paths) with the built helper under strace, and prints a Markdown
report: the PDFs and their outcomes, and each system call made after the filter was loaded, with how many
helpers made it and the verdict the policy in Helpers/recto-pdf/src/policy.c gives it.

Needs a debug build with tests (swift build --build-tests), strace, chromium, qpdf.
"""
import argparse, collections, os, re, shutil, subprocess, sys, tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POLICY = ROOT / "Helpers/recto-pdf/src/policy.c"

PAGES = {
    "long-text": "<h1>A long page</h1>" + "".join(
        f"<p style='font-family:{f}'>Paragraph {i}: the quick brown fox jumps over the lazy dog, "
        f"sphinx of black quartz, judge my vow; Ünïcödé ﬁ ligatures — “quotes” … {i * 7919}</p>"
        for i, f in zip(range(600), ["serif", "sans-serif", "monospace"] * 200)),
    "font-families": "".join(
        f"<p style='font-family:\"{f}\";font-weight:{w};font-style:{s}'>{f} {w} {s}: Hamburgefonstiv 0123</p>"
        for f in ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "DejaVu Sans Condensed", "WenQuanYi Micro Hei",
                  "Nonexistent Family"]
        for w in [300, 400, 700] for s in ["normal", "italic"]),
    "cjk": "<p lang='zh'>" + "中文的书页在展览中翻动，访客用手指翻页。" * 40 + "</p><p lang='ja'>"
           + "日本語の本のページをめくる。ひらがなとカタカナ。" * 40 + "</p><p lang='ko'>"
           + "한국어 책장을 넘깁니다. 박물관의 방문객." * 40 + "</p>",
    "right-to-left": "<div dir='rtl'><p lang='ar'>" + "يقلب الزائر صفحة الكتاب بإصبعه في المتحف. " * 40
                     + "</p><p lang='he'>" + "המבקר מדפדף בספר באצבעו במוזיאון. " * 40 + "</p></div>",
    "form-controls": "<form><p><label>Name <input value='Ada'></label></p><p><input type=checkbox checked> agree"
                     "</p><p><select><option>Red<option selected>Green</select></p><p><textarea>Notes"
                     "</textarea></p><p><a href='#top'>a link</a> <a href='https://example.org'>outside</a></p>"
                     "</form>",
}


def policy_verdicts():
    """Call name -> verdict, from policy.c's lists and argument rules."""
    text = POLICY.read_text()
    verdicts = {}
    for list_name, verdict in [("allowed", "allowed"), ("refused_changing_files", "EACCES"),
                               ("refused_changing_self", "EPERM"), ("killing", "kill")]:
        body = re.search(r"static const char \*const %s\[\] = \{(.*?)\n\};" % list_name, text, re.S).group(1)
        body = re.sub(r"//[^\n]*", "", body)
        for name in re.findall(r'"(\w+)"', body):
            verdicts[name] = verdict
    for name, verdict in [("openat", "allowed read-only, EACCES writing"), ("open", "allowed read-only, EACCES writing"),
                          ("mmap", "allowed without PROT_EXEC, else kill"), ("mprotect", "allowed without PROT_EXEC, else kill"),
                          ("clone", "allowed for threads, kill for processes"), ("clone3", "ENOSYS (glibc uses clone)"),
                          ("prlimit64", "allowed reading, EPERM setting"), ("tgkill", "allowed to itself, EPERM"),
                          ("kill", "allowed to itself, EPERM"), ("ioctl", "ENOTTY")]:
        verdicts[name] = verdict
    return verdicts


def old_allowed():
    """What the policy before this one allowed (the list it had), to say what would have killed."""
    return set("""read pread64 readv write writev lseek close fstat newfstatat stat lstat statx getdents64 access
        faccessat faccessat2 readlink readlinkat fcntl fadvise64 recvmsg sendmsg memfd_create ftruncate brk munmap
        mremap madvise futex clock_gettime gettimeofday getpid gettid getppid getuid geteuid getgid getegid
        getrandom sched_yield uname exit exit_group rt_sigreturn rt_sigprocmask restart_syscall getcwd mmap mprotect
        openat open socket""".split())


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def make_corpus(folder, extra):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    for name, body in PAGES.items():
        html = folder / f"{name}.html"
        html.write_text(f"<!doctype html><meta charset=utf-8><title>{name}</title><body>{body}</body>")
        run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
             f"--print-to-pdf={folder / (name + '.pdf')}", html.as_uri()], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, timeout=120)
        html.unlink()
    sources = sorted(Path("/usr/share/doc").glob("**/*.pdf"))
    for given in extra:
        sources += sorted(Path(given).glob("**/*.pdf"))
    for index, source in enumerate(sources):
        shutil.copy(source, folder / f"given-{index:03d}-{source.name}")
    # Damage and encryption, on some of what is there.
    for index, source in enumerate(sorted(folder.glob("*.pdf"))[:12]):
        data = source.read_bytes()
        (folder / f"damaged-cut-{index}.pdf").write_bytes(data[: len(data) * 3 // 5])
        flipped = bytearray(data)
        for at in range(len(flipped) // 3, min(len(flipped), len(flipped) // 3 + 4096), 97):
            flipped[at] ^= 0x5A
        (folder / f"damaged-flipped-{index}.pdf").write_bytes(bytes(flipped))
        if index < 4:
            subprocess.run(["qpdf", "--encrypt", "", "owner", "256", "--", str(source),
                            str(folder / f"encrypted-{index}.pdf")], stderr=subprocess.DEVNULL)
    return sorted(folder.glob("*.pdf"))


def calls_after_filter(trace):
    """System-call names in one strace file after the seccomp filter was loaded (a thread's file: all of it)."""
    names, filtered = [], False
    for line in trace.read_text(errors="replace").splitlines():
        match = re.match(r"(?:\d+ )?(?:<\.\.\. )?(\w+)[( ]", line)
        if not match or line.startswith("+++") or line.startswith("---"):
            continue
        name = match.group(1)
        if not filtered:
            if "SECCOMP_SET_MODE_FILTER" in line and re.search(r"= 0$", line):
                filtered = True
            continue
        names.append(name)
    return names if filtered else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", help="write the report here as well")
    parser.add_argument("folders", nargs="*")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="recto-sweep-"))
    corpus = work / "corpus"
    corpus.mkdir()
    pdfs = make_corpus(corpus, args.folders)
    bin_dir, traces = work / "bin", work / "traces"
    bin_dir.mkdir()
    traces.mkdir()
    shutil.copy(ROOT / ".build/debug/RectoPackageTests.xctest", bin_dir)
    shutil.copy(ROOT / ".build/debug/recto-pdf", bin_dir / "recto-pdf.real")
    wrapper = bin_dir / "recto-pdf"
    wrapper.write_text(f'#!/bin/sh\nexec strace -f -ff -qq -o "{traces}/helper" "{bin_dir}/recto-pdf.real" "$@"\n')
    wrapper.chmod(0o755)
    report_tsv = work / "outcomes.tsv"
    env = dict(os.environ, RECTO_PDF_SWEEP_DIRS=str(corpus), RECTO_PDF_SWEEP_REPORT=str(report_tsv))
    test = subprocess.run([str(bin_dir / "RectoPackageTests.xctest"), "--testing-library", "swift-testing",
                           "--filter", "SandboxSweepTests"], env=env, capture_output=True, text=True)
    outcomes = [line.split("\t") for line in report_tsv.read_text().splitlines()] if report_tsv.exists() else []
    helpers, counts = 0, collections.Counter()
    for trace in traces.iterdir():
        names = calls_after_filter(trace)
        if names is None:
            continue
        helpers += 1
        for name in set(names):
            counts[name] += 1
    verdicts, before = policy_verdicts(), old_allowed()
    environments = len({o[0] for o in outcomes}) or 1
    out = [f"{len(outcomes) // environments} PDFs: the test's own {len(outcomes) // environments - len(pdfs)}, "
           f"{len(PAGES)} printed by Chromium, the rest from /usr/share/doc and "
           f"{' '.join(args.folders) or 'no other folder'}, with damaged and encrypted copies; each in "
           f"{environments} environments: {len(outcomes)} helper runs, {helpers} helper processes traced.",
           f"Sweep test: {'passed' if test.returncode == 0 else 'FAILED'}.", "",
           "| outcome | runs |", "| --- | --- |"]
    kinds = collections.Counter(re.sub(r"\d+ pages rendered, \d+ with text", "pages rendered", o[2]).split(":")[0]
                                for o in outcomes)
    out += [f"| {kind} | {n} |" for kind, n in kinds.most_common()]
    out += ["", "| system call after the filter | helpers that made it | before | now |", "| --- | --- | --- | --- |"]
    for name, n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        out.append(f"| `{name}` | {n} | {'EACCES' if name == 'socket' else 'allowed' if name in before else '**killed**'} | "
                   f"{verdicts.get(name, '**ENOSYS, reported**')} |")
    failures = [o for o in outcomes if "FAILED" in o[2] or "unlisted" in o[2]]
    if failures:
        out += ["", "Failures:"] + [f"- {' / '.join(o)}" for o in failures]
    if test.returncode != 0:
        out += ["", "```", test.stdout[-3000:], "```"]
    text = "\n".join(out)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")
    shutil.rmtree(work, ignore_errors=True)
    return test.returncode


if __name__ == "__main__":
    sys.exit(main())
