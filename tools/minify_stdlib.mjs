// The second step of the trimmed standard library (issue 17; tools/stdlib.py is the
// first): every Python source of the archive rewritten without its docstrings and
// comments, as the pinned Pyodide's own Python 3.14 parses it (the build machine's
// Python may be too old to parse it). The code is what `ast.unparse` gives back, the
// same program; `__doc__` is then None everywhere, as under `python -OO`, which the
// standard library supports. Tracebacks inside the standard library show other line
// numbers.
//
//     node tools/minify_stdlib.mjs IN.zip OUT.zip
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: node tools/minify_stdlib.mjs IN.zip OUT.zip");
  process.exit(2);
}
const py = await loadPyodide();
py.FS.writeFile("/tmp/in.zip", new Uint8Array(fs.readFileSync(input)));
py.runPython(`
import ast
import zipfile

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                node.body = node.body[1:] or [ast.Pass()]
    return tree


with zipfile.ZipFile("/tmp/in.zip") as source, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in source.infolist():
        data = source.read(info.filename)
        if info.filename.endswith(".py"):
            text = ast.unparse(without_docstrings(ast.parse(data, info.filename)))
            compile(text, info.filename, "exec")  # still a program
            data = text.encode("utf-8")
        out.writestr(info, data, zipfile.ZIP_DEFLATED, 9)
`);
fs.writeFileSync(output, py.FS.readFile("/tmp/out.zip"));
