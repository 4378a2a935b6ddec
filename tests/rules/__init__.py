"""Rule-by-rule unit tests: one module per section of the rulebook (R1 to R6)."""
