// Which standard-library modules the engine worker imports (issue 17), for the trimmed
// python_stdlib.zip that tools/stdlib.py builds. Run in Node with the pinned Pyodide
// (its full standard library) after `make engine`:
//
//     node tools/trace_stdlib.mjs > tools/stdlib_modules.txt
//
// It runs static/worker.py's functions over every level and several games (new games,
// hints, whole rounds, the strong AI's search, refusals, bad saves, the AI bench) and
// prints the modules then loaded, one a line. tools/stdlib.py adds what those modules
// and our own code import at module level.
//
//     node tools/trace_stdlib.mjs --stdlib static/pyodide/python_stdlib.zip
//
// runs the same on the shipped (trimmed) standard library instead: tests/test_stdlib.py
// checks that it works there and that the list is current.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";

const root = new URL("../", import.meta.url);
const args = process.argv.slice(2);
const stdlib = args[0] === "--stdlib" ? args[1] : null;
const py = await loadPyodide(stdlib ? { stdLibURL: stdlib } : {});
py.unpackArchive(new Uint8Array(fs.readFileSync(new URL("static/canasta.zip", root))), "zip",
                 { extractDir: "." });
py.FS.writeFile("worker.py", fs.readFileSync(new URL("static/worker.py", root), "utf8"));
py.FS.writeFile("positions.json", fs.readFileSync(new URL("bench/positions.json", root), "utf8"));
const modules = py.runPython(`
import json, sys, traceback
import worker
for variant in ("classic", "classic-3p", "classic-5p", "classic-6p", "free-canasta"):
    for level in ("easy", "normal", "strong"):
        house = ["H1"] if variant == "classic" else []
        worker.new_game(json.dumps({"variant": variant, "seed": 3, "level": level,
                                    "house": house}))
        worker.hint(); worker.variants(); worker.house_rules(variant)
        for _ in range(3 if level == "strong" else 30):
            worker.ai_step() if level == "strong" else worker.finish_round()
        worker.act(json.dumps({"type": "discard", "card": "XX"}))
        worker.resume(json.dumps({"bad": 1}))
worker.bench_ai(open("positions.json").read())
try:
    raise ValueError("a traceback")
except ValueError:
    traceback.format_exc()
"\\n".join(sorted(m for m in sys.modules if not m.startswith(("canasta", "worker", "__"))))
`);
const header = [
  "# Standard-library modules the engine worker was seen to import (tools/trace_stdlib.mjs,",
  "# Pyodide " + py.version + "); tools/stdlib.py keeps these and what they import.",
];
console.log(header.join("\n") + "\n" + modules);
