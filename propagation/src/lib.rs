//! Polyhedral expression propagation (paper 003, sections 3 and 4): not yet implemented.
