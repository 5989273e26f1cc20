//! Folding-based analysis of instrumented executions (papers 000 and 001): not yet implemented.
