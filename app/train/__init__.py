"""The Train tab: corpus and settings panels, the training worker, the merges table and the charts."""
