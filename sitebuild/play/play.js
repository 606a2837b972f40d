// The table page: Pyodide in this page, the site's wheels unpacked into it, the table's widgets drawn by
// @jupyter-widgets/html-manager, and their comms carried by hearts_tutor.serve.page_bridge (no kernel). Everything
// comes from this site (config.json, written by sitebuild/build.py, lists the wheels).

import { Drive, readFolder, Saver, takeOver } from "./storage.js";

const step = document.getElementById("ht-loading-step");
const bar = document.getElementById("ht-loading-bar");
const savedLine = document.getElementById("ht-saved");

function progress(text, percent) {
  performance.mark(text); // bench_site.py reads where the time went
  step.textContent = text;
  bar.value = percent;
}

function fail(error) {
  document.getElementById("ht-loading").classList.add("ht-failed");
  document.getElementById("ht-loading").hidden = false;
  progress(`The table could not start: ${error?.message || error}`, bar.value);
  console.error(error);
}

/** @jupyter-widgets/html-manager's AMD bundle, its named modules collected without an AMD loader. */
function loadWidgetsLibrary(url) {
  const modules = {};
  const define = (name, deps, factory) => {
    modules[name] = factory(...deps.map((d) => (d === "module" ? { id: name, uri: url, config: () => ({}) }
                                                              : modules[d])));
  };
  define.amd = true;
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    window.define = define;
    script.onload = () => {
      delete window.define;
      resolve(modules["@jupyter-widgets/html-manager"]);
    };
    script.onerror = () => reject(new Error(`could not load ${url}`));
    document.head.append(script);
  });
}

function copyBuffers(list) {
  return list.map((b) => new Uint8Array(b.buffer ?? b, b.byteOffset ?? 0, b.byteLength).slice());
}

/** A comm of the front end whose messages go to Python (``toPython``); Python's come in by ``deliver``. */
class PageComm {
  constructor(commId, targetName, toPython) {
    this.comm_id = commId;
    this.target_name = targetName;
    this.toPython = toPython;
    this.queue = [];
    this.onMsg = null;
    this.onClose = null;
    this.count = 0;
  }

  open() { return ""; }

  send(data, callbacks, metadata, buffers) {
    const msgId = `${this.comm_id}-${++this.count}`;
    this.toPython(this.comm_id, JSON.stringify(data), copyBuffers(buffers || []));
    // the model sends its next update once the kernel is idle again: Python handled this one already
    queueMicrotask(() => callbacks?.iopub?.status?.({ content: { execution_state: "idle" },
                                                        parent_header: { msg_id: msgId } }));
    return msgId;
  }

  close() { return ""; }

  on_msg(callback) {
    this.onMsg = callback;
    for (const msg of this.queue.splice(0)) callback(msg);
  }

  on_close(callback) { this.onClose = callback; }

  deliver(msg) {
    if (this.onMsg) this.onMsg(msg);
    else this.queue.push(msg);
  }
}

async function main() {
  const config = await (await fetch("config.json")).json();
  const pyodideUrl = new URL(config.pyodide, window.location.href).href;
  const widgets = loadWidgetsLibrary(config.widgets);
  // the packages compiled ahead (one zip), or else the wheels themselves (compiled on import: slower)
  const archives = (config.packages ? [[config.packages, "zip"]]
    : config.wheels.map((name) => [new URL(name, pyodideUrl), "wheel"])).map(([url, format]) => ({
    format,
    data: fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return r.arrayBuffer();
    }),
  }));
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideUrl).href);
  let saver = null;
  const retired = async () => {
    const notice = document.getElementById("ht-takeover");
    notice.textContent = "The table is open in another tab now, which goes on from your saved work. This tab "
      + "no longer saves: reload it to play here again.";
    notice.hidden = false;
    if (saver) await saver.stop();
  };
  const files = (async () => {
    await takeOver(retired);
    const drive = new Drive();
    return { drive, files: await readFolder(await drive.open(), config.driveFolder) };
  })().catch((error) => ({ drive: null, files: [], error })); // the table still runs, and says it cannot save
  const python = loadPyodide({
    indexURL: pyodideUrl,
    env: { HOME: "/home/pyodide", HEARTS_TUTOR_DATA_DIR: config.dataDir, JUPYTER_WIDGETS_ECHO: "0",
           QUERY_STRING: window.location.search.replace(/^\?/, "") },
  });
  progress("Loading Python…", 5);
  const pyodide = await python;
  for (let i = 0; i < archives.length; i++) {
    progress(archives.length === 1 ? "Unpacking the tutor's Python packages…"
      : `Unpacking Python packages (${i + 1} of ${archives.length})…`, 40 + (20 * i) / archives.length);
    pyodide.unpackArchive(await archives[i].data, archives[i].format, { extractDir: config.sitePackages });
  }
  progress("Opening your learner database…", 60);
  const drive = await files;
  for (const file of drive.files) {
    const path = `${config.dataDir}/${file.path.slice(config.driveFolder.length + 1)}`;
    pyodide.FS.mkdirTree(path.split("/").slice(0, -1).join("/"));
    pyodide.FS.writeFile(path, file.data);
  }
  const showState = (state) => {
    savedLine.hidden = false;
    savedLine.dataset.state = state === "saving" || state === "saved" ? state : "failed";
    savedLine.textContent = state === "saving" ? "Saving…"
      : state === "saved" ? "Your statistics and practice are saved in this browser." : state;
  };
  // another page (a lesson's kernel) wrote the learner's file since this page read or wrote it: Python takes it in
  // and saves again if the drive lacks something of this page's (no attempt of either page is dropped)
  let catchUp = null;
  const takeIn = (path, data) => {
    pyodide.FS.writeFile(`${config.dataDir}/${path.slice(config.driveFolder.length + 1)}`, data);
    catchUp?.();
  };
  saver = new Saver(drive.drive, showState, drive.files, takeIn);
  if (drive.error) {
    saver.stopped = true;
    showState(`This browser does not let the page keep your work (${drive.error}): it lasts until you leave.`);
  }
  window.addEventListener("beforeunload", (event) => {
    if (saver.pending) event.preventDefault();
  });

  // Python's comm messages wait for the widget manager (still loading, maybe); then go to it at once
  const comms = new Map();
  let manager = null;
  const early = [];
  let bridge = null;
  const toPython = (commId, json, buffers) => {
    try {
      bridge.receive(commId, json, buffers);
    } catch (error) {
      console.error(error);
    }
  };
  const fromPython = (msgType, commId, targetName, dataJson, metadataJson, buffers) => {
    const bufs = [];
    for (let i = 0; i < buffers.length; i++) {
      const proxy = buffers.get(i);
      const view = proxy.getBuffer();
      bufs.push(view.data.slice());
      view.release();
      proxy.destroy();
    }
    const msg = { content: { comm_id: commId, target_name: targetName, data: JSON.parse(dataJson) },
                  metadata: JSON.parse(metadataJson), buffers: bufs, channel: "iopub", parent_header: {},
                  header: { msg_type: msgType, msg_id: `${commId}-py` } };
    if (manager) route(msg);
    else early.push(msg);
  };
  const route = (msg) => {
    const id = msg.content.comm_id;
    if (msg.header.msg_type === "comm_open") {
      const comm = new PageComm(id, msg.content.target_name, toPython);
      comms.set(id, comm);
      manager.handle_comm_open(comm, msg).catch(console.error);
    } else if (msg.header.msg_type === "comm_msg") {
      comms.get(id)?.deliver(msg);
    } else if (msg.header.msg_type === "comm_close") {
      const comm = comms.get(id);
      comms.delete(id);
      comm?.onClose?.(msg);
    }
  };
  const onSnapshot = (path, data) => {
    const view = data.getBuffer();
    const bytes = view.data.slice();
    view.release();
    const name = path.startsWith(`${config.dataDir}/`) ? path.slice(config.dataDir.length + 1) : null;
    if (name !== null) saver.save(`${config.driveFolder}/${name}`, bytes);
  };

  progress("Starting the table (Python imports the tutor)…", 65);
  await new Promise((resolve) => setTimeout(resolve, 0)); // the text above is drawn before Python works
  const pageBridge = pyodide.pyimport("hearts_tutor.serve.page_bridge");
  pageBridge.without_ipython();
  const started = pageBridge.start(fromPython, onSnapshot);
  bridge = started.get(0);
  const modelId = started.get(1);
  catchUp = started.get(2);
  started.destroy();

  progress("Drawing the table…", 90);
  const { HTMLManager } = await widgets;
  manager = new HTMLManager({ loader: (name, version) => Promise.reject(
    new Error(`the widget module ${name}@${version} is not part of this site`)) });
  for (const msg of early.splice(0)) route(msg);
  const model = await manager.get_model(modelId);
  const view = await manager.create_view(model, {});
  await manager.display_view(view, document.getElementById("ht-table"));
  document.getElementById("ht-loading").hidden = true;
  performance.mark("ht-table-shown");
}

main().catch(fail);
