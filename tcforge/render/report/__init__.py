"""The designer's report: one self-contained HTML page (no network) of a balance run, a sweep or a tune, with each
proof game as a step-through replay on the scenario sheet's own board drawing (issue 36)."""
