"""The phone's own build of the app (`scorekeeper phone-app`): the same app, in the phone's browser.

Run by Pyodide in a worker of the page (scorekeeper/phone_site/web/python-worker.js), which
mounts the browser's storage (IDBFS) as the data folder, then `start.run`.  What differs from the
served app, and only that, is here: `PhoneDoor` (the one user of this phone: no guest, no viewer,
no route to sharing a table, the pen, the host link or a QR code), `Keeping` (a change's message
shows once the browser's storage holds it), `picture` (the sheet's picture drawn by the client,
with no Pillow).  None of the server's modules (serve, guard, pictures), uvicorn or Pillow is
imported here, and the site does not carry them.
"""
from __future__ import annotations

from .door import PhoneDoor
from .keeping import Keeping

__all__ = ["Keeping", "PhoneDoor"]
