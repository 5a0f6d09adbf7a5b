//! Rules at the boundary: presets with their options (as codes for the apps to localise),
//! rules objects from a preset and options, and a rules object's board layout.

use crate::error::LudoError;
use crate::types::{BoardLayout, Colour};
use crate::{guarded, guarded_or, init_logging};
use ludo_core::layout::BoardLayout as CoreLayout;
use ludo_core::rules::{PRESETS, Rules, RulesSpec, option_names};
use ludo_core::{Engine, RulesError};

/// One option set on top of a preset: its name (as in [`RuleOptionInfo::name`]) and its value
/// as JSON text, e.g. `safe_stars` = `true`, `enter_on` = `"five"`, `block_pass_on` = `[6]`,
/// `capture_bonus` = `{"move": 20}` (docs/rules.md lists them).
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct RuleOption {
    pub name: String,
    pub value_json: String,
}

/// An option a preset may set, for a settings screen.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct RuleOptionInfo {
    /// The name to pass in [`RuleOption::name`].
    pub name: String,
    /// The message code of its title and description, e.g. `option.safe_stars`: the app
    /// keeps the text for each code in its own resources.
    pub code: String,
    /// The preset's value as JSON text (the shape a new value takes), if it has one.
    pub default_json: Option<String>,
    /// The values a settings menu offers, the preset's own among them (its `value_json` is
    /// `default_json`). Each one set on its own gives playable rules, though some need
    /// another option too (a pair's half move needs blocks): the game's constructor then
    /// says which with `InvalidRules`.
    pub choices: Vec<OptionChoice>,
}

/// One value of an option's menu.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct OptionChoice {
    /// The message code of its label, e.g. `choice.on`, `choice.enter_on.five`.
    pub code: String,
    /// The value to pass in [`RuleOption::value_json`], e.g. `"five"`.
    pub value_json: String,
}

/// A switch's menu: off and on.
const SWITCH: &[(&str, &str)] = &[("choice.off", "false"), ("choice.on", "true")];

/// The menus of the options that are not switches: (label code, value as JSON), the values
/// docs/rules.md gives for each. `block_pass_on` offers the two settings the rule books use
/// (never, or on a 6), and `home_col_len` the lengths a 52-square cross takes without
/// crowding its centre. Tables rather than code: they cost the library little room.
const MENUS: &[(&str, &[(&str, &str)])] = &[
    (
        "enter_on",
        &[
            ("choice.enter_on.six", r#""six""#),
            ("choice.enter_on.five", r#""five""#),
            ("choice.enter_on.any", r#""any""#),
            ("choice.enter_on.one_or_six", r#""one_or_six""#),
        ],
    ),
    (
        "same_colour_landing",
        &[
            ("choice.same_colour_landing.forbidden", r#""forbidden""#),
            ("choice.same_colour_landing.stack", r#""stack""#),
            ("choice.same_colour_landing.block", r#""block""#),
            (
                "choice.same_colour_landing.occupy_previous",
                r#""occupy_previous""#,
            ),
        ],
    ),
    (
        "three_sixes",
        &[
            ("choice.three_sixes.none", r#""none""#),
            ("choice.three_sixes.burn", r#""burn""#),
            (
                "choice.three_sixes.send_last_moved_home",
                r#""send_last_moved_home""#,
            ),
        ],
    ),
    ("capture_bonus", BONUS),
    ("home_bonus", BONUS),
    (
        "block_pass_on",
        &[
            ("choice.block_pass_on.never", "[]"),
            ("choice.block_pass_on.six", "[6]"),
        ],
    ),
    (
        "home_col_len",
        &[
            ("choice.home_col_len.4", "4"),
            ("choice.home_col_len.5", "5"),
            ("choice.home_col_len.6", "6"),
        ],
    ),
];

/// The rewards for a capture or for reaching home.
const BONUS: &[(&str, &str)] = &[
    ("choice.bonus.none", r#""none""#),
    ("choice.bonus.extra_roll", r#""extra_roll""#),
    ("choice.bonus.move_10", r#"{"move":10}"#),
    ("choice.bonus.move_20", r#"{"move":20}"#),
];

/// The menu of an option, each value parsed.
fn menu(name: &str) -> Vec<(&'static str, serde_json::Value)> {
    let table = MENUS
        .iter()
        .find(|(option, _)| *option == name)
        .map_or(SWITCH, |(_, table)| *table);
    table
        .iter()
        .filter_map(|&(code, json)| Some((code, serde_json::from_str(json).ok()?)))
        .collect()
}

/// A preset, for the new-game screen.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PresetInfo {
    /// The id to pass in `GameConfig.preset`.
    pub id: String,
    /// The message code of its name and description, e.g. `preset.classic`.
    pub code: String,
    /// The board's colours in turn order.
    pub colours: Vec<Colour>,
    /// The fewest seats a game takes.
    pub min_seats: u32,
    /// The most seats the board takes.
    pub max_seats: u32,
    /// The options that apply to this preset, in menu order.
    pub options: Vec<RuleOptionInfo>,
}

/// The rules object for a preset and options (options applied in the order given; a name
/// given twice is refused).
pub(crate) fn rules_spec(preset: &str, options: &[RuleOption]) -> Result<RulesSpec, LudoError> {
    if options.is_empty() {
        return Ok(RulesSpec::Preset(preset.to_owned()));
    }
    let mut map = serde_json::Map::new();
    for o in options {
        let field = format!("options.{}", ludo_core::echo::echo(&o.name));
        let value: serde_json::Value =
            serde_json::from_str(&o.value_json).map_err(|e| LudoError::InvalidRules {
                field: field.clone(),
                reason: format!("the value is not JSON: {e}"),
            })?;
        if map.insert(o.name.clone(), value).is_some() {
            return Err(LudoError::InvalidRules {
                field,
                reason: "the option is given twice".to_owned(),
            });
        }
    }
    Ok(RulesSpec::WithOptions {
        preset: preset.to_owned(),
        options: map,
    })
}

/// The preset's value of an option, as JSON text.
fn default_json(rules: &Rules, name: &str) -> Option<String> {
    if name == "home_col_len" {
        return rules.board().ok().map(|b| b.home_column_len.to_string());
    }
    match serde_json::to_value(rules).ok()? {
        serde_json::Value::Object(map) => map.get(name).map(ToString::to_string),
        _ => None,
    }
}

/// An option's value as a menu offers it: the option's name and the value.
type Setting<'a> = (&'a str, &'a serde_json::Value);

/// Whether the preset with these options resolves to rules that can be played.
fn playable(id: &str, options: &[Setting<'_>]) -> bool {
    let options = options
        .iter()
        .map(|(name, value)| ((*name).to_owned(), (*value).clone()))
        .collect();
    RulesSpec::WithOptions {
        preset: id.to_owned(),
        options,
    }
    .resolve()
    .is_ok()
}

/// Whether `own` is playable on its own, or beside the values of one or two other options
/// taken from `every` (a setting of its own option is never its partner).
pub(crate) fn reachable(
    own: Setting<'_>,
    every: &[Setting<'_>],
    playable: impl Fn(&[Setting<'_>]) -> bool,
) -> bool {
    let others = || every.iter().copied().filter(|other| other.0 != own.0);
    playable(&[own])
        || others().any(|a| {
            playable(&[a, own])
                || others()
                    .filter(|b| b.0 != a.0)
                    .any(|b| playable(&[a, b, own]))
        })
}

/// The menus of a preset's options, each value kept if some setting of at most two other
/// options makes it playable: a pair's half move stays on the menu of `classic` (it needs
/// blocks), but "off" leaves the menu of `stop_at_first_winner` in Parchís, which always ends
/// with the first winner.
fn menus(id: &str, names: &[&'static str]) -> Vec<Vec<OptionChoice>> {
    let all: Vec<Vec<(&str, serde_json::Value)>> = names.iter().map(|n| menu(n)).collect();
    // Every value of every option, to try beside the one in question.
    let every: Vec<Setting<'_>> = names
        .iter()
        .zip(&all)
        .flat_map(|(name, menu)| menu.iter().map(move |(_, value)| (*name, value)))
        .collect();
    names
        .iter()
        .zip(&all)
        .map(|(name, menu)| {
            menu.iter()
                .filter(|(_, value)| {
                    reachable((name, value), &every, |options| playable(id, options))
                })
                .map(|(code, value)| OptionChoice {
                    code: (*code).to_owned(),
                    value_json: value.to_string(),
                })
                .collect()
        })
        .collect()
}

fn preset_info(id: &str) -> Result<PresetInfo, RulesError> {
    let rules = Rules::preset(id)?;
    let board = rules.board()?;
    let names: Vec<&'static str> = option_names()
        .into_iter()
        .filter(|(_, only)| only.is_none_or(|presets| presets.contains(&id)))
        .map(|(name, _)| name)
        .collect();
    let options = names
        .iter()
        .zip(menus(id, &names))
        .map(|(name, choices)| RuleOptionInfo {
            name: (*name).to_owned(),
            code: format!("option.{name}"),
            default_json: default_json(&rules, name),
            choices,
        })
        .collect();
    Ok(PresetInfo {
        id: id.to_owned(),
        code: format!("preset.{id}"),
        colours: rules.colours.iter().map(|&c| c.into()).collect(),
        min_seats: 2,
        max_seats: board.colours.into(),
        options,
    })
}

/// Every preset, in the order the menus show them, with the options each may set.
#[uniffi::export]
pub fn presets() -> Vec<PresetInfo> {
    init_logging();
    guarded_or(Vec::new(), || {
        PRESETS
            .iter()
            .filter_map(|id| match preset_info(id) {
                Ok(info) => Some(info),
                Err(e) => {
                    log::error!("preset {id}: {e}");
                    None
                }
            })
            .collect()
    })
}

/// The bot levels, weakest first (`random`, `easy`, `medium`, `hard`, `expert`).
#[uniffi::export]
pub fn bot_levels() -> Vec<String> {
    init_logging();
    guarded_or(Vec::new(), || {
        ludo_core::bots::LEVELS
            .iter()
            .map(|&l| l.to_owned())
            .collect()
    })
}

/// The drawing layout of the board of a preset with options (the options can change it:
/// `home_col_len`), with the rules' safe squares marked.
#[uniffi::export]
pub fn board_layout(preset: String, options: Vec<RuleOption>) -> Result<BoardLayout, LudoError> {
    init_logging();
    guarded(|| {
        let rules = rules_spec(&preset, &options)?.resolve()?;
        let engine = Engine::new(rules)?;
        let layout = CoreLayout::of_engine(&engine);
        Ok(BoardLayout::of(&layout, &engine.rules.colours))
    })
}
