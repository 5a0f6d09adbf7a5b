//! The `--rules` argument: a preset id, or a rules object written as JSON
//! (`{"preset": "ludo_multijoueur", "options": {"safe_stars": true}}`).

use crate::failure::Failure;
use ludo_core::Engine;
use serde_json::Value;

/// The `--rules` argument as JSON: the object as written, or a preset id as a string, with
/// the spaces around it dropped and in lower case (`" Classic"` is `"classic"`).
pub fn value(arg: &str) -> Result<Value, Failure> {
    let arg = arg.trim();
    if arg.starts_with('{') {
        serde_json::from_str(arg).map_err(|e| Failure::bad_input(format!("--rules: not JSON: {e}")))
    } else {
        Ok(Value::String(arg.to_ascii_lowercase()))
    }
}

/// The engine for a `--rules` argument.
pub fn engine(arg: &str) -> Result<Engine, Failure> {
    let value = value(arg)?;
    let rules = ludo_core::json::parse_rules(&value)
        .map_err(|e| Failure::bad_input(format!("--{}", e.0)))?;
    Engine::new(rules).map_err(|e| Failure::bad_input(format!("--rules: {e}")))
}

/// The seat count a board allows, checked: 2 up to its number of colours.
pub fn check_seats(engine: &Engine, seats: usize) -> Result<(), Failure> {
    let most = engine.board.colours as usize;
    if (2..=most).contains(&seats) {
        Ok(())
    } else {
        Err(Failure::bad_input(format!(
            "--seats: {} takes 2 to {most} seats, not {seats}",
            engine.rules.preset
        )))
    }
}
