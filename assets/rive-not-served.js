// Served in place of Rive's runtime (rive_native.js), which Flet's client fetches from a
// public CDN as it starts (index.html sends it here): this app shows no Rive animation, and asks
// nothing of a third party.  Rive finds no runtime and stays unused.
window.RiveNative = () => Promise.reject(new Error("Spades Scorekeeper does not serve Rive's runtime"));
