// The learner's files in the browser: the same IndexedDB store as JupyterLite's contents drive (so the lessons
// and the table share one learner database), written with strict durability, and one table tab at a time. A lesson's
// kernel writes the same file (through JupyterLite's drive): a write here happens only if the drive still holds what
// this page last read or wrote, else the page takes the newer file in first (Saver's ``takeIn``).
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

/** The drive's database, with its "files" store (made when missing, as localforage would). It closes itself when
 * another page upgrades the database (JupyterLite adding its stores), which would wait for it otherwise. */
export async function openDrive(name = storageName()) {
  let db = await request(indexedDB.open(name));
  if (!db.objectStoreNames.contains(STORE)) {
    const version = db.version + 1;
    db.close();
    const req = indexedDB.open(name, version);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    db = await request(req);
  }
  db.onversionchange = () => db.close();
  return db;
}

/** The drive, opened again when its connection was closed for another page's upgrade. */
export class Drive {
  constructor(name = storageName()) {
    this.name = name;
    this.db = null;
  }

  async open() {
    if (!this.db) {
      const db = await openDrive(this.name);
      db.onversionchange = () => {
        db.close();
        if (this.db === db) this.db = null;
      };
      this.db = db;
    }
    return this.db;
  }
}

function base64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function unbase64(text) {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

function fileData(model) {
  return model.format === "base64" ? unbase64(model.content) : new TextEncoder().encode(
    model.format === "json" ? JSON.stringify(model.content) : model.content);
}

/** What the drive holds at ``path`` as stored (compared, not decoded): a file's content, or null. */
function storedContent(model) {
  return model && model.type === "file" ? model.content ?? null : null;
}

/** Every file under ``folder`` on the drive: [{path, data, content}] (data a Uint8Array, content as stored). */
export async function readFolder(db, folder) {
  const tx = db.transaction(STORE, "readonly");
  const range = IDBKeyRange.bound(`${folder}/`, `${folder}/\uffff`);
  const models = await request(tx.objectStore(STORE).getAll(range));
  return models.filter((m) => m && m.type === "file" && m.content !== null).map((m) => ({
    path: m.path, data: fileData(m), content: m.content,
  }));
}

/** What the drive holds at each of ``paths`` now: Map path -> {content, data} (content null: no file). */
async function readFiles(db, paths) {
  const tx = db.transaction(STORE, "readonly");
  const store = tx.objectStore(STORE);
  const found = new Map();
  for (const path of paths) {
    const model = await request(store.get(path));
    const content = storedContent(model);
    found.set(path, { content, data: content === null ? new Uint8Array() : fileData(model) });
  }
  return found;
}

/**
 * Write one file (and its folder's record) in one transaction, if the drive still holds ``expected`` there (the
 * content as this page last read or wrote it; null: no file). Resolves once the transaction is over, to
 * {written: content} or, when another page wrote the file since (nothing is written then), {conflict: {content,
 * data}} with what the drive holds.
 */
export function writeFile(db, path, data, expected = null) {
  const now = new Date().toISOString();
  const folder = path.split("/").slice(0, -1).join("/");
  const tx = db.transaction(STORE, "readwrite", { durability: "strict" });
  const store = tx.objectStore(STORE);
  let outcome = null;
  const done = new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(outcome);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("the write was aborted"));
  });
  const old = store.get(path);
  const content = base64(data);
  old.onsuccess = () => {
    const there = storedContent(old.result);
    if (there !== expected) {
      outcome = { conflict: { content: there, data: there === null ? new Uint8Array() : fileData(old.result) } };
      return;
    }
    outcome = { written: content };
    store.put({ name: path.split("/").pop(), path, last_modified: now, created: old.result?.created || now,
                format: "base64", mimetype: "application/octet-stream", content, size: data.length,
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

const CHECK_AFTER_MS = [2000, 10000];

/**
 * Saves the newest bytes of each file, one write at a time (a snapshot that arrives while one is being written
 * replaces any still waiting), and says on the page whether everything is on the drive. ``onState`` gets
 * "saving", "saved" or an error message.
 *
 * A write happens only over the file this page last read (``files``, from readFolder) or wrote. When another page
 * (a lesson's kernel) wrote it since, ``takeIn(path, data)`` gets the drive's file instead: Python merges it and
 * saves again if the drive lacks something of this page's. A kernel's write is no such exchange (it reads, merges
 * and writes through JupyterLite's drive), so the drive is looked at again 2 s and 10 s after each save.
 */
export class Saver {
  constructor(drive, onState, files = [], takeIn = () => {}) {
    this.drive = drive;
    this.onState = onState;
    this.takeIn = takeIn;
    this.known = new Map(files.map((f) => [f.path, f.content]));
    this.waiting = new Map();
    this.busy = null;
    this.stopped = false;
    this.timers = [];
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

  _changed(path, found) {
    this.known.set(path, found.content);
    this.takeIn(path, found.data); // may save() again, at once
  }

  async _drain() {
    try {
      while (this.waiting.size) {
        const [path, data] = this.waiting.entries().next().value;
        this.waiting.delete(path);
        const outcome = await writeFile(await this.drive.open(), path, data, this.known.get(path) ?? null);
        if (outcome.conflict) this._changed(path, outcome.conflict);
        else this.known.set(path, outcome.written);
      }
      this.onState("saved");
      this.timers.forEach(clearTimeout);
      this.timers = CHECK_AFTER_MS.map((ms) => setTimeout(() => this.check(), ms));
    } catch (error) {
      this.onState(`Could not save your work in this browser: ${error}`);
    } finally {
      this.busy = null;
      if (this.waiting.size && !this.stopped) this.busy = this._drain();
    }
  }

  /** Take in what another page wrote over this page's files since (its write raced this page's last one). */
  async check() {
    if (this.stopped || this.busy || !this.known.size) return;
    try {
      const found = await readFiles(await this.drive.open(), [...this.known.keys()]);
      for (const [path, file] of found) {
        if (!this.stopped && !this.busy && file.content !== this.known.get(path)) this._changed(path, file);
      }
    } catch (error) {
      console.warn("could not look at the drive again", error);
    }
  }

  /** Stop taking new snapshots; resolves once the last write is on the drive. */
  async stop() {
    this.stopped = true;
    this.timers.forEach(clearTimeout);
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
