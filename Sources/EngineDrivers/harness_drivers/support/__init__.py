"""What every Python program of the harness shares, the drivers and the store adapters alike: the JSON-lines
envelope, the store adapters' request loop, the bench timing and libfaketime (README.md)."""
