"""Build the static site (``make site``): the table and the lessons running in the browser alone (Pyodide).

Everything the site needs comes from a pinned input (``sitebuild/site.toml``, hash-checked; the build tools:
``sitebuild/tools.txt``) and ends up inside ``site/``; nothing is fetched from another host when the page runs.
``python -m http.server -d site`` serves it. The pages:

- ``index.html``: where to go;
- ``play/``: the table alone on the page, without JupyterLite: Pyodide in the page, the wheels unpacked from
  ``static/pyodide``, the widgets drawn by ``@jupyter-widgets/html-manager`` and their comms carried by
  ``hearts_tutor.serve.page_bridge`` (``sitebuild/play/``; the voici release that fits this JupyterLite needs
  emscripten-forge, and JupyterLite's REPL took 14-23 s to a card: ``notes/offline-site.md``);
- ``lab/``, ``notebooks/``: the lessons in JupyterLite.

Runs with any Python 3.11+ (only the standard library); the build tools live in their own venv (``.sitevenv``).
Downloads are cached in ``build/site-cache``.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "sitebuild"
CACHE = ROOT / "build" / "site-cache"
LITE = ROOT / "build" / "site-lite"
TOOLS_VENV = ROOT / ".sitevenv"
PYTHON_IN_BROWSER = "3.14"
#: Where the learner's statistics and practice live in the browser: JupyterLite's contents drive, which the
#: browser keeps (IndexedDB) across reloads. The file browser hides it, being a dot folder.
BROWSER_DATA_DIR = "/drive/.hearts_tutor"


def log(message: str) -> None:
    print(f"[site] {message}", flush=True)


def run(*argv: str | Path, **kwargs: Any) -> None:
    subprocess.run([str(a) for a in argv], check=True, **kwargs)


def normalize(name: str) -> str:
    """A package name as Pyodide's lock and PyPI compare them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tools() -> Path:
    """The build tools' venv, (re)installed from ``tools.txt`` when that changed; returns its bin folder."""
    bin_dir = TOOLS_VENV / "bin"
    stamp = TOOLS_VENV / ".installed"
    requirements = HERE / "tools.txt"
    if stamp.exists() and stamp.read_text() == requirements.read_text():
        return bin_dir
    log(f"installing the build tools into {TOOLS_VENV.name}")
    run(sys.executable, "-m", "venv", "--clear", TOOLS_VENV)
    run(bin_dir / "python", "-m", "pip", "install", "--quiet", "-r", requirements)
    stamp.write_text(requirements.read_text())
    return bin_dir


def npm_tarball(pins: dict[str, Any]) -> Path:
    """A package's tarball from the npm registry (cached), checked against its pinned ``integrity``."""
    tarball = CACHE / Path(pins["url"]).name
    algorithm, _, expected = pins["integrity"].partition("-")

    def intact() -> bool:
        return tarball.exists() and base64.b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode() \
            == expected

    if not intact():
        log(f"downloading {pins['url']}")
        with urllib.request.urlopen(pins["url"], timeout=120) as response:
            tarball.write_bytes(response.read())
        if not intact():
            tarball.unlink()
            raise SystemExit(f"{pins['url']} does not match the pinned {algorithm} in sitebuild/site.toml")
    return tarball


def pyodide_core(pins: dict[str, Any], dest: Path) -> dict[str, Any]:
    """Pyodide's core files from the npm registry's tarball (checked against the pinned sha512) into ``dest``;
    returns its package lock."""
    with tarfile.open(npm_tarball(pins)) as tar:
        for name in pins["files"]:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise SystemExit(f"the Pyodide tarball has no package/{name}")
            (dest / name).write_bytes(member.read())
        lock_file = tar.extractfile("package/pyodide-lock.json")
        assert lock_file is not None
        lock: dict[str, Any] = json.load(lock_file)
    return lock


def wheels(pins: list[dict[str, Any]], dest: Path) -> None:
    """The pinned wheels, downloaded once by pip (which checks their hashes) and copied into ``dest``."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    missing = [w for w in pins if not (folder / w["file"]).exists() or sha256(folder / w["file"]) != w["sha256"]]
    if missing:
        requirements = CACHE / "wheels.txt"
        requirements.write_text("".join(f"{w['name']}=={w['version']} --hash=sha256:{w['sha256']}\n"
                                        for w in missing))
        log(f"downloading {len(missing)} wheels for Python {PYTHON_IN_BROWSER}")
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            "--python-version", PYTHON_IN_BROWSER, "--platform", "any", "--implementation", "py",
            "--require-hashes", "-r", requirements, "-d", folder)
    for w in pins:
        shutil.copy2(folder / w["file"], dest / w["file"])


def project_wheel(bin_dir: Path, dest: Path) -> Path:
    """hearts_tutor's own wheel, built from this checkout into ``dest``."""
    folder = CACHE / "project"
    shutil.rmtree(folder, ignore_errors=True)
    log("building hearts_tutor's wheel")
    run(bin_dir / "python", "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", folder, ROOT)
    (built,) = folder.glob("hearts_tutor-*.whl")
    return Path(shutil.copy2(built, dest / built.name))


def project_depends() -> list[str]:
    """What hearts_tutor needs in the browser: its dependencies less the server side (Jupyter, Voila, psutil) and
    matplotlib (only the practice progress chart draws with it, and it says so when it is missing)."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    server_side = {"jupyterlab", "voila", "matplotlib", "tqdm", "psutil"}
    names = [normalize(re.split(r"[<>=!~;\[ ]", d, maxsplit=1)[0]) for d in pyproject["project"]["dependencies"]]
    return [n for n in names if n not in server_side]


def lock_entry(name: str, version: str, file: Path, depends: list[str], imports: list[str]) -> dict[str, Any]:
    return {"name": name, "version": version, "file_name": file.name, "install_dir": "site", "sha256": sha256(file),
            "package_type": "package", "imports": imports, "depends": depends, "unvendored_tests": False}


def rewrite_lock(lock: dict[str, Any], pins: list[dict[str, Any]], project: Path, dest: Path) -> None:
    """Pyodide's lock with only what the site ships: the pinned wheels (their hashes: PyPI's files differ from
    Pyodide's builds) and hearts_tutor. A package the site does not ship is left out, so importing it fails
    at once instead of asking a host for it."""
    known = {normalize(k): v for k, v in lock["packages"].items()}
    packages: dict[str, Any] = {}
    for w in pins:
        key = normalize(w["name"])
        entry = known.get(key)
        if entry is None or entry["version"] != w["version"]:
            if "depends" not in w:
                raise SystemExit(f"sitebuild/site.toml: {w['name']} {w['version']} is not in Pyodide's lock: "
                                 "give its depends and imports")
            entry = lock_entry(key, w["version"], dest / w["file"], w["depends"], w["imports"])
        else:
            entry = {**entry, "file_name": w["file"], "sha256": w["sha256"]}
        packages[key] = entry
    version = project.name.split("-")[1]
    packages["hearts-tutor"] = lock_entry("hearts-tutor", version, project, project_depends(), ["hearts_tutor"])
    for key, entry in packages.items():
        unknown = [d for d in entry["depends"] if normalize(d) not in packages]
        if unknown:
            raise SystemExit(f"{key} depends on {', '.join(unknown)}, which the site does not ship: pin it in "
                             "sitebuild/site.toml")
    (dest / "pyodide-lock.json").write_text(json.dumps({**lock, "packages": packages}, indent=1))


def lite_dir(bin_dir: Path, pins: dict[str, Any]) -> None:
    """The JupyterLite source folder: Pyodide and the wheels in ``static/pyodide``, the lessons in ``files``."""
    shutil.rmtree(LITE, ignore_errors=True)
    pyodide = LITE / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    CACHE.mkdir(parents=True, exist_ok=True)
    lock = pyodide_core(pins["pyodide"], pyodide)
    wheels(pins["wheel"], pyodide)
    project = project_wheel(bin_dir, pyodide)
    rewrite_lock(lock, pins["wheel"], project, pyodide)
    files = LITE / "files"
    files.mkdir()
    for notebook in sorted((ROOT / "lessons").glob("*.ipynb")):
        shutil.copy2(notebook, files / notebook.name)
    kernel = {"disablePyPIFallback": True,
              "loadPyodideOptions": {"packages": ["hearts-tutor"],
                                     "env": {"HOME": "/home/pyodide", "HEARTS_TUTOR_DATA_DIR": BROWSER_DATA_DIR}}}
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"appName": "Hearts tutor",
                                      "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}
    (LITE / "jupyter-lite.json").write_text(json.dumps(config, indent=1))


#: What the table page does without: it has no IPython shell (``hearts_tutor.serve.page_bridge.without_ipython``).
PAGE_WITHOUT = ("ipython",)


def wheel_closure(lock: dict[str, Any], root: str = "hearts-tutor", without: tuple[str, ...] = PAGE_WITHOUT) \
        -> list[str]:
    """The wheel files the table page unpacks: ``root`` and everything it depends on in the site's lock, but for
    ``without`` and what only they depend on."""
    packages = lock["packages"]
    seen: list[str] = []
    todo = [normalize(root)]
    while todo:
        name = todo.pop()
        if name in seen or name in without:
            continue
        if name not in packages:
            raise SystemExit(f"the site's lock has no {name}, which the table page needs")
        seen.append(name)
        todo.extend(normalize(d) for d in packages[name]["depends"])
    return sorted(packages[n]["file_name"] for n in seen)


def widgets_library(pins: dict[str, Any], dest: Path) -> None:
    """html-manager's AMD bundle and the woff2 fonts beside it (``pins["assets"]``) into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    prefix = f"package/{pins['assets']}"
    with tarfile.open(npm_tarball(pins)) as tar:
        names = {m.name for m in tar.getmembers() if m.isfile()}
        for name in pins["files"]:
            if f"package/{name}" not in names:
                raise SystemExit(f"{pins['url']} has no {name}")
        fonts = [n for n in names if n.startswith(prefix) and "/" not in n[len(prefix):]
                 and n.endswith(".woff2")]  # what every browser that runs Pyodide asks for
        for name in [f"package/{f}" for f in pins["files"]] + fonts:
            member = tar.extractfile(name)
            assert member is not None
            (dest / Path(name).name).write_bytes(member.read())


def app_pages(out: Path, pins: dict[str, Any]) -> None:
    """``play/``: the table page (``sitebuild/play/``) with the widgets' front end and ``config.json`` (where
    Pyodide is, the wheels to unpack, where the learner's files live); ``index.html``: links to the table and
    the lessons."""
    play = out / "play"
    play.mkdir()
    for source in sorted((HERE / "play").iterdir()):
        shutil.copy2(source, play / source.name)
    # precompile.mjs stays in sitebuild/: it runs at build time
    widgets_library(pins["html_manager"], play / "widgets")
    lock = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_text())
    python = ".".join(lock["info"]["python"].split(".")[:2])
    wheels = wheel_closure(lock)
    config: dict[str, Any] = {
        "pyodide": "../static/pyodide/", "widgets": f"widgets/{Path(pins['html_manager']['files'][0]).name}",
        "wheels": wheels, "sitePackages": f"/lib/python{python}/site-packages", "dataDir": BROWSER_DATA_DIR,
        "driveFolder": BROWSER_DATA_DIR.removeprefix("/drive/")}
    node = shutil.which("node")
    if node:  # the same packages compiled ahead: the page's start without compiling IPython
        pyodide = out / "static" / "pyodide"
        run(node, HERE / "precompile.mjs", pyodide, play / "packages.zip", config["sitePackages"],
            *[pyodide / w for w in wheels])
        config["packages"] = "packages.zip"
    else:
        log("no node: the table page unpacks the wheels and compiles them in the browser (slower start)")
    (play / "config.json").write_text(json.dumps(config, indent=1))
    (out / "index.html").write_text((HERE / "index.html").read_text())


def check_offline(out: Path) -> None:
    """Fail if the site's configuration still points at a CDN (a stale build cache skips the patch)."""
    config = json.loads((out / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    url = settings.get("pyodideUrl", "")
    if "://" in url or not (out / url.lstrip("./")).exists():
        raise SystemExit(f"site/jupyter-lite.json: pyodideUrl is {url!r}, not the site's own Pyodide")


def build(out: Path) -> None:
    pins = tomllib.loads((HERE / "site.toml").read_text())
    bin_dir = tools()
    lite_dir(bin_dir, pins)
    shutil.rmtree(out, ignore_errors=True)
    (LITE / ".jupyterlite.doit.db").unlink(missing_ok=True)
    log("jupyter lite build")
    env = {**os.environ, "PYTHONWARNINGS": "ignore::UserWarning",  # optional extras the build does not use
           "JUPYTER_PATH": str(TOOLS_VENV / "share" / "jupyter"),  # only the tools venv's extensions
           "JUPYTER_CONFIG_DIR": str(LITE / ".jupyter"), "JUPYTER_DATA_DIR": str(LITE / ".jupyter-data")}
    run(bin_dir / "jupyter", "lite", "build", "--lite-dir", LITE, "--output-dir", out, "--no-sourcemaps",
        cwd=LITE, env=env, stdout=subprocess.DEVNULL)
    app_pages(out, pins)
    check_offline(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: {size / 1e6:.1f} MB; "
        f"serve it with: python -m http.server -d {out.name}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="the output folder (default: site/)")
    build(parser.parse_args(argv).out.resolve())


if __name__ == "__main__":
    main()
