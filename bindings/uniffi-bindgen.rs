//! `uniffi-bindgen`, pinned to the same UniFFI version as the library.
//! Run it through `bindings/generate.sh`, or by hand:
//! `cargo run -p ludo-ffi --features cli --bin uniffi-bindgen -- generate ...`

fn main() {
    uniffi::uniffi_bindgen_main();
}
