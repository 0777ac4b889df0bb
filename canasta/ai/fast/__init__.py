"""The AI's fast play-out path: mutable counts instead of immutable states."""
