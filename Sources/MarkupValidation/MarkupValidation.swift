// MarkupValidation module: see ../shared/DESIGN.md.
