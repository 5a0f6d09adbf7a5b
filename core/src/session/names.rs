//! Players' names as a screen should show them.
//!
//! A save keeps a name exactly as it was typed, and an older save may hold characters that
//! only make sense to a text layout engine: explicit bidirectional controls (an override
//! such as U+202E turns the rest of a line around) and characters that draw nothing (a
//! zero-width space, a Hangul filler). Refusing them now would make such saves unloadable,
//! so they are dealt with where a name is shown instead: [`display_name`].

/// The explicit bidirectional formatting characters: the embeddings and overrides
/// (LRE, RLE, PDF, LRO, RLO) and the isolates (LRI, RLI, FSI, PDI). A name that holds one
/// can reorder the text around it, or close an isolate the screen put around the name.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Unicode's `Default_Ignorable_Code_Point` (DerivedCoreProperties.txt, Unicode 15.1):
/// characters that draw nothing where a font has no glyph for them.
fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// `name` as a screen should show it: without its explicit bidirectional controls, so that
/// it cannot turn the line it is shown in around; `None` when nothing in it would be seen
/// (empty, spaces, or only characters that draw nothing), so that the screen shows its own
/// label for the seat ("player 2") instead of a blank.
///
/// Everything else is kept: right-to-left letters, the direction marks (LRM, RLM, which
/// only act as a letter would), the zero-width joiners of an emoji sequence.
///
/// ```
/// use ludo_core::session::display_name;
/// assert_eq!(display_name("Ann").as_deref(), Some("Ann"));
/// assert_eq!(display_name("\u{202E}nnA").as_deref(), Some("nnA"));
/// assert_eq!(display_name("\u{200B} "), None);
/// ```
pub fn display_name(name: &str) -> Option<String> {
    let shown: String = name.chars().filter(|&c| !is_bidi_control(c)).collect();
    shown
        .chars()
        .any(|c| !c.is_whitespace() && !is_default_ignorable(c))
        .then_some(shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_names_are_shown_as_typed() {
        for name in [
            "Ann",
            "Zoë",
            "Мария",
            "سارة",
            "שרה",
            "李雷",
            "Ann & Bob",
            "👨‍👩‍👧",
        ] {
            assert_eq!(display_name(name).as_deref(), Some(name), "{name:?}");
        }
    }

    #[test]
    fn every_explicit_bidi_control_is_taken_out() {
        for control in ['\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}'] {
            let name = format!("{control}Ann{control}");
            assert_eq!(display_name(&name).as_deref(), Some("Ann"), "{name:?}");
        }
        for control in ['\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'] {
            let name = format!("Ann{control}");
            assert_eq!(display_name(&name).as_deref(), Some("Ann"), "{name:?}");
        }
        // The marks act as letters would, and stay.
        assert_eq!(
            display_name("שרה\u{200F}!").as_deref(),
            Some("שרה\u{200F}!")
        );
    }

    #[test]
    fn a_name_that_draws_nothing_is_not_shown() {
        for name in [
            "",
            "   ",
            "\u{200B}",
            "\u{200D}\u{200C}",
            "\u{3164}\u{3164}",
            "\u{FEFF}\t",
            "\u{202E}",
            "\u{2068}\u{2069}",
            "\u{115F}\u{E0041}",
        ] {
            assert_eq!(display_name(name), None, "{name:?}");
        }
        // One visible character among them is enough.
        assert_eq!(
            display_name("\u{200B}x\u{200B}").as_deref(),
            Some("\u{200B}x\u{200B}")
        );
    }
}
