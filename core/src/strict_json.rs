//! JSON text read as `serde_json` reads it, but with every object's keys told apart: an
//! object that names a key twice is refused, since which of its two values was meant cannot
//! be told (a generic parse keeps the last one and drops the first without a word). Used
//! for what comes from outside: the `moves` / `apply` requests and saves.

use crate::echo::echo;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::fmt;

/// Parses one JSON document, refusing an object with a key given twice. The error is
/// `serde_json`'s, with its line and column (`the key "roll" is given twice in one object at
/// line 1 column 18`), and a key given twice is its only "data" error (`is_data`): every
/// other is the text's syntax. Like `serde_json`, it refuses nesting deeper than 128 levels.
pub fn from_slice(bytes: &[u8]) -> Result<Value, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = UniqueKeys.deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Builds a [`Value`] as `serde_json` does, checking each object's keys as they come.
struct UniqueKeys;

impl<'de> DeserializeSeed<'de> for UniqueKeys {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for UniqueKeys {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        // JSON text has no infinite or NaN numbers; `serde_json` makes them null too.
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(UniqueKeys)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(de::Error::custom(format_args!(
                    "the key \"{}\" is given twice in one object",
                    echo(&key)
                )));
            }
            let value = map.next_value_seed(UniqueKeys)?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_reads_what_serde_json_reads() {
        let text = r#"{"b": [1, -2, 3.5, 18446744073709551615, "x\u0041", null, true, {}], "a": {"c": []}}"#;
        let ours = from_slice(text.as_bytes()).expect("JSON");
        let theirs: Value = serde_json::from_str(text).expect("JSON");
        assert_eq!(ours, theirs);
        // The order of the keys is kept, as the saves' checksum needs.
        let keys: Vec<&String> = ours.as_object().expect("object").keys().collect();
        assert_eq!(keys, ["b", "a"]);
        // What serde_json refuses, this refuses.
        for bad in ["1e400", "{} x", "", "[1,]", "{\"a\" 1}"] {
            assert!(from_slice(bad.as_bytes()).is_err(), "{bad}");
            assert!(serde_json::from_str::<Value>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_key_given_twice_is_refused_where_it_is() {
        let e = from_slice(br#"{"roll": 6, "roll": 5}"#).expect_err("twice");
        assert!(e.is_data(), "{e}");
        assert!(!from_slice(b"{\"roll\" 6}").expect_err("syntax").is_data());
        assert_eq!(
            e.to_string(),
            "the key \"roll\" is given twice in one object at line 1 column 18"
        );
        let e = from_slice(b"{\"a\": {\"k\": 1,\n \"k\": 2}}").expect_err("nested");
        assert!(
            e.to_string().starts_with("the key \"k\" is given twice"),
            "{e}"
        );
        // The same key in two objects is fine.
        assert!(from_slice(br#"[{"k": 1}, {"k": 2}]"#).is_ok());
    }

    #[test]
    fn deep_nesting_is_refused_as_serde_json_refuses_it() {
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(from_slice(deep.as_bytes()).is_err());
        let fine = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(from_slice(fine.as_bytes()).is_ok());
    }
}
