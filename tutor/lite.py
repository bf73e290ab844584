"""The zero-install browser edition: the lessons as a JupyterLite site that runs Python in the
browser (Pyodide) and needs nothing from any other host once it is served.

    from tutor import lite
    report = lite.build("lite/_output")      # the site; report.summary() in one line
    lite.serve("lite/_output", port=8000)    # serve it on 127.0.0.1

    tutor lite build [--out DIR] [--cache DIR]
    tutor lite serve [--out DIR] [--port N]

What a build puts in the site, and where it comes from (only the package registries, at build
time; every download is kept in the cache folder, so a second build reads no registry):

- Pyodide itself, the npm package ``pyodide`` at exactly the version the kernel
  (jupyterlite-pyodide-kernel) pins, in the kernel's well-known folder ``static/pyodide/``;
- the Python packages the kernel loads at start and those trick-tutor needs: the ones Pyodide's
  lock file names are downloaded from PyPI at the lock's versions, put beside Pyodide, and the
  lock's hashes made to match the files served (Pyodide checks them); the others (ipywidgets,
  comm, jupyterlab_widgets) and trick-tutor's own pure wheel (``TUTOR_PURE_WHEEL=1``: no compiled
  cores, the puzzle collection inside) go to the site's package index, with PyPI disabled;
- the lessons (``lessons/index.ipynb``, every course with its syllabus, ``lessons/puzzles.ipynb``)
  and the puzzle collection (``puzzles/``), as the site's files. ``index.html`` opens the course
  index.

A build that would load anything from elsewhere stops with a :class:`LiteError` in one line
(a package the registry does not have, a kernel that does not match Pyodide or JupyterLite, a URL
of another host in the site's configuration) and leaves the previous site as it was.
"""

from __future__ import annotations

import email.parser
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from .errors import TutorError

__all__ = ["LiteError", "LiteReport", "build", "serve", "ROOT", "DEFAULT_OUT", "DEFAULT_CACHE",
           "LANDING", "BROWSER_CHECK_ID"]

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "lite" / "_output"
DEFAULT_CACHE = ROOT / "lite" / ".cache"
#: the notebook the site opens with
LANDING = "lessons/index.ipynb"
#: the element id of the banner shown by a browser that cannot run the lessons
BROWSER_CHECK_ID = "tutor-browser-check"
# what the kernel's worker loads before the first cell runs (micropip, then piplite.install of
# the rest: jupyterlite_pyodide_kernel's worker)
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
# the JupyterLite apps of the site: JupyterLab, and the plain file list
APPS = ("lab", "tree")
# the lessons as the site holds them: course folders, the index and the puzzle board
_LESSON_SKIP = ("conftest.py", "template.ipynb")
_LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")


class LiteError(TutorError):
    """The browser edition cannot be built as asked: the message says what is missing or wrong."""


@dataclass
class LiteReport:
    """What a build made: the site's folder, its size, the time it took and what it serves."""
    out_dir: Path
    seconds: float
    size_bytes: int
    files: int
    pyodide_version: str
    core_version: str
    kernel_version: str
    wheel: str                                           # trick-tutor's own wheel
    index_wheels: list[str] = field(default_factory=list)    # the site's package index
    pyodide_wheels: list[str] = field(default_factory=list)  # beside Pyodide, hashes patched
    notebooks: int = 0
    puzzle_files: int = 0
    downloads: int = 0                                   # files fetched from a registry this time

    def summary(self) -> str:
        return (f"browser edition: {self.out_dir} — {self.size_bytes / 1e6:.1f} MB in {self.files} "
                f"files, built in {self.seconds:.1f} s ({self.notebooks} notebooks, "
                f"{self.puzzle_files} puzzle files; Pyodide {self.pyodide_version}, JupyterLite "
                f"{self.core_version}, kernel {self.kernel_version}; {len(self.index_wheels)} "
                f"wheels in the site's index, {len(self.pyodide_wheels)} beside Pyodide; "
                f"{self.downloads} downloaded)")


# ----------------------------------------------------------------------------- versions
def _versions() -> tuple[str, str, str]:
    """(jupyterlite-core, jupyterlite-pyodide-kernel, Pyodide) versions; a LiteError when the
    lite extra is missing or the core and the kernel are not one pair."""
    try:
        import jupyterlite_core
        import jupyterlite_pyodide_kernel
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    except ImportError as err:
        raise LiteError(f"building the browser edition needs the lite extra: pip install "
                        f"'trick-tutor[lite]' ({err.name} is not installed)") from None
    core, kernel = jupyterlite_core.__version__, jupyterlite_pyodide_kernel.__version__
    if core.split(".")[:2] != kernel.split(".")[:2]:
        raise LiteError(f"jupyterlite-core {core} does not match jupyterlite-pyodide-kernel "
                        f"{kernel} (they must share a minor version): pip install "
                        f"'trick-tutor[lite]'")
    return core, kernel, PYODIDE_VERSION


# ----------------------------------------------------------------------------- downloads
class _Fetcher:
    """Registry downloads through the ordinary clients, each kept in the cache folder."""

    def __init__(self, cache: Path, log):
        self.cache = cache
        self.log = log
        self.downloads = 0

    def _run(self, cmd: list[str], what: str, cwd: Path | None = None) -> None:
        try:
            done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=600)
        except FileNotFoundError:
            raise LiteError(f"{cmd[0]} is needed to fetch {what} (install Node.js and npm)") from None
        except subprocess.TimeoutExpired:
            raise LiteError(f"fetching {what} took more than 10 minutes: is the registry "
                            f"reachable?") from None
        if done.returncode != 0:
            lines = [ln for ln in (done.stderr + done.stdout).splitlines()
                     if ln.strip() and not ln.startswith("WARNING: Location")]
            last = lines[-1].strip() if lines else f"exit code {done.returncode}"
            raise LiteError(f"cannot fetch {what}: {last[:200]}")

    def pyodide(self, version: str) -> Path:
        """The npm package pyodide@version (a .tgz in the cache)."""
        folder = self.cache / "npm"
        tgz = folder / f"pyodide-{version}.tgz"
        if not tgz.exists():
            folder.mkdir(parents=True, exist_ok=True)
            self.log(f"  npm pack pyodide@{version}")
            with tempfile.TemporaryDirectory(dir=folder) as tmp:
                self._run(["npm", "pack", f"pyodide@{version}", "--pack-destination", tmp,
                           "--silent"], f"pyodide@{version} from npm", cwd=Path(tmp))
                made = list(Path(tmp).glob("pyodide-*.tgz"))
                if len(made) != 1:
                    raise LiteError(f"npm pack pyodide@{version} made no package")
                made[0].replace(tgz)
            self.downloads += 1
        return tgz

    def wheel(self, name: str, spec: str = "", exact_file: str | None = None) -> Path:
        """A pure wheel of ``name`` (``spec`` e.g. "==1.2" or ">=8") for Python 3.14, from PyPI
        through pip, or the cached one that satisfies it."""
        from packaging.specifiers import SpecifierSet
        from packaging.utils import canonicalize_name, parse_wheel_filename
        folder = self.cache / "pypi"
        folder.mkdir(parents=True, exist_ok=True)

        def cached():
            found = []
            for whl in folder.glob("*.whl"):
                try:
                    wname, wversion, _, tags = parse_wheel_filename(whl.name)
                except Exception:
                    continue
                if canonicalize_name(wname) != canonicalize_name(name):
                    continue
                if exact_file and whl.name != exact_file:
                    continue
                if not any(t.abi == "none" and t.platform == "any" for t in tags):
                    continue
                if wversion in SpecifierSet(spec or "", prereleases=True):
                    found.append((wversion, whl))
            return max(found)[1] if found else None

        hit = cached()
        if hit is None:
            self.log(f"  pip download {name}{spec}")
            self._run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                       "--only-binary=:all:", "--python-version", "3.14", "--implementation", "py",
                       "--abi", "none", "--platform", "any", "--dest", str(folder),
                       f"{name}{spec}"], f"{name}{spec} from PyPI (as a pure wheel)")
            self.downloads += 1
            hit = cached()
            if hit is None:
                what = f"the file {exact_file}" if exact_file else "a pure wheel"
                raise LiteError(f"PyPI has no {what} for {name}{spec}")
        return hit


# ----------------------------------------------------------------------------- wheels
def _metadata(whl: Path) -> email.message.Message:
    with zipfile.ZipFile(whl) as zf:
        name = next((n for n in zf.namelist() if n.endswith(".dist-info/METADATA")), None)
        if name is None:
            raise LiteError(f"{whl.name} is not a wheel (no METADATA)")
        return email.parser.Parser().parsestr(zf.read(name).decode("utf-8"))


def _requires(whl: Path, environment: dict) -> list:
    from packaging.requirements import Requirement
    out = []
    for text in _metadata(whl).get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is None or req.marker.evaluate(dict(environment, extra="")):
            out.append(req)
    return out


def build_wheel(root: Path, dest: Path) -> Path:
    """trick-tutor's pure wheel (``py3-none-any``: no compiled cores, the puzzle collection inside),
    built from a copy of the sources so the checkout is left as it was."""
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("trick_tutor-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory(prefix="tutor-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
            if (root / name).exists():
                shutil.copy2(root / name, src / name)
        ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.egg-info", "collection")
        shutil.copytree(root / "tutor", src / "tutor", ignore=ignore)
        shutil.copytree(root / "puzzles", src / "puzzles", ignore=shutil.ignore_patterns("__pycache__"))
        env = dict(os.environ, TUTOR_PURE_WHEEL="1")
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                               "--no-build-isolation", "-w", str(dest), str(src)],
                              capture_output=True, text=True, env=env, timeout=600)
        if done.returncode != 0:
            lines = [ln for ln in done.stderr.splitlines() if ln.strip()
                     and not ln.startswith("WARNING: Location")]
            raise LiteError("trick-tutor's wheel did not build: "
                            + (lines[-1].strip()[:200] if lines else "pip wheel failed"))
    made = sorted(dest.glob("trick_tutor-*.whl"))
    if len(made) != 1 or not made[0].name.endswith("-py3-none-any.whl"):
        raise LiteError(f"trick-tutor's wheel is not pure Python: {', '.join(m.name for m in made)}")
    with zipfile.ZipFile(made[0]) as zf:
        names = zf.namelist()
    compiled = [n for n in names if n.endswith((".so", ".pyd", ".c"))]
    if compiled:
        raise LiteError(f"trick-tutor's pure wheel holds compiled files: {compiled[0]}")
    if not any(n.startswith("tutor/puzzles/collection/") and n.endswith(".toml") for n in names):
        raise LiteError("trick-tutor's wheel holds no puzzle collection (tutor/puzzles/collection)")
    return made[0]


def _kernel_wheels() -> dict:
    """The wheels the kernel ships in its own index (piplite, pyodide-kernel, the ipykernel and
    widgetsnbextension shims): canonical name -> [wheel paths]."""
    from jupyter_core.paths import jupyter_path
    from packaging.utils import canonicalize_name, parse_wheel_filename
    for base in jupyter_path("labextensions"):
        pypi = Path(base) / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        if pypi.is_dir():
            out: dict = {}
            for whl in sorted(pypi.glob("*.whl")):
                out.setdefault(canonicalize_name(parse_wheel_filename(whl.name)[0]), []).append(whl)
            return out
    raise LiteError("the Pyodide kernel's labextension is not installed: pip install "
                    "'trick-tutor[lite]'")


def _resolve(own_wheel: Path, lock: dict, kernel: dict, fetch: _Fetcher) -> tuple[dict, list]:
    """Which packages the site must serve for the kernel and trick-tutor to start.

    Returns (lock entries to serve beside Pyodide: canonical name -> downloaded file, wheels for
    the site's index). Pyodide's lock is searched first, as micropip does, then the kernel's own
    index, then PyPI (pure wheels only)."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name, parse_wheel_filename
    from packaging.version import Version
    info = lock["info"]
    environment = {"sys_platform": "emscripten", "platform_system": "Emscripten",
                   "os_name": "posix", "platform_machine": "wasm32",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython",
                   "python_version": ".".join(info["python"].split(".")[:2]),
                   "python_full_version": info["python"], "platform_release": "",
                   "platform_version": "", "implementation_version": info["python"]}
    packages = {canonicalize_name(k): v for k, v in lock["packages"].items()}
    from_lock: dict = {}
    index: dict = {}
    queue = [(Requirement(n), "the kernel") for n in KERNEL_PACKAGES]
    queue += [(r, "trick-tutor") for r in _requires(own_wheel, environment)]
    seen: set = set()
    while queue:
        req, wanted_by = queue.pop(0)
        name = canonicalize_name(req.name)
        key = (name, str(req.specifier))
        if key in seen:
            continue
        seen.add(key)
        if name in packages:
            entry = packages[name]
            if not req.specifier.contains(Version(entry["version"]), prereleases=True):
                raise LiteError(f"{wanted_by} needs {req.name}{req.specifier} but Pyodide ships "
                                f"{req.name} {entry['version']}")
            if name not in from_lock:
                if not entry["file_name"].endswith("-none-any.whl"):
                    raise LiteError(f"{wanted_by} needs {req.name}, a compiled package of "
                                    f"Pyodide's ({entry['file_name']}) that no registry serves")
                from_lock[name] = fetch.wheel(req.name, f"=={entry['version']}",
                                              exact_file=entry["file_name"])
                queue += [(Requirement(d), req.name) for d in entry.get("depends", [])]
            continue
        if name in kernel:
            fits = [w for w in kernel[name]
                    if req.specifier.contains(parse_wheel_filename(w.name)[1], prereleases=True)]
            if not fits:
                raise LiteError(f"{wanted_by} needs {req.name}{req.specifier}, which the Pyodide "
                                f"kernel's own index does not hold")
            queue += [(r, req.name) for r in _requires(max(fits), environment)]
            continue
        if name in index and req.specifier.contains(parse_wheel_filename(index[name].name)[1],
                                                    prereleases=True):
            continue
        if name == "trick-tutor":
            continue
        whl = fetch.wheel(req.name, str(req.specifier))
        index[name] = whl
        queue += [(r, req.name) for r in _requires(whl, environment)]
    return from_lock, sorted(index.values())


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# ----------------------------------------------------------------------------- site files
def _unpack_pyodide(tgz: Path, dest: Path, version: str) -> dict:
    """The npm package's files in ``dest``; its lock file (checked against ``version``)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tf:
        for member in tf.getmembers():
            parts = Path(member.name).parts
            if not member.isfile() or len(parts) != 2 or parts[0] != "package":
                continue
            with tf.extractfile(member) as src, open(dest / parts[1], "wb") as out:
                shutil.copyfileobj(src, out)
    try:
        npm_version = json.loads((dest / "package.json").read_text())["version"]
        lock = json.loads((dest / "pyodide-lock.json").read_text())
    except (OSError, KeyError, ValueError):
        raise LiteError(f"{tgz.name} is not Pyodide's npm package (no package.json or "
                        f"pyodide-lock.json)") from None
    if npm_version != version:
        raise LiteError(f"the Pyodide kernel pins Pyodide {version} but the npm package is "
                        f"{npm_version}")
    if not (dest / "pyodide.mjs").exists():
        raise LiteError(f"Pyodide {version}'s npm package has no pyodide.mjs")
    return lock


def _lessons(root: Path, files: Path) -> tuple[int, int]:
    """Copies the lessons and the puzzle collection into the site's files; (notebooks, puzzle files)."""
    lessons = root / "lessons"
    if not (lessons / "index.ipynb").exists():
        raise LiteError(f"no course index at {lessons / 'index.ipynb'}")
    notebooks = 0
    for src in sorted(lessons.rglob("*")):
        rel = src.relative_to(lessons)
        if (not src.is_file() or src.name in _LESSON_SKIP or "__pycache__" in rel.parts
                or ".ipynb_checkpoints" in rel.parts or src.suffix not in (".ipynb", ".toml", ".md")):
            continue
        dest = files / "lessons" / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)
        notebooks += src.suffix == ".ipynb"
    puzzle_files = 0
    for src in sorted((root / "puzzles").rglob("*")):
        if src.is_file() and src.suffix in (".toml", ".md"):
            dest = files / "puzzles" / src.relative_to(root / "puzzles")
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest)
            puzzle_files += src.suffix == ".toml"
    return notebooks, puzzle_files


# settings of the site, as in the lab (lab-settings/): no news, no autosave, no widget state
_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
    "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": False},
}

_CHECK_SCRIPT = """<script id="tutor-browser-check-script">
(function () {
  var missing = [];
  if (typeof WebAssembly !== "object") missing.push("WebAssembly");
  var storage = false;
  try { storage = !!window.indexedDB && !!window.localStorage; } catch (e) { storage = false; }
  if (!storage) missing.push("browser storage (IndexedDB and local storage)");
  if (!missing.length) return;
  function show() {
    if (document.getElementById("%(id)s")) return;
    var box = document.createElement("div");
    box.id = "%(id)s";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:100000;padding:16px 24px;" +
      "background:#fff3cd;color:#222;border-bottom:2px solid #c99a00;font:16px/1.5 sans-serif";
    box.textContent = "These lessons run Python inside your browser, and this browser does not " +
      "allow " + missing.join(" or ") + ". Open the course in a current Firefox, Chrome, Edge " +
      "or Safari, not in a private window, and allow this site to store data.";
    document.body.insertBefore(box, document.body.firstChild);
  }
  if (document.body) show(); else document.addEventListener("DOMContentLoaded", show);
})();
</script>""" % {"id": BROWSER_CHECK_ID}


#: where the lessons' stylesheet lives in a checkout (the lab's custom.css, see ``make lab``):
#: it shows nothing where a lesson hides a cell's code
LESSON_CSS = Path("lab-settings") / "config" / "custom" / "custom.css"


def _inject_check(out: Path, css: str = "") -> int:
    """Puts the browser check, and the lessons' stylesheet, into the head of every HTML page of
    the site."""
    head = _CHECK_SCRIPT + (f'\n<style id="tutor-lesson-style">\n{css}\n</style>' if css else "")
    count = 0
    for page in sorted(out.rglob("*.html")):
        if "static/pyodide" in page.as_posix():
            continue
        text = page.read_text(encoding="utf-8")
        if "tutor-browser-check-script" in text or "<head>" not in text:
            continue
        page.write_text(text.replace("<head>", "<head>\n" + head, 1), encoding="utf-8")
        count += 1
    return count


_LANDING_SCRIPT = """<script>
(function () {
  // ?path=<notebook> opens that lesson; the course index otherwise
  var wanted = new URLSearchParams(window.location.search).get("path") || %(default)s;
  var target = "./lab/index.html?path=" + encodeURIComponent(wanted).replace(/%%2F/g, "/");
  var gone = false;
  function go() { if (!gone) { gone = true; window.location.replace(target); } }
  // The lab hands the lessons' files to Python through its service worker, and only a kernel
  // started once the worker is registered gets the files. On a first visit the lab would start
  // the kernel first: so the worker is registered here, as the lab registers it, before going on.
  try {
    var sw = navigator.serviceWorker;
    if (!sw) return go();
    var url = new URL("./service-worker.js?enableCache=%(cache)s", window.location.href).href;
    localStorage.setItem(url + "-version", %(version)s);   // the lab keeps a worker of its version
    setTimeout(go, 10000);
    sw.register(url).then(function () { return sw.ready; }).then(go, go);
  } catch (e) { go(); }
})();
</script>"""


def _landing(out: Path) -> None:
    """``index.html`` opens the course index in JupyterLab, or the lesson given as ``?path=``
    (the book's "Open this lesson interactively" links come here), once the site's service
    worker is registered (see the script). The apps read this page's (empty)
    ``jupyter-config-data`` as the root of the site's configuration, so it keeps that."""
    config = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    data = config.get("jupyter-config-data", {})
    script = _LANDING_SCRIPT % {
        "default": json.dumps(LANDING),
        "cache": "true" if str(data.get("enableServiceWorkerCache", "false")).lower() == "true" else "false",
        "version": json.dumps(str(data.get("appVersion", ""))),
    }
    target = f"./lab/index.html?path={LANDING}"
    (out / "index.html").write_text(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        "<title>trick-tutor: the courses</title>\n"
        "<script id=\"jupyter-config-data\" type=\"application/json\" "
        "data-jupyter-lite-root=\".\">\n{}\n</script>\n"
        f"{script}\n"
        "</head><body>\n"
        f"<p>Opening <a href=\"{html.escape(target)}\">the course index</a>…</p>\n"
        "</body></html>\n", encoding="utf-8")


_URL = re.compile(r"^(?:https?:)?//", re.I)


def _remote_urls(value, where: str, found: list) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if not str(key).startswith("$"):  # a JSON schema's $schema and $id name, not load
                _remote_urls(item, f"{where}.{key}", found)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _remote_urls(item, f"{where}[{i}]", found)
    elif isinstance(value, str) and _URL.match(value.strip()):
        host = re.sub(r"^(?:https?:)?//", "", value.strip(), flags=re.I).split("/")[0]
        host = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
        if host.lower() not in _LOCAL_HOSTS:
            found.append(f"{where} = {value}")


def remote_urls(out: Path) -> list[str]:
    """Every URL of another host in the site's configuration (``jupyter-lite.json`` of each app,
    the package indexes, Pyodide's lock): what the site would load from elsewhere."""
    found: list[str] = []
    configs = sorted(out.rglob("jupyter-lite.json")) + sorted(out.rglob("pypi/all.json")) \
        + sorted(out.rglob("pyodide-lock.json"))
    for path in configs:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            found.append(f"{path.relative_to(out)} is not JSON")
            continue
        _remote_urls(data, path.relative_to(out).as_posix(), found)
    return found


def _check_site(out: Path, pyodide_version: str) -> None:
    """Refuses a site that would load anything from another host."""
    remote = remote_urls(out)
    if remote:
        raise LiteError(f"the site would load from another host: {remote[0]}"
                        + (f" (and {len(remote) - 1} more)" if len(remote) > 1 else ""))
    config = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config.get("jupyter-config-data", {}).get("litePluginSettings", {}).get(
        "@jupyterlite/pyodide-kernel-extension:kernel", {})
    url = settings.get("pyodideUrl")
    if not url or not (out / url).resolve().is_file():
        raise LiteError(f"the site does not serve Pyodide itself (pyodideUrl is {url!r})")
    if not settings.get("disablePyPIFallback"):
        raise LiteError("the site's package installer would fall back to PyPI "
                        "(disablePyPIFallback is not set)")
    lock = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_text())
    if not lock["info"]["python"].startswith("3.14"):
        raise LiteError(f"Pyodide {pyodide_version} runs Python {lock['info']['python']}, "
                        f"not 3.14 as the kernel expects")


def _size(out: Path) -> tuple[int, int]:
    files = [p for p in out.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


# ----------------------------------------------------------------------------- build
def build(out_dir=None, *, root=None, cache_dir=None, log=None) -> LiteReport:
    """Builds the browser edition into ``out_dir`` (default ``lite/_output``) from the checkout
    at ``root``; downloads are kept in ``cache_dir`` (default ``lite/.cache``). On any error the
    previous site is left as it was."""
    started = time.perf_counter()
    root = Path(root) if root is not None else ROOT
    out = Path(out_dir) if out_dir is not None else DEFAULT_OUT
    cache = Path(cache_dir) if cache_dir is not None else DEFAULT_CACHE
    log = log or (lambda text: None)
    out = out.resolve()
    if out == root.resolve() or root.resolve().is_relative_to(out):
        raise LiteError(f"the site cannot be built into {out}: it holds the sources")
    if out.exists() and not out.is_dir():
        raise LiteError(f"{out} is a file, not a folder for the site")
    core, kernel, pyodide_version = _versions()
    cache.mkdir(parents=True, exist_ok=True)
    fetch = _Fetcher(cache, log)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".lite-build-", dir=out.parent) as tmp:
        stage = Path(tmp) / "stage"
        site = Path(tmp) / "site"
        static = stage / "static" / "pyodide"
        log(f"Pyodide {pyodide_version} (the version jupyterlite-pyodide-kernel {kernel} pins)")
        lock = _unpack_pyodide(fetch.pyodide(pyodide_version), static, pyodide_version)
        log("trick-tutor's pure wheel")
        own = build_wheel(root, Path(tmp) / "own")
        log("packages for the kernel and the lessons")
        from_lock, index = _resolve(own, lock, _kernel_wheels(), fetch)
        from packaging.utils import canonicalize_name
        entries = {canonicalize_name(k): v for k, v in lock["packages"].items()}
        for name, whl in sorted(from_lock.items()):
            shutil.copyfile(whl, static / whl.name)
            entries[name]["sha256"] = _sha256(static / whl.name)
        (static / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
        wheels = stage / "wheels"
        wheels.mkdir()
        for whl in [own, *index]:
            shutil.copyfile(whl, wheels / whl.name)
        notebooks, puzzle_files = _lessons(root, stage / "files")
        (stage / "overrides.json").write_text(json.dumps(_OVERRIDES, indent=2))
        (stage / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "trick-tutor",
                "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True}}}}, indent=2))
        (stage / "jupyter_lite_config.json").write_text(json.dumps({
            "LiteBuildConfig": {"apps": list(APPS), "contents": ["files"],
                                "no_sourcemaps": True, "no_unused_shared_packages": True},
            "PipliteAddon": {"piplite_urls": ["wheels"]}}, indent=2))
        log("jupyter lite build")
        env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTERLITE_")}
        done = subprocess.run([sys.executable, "-m", "jupyterlite_core", "build",
                               "--lite-dir", str(stage), "--output-dir", str(site)],
                              cwd=stage, capture_output=True, text=True, env=env, timeout=1200)
        if done.returncode != 0 or not (site / "jupyter-lite.json").exists():
            lines = [ln for ln in (done.stdout + done.stderr).splitlines() if ln.strip()]
            raise LiteError("jupyter lite build failed: "
                            + (lines[-1].strip()[:200] if lines else f"exit code {done.returncode}"))
        _landing(site)
        css_file = root / LESSON_CSS
        _inject_check(site, css_file.read_text(encoding="utf-8") if css_file.exists() else "")
        _check_site(site, pyodide_version)
        # the new site replaces the old one only now that it is whole
        if out.exists():
            old = Path(tmp) / "old"
            out.replace(old)
        site.replace(out)
    size, files = _size(out)
    return LiteReport(out_dir=out, seconds=time.perf_counter() - started, size_bytes=size,
                      files=files, pyodide_version=pyodide_version, core_version=core,
                      kernel_version=kernel, wheel=own.name,
                      index_wheels=[w.name for w in [own, *index]],
                      pyodide_wheels=sorted(w.name for w in from_lock.values()),
                      notebooks=notebooks, puzzle_files=puzzle_files, downloads=fetch.downloads)


# ----------------------------------------------------------------------------- serve
def handler_class(directory: Path):
    """An http.server handler for the site: the right types for Pyodide's files, no caching of
    the configuration (a rebuilt site is seen at once)."""
    from functools import partial
    from http.server import SimpleHTTPRequestHandler

    class SiteHandler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                          ".wasm": "application/wasm", ".mjs": "text/javascript",
                          ".js": "text/javascript", ".json": "application/json",
                          ".whl": "application/zip", ".toml": "text/plain; charset=utf-8",
                          ".ipynb": "application/json"}

        def log_message(self, format, *args):  # noqa: A002 - the base class's name
            pass

    return partial(SiteHandler, directory=str(directory))


def make_server(out_dir=None, host: str = "127.0.0.1", port: int = 8000):
    """An HTTP server of the site (not yet serving): ``server.serve_forever()``."""
    from http.server import ThreadingHTTPServer
    out = Path(out_dir) if out_dir is not None else DEFAULT_OUT
    if not (out / "index.html").exists():
        raise LiteError(f"no site in {out}: build it first (make lite)")
    return ThreadingHTTPServer((host, port), handler_class(out))


def serve(out_dir=None, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serves the site until interrupted (Ctrl+C)."""
    server = make_server(out_dir, host, port)
    print(f"serving the browser edition on http://{host}:{server.server_address[1]}/ "
          f"(Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# ----------------------------------------------------------------------------- command line
def _cli_build(args) -> int:
    report = build(args.out, cache_dir=args.cache, log=None if args.quiet else print)
    print(report.summary())
    return 0


def _cli_serve(args) -> int:
    serve(args.out, port=args.port)
    return 0


def register(sub) -> None:
    """Add the ``lite`` command to the ``tutor`` command's subparsers."""
    lite = sub.add_parser("lite", help="the zero-install browser edition (JupyterLite)",
                          description="The lessons as a JupyterLite site that runs in the "
                                      "browser and loads nothing from other hosts.")
    actions = lite.add_subparsers(dest="lite_command", required=True)
    b = actions.add_parser("build", help="build the site (default: lite/_output)")
    b.add_argument("--out", default=None, help="the site's folder (default: lite/_output)")
    b.add_argument("--cache", default=None, help="downloads kept here (default: lite/.cache)")
    b.add_argument("--quiet", action="store_true", help="only the summary line")
    b.set_defaults(run=_cli_build)
    s = actions.add_parser("serve", help="serve the built site on 127.0.0.1")
    s.add_argument("--out", default=None, help="the site's folder (default: lite/_output)")
    s.add_argument("--port", type=int, default=8000)
    s.set_defaults(run=_cli_serve)
