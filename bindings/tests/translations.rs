//! The apps' translations against each other and against the core: every language of each
//! app has every text, the two apps say the same thing in each language, and every code the
//! core hands the apps (presets, their options, the values on each option's menu, colours,
//! bot levels) has a text.
//!
//! Android keeps its texts in `res/values*/strings.xml` (keys like `preset_classic`), iOS in
//! the string catalog `Localizable.xcstrings` (keys like `preset.classic`, the core's codes),
//! and the app's name in `InfoPlist.xcstrings`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use ludo_ffi::{bot_levels, presets};

/// The languages both apps ship, as iOS names them, with Android's resource folder.
const LANGUAGES: [(&str, &str); 7] = [
    ("en", "values"),
    ("it", "values-it"),
    ("fr", "values-fr"),
    ("ru", "values-ru"),
    ("id", "values-in"),
    ("pt", "values-pt"),
    ("es", "values-es"),
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One `strings.xml`: each `<string name="key">text</string>`, the text unescaped as Android
/// reads it. Panics, naming the file, on a shape this reader does not know.
fn android_strings(folder: &str) -> BTreeMap<String, String> {
    let path = repo()
        .join("android/app/src/main/res")
        .join(folder)
        .join("strings.xml");
    let xml = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut strings = BTreeMap::new();
    for entry in xml.split("<string name=\"").skip(1) {
        let (key, rest) = entry
            .split_once('"')
            .unwrap_or_else(|| panic!("{folder}: a name without its closing quote"));
        let text = rest
            .split_once('>')
            .and_then(|(_, t)| t.split_once("</string>"))
            .map(|(t, _)| t)
            .unwrap_or_else(|| panic!("{folder}/{key}: no </string>"));
        let text = text
            .replace("\\n", "\n")
            .replace("\\'", "'")
            .replace("\\\"", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        let earlier = strings.insert(key.to_string(), text);
        assert!(earlier.is_none(), "{folder}: {key} is given twice");
    }
    strings
}

/// The app's string catalog, `Localizable.xcstrings`.
fn ios_strings() -> BTreeMap<String, BTreeMap<String, String>> {
    ios_catalog("Localizable.xcstrings")
}

/// A string catalog of the iOS app: for each key, each language's text (only translated
/// ones).
fn ios_catalog(file: &str) -> BTreeMap<String, BTreeMap<String, String>> {
    let path = repo().join("ios/LudoApp").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let catalog: serde_json::Value = serde_json::from_str(&text).expect("the catalog is JSON");
    assert_eq!(catalog["sourceLanguage"], "en");
    let entries = catalog["strings"].as_object().expect("a strings object");
    entries
        .iter()
        .map(|(key, entry)| {
            let languages = entry["localizations"]
                .as_object()
                .unwrap_or_else(|| panic!("{key}: no localizations"))
                .iter()
                .filter(|(_, l)| l["stringUnit"]["state"] == "translated")
                .filter_map(|(language, l)| {
                    let value = l["stringUnit"]["value"].as_str()?;
                    Some((language.clone(), value.to_string()))
                })
                .collect();
            (key.clone(), languages)
        })
        .collect()
}

/// Android's key for a catalog key: each `.` becomes `_` (`preset.classic` →
/// `preset_classic`, `choice.enter_on.five` → `choice_enter_on_five`), since resource names
/// take no dots.
fn android_key(ios_key: &str) -> String {
    ios_key.replace('.', "_")
}

/// An Android text with its placeholders written as iOS writes them (`%1$s` → `%1$@`,
/// `%1$d` → `%1$ld`).
fn as_ios(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let spec = &rest[at..];
        let digits = spec[1..].bytes().take_while(u8::is_ascii_digit).count();
        let head = &spec[..1 + digits];
        let tail = &spec[1 + digits..];
        if digits > 0 && tail.starts_with("$s") {
            out.push_str(&format!("{head}$@"));
            rest = &tail[2..];
        } else if digits > 0 && tail.starts_with("$d") {
            out.push_str(&format!("{head}$ld"));
            rest = &tail[2..];
        } else {
            out.push('%');
            rest = &spec[1..];
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn every_android_language_has_every_text_and_no_other() {
    let english: BTreeSet<String> = android_strings("values").into_keys().collect();
    assert!(english.len() > 50, "only {} texts", english.len());
    for (_, folder) in &LANGUAGES[1..] {
        let keys: BTreeSet<String> = android_strings(folder).into_keys().collect();
        let missing: Vec<_> = english.difference(&keys).collect();
        let extra: Vec<_> = keys.difference(&english).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{folder}: missing {missing:?}, not in English {extra:?}"
        );
    }
}

#[test]
fn the_string_catalog_translates_every_key_into_every_language() {
    for (key, languages) in ios_strings() {
        for (language, _) in LANGUAGES {
            let text = languages.get(language);
            assert!(
                text.is_some_and(|t| !t.trim().is_empty()),
                "{key}: no translated {language} text"
            );
        }
    }
}

#[test]
fn both_apps_say_the_same_in_every_language() {
    let ios = ios_strings();
    for (language, folder) in LANGUAGES {
        let android = android_strings(folder);
        let ios_keys: BTreeSet<String> = ios.keys().map(|k| android_key(k)).collect();
        let android_keys: BTreeSet<String> = android.keys().cloned().collect();
        assert_eq!(
            ios_keys, android_keys,
            "the keys of {folder} and the catalog"
        );
        for (key, languages) in &ios {
            let ios_text = &languages[language];
            let android_text = as_ios(&android[&android_key(key)]);
            assert_eq!(&android_text, ios_text, "{key} in {language}");
        }
    }
}

#[test]
fn the_app_is_named_the_same_on_both_platforms_in_every_language() {
    let info = ios_catalog("InfoPlist.xcstrings");
    for (language, folder) in LANGUAGES {
        let name = &android_strings(folder)["app_name"];
        for key in ["CFBundleDisplayName", "CFBundleName"] {
            assert_eq!(info[key].get(language), Some(name), "{key} in {language}");
        }
    }
}

#[test]
fn every_code_the_core_hands_the_apps_has_a_text() {
    let ios = ios_strings();
    let mut codes = BTreeSet::new();
    for preset in presets() {
        codes.insert(preset.code.clone());
        codes.extend(preset.options.iter().map(|o| o.code.clone()));
        codes.extend(
            preset
                .options
                .iter()
                .flat_map(|o| o.choices.iter().map(|c| c.code.clone())),
        );
        codes.extend(
            preset
                .colours
                .iter()
                .map(|c| format!("colour.{}", format!("{c:?}").to_lowercase())),
        );
    }
    codes.extend(bot_levels().iter().map(|l| format!("level.{l}")));
    assert!(codes.len() > 30, "only {} codes", codes.len());
    let missing: Vec<_> = codes.iter().filter(|c| !ios.contains_key(*c)).collect();
    assert!(missing.is_empty(), "codes without a text: {missing:?}");
}

#[test]
fn placeholders_are_rewritten_for_ios_and_nothing_else_is() {
    assert_eq!(as_ios("%1$s rolled %2$d"), "%1$@ rolled %2$ld");
    assert_eq!(as_ios("100% sure, %d"), "100% sure, %d");
    assert_eq!(as_ios("no placeholder"), "no placeholder");
}
