"""Tooling that is not shipped to the browser: the CLI, the fuzzer, arenas and audits."""
