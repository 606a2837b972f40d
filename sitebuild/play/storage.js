// The learner's files in the browser: the same IndexedDB store as JupyterLite's contents drive (so the lessons
// and the table share one learner database), written with strict durability, and one table tab at a time.
//
// JupyterLite keeps its drive in localforage: database "JupyterLite Storage - <base URL>", object store "files",
// one record per path ("dir/name"), binary files as base64 (format "base64").

const STORE = "files";
const OWNER_LOCK = "hearts-tutor-table";
const CHANNEL = "hearts-tutor-table";

/** The site's root URL path (this page is play/index.html), as JupyterLite names its storage by it. */
export function storageName() {
  return `JupyterLite Storage - ${new URL("../", window.location.href).pathname}`;
}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The drive's database, with its "files" store (made when missing, as localforage would). */
export async function openDrive(name = storageName()) {
  let db = await request(indexedDB.open(name));
  if (db.objectStoreNames.contains(STORE)) return db;
  const version = db.version + 1;
  db.close();
  const req = indexedDB.open(name, version);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  db = await request(req);
  db.onversionchange = () => db.close();
  return db;
}

function base64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function unbase64(text) {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** Every file under ``folder`` on the drive: [{path, data}] (data a Uint8Array). */
export async function readFolder(db, folder) {
  const tx = db.transaction(STORE, "readonly");
  const range = IDBKeyRange.bound(`${folder}/`, `${folder}/\uffff`);
  const models = await request(tx.objectStore(STORE).getAll(range));
  return models.filter((m) => m && m.type === "file" && m.content !== null).map((m) => ({
    path: m.path,
    data: m.format === "base64" ? unbase64(m.content) : new TextEncoder().encode(
      m.format === "json" ? JSON.stringify(m.content) : m.content),
  }));
}

/** Write one file (and its folder's record) in one transaction; resolves once it is on the drive. */
export function writeFile(db, path, data) {
  const now = new Date().toISOString();
  const folder = path.split("/").slice(0, -1).join("/");
  const tx = db.transaction(STORE, "readwrite", { durability: "strict" });
  const store = tx.objectStore(STORE);
  const done = new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("the write was aborted"));
  });
  const old = store.get(path);
  old.onsuccess = () => {
    store.put({ name: path.split("/").pop(), path, last_modified: now, created: old.result?.created || now,
                format: "base64", mimetype: "application/octet-stream", content: base64(data), size: data.length,
                writable: true, type: "file" }, path);
  };
  if (folder) {
    const dir = store.get(folder);
    dir.onsuccess = () => {
      if (!dir.result) {
        store.put({ name: folder.split("/").pop(), path: folder, last_modified: now, created: now, format: "json",
                    mimetype: "", content: null, size: 0, writable: true, type: "directory" }, folder);
      }
    };
  }
  return done;
}

/**
 * Saves the newest bytes of each file, one write at a time (a snapshot that arrives while one is being written
 * replaces any still waiting), and says on the page whether everything is on the drive. ``onState`` gets
 * "saving", "saved" or an error message.
 */
export class Saver {
  constructor(db, onState) {
    this.db = db;
    this.onState = onState;
    this.waiting = new Map();
    this.busy = null;
    this.stopped = false;
  }

  save(path, data) {
    if (this.stopped) return;
    this.waiting.set(path, data);
    this.onState("saving");
    if (!this.busy) this.busy = this._drain();
  }

  get pending() {
    return this.busy !== null;
  }

  async _drain() {
    try {
      while (this.waiting.size) {
        const [path, data] = this.waiting.entries().next().value;
        this.waiting.delete(path);
        await writeFile(this.db, path, data);
      }
      this.onState("saved");
    } catch (error) {
      this.onState(`Could not save your work in this browser: ${error}`);
    } finally {
      this.busy = null;
      if (this.waiting.size && !this.stopped) this.busy = this._drain();
    }
  }

  /** Stop taking new snapshots; resolves once the last write is on the drive. */
  async stop() {
    this.stopped = true;
    this.waiting.clear();
    while (this.busy) await this.busy;
  }
}

/**
 * Make this tab the table's only writer: tell any other table tab, which finishes its last write, stops saving
 * and says so (``onRetire`` there), then hold the lock it let go. Resolves once this tab owns the learner's
 * files; ``retire`` (called in the older tab) must resolve when its writes are done.
 */
export async function takeOver(retire, patienceMs = 5000) {
  const me = `${Date.now()}-${Math.random()}`;
  const channel = new BroadcastChannel(CHANNEL);
  if (!navigator.locks) { // not a secure context (http:// on another host than this one): no Web Locks
    channel.onmessage = (event) => {
      if (event.data?.type === "open" && event.data.from !== me) retire();
    };
    channel.postMessage({ type: "open", from: me });
    return;
  }
  let release;
  const held = new Promise((r) => { release = r; });
  const owned = new Promise((resolve) => {
    // a tab that does not answer (frozen, or closed half way) does not keep this one waiting
    const timer = setTimeout(() => navigator.locks.request(OWNER_LOCK, { steal: true }, () => {
      resolve();
      return held;
    }), patienceMs);
    navigator.locks.request(OWNER_LOCK, () => { clearTimeout(timer); resolve(); return held; })
      .catch(() => {}); // stolen
  });
  channel.onmessage = async (event) => {
    if (event.data?.type === "open" && event.data.from !== me) {
      await retire();
      release();
    }
  };
  channel.postMessage({ type: "open", from: me });
  await owned;
}
