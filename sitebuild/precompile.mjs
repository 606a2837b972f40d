// The table page's Python packages compiled ahead (sitebuild/build.py runs this with Node when it has it):
// Pyodide itself, in Node, unpacks the wheels, compiles every module to bytecode that is never checked against
// its source (the browser's unpacked files get new times), and zips site-packages. The page then unpacks one
// zip instead of compiling IPython and the tutor on every visit (most of its start-up time).
//
//   node sitebuild/precompile.mjs PYODIDE_DIR OUT_ZIP SITE_PACKAGES WHEEL...

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outZip, sitePackages, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${path.resolve(pyodideDir)}/`, stdout: () => {}, stderr: () => {} });
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackages });
}
pyodide.globals.set("SITE", sitePackages);
const summary = pyodide.runPython(`
import compileall, pathlib, py_compile, shutil, zipfile
site = pathlib.Path(SITE)
for tests in [p for p in site.glob("*/tests") if p.is_dir()] + [p for p in site.glob("*/*/tests") if p.is_dir()]:
    shutil.rmtree(tests)  # the packages' own test suites: never imported by the table
if not compileall.compile_dir(site, quiet=2, workers=1,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("some module did not compile")
files = sorted(p for p in site.rglob("*") if p.is_file())
with zipfile.ZipFile("/tmp/packages.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
    for p in files:
        z.write(p, p.relative_to(site).as_posix())
f"{len(files)} files"
`);
fs.writeFileSync(outZip, pyodide.FS.readFile("/tmp/packages.zip"));
console.log(`[site] precompiled ${wheels.length} wheels: ${summary}, ${fs.statSync(outZip).size} bytes`);
