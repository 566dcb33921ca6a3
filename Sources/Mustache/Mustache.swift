// Mustache module: see ../shared/DESIGN.md.
