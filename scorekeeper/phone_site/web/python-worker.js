// The phone's own build (scorekeeper phone-app): the app's Python, in a worker.
//
// In place of Flet's python-worker.js.  Every package is in app.tar.gz (no micropip, no PyPI, no
// requirements step); the data folder is the browser's storage (Pyodide's IDBFS, read back with
// syncfs(true)); the bytecode Python compiles is kept there too, so a later start reads it instead
// of compiling again.  It tells the page each step it begins ({step}), which the page's watchdog
// times (python.js).  Python asks for the games to be written through (`flet_js.keep_games()`,
// awaited before "Hand N saved" shows: scorekeeper/gui/phone/keeping.py).
const GAMES = "/spades-scorekeeper/games";  // IDBFS names its IndexedDB database after the mount point
const CACHE = "/spades-scorekeeper/bytecode";
const APP = "/spades-scorekeeper/app";
const PYODIDE_LOCK = {  // no package is loaded from Pyodide's repository: an empty lock, not fetched
  info: {arch: "wasm32", platform: "emscripten_5_0_3", version: "314.0.7", python: "3.14.2", abi_version: "2026_0"},
  packages: {},
};

self.flet_js = {};
let pyodide = null;
let started = false;

const step = (name) => self.postMessage({step: name});
const note = (text) => self.postMessage({note: text});

function mount(FS, where) {
  FS.mkdirTree(where);
  FS.mount(FS.filesystems.IDBFS, {}, where);
  return FS.lookupPath(where).node.mount;
}

// One syncfs of one mount at a time (IDBFS warns and does the work twice otherwise); `populate`:
// true reads IndexedDB into the files, false writes the files' changes to IndexedDB.
const queues = new Map();
function sync(where, populate) {
  const m = pyodide.FS.lookupPath(where).node.mount;
  const before = queues.get(where) || Promise.resolve();
  const run = before.catch(() => {}).then(() => new Promise((resolve, reject) => {
    // (an Error, with the browser's name for what went wrong: Pyodide raises it in Python)
    m.type.syncfs(m, populate, (err) => (err ? reject(new Error(words(err))) : resolve()));
  }));
  queues.set(where, run);
  return run;
}

function words(err) {
  if (!err) return "unknown";
  const name = err.name || (err.constructor && err.constructor.name) || "";
  return `${name}${name ? ": " : ""}${err.message || err}`;
}

// Python started from a snapshot of its memory (Pyodide's `_loadSnapshot`), taken on the first start
// once the modules of the games list were loaded: a later start does neither Python's own start nor
// those imports again.  The snapshot is of this build's app (its key names app.tar.gz's digest) and
// is kept in the browser's Cache Storage (https or this computer only).  One that fails is dropped,
// and a start the page's watchdog tries again (`fresh`) makes a new one.
const SNAPSHOTS = "python-snapshots";  // (a name the service worker, which deletes its old caches, leaves alone)
const APP_DIGEST = "%APP_DIGEST%";  // (written by scorekeeper/phone_site/build.py)
//: what Python runs before the snapshot (the first screen's modules) and after it (what must differ
//: from one start to the next: a new seed for the draw for the deal)
const PRELOAD = `
import sys
sys.path.insert(0, "${APP}")
sys.pycache_prefix = "${CACHE}/pyc"
sys.dont_write_bytecode = False
from scorekeeper.gui.phone import start
start.preload()
`;

async function python(loadPyodide, base, fresh, app) {
  const config = {
    indexURL: new URL("pyodide/", base).href,
    lockFileContents: JSON.stringify(PYODIDE_LOCK),
    packageBaseUrl: new URL("pyodide/", base).href,  // (nothing is loaded from there: no CDN either)
    stdout: (text) => console.log(text),
    stderr: (text) => console.error(text),
    env: {HOME: "/home/pyodide", PYTHONDONTWRITEBYTECODE: ""},
  };
  const key = new URL(`python-snapshot-${PYODIDE_LOCK.info.version}-${APP_DIGEST}`, base).href;
  const kept = self.caches ? await caches.open(SNAPSHOTS).catch(() => null) : null;
  if (kept && fresh) await kept.delete(key).catch(() => {});
  const snapshot = kept && !fresh ? await kept.match(key).catch(() => null) : null;
  if (snapshot) {
    try {
      const loaded = await loadPyodide({...config, _loadSnapshot: new Uint8Array(await snapshot.arrayBuffer())});
      note("Python started from its snapshot");
      await files(loaded, app);
      return loaded;
    } catch (err) {
      note(`the snapshot failed (${words(err)}): started without it`);
      await kept.delete(key).catch(() => {});
    }
  }
  const loaded = await loadPyodide({...config, _makeSnapshot: !!kept});
  await files(loaded, app);
  loaded.runPython(PRELOAD);
  note("the first screen's modules loaded");
  if (kept) {
    try {
      const bytes = loaded.makeMemorySnapshot();
      for (const old of await kept.keys()) await kept.delete(old);  // an older build's
      kept.put(key, new Response(bytes)).then(() => note("snapshot kept"), (err) => note(`snapshot not kept: ${words(err)}`));
    } catch (err) {
      note(`no snapshot: ${words(err)}`);
    }
  }
  return loaded;
}

// The app's files and the kept bytecode (a snapshot holds the modules loaded, not the files, which
// the later screens' modules are loaded from)
let storage = null;  // why the games cannot be kept in this browser, or null
let bytecode = null;
async function files(py, app) {
  const FS = py.FS;
  mount(FS, GAMES);
  mount(FS, CACHE);
  FS.mkdirTree(APP);
  step("games");
  pyodide = py;
  const [games, cache] = await Promise.allSettled([sync(GAMES, true), sync(CACHE, true)]);
  if (games.status === "rejected") storage = words(games.reason);
  bytecode = cache.status === "fulfilled";
  self.postMessage({storage: storage || "kept"});
  step("app");
  py.unpackArchive(await app, "gztar", {extractDir: APP});
  note("app unpacked");
}

async function start({base, documentUrl, fresh}) {
  step("python");
  const appFile = fetch(new URL("app.tar.gz", base)).then((r) => {
    if (!r.ok) throw new Error(`app.tar.gz: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  appFile.catch(() => {});
  const {loadPyodide} = await import(new URL("pyodide/pyodide.mjs", base).href);
  note("pyodide.mjs imported");
  pyodide = await python(loadPyodide, base, fresh, appFile);

  self.flet_js.documentUrl = documentUrl;
  self.flet_js.keep_games = () => sync(GAMES, false);
  self.flet_js.keep_bytecode = () => (bytecode ? sync(CACHE, false) : Promise.resolve());
  self.flet_js.step = step;
  self.flet_js.unsaved = (flag) => self.postMessage({unsaved: !!flag});
  self.flet_js.note = (text) => self.postMessage({note: String(text)});
  pyodide.registerJsModule("flet_js", self.flet_js);
  pyodide.globals.set("storage_problem", storage);
  await pyodide.runPythonAsync(`
from scorekeeper.gui.phone import start
await start.run("${GAMES}", storage_problem)
`);
  if (typeof self.flet_js.start_connection !== "function") throw new Error("the app did not start Flet");
  await self.flet_js.start_connection((message) => {
    const bytes = message.toJs();
    self.postMessage(bytes, [bytes.buffer]);
  });
  step("ready");
}

self.onmessage = async (event) => {
  if (!started) {
    started = true;
    try {
      await start(event.data);
    } catch (err) {
      self.postMessage({failed: words(err)});
    }
  } else if (typeof self.flet_js.send === "function") {
    self.flet_js.send(event.data);
  }
};
