# The MicroPython main thread's entry: load the precompiled table code and run it.
import table_ui

await table_ui.main()
