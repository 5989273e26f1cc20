fn main() { eprintln!("polyprop-bench: not yet implemented"); std::process::exit(2); }
