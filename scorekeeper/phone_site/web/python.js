// The phone's own build (scorekeeper phone-app): the page's side of the app's Python.
//
// In place of Flet's python.js.  Flet's starts Python only once Flutter has loaded and asks for it
// (jsConnect), then waits for it with no limit.  This one starts the Python worker as the page
// starts, so Python loads while Flutter does, and watches it: each step of the start has a time
// limit; a step that overruns it (a start that hangs) ends that worker and starts a new one, and
// the page says what is being done meanwhile (#starting).  Flutter's jsConnect then gets the
// worker that is ready.  The functions Dart calls (jsConnect, jsSend, jsDisconnect) are Flet's.
(() => {
  "use strict";
  const here = new URL(".", document.baseURI);
  //: how long each step may take, in seconds, before the start is tried again (a busy 2-core
  //: machine took up to 116 s for a whole start; a hung one never ends)
  const LIMITS = {python: 150, games: 60, app: 90, ready: 90};
  const TRIES = 3;
  // `?start-limit=S`: every step S seconds at most; `?start-limit=S1,S2,S3`: S1 in the first try,
  // S2 in the second, and so on (the tests make a start hang and see it recover: a hung try is
  // given up soon, the one that runs has the time a busy machine needs)
  const given = (new URLSearchParams(location.search).get("start-limit") || "")
    .split(",").map(Number).filter((s) => s > 0);
  const limitOf = (name) => given.length ? given[Math.min(tries, given.length) - 1] : LIMITS[name];
  const started = performance.now();
  const timeline = [];  // [seconds since the page started, what]: read by the tests and the benchmark
  let worker = null, tries = 0, step = null, limit = null, ready = null, failed = null;
  let dartOnMessage = null, early = [], unsaved = false;
  addEventListener("beforeunload", (event) => { if (unsaved) event.preventDefault(); });

  const status = (text, fatal = false) => {
    let box = document.getElementById("starting");
    if (!box) {
      box = document.createElement("div");
      box.id = "starting";
      box.setAttribute("role", "status");
      box.style.cssText = "position:fixed;left:0;right:0;bottom:24px;text-align:center;z-index:10;" +
        "font:15px/1.4 system-ui,sans-serif;color:#41493F;padding:0 16px;pointer-events:none";
      (document.body || document.documentElement).appendChild(box);
    }
    box.textContent = text;
    if (fatal) {
      box.style.pointerEvents = "auto";
      const again = document.createElement("button");
      again.textContent = "Try again";
      again.style.cssText = "display:block;margin:12px auto;min-height:48px;padding:0 24px;font:inherit";
      again.onclick = () => location.reload();
      box.appendChild(again);
    }
  };
  const note = (what) => {
    timeline.push([+((performance.now() - started) / 1000).toFixed(2), what]);
    window.scorekeeperStart = {timeline, tries, failed, ready: ready !== null && failed === null && step === "ready"};
  };

  const WORDS = {
    python: "Loading Python",
    games: "Reading the games kept on this phone",
    app: "Starting the app",
  };

  function arm(name) {
    if (name === step && limit !== null) return;  // (the worker says the step the page began)
    clearTimeout(limit);
    step = name;
    note(name);
    if (name === "ready") return;
    const t0 = performance.now();
    const words = WORDS[name] || name;
    status(tries > 1 ? `${words}… (try ${tries} of ${TRIES})` : `${words}…`);
    limit = setTimeout(() => {
      const waited = Math.round((performance.now() - t0) / 1000);
      note(`${name} took more than ${waited} s`);
      console.warn(`Spades Scorekeeper: "${words}" took more than ${waited} s: starting again`);
      restart(`${words} took more than ${waited} s`);
    }, limitOf(name) * 1000);
  }

  let resolveReady, rejectReady;
  ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });

  function restart(why) {
    if (worker) { worker.onmessage = null; worker.terminate(); worker = null; }
    if (tries >= TRIES) {
      failed = why;
      note(`gave up: ${why}`);
      status(`The app could not start on this phone: ${why}, ${TRIES} times. Close other apps ` +
             `and tabs, then try again.`, true);
      rejectReady(new Error(why));
      return;
    }
    start();
  }

  function start() {
    tries += 1;
    const w = new Worker(new URL("python-worker.js", here), {type: "module"});
    worker = w;
    w.onmessage = (event) => {
      if (w !== worker) return;
      const data = event.data;
      if (data && data.step) {
        arm(data.step);
        if (data.step === "ready") {
          const box = document.getElementById("starting");
          if (box) box.remove();
          window.scorekeeperStart.ready = true;
          resolveReady();
          keepOffline();
        }
      } else if (data && data.failed) {
        console.error("Spades Scorekeeper: the app's Python stopped:", data.failed);
        note(`failed: ${data.failed}`);
        clearTimeout(limit);
        if (step === "ready") return;
        failed = data.failed;
        status(`The app could not start: ${data.failed}`, true);
        rejectReady(new Error(data.failed));
      } else if (data && data.storage !== undefined) {
        note(`storage: ${data.storage}`);
      } else if (data && data.note !== undefined) {
        note(data.note);
      } else if (data && data.unsaved !== undefined) {
        unsaved = data.unsaved;  // a change not yet kept in the browser's storage: ask before leaving
      } else if (dartOnMessage) {
        dartOnMessage(data);
      } else {
        early.push(data);
      }
    };
    w.onerror = (event) => {
      if (w !== worker) return;
      note(`worker error: ${event.message}`);
      restart(event.message || "the Python worker failed");
    };
    step = null;
    arm("python");
    w.postMessage({base: here.href, documentUrl: document.URL, fresh: tries > 1});
  }

  // The service worker that keeps every file for a start with no network: registered once the app
  // runs (no start waits for it), for the CanvasKit build this browser loads (as Flutter's loader
  // chooses it: Chromium's where the browser has its codecs and break iterators).
  function keepOffline() {
    if (!("serviceWorker" in navigator)) return;  // no https: no start without the network
    const chromium = typeof ImageDecoder !== "undefined" && navigator.vendor === "Google Inc." &&
      typeof Intl.v8BreakIterator !== "undefined" && typeof Intl.Segmenter !== "undefined";
    navigator.serviceWorker.register(`sw.js?canvaskit=${chromium ? "chromium" : "full"}`)
      .then(() => note("service worker registered"), (err) => note(`service worker refused: ${err}`));
  }

  start();
  // keep this site's storage from being cleared when the phone runs short of space (a browser that
  // keeps the site's data anyway, or refuses, answers without asking)
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persist().then((kept) => note(`persistent storage: ${kept}`), () => {});
  }

  // -- what Flet's Dart side calls (same names and meanings as Flet's python.js) --------------------
  globalThis.jsConnect = async function (appId, args, onMessage) {
    note("Flutter asked for Python");
    await ready;
    dartOnMessage = onMessage;
    for (const data of early.splice(0)) onMessage(data);
  };
  globalThis.jsSend = async function (appId, data) {
    if (worker) worker.postMessage(data, [data.buffer]);
  };
  globalThis.jsDisconnect = async function (appId) {
    if (worker) { worker.terminate(); worker.onmessage = null; worker = null; }
  };
})();
