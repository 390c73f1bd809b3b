//! Rebuild when the embedded packs (`content/`) or the shared script library changes.
fn main() {
    println!("cargo:rerun-if-changed=../content");
    println!("cargo:rerun-if-changed=../scripts");
}
