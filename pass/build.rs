//! Builds the C++ bridge against the system's LLVM 14 and links libLLVM-14 dynamically, once.

use std::process::Command;

fn llvm_config(arg: &str) -> String {
    let output = Command::new("/usr/lib/llvm-14/bin/llvm-config")
        .arg(arg)
        .output()
        .expect("llvm-config of LLVM 14 not found: run ./setup.sh");
    String::from_utf8(output.stdout).expect("llvm-config printed non-UTF-8").trim().to_string()
}

fn main() {
    let mut build = cc::Build::new();
    build.cpp(true).file("bridge/bridge.cpp").warnings(false);
    for flag in llvm_config("--cxxflags").split_whitespace() {
        // The bridge is called from Rust with unwinding disabled at the boundary; keep the
        // flags LLVM was built with (-fno-exceptions, -fno-rtti) so types match libLLVM.
        build.flag(flag);
    }
    build.compile("polyprop_bridge");
    // libLLVM-14 exports Polly's isl. It must come last on the link line, after the static
    // isl of isl-rs, or the linker resolves part of our isl calls to libLLVM's copy (an older
    // isl with other data layouts). `nm -D libpolyprop.so | grep isl_` must stay empty.
    println!("cargo:rustc-link-arg=-L{}", llvm_config("--libdir"));
    println!("cargo:rustc-link-arg=-Wl,-Bsymbolic");
    println!("cargo:rustc-link-arg=-lstdc++");
    println!("cargo:rustc-link-arg=-lLLVM-14");
    println!("cargo:rerun-if-changed=bridge/bridge.cpp");
}
