// The phone's own build (scorekeeper phone-app): a cache-first service worker, so the app starts
// with no network.  Installed once the app has started (index.html registers it then: no start
// waits for it), it keeps every file the app loads in one cache named after this build; a new
// build's worker fills its own cache, then the old one is deleted.  The files come from the site
// itself and from nowhere else.
"use strict";
const BUILD = "%BUILD%";
const FILES = %FILES%;
//: CanvasKit: the build this browser loads (python.js asks for the worker with ?canvaskit=...)
const CANVASKIT = %CANVASKIT%;
const CACHE = `spades-scorekeeper-${BUILD}`;
const scope = new URL(self.registration.scope);
//: a piece of Noto Color Emoji (or of Noto Sans Symbols), which Flutter fetches for an emoji none
//: of the page's fonts has: answered with the app's one emoji font (tools/emoji_font.py), kept
//: with the rest (as gui/serve.py's EMOJI_PIECE)
const EMOJI_PIECE = /\/assets\/fonts\/(notocoloremoji|notosanssymbols)\/[A-Za-z0-9_.\/-]*\.woff2$/;
const EMOJI_FONT = "fonts/Twemoji.woff2";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // `no-cache`: asked again of the site (answered "not modified" when the browser holds it),
    // never taken unasked from an old build's copy in the browser's HTTP cache
    const canvaskit = CANVASKIT[new URL(self.location.href).searchParams.get("canvaskit")] || CANVASKIT.full;
    await Promise.all([...FILES, ...canvaskit].map(async (file) => {
      const url = new URL(file, scope).href;
      const response = await fetch(url, {cache: "no-cache"});
      if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
      await cache.put(url, response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("spades-scorekeeper-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // the page itself under any of its addresses ("./", "./index.html", "./?from=home")
    const emoji = EMOJI_PIECE.test(url.pathname);
    const key = request.mode === "navigate" ? new URL("index.html", scope).href
      : emoji ? new URL(EMOJI_FONT, scope).href : url.origin + url.pathname;
    const kept = await cache.match(key);
    if (kept) return kept;
    return fetch(emoji ? key : request);
  })());
});
