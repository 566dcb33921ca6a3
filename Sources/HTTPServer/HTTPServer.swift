// HTTPServer module: see ../shared/DESIGN.md.
