"""Building a book: chapters to pages (with a cache), pages to HTML through the one template,
the all-in-one print page, and the PDF.

The expensive part of a chapter (running a lesson in a kernel) is cached in ``<out>/.cache/``
under a hash of everything the chapter's pages depend on: the chapter's entry in the book file,
its source files, the book's seed and timeout, the edition and its options, and the source of
the ``tutor`` package itself. A re-build after one changed lesson therefore runs only that
lesson again; the pages are exported afresh every time (cheap), so the contents and the
previous/next links always match the book file.
"""

from __future__ import annotations

import hashlib
import html as html_lib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

import nbformat

from ..errors import BookError
from ..games import GAMES
from .execute import WIDGET_VIEW, execute_notebook
from .markdown import PICTURE_TAG, ExampleError, first_heading, page_notebook
from .output import OutputFolder
from .spec import Book, Chapter, EditionOptions, load_book

__all__ = ["build", "BuildResult", "EditionResult", "find_chromium", "PAGE_KINDS"]

BUILDER_VERSION = "1"
PACKAGE = Path(__file__).resolve().parents[1]
TEMPLATES = Path(__file__).resolve().parent / "templates"
STATIC = Path(__file__).resolve().parent / "static"
TEACHER_TAGS = ("solution", "teacher")
WIDGET_WITHOUT_PICTURE = ('<div class="tt-widget-note">An interactive widget: open this lesson in '
                          'JupyterLab to use it.</div>')
PAGE_KINDS = ("index", "lesson", "page", "rules", "puzzles", "answers", "print")
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync")


@dataclass
class Page:
    slug: str
    title: str
    kind: str
    chapter: int | None
    nb: object
    source_dir: Path

    @property
    def href(self) -> str:
        return f"{self.slug}.html"


@dataclass
class EditionResult:
    edition: str
    folder: Path
    pages: list[Path] = field(default_factory=list)
    executed: list[int] = field(default_factory=list)   # chapters built afresh
    reused: list[int] = field(default_factory=list)     # chapters taken from the cache
    pdf: Path | None = None

    @property
    def index(self) -> Path:
        return self.folder / "index.html"


@dataclass
class BuildResult:
    book: Book
    out: Path
    editions: dict[str, EditionResult]
    lite: object = None                  # tutor.lite.LiteReport with --lite


LITE_FOLDER = "lite"


def _interactive_href(chapter: Chapter) -> str | None:
    """The lesson in the browser edition beside the book (``../lite/``), for a lesson of the
    project's lessons folder."""
    from ..lite import ROOT as PROJECT
    source = Path(chapter.source).resolve() if isinstance(chapter.source, Path) else None
    lessons = (PROJECT / "lessons").resolve()
    if source is None or source.suffix != ".ipynb" or lessons not in source.parents:
        return None
    # through the site's front page, which readies the site before it opens the lesson
    return f"../{LITE_FOLDER}/index.html?path=lessons/{source.relative_to(lessons).as_posix()}"


# ----------------------------------------------------------------------------- helpers
def find_chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def _slug(text: str) -> str:
    text = re.sub(r"^\d+[-_ ]*", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "page"


_PACKAGE_HASH: str | None = None


def _package_hash() -> str:
    """A hash of the ``tutor`` package's source: a changed widget or rule invalidates the cache."""
    global _PACKAGE_HASH
    if _PACKAGE_HASH is None:
        digest = hashlib.sha256()
        for path in sorted(PACKAGE.rglob("*")):
            if path.is_file() and path.suffix in {".py", ".j2", ".css", ".json"} \
                    and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(PACKAGE)).encode())
                digest.update(path.read_bytes())
        _PACKAGE_HASH = digest.hexdigest()
    return _PACKAGE_HASH


def _chapter_files(chapter: Chapter) -> list[Path]:
    from .spec import PuzzleFilter
    if isinstance(chapter.source, PuzzleFilter):
        return sorted(chapter.source.folder.rglob("*.toml"))
    return [Path(chapter.source)]


def _chapter_key(book: Book, chapter: Chapter, options: EditionOptions) -> str:
    digest = hashlib.sha256()
    source = chapter.source.describe() if hasattr(chapter.source, "describe") else str(chapter.source)
    head = {"builder": BUILDER_VERSION, "edition": options.name, "seed": book.seed,
            "timeout": book.timeout, "kind": chapter.kind, "source": source,
            "title": chapter.title, "number": chapter.number,
            "writing_lines": options.writing_lines, "answer_key": options.answer_key,
            "package": _package_hash()}
    digest.update(json.dumps(head, sort_keys=True).encode())
    for path in _chapter_files(chapter):
        digest.update(str(path.name).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:24]


def _where(book: Book, chapter: Chapter) -> str:
    from .spec import _shown
    label = chapter.kind if chapter.kind != "puzzles" or isinstance(chapter.source, Path) else "puzzles"
    return f"{_shown(book.path)}: {chapter.where}: {label} '{chapter.written}'"


# ------------------------------------------------------------------------ chapter pages
def _clean_executed(nb) -> None:
    """Widgets as their static pictures; no widget state; no test markers in shown code."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        lines = cell.source.splitlines()
        kept = [line for line in lines if not line.strip().startswith("# NBVAL_")]
        if len(kept) != len(lines):
            cell.source = "\n".join(kept)
        for output in cell.get("outputs", ()):
            data = output.get("data")
            if data and WIDGET_VIEW in data:
                del data[WIDGET_VIEW]
                if "text/html" not in data:
                    # a widget without a static picture: its text form is only a repr
                    data.clear()
                    data["text/html"] = WIDGET_WITHOUT_PICTURE
            if data:
                data.pop("application/javascript", None)
        cell["outputs"] = [o for o in cell.get("outputs", ())
                           if o.get("output_type") not in ("display_data", "execute_result")
                           or o.get("data")]


def _notebook_title(nb, fallback: str) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            heading = first_heading(cell.source)
            if heading:
                return heading
    return fallback


def _chapter_pages(book: Book, chapter: Chapter, options: EditionOptions) -> list[Page]:
    where = _where(book, chapter)
    prefix = f"{chapter.number:02d}"
    if chapter.kind == "puzzles":
        from . import sheets
        chosen = sheets.select_puzzles(chapter, where)
        title = chapter.title or sheets.set_title(chapter, chosen)
        games = sorted({p.game for p in chosen})
        stem = chapter.source.game if chapter.game else _slug(Path(chapter.source).stem)
        if not chapter.game and len(games) == 1 and not stem.startswith(games[0]):
            stem = f"{games[0]}-{stem}"
        base = stem if "puzzle" in stem else f"{stem}-puzzles"
        source_dir = chapter.source.folder if chapter.game else Path(chapter.source).parent
        try:
            pages = [Page(f"{prefix}-{base}", title, "puzzles", chapter.number,
                          sheets.sheet_notebook(title, chosen, options.writing_lines), source_dir)]
            if options.answer_key:
                pages.append(Page(f"{prefix}-{base}-answers", f"{title} — answer key", "answers",
                                  chapter.number, sheets.answer_key_notebook(title, chosen),
                                  source_dir))
        except Exception as err:  # a puzzle the engine cannot set up or replay
            raise BookError(f"{where}: a puzzle cannot be drawn ({type(err).__name__}: "
                            f"{str(err)[:160]})") from None
        return pages
    source = Path(chapter.source)
    if source.suffix.lower() == ".ipynb":
        nb = execute_notebook(source, options.name, book.seed, book.timeout, where)
        _clean_executed(nb)
        title = chapter.title or _notebook_title(nb, source.stem)
        kind = "lesson" if chapter.kind == "lesson" else "page"
        name = _slug(source.stem)
        if source.parent.name in GAMES and not name.startswith(source.parent.name):
            name = f"{source.parent.name}-{name}"       # lessons/clabber/01-... of a mixed book
        return [Page(f"{prefix}-{name}", title, kind, chapter.number, nb, source.parent)]
    try:
        text = source.read_text(encoding="utf-8")
        nb = page_notebook(text, chapter.game)
    except ExampleError as err:
        from .spec import _shown
        raise BookError(f"{where}: {_shown(source)} {err}") from None
    except (OSError, UnicodeDecodeError) as err:
        raise BookError(f"{where}: cannot be read ({err})") from None
    if chapter.kind == "rules":
        title = chapter.title or first_heading(text) or f"The rules of {chapter.game.capitalize()}"
        slug = f"{prefix}-{chapter.game}-rules"
    else:
        title = chapter.title or first_heading(text) or source.stem
        slug = f"{prefix}-{_slug(source.stem)}"
    return [Page(slug, title, chapter.kind, chapter.number, nb, source.parent)]


def _cached_pages(book, chapter, options, cache: Path, used: set,
                  folder: OutputFolder) -> tuple[list[Page], bool]:
    key = _chapter_key(book, chapter, options)
    file = cache / f"{options.name}-{key}.json"
    used.add(file.name)
    if file.exists():
        try:
            data = json.loads(file.read_text(encoding="utf-8"))
            pages = [Page(p["slug"], p["title"], p["kind"], p["chapter"],
                          nbformat.reads(p["nb"], as_version=4), Path(p["source_dir"]))
                     for p in data["pages"]]
            return pages, False
        except (OSError, ValueError, KeyError):
            pass  # a damaged cache entry is simply built again
    pages = _chapter_pages(book, chapter, options)
    data = {"pages": [{"slug": p.slug, "title": p.title, "kind": p.kind, "chapter": p.chapter,
                       "nb": nbformat.writes(p.nb), "source_dir": str(p.source_dir)}
                      for p in pages]}
    folder.write_text(file, json.dumps(data))
    return pages, True


# ----------------------------------------------------------------------------- export
def _exporter(options: EditionOptions):
    from nbconvert import HTMLExporter
    from traitlets.config import Config
    config = Config()
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_cell_tags = (
        set(TEACHER_TAGS) if options.name == "student" else set())
    config.TagRemovePreprocessor.remove_input_tags = {PICTURE_TAG, "hide-input", "remove-input"}
    config.TagRemovePreprocessor.remove_all_outputs_tags = {"remove-output"}
    exporter = HTMLExporter(config=config, template_name="tutor_book",
                            extra_template_basedirs=[str(TEMPLATES)])
    exporter.exclude_input = not options.show_code
    exporter.exclude_input_prompt = True
    exporter.exclude_output_prompt = True
    exporter.embed_images = True
    return exporter


_ANCHOR = re.compile(r'<a\b([^>]*?)\bhref="([^"]*)"([^>]*)>(.*?)</a>', re.S)
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _rewrite_links(text: str, page: Page, link_map: dict[Path, str], known: set[str]) -> str:
    """Links to other chapters' sources become links to their pages; links to anything that
    is not in the book (another lesson, a web address) become plain text, so every link of
    the book opens a page of the book, offline."""
    def fix(match):
        before, href, after, inner = match.groups()
        target = html_lib.unescape(href)
        if target.startswith("#"):
            return match.group(0)
        if not _SCHEME.match(target):
            path, _, fragment = target.partition("#")
            if path in known:
                return match.group(0)
            resolved = (page.source_dir / unquote(path)).resolve()
            if resolved in link_map:
                new = link_map[resolved] + (f"#{fragment}" if fragment else "")
                return f'<a{before}href="{html_lib.escape(new)}"{after}>{inner}</a>'
        return f'<span class="tt-link">{inner}</span>'
    return _ANCHOR.sub(fix, text)


def _nav(page: Page | None):
    return {"href": page.href, "title": page.title} if page else None


def _export(exporter, nb, resources_book: dict, source_dir: Path, title: str) -> str:
    nb = nbformat.from_dict(nb) if not isinstance(nb, nbformat.NotebookNode) else nb
    nb = nbformat.from_dict(json.loads(json.dumps(nb)))  # the exporter's preprocessors edit in place
    nb.metadata["title"] = title
    resources = {"book": resources_book,
                 "metadata": {"name": title, "path": str(source_dir)}}
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    return body


def _write_assets(folder: Path, output: OutputFolder) -> None:
    from jupyter_core.paths import jupyter_path
    assets = folder / "assets"
    lab = None
    for base in jupyter_path("nbconvert", "templates"):
        candidate = Path(base) / "lab" / "static"
        if (candidate / "index.css").exists():
            lab = candidate
            break
    css = []
    if lab is not None:
        for name in ("index.css", "theme-light.css"):
            css.append((lab / name).read_text(encoding="utf-8"))
    # Comments carry web addresses; the book keeps none, not even in a comment.
    text = re.sub(r"/\*.*?\*/", "", "\n".join(css), flags=re.S)
    output.write_text(assets / "jupyterlab.css", text)
    output.copy(STATIC / "book.css", assets / "book.css")


def _main_of(document: str) -> str:
    start = document.find("<main")
    start = document.find(">", start) + 1
    end = document.rfind("</main>")
    return document[start:end]


def _print_page(exporter, book: Book, options, pages: list[Page], documents: dict[str, str],
                base: dict) -> str:
    """Every page in one document, in book order, each starting a new printed page. Each page's
    ids get its name as a prefix (every lesson has its "What to remember"), and links between
    pages become links within the document."""
    head = _export(exporter, nbformat.v4.new_notebook(),
                   dict(base, slug="print", kind="print", is_print=True, prev=None, next=None),
                   book.path.parent, book.title)
    slugs = {p.href: p.slug for p in pages}

    def relink(text: str, own: str | None) -> str:
        def fix(match):
            href = html_lib.unescape(match.group(1))
            path, _, fragment = href.partition("#")
            slug = own if not path else slugs.get(path)
            if slug is None:
                return match.group(0)           # the stylesheets
            target = f"{slug}--{fragment}" if fragment else f"page-{slug}"
            return f'href="#{html_lib.escape(target)}"'
        return re.sub(r'href="([^"]*)"', fix, text)

    parts = []
    for page in pages:
        main = re.sub(r'\bid="([^"]+)"', lambda m, s=page.slug: f'id="{s}--{m.group(1)}"',
                      _main_of(documents[page.slug]))
        parts.append(f'<div class="tt-page-break" id="page-{page.slug}"></div>'
                     f'<section class="tt-print-page tt-kind-{page.kind}">'
                     f'{relink(main, page.slug)}</section>')
    cut = head.rfind("</main>")
    return relink(head[:cut], None) + "".join(parts) + head[cut:]


def _print_pdf(chromium: str, page: Path, pdf: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="tutor-chromium-") as profile:
        command = [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
                   "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.resolve().as_uri()]
        try:
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=300, check=False)
        except subprocess.TimeoutExpired:
            raise BookError(f"{chromium} did not finish printing {page} within 5 minutes") from None
    if not pdf.exists() or pdf.stat().st_size == 0:
        raise BookError(f"{chromium} could not print {page} to {pdf}")


# ------------------------------------------------------------------------------ build
def build(book_path, editions=("student", "teacher"), out=None, pdf: bool = False,
          progress: bool = True, lite: bool = False) -> BuildResult:
    """Build the given editions of a book into ``out`` (default: ``_build/<book name>`` beside
    the book file); each edition in its own folder, opening at ``index.html``. ``lite`` also
    builds the browser edition into ``out/lite`` (:func:`tutor.lite.build`) and links each
    lesson's page to the lesson there, so the folder is the whole course for a class."""
    book = book_path if isinstance(book_path, Book) else load_book(book_path)
    if isinstance(editions, str):
        editions = ("student", "teacher") if editions == "both" else (editions,)
    for name in editions:
        if name not in book.editions:
            raise BookError(f"there is no edition {name!r}: the editions are student, teacher "
                            f"and both")
    chromium = None
    if pdf:
        chromium = find_chromium()
        if chromium is None:
            raise BookError("--pdf needs Chromium to print the book, and none was found (looked "
                            f"for {', '.join(CHROMIUM_NAMES)} on the PATH). Install Chromium, or "
                            "build without --pdf and print index.html from a browser.")
    out = Path(out) if out is not None else book.path.parent / "_build" / book.name
    output = OutputFolder(out, book)    # refuses a folder that is not the book's own
    output.claim()
    cache = out / ".cache"
    result = BuildResult(book, out, {})
    # Every chapter of every edition first, then the pages: a chapter that fails leaves the
    # book as it was.
    collected = {name: _collect_edition(book, book.editions[name], out, cache, progress, output)
                 for name in editions}
    if lite:
        from .. import lite as lite_edition
        output.claim(out / LITE_FOLDER)     # the site's folder is the book's, replaced whole
        result.lite = lite_edition.build(out / LITE_FOLDER)
    for name, (edition, pages, chapters) in collected.items():
        _write_edition(book, book.editions[name], edition, pages, chapters, output,
                       interactive=lite)
        result.editions[name] = edition
    if chromium:
        for name, edition in result.editions.items():
            edition.pdf = out / f"{book.name}-{name}.pdf"
            output.claim(edition.pdf)
            _print_pdf(chromium, edition.folder / "print.html", edition.pdf)
    return result


def _collect_edition(book: Book, options: EditionOptions, out: Path, cache: Path,
                     progress: bool, output: OutputFolder) -> tuple[EditionResult, list[Page], list[Chapter]]:
    """The pages of every chapter of one edition, from the cache or built afresh."""
    from tqdm import tqdm
    result = EditionResult(options.name, out / options.name)
    chapters = book.chapters_for(options.name)
    pages: list[Page] = []
    used: set[str] = set()
    bar = tqdm(chapters, desc=f"{options.name} edition", unit="chapter", disable=not progress,
               file=sys.stderr, leave=True)
    try:
        for chapter in bar:
            bar.set_postfix_str(str(chapter.written)[-40:])
            chapter_pages, fresh = _cached_pages(book, chapter, options, cache, used, output)
            (result.executed if fresh else result.reused).append(chapter.number)
            pages.extend(chapter_pages)
    finally:
        bar.close()
    for stale in cache.glob(f"{options.name}-*.json"):
        if stale.name not in used:
            output.remove(stale)
    return result, pages, chapters


def _write_edition(book: Book, options: EditionOptions, result: EditionResult,
                   pages: list[Page], chapters: list[Chapter], output: OutputFolder,
                   interactive: bool = False) -> None:
    """Export the pages through the template, then replace the edition's folder contents."""
    link_map = {}
    for chapter, page in _first_pages(book, chapters, pages):
        if isinstance(chapter.source, Path):
            link_map.setdefault(Path(chapter.source).resolve(), page.href)
    known = {p.href for p in pages} | {"index.html", "print.html"}
    toc = []
    for page in pages:
        if toc and toc[-1]["chapter"] == page.chapter:
            toc[-1]["pages"].append({"href": page.href, "title": page.title})
        else:
            toc.append({"chapter": page.chapter, "href": page.href, "title": page.title,
                        "pages": [{"href": page.href, "title": page.title}]})
    base = {"title": book.title, "subtitle": book.subtitle, "author": book.author,
            "audience": book.audience, "edition": options.name,
            "edition_label": options.label, "note": options.note, "toc": toc,
            "is_index": False, "is_print": False, "interactive": None}
    exporter = _exporter(options)
    index = Page("index", "Contents", "index", None, nbformat.v4.new_notebook(), book.path.parent)
    sequence = [index] + pages
    documents = {}
    by_number = {c.number: c for c in chapters}
    for i, page in enumerate(sequence):
        info = dict(base, slug=page.slug, kind=page.kind, is_index=page is index,
                    prev=_nav(sequence[i - 1]) if i > 0 else None,
                    next=_nav(sequence[i + 1]) if i + 1 < len(sequence) else None)
        if interactive and page.kind == "lesson" and page.chapter in by_number:
            info["interactive"] = _interactive_href(by_number[page.chapter])
        document = _export(exporter, page.nb, info, page.source_dir, f"{page.title} — {book.title}"
                           if page is not index else book.title)
        documents[page.slug] = _rewrite_links(document, page, link_map,
                                              known | {info["interactive"]} - {None})
    printable = _print_page(exporter, book, options, pages, documents, base)
    folder = result.folder
    wanted = {folder / page.href for page in sequence} | {folder / "print.html"}
    output.claim(*wanted)      # before anything changes: a page that is not the book's stops it
    if folder.exists():
        for old in folder.glob("*.html"):
            if old not in wanted:
                output.remove(old)        # an earlier build's page; anything else stays
    _write_assets(folder, output)
    for page in sequence:
        result.pages.append(output.write_text(folder / page.href, documents[page.slug]))
    output.write_text(folder / "print.html", printable)


def _first_pages(book: Book, chapters: list[Chapter], pages: list[Page]):
    seen = set()
    by_number = {c.number: c for c in chapters}
    for page in pages:
        if page.chapter not in seen:
            seen.add(page.chapter)
            yield by_number[page.chapter], page
