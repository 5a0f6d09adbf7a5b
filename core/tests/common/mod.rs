//! Damage for the robustness tests: byte mutations of a document, and values of the wrong
//! type put anywhere in a JSON document.

use proptest::prelude::*;

/// One piece of damage to a byte string.
#[derive(Clone, Debug)]
pub enum Mutation {
    Truncate(usize),
    FlipBit(usize, u8),
    SetByte(usize, u8),
    Delete(usize, usize),
    Insert(usize, Vec<u8>),
}

/// Any one piece of damage.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 0u8..8).prop_map(|(i, b)| Mutation::FlipBit(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::SetByte(i, b)),
        (any::<usize>(), 1usize..40).prop_map(|(i, n)| Mutation::Delete(i, n)),
        (any::<usize>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(i, b)| Mutation::Insert(i, b)),
    ]
}

/// Applies `m` to `bytes`; positions wrap around the length.
pub fn mutate(bytes: &mut Vec<u8>, m: &Mutation) {
    let len = bytes.len().max(1);
    match m {
        Mutation::Truncate(i) => bytes.truncate(i % len),
        Mutation::FlipBit(i, b) => {
            if let Some(x) = bytes.get_mut(i % len) {
                *x ^= 1 << b;
            }
        }
        Mutation::SetByte(i, v) => {
            if let Some(x) = bytes.get_mut(i % len) {
                *x = *v;
            }
        }
        Mutation::Delete(i, n) => {
            let start = i % len;
            let end = (start + n).min(bytes.len());
            bytes.drain(start.min(end)..end);
        }
        Mutation::Insert(i, b) => {
            let at = i % len;
            for (k, x) in b.iter().enumerate() {
                bytes.insert((at + k).min(bytes.len()), *x);
            }
        }
    }
}

/// A JSON value of any type, for putting where another type belongs.
pub fn any_json() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::json;
    prop_oneof![
        Just(json!(null)),
        any::<bool>().prop_map(|b| json!(b)),
        any::<i64>().prop_map(|n| json!(n)),
        (0u64..10).prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        "[a-z0-9]{0,8}".prop_map(|s| json!(s)),
        Just(json!("classic")),
        Just(json!([])),
        Just(json!([0, 1, 9])),
        Just(json!({})),
        Just(json!({"preset": "mensch", "options": {"enter_on": "any"}})),
    ]
}

/// Every path to a value in a JSON document.
pub fn paths(v: &serde_json::Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(at.clone());
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                at.push(k.clone());
                paths(x, at, out);
                at.pop();
            }
        }
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate().take(12) {
                at.push(i.to_string());
                paths(x, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

/// The value at `path` in `v`, if there is one.
pub fn at_path<'a>(
    v: &'a mut serde_json::Value,
    path: &[String],
) -> Option<&'a mut serde_json::Value> {
    path.iter().try_fold(v, |v, k| match v {
        serde_json::Value::Object(m) => m.get_mut(k),
        serde_json::Value::Array(a) => a.get_mut(k.parse::<usize>().ok()?),
        _ => None,
    })
}
