//! Tells cargo to compile `nimlab` again when the page it embeds (`nimlab serve`) is
//! built or rebuilt: the folder `crates/nimlab-web/dist` when it is there, otherwise the
//! folder it will appear in.

fn main() {
    let dist = std::path::Path::new("../nimlab-web/dist");
    if dist.is_dir() {
        println!("cargo:rerun-if-changed=../nimlab-web/dist");
    } else {
        println!("cargo:rerun-if-changed=../nimlab-web");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
