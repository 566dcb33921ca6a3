// ListState module: see ../shared/DESIGN.md.
