// How long the page's save check (static/ui/ui_save_check.py) takes under the page's
// own MicroPython (WebAssembly), in node: a real late-game save and the worst
// crafted ones. Run after `python3 tools/build.py vendor`:
//   .venv/bin/python -c "..." > /tmp/late.json   (any page save; see docs/RELIABILITY.md)
//   node tools/time_save_check.mjs /tmp/late.json
import fs from "fs";
import { fileURLToPath } from "url";
import { loadMicroPython } from "../static/micropython/micropython.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const mp = await loadMicroPython({ stdout: (line) => console.log(line) });
mp.FS.writeFile("/ui_save_check.py", fs.readFileSync(root + "static/ui/ui_save_check.py", "utf8"));
globalThis.SAVE = process.argv[2] ? fs.readFileSync(process.argv[2], "utf8") : "";
mp.runPython(`
import js, sys, time
sys.path.append("/")
import ui_save_check as check

cases = [
    ("one %d kB string" % (check.MAX_TEXT // 1000),
     '{"schema": "canasta-table/1", "x": "' + "a" * (check.MAX_TEXT - 60) + '"}'),
    ("nested %d deep" % (check.MAX_TEXT // 2), "[" * (check.MAX_TEXT // 2) + "]" * (check.MAX_TEXT // 2)),
    ("over the cap", " " * (check.MAX_TEXT + 1)),
]
if js.SAVE:
    cases.insert(0, ("the save given (%d characters)" % len(js.SAVE), js.SAVE))
for name, text in cases:
    best = None
    for _ in range(5):
        start = time.ticks_us()
        problem = check.parse(text)[1]
        took = time.ticks_diff(time.ticks_us(), start)
        best = took if best is None or took < best else best
    print("%s: %s, %d ms (best of 5)" % (name, problem or "passes", best // 1000))
`);
