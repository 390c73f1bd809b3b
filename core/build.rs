//! Rebuild when the embedded base pack or the shared script library changes.
fn main() {
    println!("cargo:rerun-if-changed=../content/tabriz");
    println!("cargo:rerun-if-changed=../scripts");
}
