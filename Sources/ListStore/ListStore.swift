// ListStore module: see ../shared/DESIGN.md.
