"""The window's charts: the pyqtgraph base every chart builds on (:mod:`.chart`), axes and labels whose text never
collides, the export to PNG, SVG and CSV, and curves of thousands of points drawn thin."""
