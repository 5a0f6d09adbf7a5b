//! The apps' translations against each other, against the core and against the apps' code:
//! every language of each app has every text with the same placeholders, the two apps say the
//! same thing in each language, every code the core hands the apps (presets, their options,
//! the values on each option's menu, colours, bot levels) has a text, and every text the apps'
//! code names exists and is given as many arguments as it has placeholders.
//!
//! Android keeps its texts in `res/values*/strings.xml` (keys like `preset_classic`), iOS in
//! the string catalog `Localizable.xcstrings` (keys like `preset.classic`, the core's codes),
//! and the app's name in `InfoPlist.xcstrings`.

use std::collections::{BTreeMap, BTreeSet};

mod common;
use common::{files_under, repo};

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

/// One `strings.xml` as written: each `<string name="key">text</string>`, the text still
/// escaped. Panics, naming the file, on a shape this reader does not know.
fn android_raw_strings(folder: &str) -> BTreeMap<String, String> {
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
        let earlier = strings.insert(key.to_string(), text.to_string());
        assert!(earlier.is_none(), "{folder}: {key} is given twice");
    }
    strings
}

/// One `strings.xml`: each text unescaped as Android reads it.
fn android_strings(folder: &str) -> BTreeMap<String, String> {
    android_raw_strings(folder)
        .into_iter()
        .map(|(key, text)| {
            let text = text
                .replace("\\n", "\n")
                .replace("\\'", "'")
                .replace("\\\"", "\"")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
            (key, text)
        })
        .collect()
}

/// What Android's resource compiler would refuse in a text as written, or read otherwise than
/// it looks: an apostrophe or a double quote without its backslash (refused, or dropped), a
/// text that starts with `@` or `?` (read as a reference), a `<` (markup), an `&` that starts
/// no entity. `None` if there is none of these.
fn aapt_trouble(text: &str) -> Option<&'static str> {
    let mut chars = text.chars();
    let mut first = true;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '\'' => return Some("an apostrophe without a backslash"),
            '"' => return Some("a double quote without a backslash"),
            '@' | '?' if first => return Some("a start that reads as a reference"),
            '<' => return Some("markup"),
            '&' => {
                let entity: String = chars.clone().take_while(|c| *c != ';').take(8).collect();
                let known = ["amp", "lt", "gt", "quot", "apos"];
                if !known.contains(&entity.as_str()) && !entity.starts_with('#') {
                    return Some("an & that starts no entity");
                }
            }
            _ => {}
        }
        first = false;
    }
    None
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

/// The placeholders of a text, in order of their argument: each one's conversion (`@`, `ld`,
/// `s`, `d`, ...). `%%` and a `%` that starts no conversion (`100% sure`) are not
/// placeholders. Panics on a text that mixes numbered and unnumbered placeholders, or skips a
/// number.
fn placeholders(text: &str) -> Vec<String> {
    /// The conversions the apps' texts may use: Apple's (`@`, `ld`) and Java's (`s`, `d`).
    const CONVERSIONS: [&str; 9] = ["@", "ld", "lld", "d", "s", "f", "lf", "u", "lu"];
    let mut numbered = BTreeMap::new();
    let mut unnumbered = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        let spec = &rest[at + 1..];
        if let Some(after) = spec.strip_prefix('%') {
            rest = after;
            continue;
        }
        let digits = spec.bytes().take_while(u8::is_ascii_digit).count();
        let (number, tail) = match spec[digits..].strip_prefix('$') {
            Some(tail) if digits > 0 => (spec[..digits].parse::<usize>().ok(), tail),
            _ => (None, spec),
        };
        // The longest conversion the text goes on with, as a formatter reads it.
        let Some(conversion) = CONVERSIONS
            .iter()
            .filter(|c| tail.starts_with(*c))
            .max_by_key(|c| c.len())
        else {
            rest = spec;
            continue;
        };
        rest = &tail[conversion.len()..];
        match number {
            Some(n) => {
                numbered.insert(n, conversion.to_string());
            }
            None => unnumbered.push(conversion.to_string()),
        }
    }
    assert!(
        numbered.is_empty() || unnumbered.is_empty(),
        "{text:?} mixes numbered and unnumbered placeholders"
    );
    if numbered.is_empty() {
        return unnumbered;
    }
    assert!(
        numbered.keys().copied().eq(1..=numbered.len()),
        "{text:?} skips a placeholder's number"
    );
    numbered.into_values().collect()
}

/// A call in source code: the line it starts on and its arguments' text, as written.
struct Call {
    line: usize,
    arguments: Vec<String>,
}

/// Every call of `function` in `source` (Swift or Kotlin), with its arguments split at the
/// commas between them; commas inside brackets, string literals and their interpolations
/// (`\(…)`, `${…}`) do not split. A name that only ends with `function` (`URL(` for `L`)
/// is not a call of it. Panics on a call whose parentheses do not close.
fn calls(source: &str, function: &str) -> Vec<Call> {
    enum Frame {
        Group(u8),
        Text,
    }
    let bytes = source.as_bytes();
    let opening = format!("{function}(");
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = source[from..].find(&opening).map(|i| from + i) {
        from = at + opening.len();
        let before = source[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
            continue;
        }
        let line = source[..at].lines().count().max(1);
        let mut stack = vec![Frame::Group(b')')];
        let mut arguments = Vec::new();
        let mut start = from;
        let mut i = from;
        while !stack.is_empty() {
            let b = *bytes
                .get(i)
                .unwrap_or_else(|| panic!("line {line}: {function}( does not close"));
            let next = bytes.get(i + 1).copied();
            match stack.last() {
                Some(Frame::Text) => match (b, next) {
                    (b'\\', Some(b'(')) => {
                        stack.push(Frame::Group(b')'));
                        i += 1;
                    }
                    (b'$', Some(b'{')) => {
                        stack.push(Frame::Group(b'}'));
                        i += 1;
                    }
                    (b'\\', _) => i += 1,
                    (b'"', _) => {
                        stack.pop();
                    }
                    _ => {}
                },
                Some(Frame::Group(closer)) => {
                    let closer = *closer;
                    match b {
                        b'"' => stack.push(Frame::Text),
                        b'(' => stack.push(Frame::Group(b')')),
                        b'[' => stack.push(Frame::Group(b']')),
                        b'{' => stack.push(Frame::Group(b'}')),
                        b',' if stack.len() == 1 => {
                            arguments.push(source[start..i].trim().to_string());
                            start = i + 1;
                        }
                        _ if b == closer => {
                            stack.pop();
                            if stack.is_empty() {
                                arguments.push(source[start..i].trim().to_string());
                            }
                        }
                        _ => {}
                    }
                }
                None => unreachable!("the loop stops when the stack is empty"),
            }
            i += 1;
        }
        found.push(Call { line, arguments });
    }
    found
}

/// The string literals of a Swift expression (both keys of `c ? "a" : "b"`), or nothing if
/// one of them is interpolated (a key made at run time, like `"level.\(level)"`).
fn swift_keys(expression: &str) -> Vec<String> {
    let literals: Vec<&str> = expression.split('"').skip(1).step_by(2).collect();
    if literals.iter().any(|l| l.contains('\\')) {
        return Vec::new();
    }
    literals.iter().map(|l| l.to_string()).collect()
}

/// The source files of one of the apps, by extension, with their paths from the checkout.
fn sources(folder: &str, extension: &str) -> Vec<(String, String)> {
    let files: Vec<(String, String)> = files_under(&repo().join(folder), extension)
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a source file");
            let name = path
                .strip_prefix(repo())
                .unwrap_or(&path)
                .display()
                .to_string();
            (name, text)
        })
        .collect();
    assert!(!files.is_empty(), "no .{extension} files in {folder}");
    files
}

/// Asserts that `call`, in `file`, gives text `key` (`text` in English) an argument for each
/// of its placeholders, no more and no fewer.
fn assert_fits(file: &str, call: &Call, key: &str, text: &str) {
    assert_eq!(
        placeholders(text).len(),
        call.arguments.len() - 1,
        "{file}:{}: {key} is {text:?}, given {:?}",
        call.line,
        &call.arguments[1..]
    );
}

#[test]
fn every_language_of_a_text_has_its_placeholders() {
    for (key, languages) in ios_strings() {
        let english = placeholders(&languages["en"]);
        for (language, text) in &languages {
            assert_eq!(placeholders(text), english, "{key} in {language}: {text:?}");
        }
    }
    let english = android_strings("values");
    for (_, folder) in &LANGUAGES[1..] {
        for (key, text) in android_strings(folder) {
            assert_eq!(
                placeholders(&text),
                placeholders(&english[&key]),
                "{key} in {folder}: {text:?}"
            );
        }
    }
}

#[test]
fn every_text_the_ios_code_names_exists_with_as_many_placeholders_as_arguments() {
    let catalog = ios_strings();
    let mut checked = 0;
    for (file, source) in sources("ios/LudoApp", "swift") {
        for call in calls(&source, "L") {
            let keys = swift_keys(&call.arguments[0]);
            for key in keys {
                let text = catalog
                    .get(&key)
                    .and_then(|languages| languages.get("en"))
                    .unwrap_or_else(|| {
                        panic!("{file}:{}: no text {key:?} in the catalog", call.line)
                    });
                assert_fits(&file, &call, &key, text);
                checked += 1;
            }
        }
    }
    assert!(checked > 60, "only {checked} texts named in the iOS code");
}

#[test]
fn every_text_the_android_code_names_gets_as_many_arguments_as_placeholders() {
    let english = android_strings("values");
    let mut checked = 0;
    for (file, source) in sources("android/app/src/main/kotlin", "kt") {
        for call in calls(&source, "stringResource") {
            let Some(key) = call.arguments[0].strip_prefix("R.string.") else {
                continue; // a text chosen at run time, from a table of texts without arguments
            };
            let text = english
                .get(key)
                .unwrap_or_else(|| panic!("{file}:{}: no text {key:?} in strings.xml", call.line));
            assert_fits(&file, &call, key, text);
            checked += 1;
        }
    }
    assert!(
        checked > 40,
        "only {checked} texts named in the Android code"
    );
}

#[test]
fn placeholders_and_calls_are_read_as_the_languages_write_them() {
    assert_eq!(placeholders("%1$@ rolled %2$ld"), ["@", "ld"]);
    assert_eq!(placeholders("%2$s before %1$d"), ["d", "s"]);
    assert_eq!(placeholders("%d of %d, 100% sure, %%"), ["d", "d"]);
    assert_eq!(placeholders("%1$@'s turn, the %2$ldth"), ["@", "ld"]);
    assert_eq!(placeholders("no placeholder"), Vec::<String>::new());

    let swift = r#"let u = URL(fileURLWithPath: "a, b")
        text = L(from == nil ? "event.entered" : "event.moved", name(seat, [1, 2]), "x, \(f(y, z))")
        L("level.\(level)")"#;
    let found = calls(swift, "L");
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].line, 2);
    assert_eq!(found[0].arguments.len(), 3);
    assert_eq!(
        swift_keys(&found[0].arguments[0]),
        ["event.entered", "event.moved"]
    );
    assert_eq!(found[0].arguments[2], r#""x, \(f(y, z))""#);
    assert!(swift_keys(&found[1].arguments[0]).is_empty());

    let kotlin =
        r#"stringResource(R.string.dice_seat_row, name, "${a.b(c, d)}", seat.rolls.toInt())"#;
    let found = calls(kotlin, "stringResource");
    assert_eq!(found[0].arguments.len(), 4);
    assert_eq!(found[0].arguments[0], "R.string.dice_seat_row");
}

#[test]
fn every_android_text_is_escaped_as_the_resource_compiler_wants() {
    for (_, folder) in LANGUAGES {
        for (key, text) in android_raw_strings(folder) {
            if let Some(trouble) = aapt_trouble(&text) {
                panic!("{folder}/{key}: {trouble} in {text:?}");
            }
        }
    }
}

#[test]
fn escaping_trouble_is_found_where_the_resource_compiler_would_find_it() {
    assert_eq!(aapt_trouble(r#"l\'expert \"x\" &amp; 100% @ you"#), None);
    assert!(aapt_trouble("l'expert").is_some());
    assert!(aapt_trouble(r#"say "hi""#).is_some());
    assert!(aapt_trouble("@string/x").is_some());
    assert!(aapt_trouble("a & b").is_some());
    assert!(aapt_trouble("<b>bold</b>").is_some());
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
