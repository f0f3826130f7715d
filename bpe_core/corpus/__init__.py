"""A corpus read and counted, the first half of training: where its files are (locations: paths, globs, bucket
URIs), reading them in pieces cut at safe points (reader), counting their pre-tokens in worker processes (counting)
or on Ray (ray_counting), the counts kept as data (counts_file), and the corpora BPE Explorer ships (samples)."""
