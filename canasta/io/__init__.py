"""Views, positions and saves: what crosses the engine's boundary as JSON."""
