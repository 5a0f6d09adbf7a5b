//! The app projects that no CI machine here can build (Xcode and the Android SDK are not on
//! Linux) are held to what can be checked by reading them: the Xcode project parses and every
//! object it names exists, it points at folders and a package that are there, every resource
//! the Android manifest and resources name exists (what `aapt` would refuse), and the settings
//! that must agree across files do.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod common;
use common::{files_under, repo};

fn read(path: &str) -> String {
    let full = repo().join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`.
#[derive(Debug, PartialEq)]
enum Plist {
    Text(String),
    List(Vec<Plist>),
    Dict(BTreeMap<String, Plist>),
}

impl Plist {
    fn get(&self, key: &str) -> Option<&Plist> {
        match self {
            Plist::Dict(d) => d.get(key),
            _ => None,
        }
    }

    fn text(&self, key: &str) -> Option<&str> {
        match self.get(key)? {
            Plist::Text(t) => Some(t),
            _ => None,
        }
    }

    /// Every text in this value, nested ones included.
    fn texts<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            Plist::Text(t) => out.push(t),
            Plist::List(l) => l.iter().for_each(|v| v.texts(out)),
            Plist::Dict(d) => d.values().for_each(|v| v.texts(out)),
        }
    }
}

/// Splits a property list into tokens: punctuation, bare words and quoted strings (quotes
/// removed, escapes kept as they are). Comments are dropped.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            '/' if text[at..].starts_with("/*") => {
                let end = text[at + 2..].find("*/").expect("a closed comment");
                while chars.peek().is_some_and(|&(i, _)| i < at + 2 + end + 2) {
                    chars.next();
                }
            }
            '/' if text[at..].starts_with("//") => {
                while chars.peek().is_some_and(|&(_, c)| c != '\n') {
                    chars.next();
                }
            }
            '{' | '}' | '(' | ')' | '=' | ';' | ',' => out.push(c.to_string()),
            '"' => {
                let mut s = String::new();
                loop {
                    match chars.next().expect("a closed string") {
                        (_, '"') => break,
                        (_, '\\') => {
                            s.push('\\');
                            s.push(chars.next().expect("an escape").1);
                        }
                        (_, c) => s.push(c),
                    }
                }
                out.push(format!("\"{s}"));
            }
            _ => {
                let mut s = c.to_string();
                while let Some(&(_, c)) = chars.peek() {
                    if c.is_whitespace() || "{}()=;,\"".contains(c) {
                        break;
                    }
                    s.push(c);
                    chars.next();
                }
                out.push(s);
            }
        }
    }
    out
}

/// Parses one value from `tokens[*at..]`; panics with the token's index on a syntax error.
fn value(tokens: &[String], at: &mut usize) -> Plist {
    let next = |at: &mut usize| {
        let t = tokens
            .get(*at)
            .unwrap_or_else(|| panic!("the file ends early"));
        *at += 1;
        t.as_str()
    };
    match next(at) {
        "{" => {
            let mut dict = BTreeMap::new();
            while tokens[*at] != "}" {
                let key = next(at).trim_start_matches('"').to_string();
                assert_eq!(next(at), "=", "token {at}: `=` after {key}");
                let v = value(tokens, at);
                assert_eq!(next(at), ";", "token {at}: `;` after {key}");
                assert!(dict.insert(key.clone(), v).is_none(), "{key} twice");
            }
            *at += 1;
            Plist::Dict(dict)
        }
        "(" => {
            let mut list = Vec::new();
            while tokens[*at] != ")" {
                list.push(value(tokens, at));
                match next(at) {
                    "," => {}
                    ")" => return Plist::List(list),
                    t => panic!("token {at}: `{t}` in a list"),
                }
            }
            *at += 1;
            Plist::List(list)
        }
        t if "}):=;,".contains(t) => panic!("token {at}: `{t}` where a value belongs"),
        t => Plist::Text(t.trim_start_matches('"').to_string()),
    }
}

fn xcode_project() -> Plist {
    let text = read("ios/Ludo.xcodeproj/project.pbxproj");
    assert!(text.starts_with("// !$*UTF8*$!"), "the project's header");
    let tokens = tokens(&text);
    let mut at = 0;
    let project = value(&tokens, &mut at);
    assert_eq!(at, tokens.len(), "text after the project's closing brace");
    project
}

#[test]
fn the_xcode_project_parses_and_every_object_it_names_exists() {
    let project = xcode_project();
    let Some(Plist::Dict(objects)) = project.get("objects") else {
        panic!("no objects");
    };
    let is_id = |t: &str| t.len() == 24 && t.bytes().all(|b| b.is_ascii_hexdigit());
    for (id, object) in objects {
        assert!(is_id(id), "{id} is not an object id");
        assert!(object.text("isa").is_some(), "{id} has no isa");
        let mut texts = Vec::new();
        object.texts(&mut texts);
        for t in texts.into_iter().filter(|t| is_id(t)) {
            assert!(
                objects.contains_key(t),
                "{id} names {t}, which is not there"
            );
        }
    }
    let root = project.text("rootObject").expect("a root object");
    assert_eq!(objects[root].text("isa"), Some("PBXProject"));
}

#[test]
fn the_xcode_project_builds_the_app_folder_with_the_local_package() {
    let project = xcode_project();
    let Some(Plist::Dict(objects)) = project.get("objects") else {
        panic!("no objects");
    };
    let of_kind = |isa: &str| -> Vec<&Plist> {
        objects
            .values()
            .filter(|o| o.text("isa") == Some(isa))
            .collect()
    };
    let [target] = of_kind("PBXNativeTarget")[..] else {
        panic!("one target");
    };
    assert_eq!(target.text("name"), Some("Ludo"));

    // The sources: a synchronised folder that exists and holds the app's entry point.
    let [folder] = of_kind("PBXFileSystemSynchronizedRootGroup")[..] else {
        panic!("one synchronised folder");
    };
    let path = folder.text("path").expect("a path");
    assert!(read(&format!("ios/{path}/LudoApp.swift")).contains("@main"));
    assert!(
        repo()
            .join("ios")
            .join(path)
            .join("Localizable.xcstrings")
            .is_file()
    );

    // The package: a local one whose manifest makes the library the target links.
    let [package] = of_kind("XCLocalSwiftPackageReference")[..] else {
        panic!("one local package");
    };
    let dir = package.text("relativePath").expect("a relative path");
    let manifest = read(&format!("ios/{dir}/Package.swift"));
    let [product] = of_kind("XCSwiftPackageProductDependency")[..] else {
        panic!("one package product");
    };
    let name = product.text("productName").expect("a product name");
    assert!(
        manifest.contains(&format!(".library(name: \"{name}\"")),
        "{dir}/Package.swift has no library {name}"
    );

    // The same minimum iOS in the project, the package and the framework script.
    for config in of_kind("XCBuildConfiguration") {
        if let Some(ios) = config
            .get("buildSettings")
            .and_then(|s| s.text("IPHONEOS_DEPLOYMENT_TARGET"))
        {
            assert_eq!(ios, "17.0");
        }
    }
    assert!(manifest.contains(".iOS(.v17)"));
    assert!(read("ios/build-xcframework.sh").contains("IPHONEOS_DEPLOYMENT_TARGET=17.0"));

    // The shared scheme builds this target.
    let scheme = read("ios/Ludo.xcodeproj/xcshareddata/xcschemes/Ludo.xcscheme");
    let id = objects
        .iter()
        .find(|(_, o)| o.text("isa") == Some("PBXNativeTarget"))
        .map(|(id, _)| id)
        .expect("the target's id");
    assert!(scheme.contains(&format!("BlueprintIdentifier = \"{id}\"")));
}

#[test]
fn the_ios_app_ships_a_privacy_manifest_for_the_file_dates_the_core_reads() {
    let project = xcode_project();
    let Some(Plist::Dict(objects)) = project.get("objects") else {
        panic!("no objects");
    };
    let [folder] = objects
        .values()
        .filter(|o| o.text("isa") == Some("PBXFileSystemSynchronizedRootGroup"))
        .collect::<Vec<_>>()[..]
    else {
        panic!("one synchronised folder");
    };
    let path = folder.text("path").expect("a path");
    // In the synchronised folder, Xcode copies it into the app by its type, through the
    // target's resources phase, unless an exception set keeps it out.
    let manifest = read(&format!("ios/{path}/PrivacyInfo.xcprivacy"));
    let target = objects
        .values()
        .find(|o| o.text("isa") == Some("PBXNativeTarget"))
        .expect("the target");
    let Some(Plist::List(phases)) = target.get("buildPhases") else {
        panic!("the target's build phases");
    };
    assert!(
        phases.iter().any(|p| matches!(p, Plist::Text(id)
            if objects[id].text("isa") == Some("PBXResourcesBuildPhase"))),
        "the target has no resources phase to copy the manifest in"
    );
    for object in objects.values() {
        let mut texts = Vec::new();
        object.texts(&mut texts);
        assert!(
            !texts.iter().any(|t| t.ends_with("PrivacyInfo.xcprivacy")),
            "the project names the manifest (an exception keeps it out of the folder's files?)"
        );
    }

    // An XML property list: no tracking, no data collected, and the one API with a required
    // reason the core calls: the file dates it reads to list the saves (C617.1: files in the
    // app's own container).
    let compact: String = manifest.lines().map(str::trim).collect::<Vec<_>>().join("");
    assert!(compact.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    assert!(compact.contains("<plist version=\"1.0\"><dict>"));
    for entry in [
        "<key>NSPrivacyTracking</key><false/>",
        "<key>NSPrivacyTrackingDomains</key><array/>",
        "<key>NSPrivacyCollectedDataTypes</key><array/>",
        "<key>NSPrivacyAccessedAPITypes</key><array><dict>\
         <key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryFileTimestamp</string>\
         <key>NSPrivacyAccessedAPITypeReasons</key><array><string>C617.1</string></array>\
         </dict></array>",
    ] {
        assert!(
            compact.contains(entry),
            "no {entry} in the privacy manifest"
        );
    }
    assert!(compact.ends_with("</dict></plist>"));
}

/// The module map `ios/build-xcframework.sh` puts into the XCFramework
/// (`ios/xcframework.modulemap`), and the script.
fn xcframework_module_map() -> (String, String) {
    (
        read("ios/build-xcframework.sh"),
        read("ios/xcframework.modulemap"),
    )
}

#[test]
fn the_xcframework_has_its_module_map_where_xcode_26_looks_for_it() {
    let (script, map) = xcframework_module_map();
    // Xcode 26's explicit module builds look for the map at the top of the declared headers
    // folder only (Headers/), not in a folder below it.
    assert!(
        script.contains("cp \"$IOS/xcframework.modulemap\" \"$STAGE/headers/module.modulemap\""),
        "the module map is not written at the top of the headers folder"
    );
    assert!(
        !script.contains("headers/ludo_ffiFFI/module.modulemap"),
        "a module map in Headers/ludo_ffiFFI/, where Xcode 26 does not look"
    );
    assert!(script.contains("-headers \"$STAGE/headers\""));
    // The header in a folder named after the module, and the map pointing at it.
    assert!(script.contains("cp \"$STAGE/swift/ludo_ffiFFI.h\" \"$STAGE/headers/ludo_ffiFFI/\""));
    let lines: Vec<&str> = map.lines().map(str::trim).collect();
    assert_eq!(
        lines,
        [
            "module ludo_ffiFFI {",
            "header \"ludo_ffiFFI/ludo_ffiFFI.h\"",
            "export *",
            "}"
        ],
        "the module map: {map}"
    );
    // The module is the package's binary target, which the generated Swift imports.
    let manifest = read("ios/LudoKit/Package.swift");
    assert!(
        manifest.contains(".binaryTarget(name: \"ludo_ffiFFI\", path: \"LudoFFI.xcframework\")")
    );
}

#[test]
fn the_android_build_links_for_its_min_sdk_with_the_pinned_gradle() {
    let build = read("android/app/build.gradle.kts");
    let setting = |name: &str| {
        build
            .lines()
            .find_map(|l| l.trim().strip_prefix(&format!("{name} = ")))
            .unwrap_or_else(|| panic!("no {name} in app/build.gradle.kts"))
            .to_string()
    };
    assert_eq!(setting("minSdk"), setting("apiLevel"));
    let wrapper = read("android/gradle/wrapper/gradle-wrapper.properties");
    assert!(wrapper.contains("gradle-9.4.1-bin.zip"), "{wrapper}");
    assert!(read("android/README.md").contains("Gradle 9.4.1"));
}

#[test]
fn the_property_list_reader_refuses_what_xcode_would() {
    let parse = |text: &str| {
        std::panic::catch_unwind(|| {
            let t = tokens(text);
            let mut at = 0;
            let v = value(&t, &mut at);
            assert_eq!(at, t.len());
            v
        })
    };
    let ok = parse("{ a = (b, \"c d\",); e = { f = g; }; /* note */ }").expect("parses");
    assert_eq!(ok.text("a"), None);
    assert_eq!(ok.get("e").and_then(|e| e.text("f")), Some("g"));
    assert!(parse("{ a = b }").is_err(), "a missing `;`");
    assert!(parse("{ a = (b c); }").is_err(), "a missing `,`");
    assert!(parse("{ a = b; a = c; }").is_err(), "a key twice");
    assert!(parse("{ a = b; } }").is_err(), "text after the end");
}

/// Where a reference `@type/name` of the Android app's XML points, if its resource exists:
/// a file named `name` in a `res/type*` folder (drawables, mipmaps), or an element of that type
/// named `name` in a `res/values*` file (strings, styles, colours, dimensions).
fn android_resource(res: &Path, kind: &str, name: &str) -> Option<PathBuf> {
    let folders = std::fs::read_dir(res).expect("the res folder");
    let mut folders: Vec<PathBuf> = folders.map(|e| e.expect("a res entry").path()).collect();
    folders.sort();
    for folder in folders {
        let folder_name = folder.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let qualifier =
            |base: &str| folder_name == base || folder_name.starts_with(&format!("{base}-"));
        if !folder.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&folder)
            .expect("a res folder")
            .map(|e| e.expect("a file").path())
        {
            let stem = file.file_stem().and_then(|s| s.to_str());
            if qualifier(kind) && stem == Some(name) {
                return Some(file);
            }
            if qualifier("values") && file.extension().is_some_and(|e| e == "xml") {
                let text = std::fs::read_to_string(&file).expect("a values file");
                if text.contains(&format!("<{kind} name=\"{name}\"")) {
                    return Some(file);
                }
            }
        }
    }
    None
}

/// Every `@type/name` in a text, framework ones (`@android:…`) left out.
fn android_references(text: &str) -> Vec<(String, String)> {
    text.split('@')
        .skip(1)
        .filter_map(|rest| {
            let (kind, rest) = rest.split_once('/')?;
            if kind.is_empty() || !kind.chars().all(|c| c.is_ascii_lowercase()) {
                return None;
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
                .collect();
            (!name.is_empty()).then(|| (kind.to_string(), name))
        })
        .collect()
}

#[test]
fn every_resource_the_android_app_references_exists() {
    let main = repo().join("android/app/src/main");
    let res = main.join("res");
    let mut files = vec![main.join("AndroidManifest.xml")];
    files.extend(files_under(&res, "xml"));
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("an XML file");
        for (kind, name) in android_references(&text) {
            assert!(
                android_resource(&res, &kind, &name).is_some(),
                "{}: @{kind}/{name} names no resource",
                file.strip_prefix(&main).unwrap_or(file).display()
            );
            checked += 1;
        }
    }
    // The manifest's icon, round icon, label and theme, and the icon's three layers.
    assert!(checked >= 7, "only {checked} references");

    // The activity the manifest launches is a class of the app's namespace.
    let manifest = read("android/app/src/main/AndroidManifest.xml");
    let build = read("android/app/build.gradle.kts");
    let namespace = build
        .lines()
        .find_map(|l| l.trim().strip_prefix("namespace = "))
        .expect("a namespace")
        .trim_matches('"');
    let activity = manifest
        .split("android:name=\"")
        .nth(1)
        .and_then(|rest| rest.split_once('"'))
        .map(|(name, _)| name)
        .expect("an activity");
    let class = activity
        .strip_prefix('.')
        .expect("a class of the namespace");
    let source = read(&format!(
        "android/app/src/main/kotlin/{}/{class}.kt",
        namespace.replace('.', "/")
    ));
    assert!(source.contains(&format!("class {class}")));
}

#[test]
fn android_references_are_read_and_resolved_as_aapt_would() {
    assert_eq!(
        android_references(
            r#"icon="@mipmap/ic_launcher" theme="@style/Theme.Ludo" x="@android:color/white" y="a@b.c""#
        ),
        [
            ("mipmap".to_string(), "ic_launcher".to_string()),
            ("style".to_string(), "Theme.Ludo".to_string())
        ]
    );
    let res = repo().join("android/app/src/main/res");
    assert!(android_resource(&res, "string", "app_name").is_some());
    assert!(android_resource(&res, "drawable", "ic_launcher_foreground").is_some());
    assert!(android_resource(&res, "string", "no_such_text").is_none());
    assert!(android_resource(&res, "mipmap", "ic_launcher_foreground").is_none());
}

/// The width, height and colour type (2 RGB, 6 RGBA, ...) of a PNG, from its header.
fn png_header(bytes: &[u8]) -> Option<(u32, u32, u8)> {
    if bytes.get(..8)? != b"\x89PNG\r\n\x1a\n" || bytes.get(12..16)? != b"IHDR" {
        return None;
    }
    let word = |at: usize| Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
    Some((word(16)?, word(20)?, *bytes.get(25)?))
}

#[test]
fn the_app_icon_the_project_names_is_an_opaque_png_of_its_size() {
    let project = xcode_project();
    let Some(Plist::Dict(objects)) = project.get("objects") else {
        panic!("no objects");
    };
    let names: Vec<&str> = objects
        .values()
        .filter_map(|o| {
            o.get("buildSettings")?
                .text("ASSETCATALOG_COMPILER_APPICON_NAME")
        })
        .collect();
    assert!(!names.is_empty(), "no configuration names an app icon");
    for name in names {
        let set = format!("ios/LudoApp/Assets.xcassets/{name}.appiconset");
        let contents: serde_json::Value =
            serde_json::from_str(&read(&format!("{set}/Contents.json"))).expect("JSON");
        let images = contents["images"].as_array().expect("an images list");
        assert!(!images.is_empty(), "{set} has no image");
        for image in images {
            let file = image["filename"].as_str().expect("a file name");
            let size = image["size"].as_str().expect("a size");
            let path = repo().join(&set).join(file);
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let (width, height, colour) =
                png_header(&bytes).unwrap_or_else(|| panic!("{set}/{file} is not a PNG"));
            assert_eq!(format!("{width}x{height}"), size, "{set}/{file}");
            // The App Store refuses an icon with an alpha channel.
            assert_eq!(
                colour, 2,
                "{set}/{file}: colour type {colour}, not RGB without alpha"
            );
        }
    }
}

#[test]
fn png_headers_are_read_from_the_ihdr_chunk() {
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    png.extend_from_slice(&1024u32.to_be_bytes());
    png.extend_from_slice(&512u32.to_be_bytes());
    png.extend_from_slice(&[8, 6, 0, 0, 0]);
    assert_eq!(png_header(&png), Some((1024, 512, 6)));
    assert_eq!(png_header(b"GIF89a"), None);
    assert_eq!(png_header(&png[..20]), None);
}
