// Placeholder: the module's first files are being written.
