# The MicroPython main thread's entry: load the precompiled table code and run it.
# PyScript's own start-up runs as one task just before this file; yielding once
# lets the browser paint and handle input before the table code is loaded, so the
# two do not add up to one long main-thread task.
import asyncio

await asyncio.sleep(0)

import table_ui  # noqa: E402

await table_ui.main()
