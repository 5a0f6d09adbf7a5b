//! The networks built into the library, and the choice of one for a game ([`for_game`]).

use std::sync::{Arc, OnceLock};

use super::Net;
use crate::engine::Engine;
use crate::position::Position;
use crate::rules::Rules;

/// The networks built into the library: the preset and the number of seats each was
/// trained on, and its weights as `td_train pack` wrote them from the JSON that training
/// wrote ([`Net::pack`]). See [`for_game`].
pub const BUILT_IN: [(&str, usize, &[u8]); 22] = [
    ("classic", 4, include_bytes!("../nets/classic4.net")),
    ("classic", 3, include_bytes!("../nets/classic3.net")),
    ("classic", 2, include_bytes!("../nets/classic2.net")),
    ("ludo_blocks", 2, include_bytes!("../nets/ludo_blocks2.net")),
    ("ludo_blocks", 3, include_bytes!("../nets/ludo_blocks3.net")),
    ("ludo_blocks", 4, include_bytes!("../nets/ludo_blocks4.net")),
    (
        "ludo_multijoueur",
        2,
        include_bytes!("../nets/ludo_multijoueur2.net"),
    ),
    (
        "ludo_multijoueur",
        3,
        include_bytes!("../nets/ludo_multijoueur3.net"),
    ),
    (
        "ludo_multijoueur",
        4,
        include_bytes!("../nets/ludo_multijoueur4.net"),
    ),
    ("mensch", 2, include_bytes!("../nets/mensch2.net")),
    ("mensch", 4, include_bytes!("../nets/mensch4.net")),
    ("parchis", 2, include_bytes!("../nets/parchis2.net")),
    ("parchis", 3, include_bytes!("../nets/parchis3.net")),
    ("parchis", 4, include_bytes!("../nets/parchis4.net")),
    ("parchis6", 2, include_bytes!("../nets/parchis6_2.net")),
    ("parchis6", 3, include_bytes!("../nets/parchis6_3.net")),
    ("parchis6", 4, include_bytes!("../nets/parchis6_4.net")),
    ("parchis6", 5, include_bytes!("../nets/parchis6_5.net")),
    ("parchis6", 6, include_bytes!("../nets/parchis6_6.net")),
    (
        "petits_chevaux",
        2,
        include_bytes!("../nets/petits_chevaux2.net"),
    ),
    (
        "petits_chevaux",
        3,
        include_bytes!("../nets/petits_chevaux3.net"),
    ),
    (
        "petits_chevaux",
        4,
        include_bytes!("../nets/petits_chevaux4.net"),
    ),
];

/// Further networks for entries of [`BUILT_IN`], each trained apart on the same preset and
/// seats, as `td_train pack` wrote them: the entry's network averages their chances with
/// its own ([`Net::partners`]). `classic4_more` is the four-seat network after 300,000
/// further games against the same mix of opponents, `classic4_random` after 300,000 further
/// games against random movers only; docs/bots.md gives the commands.
pub const PARTNERS: [(&str, usize, &[u8]); 2] = [
    ("classic", 4, include_bytes!("../nets/classic4_more.net")),
    ("classic", 4, include_bytes!("../nets/classic4_random.net")),
];

/// A built-in network from its packed bytes, if it loads and is made for `seats` seats of
/// `preset`; otherwise `None` and a warning in the log, and the expert plays on its hand
/// evaluation.
fn load(preset: &str, seats: usize, packed: &[u8]) -> Option<Arc<Net>> {
    let fallback = "the expert uses its hand evaluation";
    match Net::unpack(packed) {
        Ok(mut net) if net.seats == seats && net.preset == preset => {
            let partners = PARTNERS
                .iter()
                .filter(|&&(p, s, _)| p == preset && s == seats);
            net.partners = partners
                .filter_map(|&(_, _, bytes)| partner(&net, bytes))
                .collect();
            Some(Arc::new(net))
        }
        Ok(net) => {
            log::warn!(
                "built-in value network for {seats} seats of {preset} is made for {} seats of {}; {fallback}",
                net.seats,
                net.preset
            );
            None
        }
        Err(e) => {
            log::warn!("built-in value network for {seats} seats of {preset}: {e}; {fallback}");
            None
        }
    }
}

/// A built-in partner of `net` from its packed bytes, if it loads and fits `net` (the same
/// preset, [`Net::fits`]); otherwise `None` and a warning in the log, and `net` plays
/// without it.
fn partner(net: &Net, packed: &[u8]) -> Option<Net> {
    let (preset, seats) = (&net.preset, net.seats);
    let fit = Net::unpack(packed)
        .map_err(|e| e.to_string())
        .and_then(|partner| match net.fits(&partner) {
            Ok(()) if partner.preset == *preset => Ok(partner),
            Ok(()) => Err(format!("it is made for {}", partner.preset)),
            Err(e) => Err(e.to_string()),
        });
    fit.map_err(|e| {
        log::warn!("a built-in partner network for {seats} seats of {preset}: {e}; left out");
    })
    .ok()
}

/// The network built into the library for `seats` seats of `preset`, if there is one
/// (see [`BUILT_IN`]) and it loads.
pub fn built_in(preset: &str, seats: usize) -> Option<Arc<Net>> {
    let i = BUILT_IN
        .iter()
        .position(|&(p, s, _)| p == preset && s == seats)?;
    built_in_at(i)
}

/// Entry `i` of [`BUILT_IN`], unpacked the first time it is asked for.
fn built_in_at(i: usize) -> Option<Arc<Net>> {
    static LOADED: [OnceLock<Option<Arc<Net>>>; BUILT_IN.len()] =
        [const { OnceLock::new() }; BUILT_IN.len()];
    let &(preset, seats, packed) = BUILT_IN.get(i)?;
    LOADED
        .get(i)?
        .get_or_init(|| load(preset, seats, packed))
        .clone()
}

/// The network to play `pos` with: the built-in one for its number of seats and rules,
/// when the library has one and nobody has finished yet (a network knows the race for
/// first place only). The rules must be its preset's in everything that shapes that race.
/// `None` otherwise.
pub fn for_game(engine: &Engine, pos: &Position) -> Option<Arc<Net>> {
    static TRAINED: OnceLock<Vec<Option<Rules>>> = OnceLock::new();
    if pos.finished_count > 0 {
        return None;
    }
    let trained = TRAINED.get_or_init(|| {
        BUILT_IN
            .iter()
            .map(|&(preset, _, _)| Rules::preset(preset).ok())
            .collect()
    });
    let seats = pos.seat_count as usize;
    let i = BUILT_IN
        .iter()
        .zip(trained)
        .position(|(&(_, s, _), rules)| {
            s == seats && rules.as_ref().is_some_and(|t| same_race(t, &engine.rules))
        })?;
    built_in_at(i)
}

/// Whether the race to first place is the same under both rules: every rule is, save what
/// happens after the first colour is home (whether play goes on, how places and points are
/// counted) and the preset's name.
fn same_race(trained: &Rules, rules: &Rules) -> bool {
    let mut race = rules.clone();
    race.preset.clone_from(&trained.preset);
    race.stop_at_first_winner = trained.stop_at_first_winner;
    race.places = trained.places;
    race.ranking_points.clone_from(&trained.ranking_points);
    race == *trained
}
