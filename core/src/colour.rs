//! The colours a seat can play.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's colour. Colours are decoration: the board gives each its start square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red.
    Red,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Blue.
    Blue,
    /// Gray (the fifth colour of the 6-colour Parchís board).
    Gray,
    /// Fuchsia (the sixth colour of the 6-colour Parchís board).
    Fuchsia,
}

impl Colour {
    /// Every colour, in declaration order.
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Green,
        Colour::Yellow,
        Colour::Blue,
        Colour::Gray,
        Colour::Fuchsia,
    ];

    /// The lowercase name used in JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Gray => "gray",
            Colour::Fuchsia => "fuchsia",
        }
    }

    /// Parses a lowercase colour name.
    pub fn from_name(name: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == name)
    }

    /// A single capital letter for plain-text boards.
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Green => 'G',
            Colour::Yellow => 'Y',
            Colour::Blue => 'B',
            Colour::Gray => 'A',
            Colour::Fuchsia => 'F',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_letters() {
        let names: Vec<&str> = Colour::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names, ["red", "green", "yellow", "blue", "gray", "fuchsia"]);
        // A capital each, told apart on a plain-text board; gray's G is green's, so it is A.
        let letters: String = Colour::ALL.iter().map(|c| c.letter()).collect();
        assert_eq!(letters, "RGYBAF");
        for c in Colour::ALL {
            assert_eq!(Colour::from_name(c.name()), Some(c));
            assert_eq!(c.to_string(), c.name());
        }
        assert_eq!(Colour::from_name("Red"), None);
        assert_eq!(Colour::from_name("purple"), None);
    }
}
