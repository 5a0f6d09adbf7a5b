//! Runs every case in `tests/scenarios/*.json` (at the workspace root) through the `ludo`
//! binary and checks its output as `tests/scenarios/README.md` says: keys in `expect` must be
//! present and equal, objects recursively, arrays in order except a `moves` array, which
//! matches as a set; a case with `error` must fail with status 2 and a message containing it.

mod common;

use serde_json::Value;
use std::path::{Path, PathBuf};

/// The scenario folder.
fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/scenarios")
}

/// One case, read from a file.
struct Case {
    /// `file.json: name`, for messages.
    label: String,
    command: String,
    input: Value,
    expect: Expectation,
}

enum Expectation {
    Output(Value),
    Error(String),
}

/// Reads every case of every file, sorted by file name; a malformed file is an error.
fn load_cases() -> Result<Vec<Case>, String> {
    let dir = folder();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&file).map_err(|e| format!("{name}: {e}"))?;
        let doc: Value = serde_json::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
        let list = doc
            .as_array()
            .ok_or_else(|| format!("{name}: expected a list of cases"))?;
        for (i, case) in list.iter().enumerate() {
            cases.push(parse_case(&name, i, case)?);
        }
    }
    Ok(cases)
}

fn parse_case(file: &str, index: usize, case: &Value) -> Result<Case, String> {
    let label = match case.get("name").and_then(Value::as_str) {
        Some(n) => format!("{file}: {n}"),
        None => return Err(format!("{file}[{index}]: no name")),
    };
    let command = match case.get("command").and_then(Value::as_str) {
        Some(c @ ("moves" | "apply")) => c.to_string(),
        other => {
            return Err(format!(
                "{label}: command must be moves or apply, got {other:?}"
            ));
        }
    };
    let input = case
        .get("input")
        .cloned()
        .ok_or_else(|| format!("{label}: no input"))?;
    let expect = match (case.get("expect"), case.get("error")) {
        (Some(e), None) => Expectation::Output(e.clone()),
        (None, Some(Value::String(text))) => Expectation::Error(text.clone()),
        _ => {
            return Err(format!(
                "{label}: give exactly one of expect or error (a string)"
            ));
        }
    };
    Ok(Case {
        label,
        command,
        input,
        expect,
    })
}

/// Checks `actual` against `expected` as the README says; `Err` names the path that differs.
fn check(expected: &Value, actual: &Value, path: &str) -> Result<(), String> {
    match (expected, actual) {
        (Value::Object(want), Value::Object(got)) => {
            for (key, w) in want {
                let at = format!("{path}.{key}");
                let g = got.get(key).ok_or_else(|| format!("{at}: missing"))?;
                if key == "moves" {
                    check_set(w, g, &at)?;
                } else {
                    check(w, g, &at)?;
                }
            }
            Ok(())
        }
        (Value::Array(want), Value::Array(got)) => {
            if want.len() != got.len() {
                return Err(format!(
                    "{path}: {} items expected, got {}: {actual}",
                    want.len(),
                    got.len()
                ));
            }
            for (i, (w, g)) in want.iter().zip(got).enumerate() {
                check(w, g, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        (Value::Number(w), Value::Number(g)) if w.as_f64() == g.as_f64() => Ok(()),
        (w, g) if w == g => Ok(()),
        (w, g) => Err(format!("{path}: expected {w}, got {g}")),
    }
}

/// Checks a `moves` array as a set: the same number of moves, each expected move matching a
/// different actual one.
fn check_set(expected: &Value, actual: &Value, path: &str) -> Result<(), String> {
    let (Value::Array(want), Value::Array(got)) = (expected, actual) else {
        return check(expected, actual, path);
    };
    if want.len() != got.len() {
        return Err(format!(
            "{path}: {} moves expected, got {}: {actual}",
            want.len(),
            got.len()
        ));
    }
    let mut used = vec![false; got.len()];
    if assign(want, got, &mut used) {
        Ok(())
    } else {
        Err(format!("{path}: expected the set {expected}, got {actual}"))
    }
}

/// Matches each expected item to an unused actual item, backtracking (the lists are short).
fn assign(want: &[Value], got: &[Value], used: &mut [bool]) -> bool {
    let Some((first, rest)) = want.split_first() else {
        return true;
    };
    for i in 0..got.len() {
        if !used[i] && check(first, &got[i], "").is_ok() {
            used[i] = true;
            if assign(rest, got, used) {
                return true;
            }
            used[i] = false;
        }
    }
    false
}

/// Runs one case; `Err` says how it failed.
fn run_case(case: &Case) -> Result<(), String> {
    let run = common::ludo(&[&case.command], &case.input.to_string());
    match &case.expect {
        Expectation::Error(text) => {
            if run.status != 2 {
                return Err(format!(
                    "expected status 2, got {}: {}",
                    run.status,
                    run.stdout.trim()
                ));
            }
            if run.stderr.lines().count() != 1 {
                return Err(format!("expected one stderr line, got {:?}", run.stderr));
            }
            if !run.stderr.contains(text.as_str()) {
                return Err(format!(
                    "stderr {:?} does not contain {text:?}",
                    run.stderr.trim()
                ));
            }
            Ok(())
        }
        Expectation::Output(expect) => {
            if run.status != 0 {
                return Err(format!("status {}: {}", run.status, run.stderr.trim()));
            }
            let out: Value = serde_json::from_str(&run.stdout)
                .map_err(|e| format!("output is not JSON ({e}): {}", run.stdout))?;
            check(expect, &out, "output")
        }
    }
}

#[test]
fn every_scenario_passes_through_the_binary() {
    let cases = load_cases().unwrap_or_else(|e| panic!("{e}"));
    assert!(!cases.is_empty(), "no cases in {}", folder().display());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| run_case(c).err().map(|e| format!("{}: {e}", c.label)))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn the_matcher_follows_the_readme() {
    use serde_json::json;
    let got = json!({"moves": [{"piece": 1, "to": 5}, {"piece": 0, "to": 3}], "phase": "roll"});
    // Unnamed keys are not checked; moves match as a set.
    assert!(check(&json!({"moves": [{"piece": 0}, {"piece": 1}]}), &got, "").is_ok());
    // But every move must be there, no more and no fewer.
    assert!(check(&json!({"moves": [{"piece": 0}]}), &got, "").is_err());
    assert!(check(&json!({"moves": [{"piece": 0}, {"piece": 0}]}), &got, "").is_err());
    // Other arrays match in order.
    let list = json!({"places": ["red", "blue"]});
    assert!(check(&json!({"places": ["blue", "red"]}), &list, "").is_err());
    assert!(check(&json!({"places": ["red", "blue"]}), &list, "").is_ok());
    // A missing key fails; so does a different value.
    assert!(check(&json!({"winner": null}), &got, "").is_err());
    assert!(check(&json!({"phase": "bonus"}), &got, "").is_err());
}
