"""Pieces every tab uses: background work, dialogs, local files, recent files, GIL and GC policy."""
