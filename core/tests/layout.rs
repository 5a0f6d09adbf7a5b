//! The drawing layout of every board: cells that fit the grid and never overlap, a track that
//! runs between neighbouring cells, starts, home columns and homes where the rules put them.

use std::collections::HashSet;

use ludo_core::Engine;
use ludo_core::board::{Board, BoardSpec};
use ludo_core::layout::{BoardLayout, Cell, CellKind, layout};
use ludo_core::position::{PIECES, YARD};
use ludo_core::rules::PRESETS;

fn engine(id: &str) -> Engine {
    Engine::preset(id).expect("preset")
}

/// Every preset with its engine and layout.
fn presets() -> Vec<(&'static str, Engine, BoardLayout)> {
    PRESETS
        .iter()
        .map(|&id| {
            let engine = engine(id);
            let layout = BoardLayout::of_engine(&engine);
            (id, engine, layout)
        })
        .collect()
}

fn at(cell: &Cell) -> (u8, u8) {
    (cell.row, cell.col)
}

fn neighbours(a: &Cell, b: &Cell) -> bool {
    a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1
}

fn on_edge(layout: &BoardLayout, cell: &Cell) -> bool {
    cell.row == 0 || cell.col == 0 || cell.row + 1 == layout.rows || cell.col + 1 == layout.cols
}

fn distance(a: &Cell, b: &Cell) -> u32 {
    a.row.abs_diff(b.row) as u32 + a.col.abs_diff(b.col) as u32
}

/// Whether the cells are inside the grid, each square on a cell of its own, and homes on
/// cells of their own: one per colour, or one centre shared by all.
fn check_cells(name: &str, layout: &BoardLayout) {
    for cell in layout.cells() {
        assert!(
            cell.row < layout.rows && cell.col < layout.cols,
            "{name}: {cell:?} is outside the {}×{} grid",
            layout.rows,
            layout.cols
        );
    }
    let mut seen = HashSet::new();
    let squares = layout
        .track
        .iter()
        .chain(layout.home_columns.iter().flatten())
        .chain(layout.yards.iter().flatten());
    for cell in squares {
        assert!(seen.insert(at(cell)), "{name}: two squares on {cell:?}");
    }
    for home in &layout.homes {
        assert!(
            !seen.contains(&at(home)),
            "{name}: home {home:?} is on a square"
        );
    }
    let homes: HashSet<_> = layout.homes.iter().map(at).collect();
    let shared = layout
        .homes
        .iter()
        .all(|h| h.kind == CellKind::Home { colour: None });
    if shared {
        assert!(homes.len() <= 1, "{name}: a shared home in several places");
    } else {
        assert_eq!(
            homes.len(),
            layout.homes.len(),
            "{name}: two colours' homes overlap"
        );
        for (k, home) in layout.homes.iter().enumerate() {
            assert_eq!(
                home.kind,
                CellKind::Home {
                    colour: Some(k as u8)
                },
                "{name}"
            );
        }
    }
}

/// Whether each track step is between neighbouring cells exactly when it is not listed.
fn check_track_steps(name: &str, layout: &BoardLayout) {
    let listed: HashSet<u8> = layout.non_adjacent.iter().map(|(s, _)| *s).collect();
    let len = layout.track.len();
    for s in 0..len {
        let (from, to) = (&layout.track[s], &layout.track[(s + 1) % len]);
        if listed.contains(&(s as u8)) {
            assert!(
                !neighbours(from, to),
                "{name}: step {s} is listed but adjacent"
            );
        } else {
            assert!(
                neighbours(from, to),
                "{name}: step {s} {from:?} -> {to:?} jumps"
            );
        }
    }
}

/// Whether each colour's home column starts beside its last track square, runs between
/// neighbouring cells and ends beside its home.
fn check_home_columns(name: &str, board: &Board, layout: &BoardLayout) {
    for (k, column) in layout.home_columns.iter().enumerate() {
        assert_eq!(column.len(), board.home_column_len as usize, "{name}");
        let last = &layout.track[board.track_square(k, board.last_track) as usize];
        assert!(
            neighbours(last, &column[0]),
            "{name}: colour {k} column starts away"
        );
        for pair in column.windows(2) {
            assert!(
                neighbours(&pair[0], &pair[1]),
                "{name}: colour {k} column breaks"
            );
        }
        if let Some(home) = layout.homes.get(k) {
            let end = &column[column.len() - 1];
            assert!(
                neighbours(end, home),
                "{name}: colour {k} column ends away from home"
            );
        }
    }
}

#[test]
fn every_board_has_its_grid_size() {
    let sizes: Vec<_> = presets()
        .iter()
        .map(|(id, _, l)| (*id, l.rows, l.cols))
        .collect();
    assert_eq!(
        sizes,
        vec![
            ("classic", 15, 15),
            ("ludo_multijoueur", 15, 15),
            ("ludo_blocks", 15, 15),
            ("parchis", 19, 19),
            ("parchis6", 19, 22),
            ("mensch", 11, 11),
            ("petits_chevaux", 15, 15),
        ]
    );
}

#[test]
fn every_preset_draws_each_square_on_its_own_cell_inside_the_grid() {
    for (id, engine, layout) in presets() {
        let board = &engine.board;
        assert_eq!(layout.track.len(), board.track_len as usize, "{id}");
        assert_eq!(layout.home_columns.len(), board.colours as usize, "{id}");
        assert_eq!(layout.yards.len(), board.colours as usize, "{id}");
        assert!(layout.yards.iter().all(|y| y.len() == PIECES), "{id}");
        let homes = if board.home.is_some() {
            board.colours as usize
        } else {
            0
        };
        assert_eq!(layout.homes.len(), homes, "{id}");
        check_cells(id, &layout);
    }
}

#[test]
fn consecutive_track_squares_are_neighbours_unless_listed() {
    for (id, engine, layout) in presets() {
        check_track_steps(id, &layout);
        // Only the steps from one arm to the next may jump, at most one per colour.
        assert!(
            layout.non_adjacent.len() <= engine.board.colours as usize,
            "{id}"
        );
    }
}

#[test]
fn cross_corners_are_diagonal_steps_and_corner_square_boards_never_jump() {
    for id in ["classic", "parchis"] {
        let layout = BoardLayout::of_engine(&engine(id));
        assert_eq!(layout.non_adjacent.len(), 4, "{id}");
        for (s, why) in &layout.non_adjacent {
            let (from, to) = (&layout.track[*s as usize], &layout.track[*s as usize + 1]);
            assert_eq!(
                (from.row.abs_diff(to.row), from.col.abs_diff(to.col)),
                (1, 1)
            );
            assert!(why.contains("diagonal"), "{id}: {why}");
        }
    }
    let classic: Vec<u8> = BoardLayout::of_engine(&engine("classic"))
        .non_adjacent
        .iter()
        .map(|(s, _)| *s)
        .collect();
    assert_eq!(classic, vec![4, 17, 30, 43]);
    for id in ["mensch", "petits_chevaux"] {
        assert!(
            BoardLayout::of_engine(&engine(id)).non_adjacent.is_empty(),
            "{id}"
        );
    }
    // Two arms side by side join without a jump: the six-colour board's only listed steps are
    // its four diagonal corners.
    let six = BoardLayout::of_engine(&engine("parchis6"));
    assert_eq!(six.non_adjacent.len(), 4, "{:?}", six.non_adjacent);
    assert!(
        six.non_adjacent
            .iter()
            .all(|(_, why)| why.starts_with("corner"))
    );
}

#[test]
fn ludo_start_is_second_from_the_arm_end_beside_its_own_yard() {
    for id in ["classic", "ludo_multijoueur", "ludo_blocks"] {
        let engine = engine(id);
        let (board, layout) = (&engine.board, BoardLayout::of_engine(&engine));
        let t = board.track_len as usize;
        for (k, &start) in board.start_squares.iter().enumerate() {
            let start = start as usize;
            let cell = &layout.track[start];
            let arm_end = &layout.track[(start + t - 1) % t];
            let middle_end = &layout.track[(start + t - 2) % t];
            assert!(
                matches!(cell.kind, CellKind::Start { colour, .. } if colour == k as u8),
                "{id}"
            );
            assert!(
                !on_edge(&layout, cell),
                "{id}: colour {k} starts at the arm's end"
            );
            assert!(
                on_edge(&layout, arm_end) && neighbours(arm_end, cell),
                "{id}"
            );
            // The square before the outgoing end is the end of the colour's middle column.
            let last = &layout.track[board.track_square(k, board.last_track) as usize];
            assert_eq!(last, middle_end, "{id}: colour {k}'s last track square");
            let nearest = nearest_yard(&layout, cell);
            assert_eq!(
                nearest, k,
                "{id}: colour {k}'s start is nearer another yard"
            );
        }
        // The classic picture: colour 0 at the bottom, starting on the left column.
        assert_eq!(at(&layout.track[0]), (13, 6));
        assert_eq!(at(&layout.track[51]), (14, 6));
        assert_eq!(at(&layout.track[50]), (14, 7));
    }
}

fn nearest_yard(layout: &BoardLayout, cell: &Cell) -> usize {
    (0..layout.yards.len())
        .min_by_key(|&k| layout.yards[k].iter().map(|y| distance(y, cell)).min())
        .expect("a yard")
}

#[test]
fn parchis_exits_are_the_fifth_square_of_the_outgoing_column_beside_the_casa() {
    let mut casas_across = 0;
    for id in ["parchis", "parchis6"] {
        let engine = engine(id);
        let (board, layout) = (&engine.board, BoardLayout::of_engine(&engine));
        let t = board.track_len as usize;
        for (k, &exit) in board.start_squares.iter().enumerate() {
            let exit = exit as usize;
            let printed_one = &layout.track[(exit + t - 4) % t];
            let home_entry = &layout.track[(exit + t - 5) % t];
            assert!(on_edge(&layout, printed_one), "{id}: colour {k}");
            assert!(on_edge(&layout, home_entry), "{id}: colour {k}");
            // Printed 1..5 run in a straight line from the arm's end.
            for s in 1..=4 {
                let (a, b) = (&layout.track[(exit + t - s) % t], &layout.track[exit]);
                assert_eq!(distance(a, b), s as u32, "{id}: colour {k}");
            }
            assert_eq!(nearest_yard(&layout, &layout.track[exit]), k, "{id}");
            if id == "parchis6" {
                // The casa is the two-by-two right beside the exit, or, for the first arm of
                // a pair (whose other arm stands on that side), on the same rows across the
                // arm, beyond its home column.
                let at = &layout.track[exit];
                let beside = layout.yards[k].iter().any(|y| neighbours(y, at));
                let across = layout.yards[k]
                    .iter()
                    .any(|y| y.row == at.row && distance(y, at) == 3);
                assert!(
                    beside || across,
                    "{id}: colour {k}'s casa is far from its exit"
                );
                casas_across += usize::from(across);
                // And it is a two-by-two block.
                let rows: HashSet<_> = layout.yards[k].iter().map(|y| y.row).collect();
                let cols: HashSet<_> = layout.yards[k].iter().map(|y| y.col).collect();
                assert_eq!((rows.len(), cols.len()), (2, 2), "{id}: colour {k}'s casa");
            }
        }
    }
    assert_eq!(casas_across, 2, "one arm of each pair");
}

/// Twice the signed area the track encloses, positive when it runs clockwise on screen.
fn turning(layout: &BoardLayout) -> i64 {
    let len = layout.track.len();
    (0..len)
        .map(|s| {
            let (a, b) = (&layout.track[s], &layout.track[(s + 1) % len]);
            a.col as i64 * b.row as i64 - b.col as i64 * a.row as i64
        })
        .sum()
}

#[test]
fn parchis_runs_counter_clockwise_and_the_others_clockwise() {
    for (id, _, layout) in presets() {
        let counter = id.starts_with("parchis");
        assert_eq!(turning(&layout) < 0, counter, "{id}");
    }
}

#[test]
fn mensch_and_petits_chevaux_start_at_the_arm_end_next_to_the_home_column() {
    for id in ["mensch", "petits_chevaux"] {
        let engine = engine(id);
        let (board, layout) = (&engine.board, BoardLayout::of_engine(&engine));
        for (k, &start) in board.start_squares.iter().enumerate() {
            let cell = &layout.track[start as usize];
            assert!(on_edge(&layout, cell), "{id}: colour {k}");
            assert_eq!(nearest_yard(&layout, cell), k, "{id}");
        }
    }
    let mensch = BoardLayout::of_engine(&engine("mensch"));
    // The B fields fill the outermost two-by-two of the corner.
    let b_fields: HashSet<_> = mensch.yards[0].iter().map(at).collect();
    assert_eq!(b_fields, HashSet::from([(9, 0), (9, 1), (10, 0), (10, 1)]));
    assert_eq!(at(&mensch.track[0]), (10, 4));
    assert_eq!(
        at(&mensch.home_columns[0][3]),
        (6, 5),
        "the fourth goal field"
    );
}

#[test]
fn home_columns_run_from_the_last_track_square_to_home() {
    for (id, engine, layout) in presets() {
        check_home_columns(id, &engine.board, &layout);
    }
}

#[test]
fn petits_chevaux_staircases_climb_to_one_shared_centre() {
    let layout = BoardLayout::of_engine(&engine("petits_chevaux"));
    for home in &layout.homes {
        assert_eq!(at(home), (7, 7));
        assert_eq!(home.kind, CellKind::Home { colour: None });
    }
    for column in &layout.home_columns {
        assert_eq!(column.len(), 6, "six steps");
    }
}

#[test]
fn mensch_has_no_home_beyond_the_goal_fields() {
    let layout = BoardLayout::of_engine(&engine("mensch"));
    assert!(layout.homes.is_empty());
    assert_eq!(layout.cell_of(0, 43, 0), Some(layout.home_columns[0][3]));
    assert_eq!(layout.cell_of(0, 44, 0), None);
}

#[test]
fn safe_squares_are_drawn_safe_or_start_and_others_plain() {
    for (id, engine, layout) in presets() {
        let starts = &engine.board.start_squares;
        for (s, cell) in layout.track.iter().enumerate() {
            let s = s as u8;
            let expected = match starts.iter().position(|&x| x == s) {
                Some(k) => CellKind::Start {
                    colour: k as u8,
                    safe: engine.is_safe(s),
                },
                None if engine.is_safe(s) => CellKind::Safe,
                None => CellKind::Track,
            };
            assert_eq!(cell.kind, expected, "{id}: square {s}");
        }
    }
    // A start is marked safe where the rules make it so: on classic and on Parchís' exits,
    // not on ludo_multijoueur.
    for (id, safe) in [
        ("classic", true),
        ("ludo_multijoueur", false),
        ("parchis", true),
    ] {
        let engine = engine(id);
        let square = engine.board.start_squares[0] as usize;
        let layout = BoardLayout::of_engine(&engine);
        assert_eq!(
            layout.track[square].kind,
            CellKind::Start { colour: 0, safe },
            "{id}"
        );
    }
    // Parchís: the twelve seguros, printed 5, 12, 17, ..., 68.
    let parchis = BoardLayout::of_engine(&engine("parchis"));
    let mut seguros: Vec<u8> = (0..68u8)
        .filter(|&s| parchis.track[s as usize].kind != CellKind::Track)
        .map(|s| s + 1)
        .collect();
    seguros.sort();
    assert_eq!(seguros, vec![5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68]);
}

#[test]
fn cell_of_follows_a_piece_from_yard_to_home() {
    for (id, engine, layout) in presets() {
        let board = &engine.board;
        for k in 0..board.colours {
            let c = k as usize;
            for piece in 0..PIECES {
                assert_eq!(layout.cell_of(k, YARD, piece), Some(layout.yards[c][piece]));
            }
            for progress in [0, 1, board.last_track / 2, board.last_track] {
                let square = board.track_square(c, progress) as usize;
                assert_eq!(
                    layout.cell_of(k, progress, 0),
                    Some(layout.track[square]),
                    "{id}: colour {k} at {progress}"
                );
            }
            assert!(
                matches!(
                    layout.cell_of(k, 0, 0).map(|cell| cell.kind),
                    Some(CellKind::Start { colour, .. }) if colour == k
                ),
                "{id}"
            );
            for step in 0..board.home_column_len {
                let progress = board.last_track + 1 + step;
                let cell = layout.cell_of(k, progress, 2);
                assert_eq!(cell, Some(layout.home_columns[c][step as usize]), "{id}");
            }
            if let Some(home) = board.home {
                assert_eq!(layout.cell_of(k, home, 3), Some(layout.homes[c]), "{id}");
            }
            assert_eq!(layout.cell_of(k, board.max_progress() + 1, 0), None, "{id}");
            assert_eq!(
                layout.cell_of(k, YARD, PIECES),
                None,
                "{id}: no fifth piece"
            );
        }
        assert_eq!(
            layout.cell_of(board.colours, 0, 0),
            None,
            "{id}: no such colour"
        );
    }
}

#[test]
fn every_arm_length_and_home_column_length_lays_out_cleanly() {
    for arm_len in 3..=8u8 {
        for home_column_len in 1..=arm_len + 2 {
            let spec = BoardSpec::Cross {
                arm_len,
                home_column_len: Some(home_column_len),
            };
            let board = Board::new(spec).expect("board");
            let layout = layout(&board, |_| false);
            let name = format!("arm {arm_len}, home column {home_column_len}");
            check_cells(&name, &layout);
            check_track_steps(&name, &layout);
            assert!(layout.non_adjacent.len() <= 4, "{name}");
            // Whatever its length, a column leaves the track beside its last square and
            // runs cell by cell to its home.
            check_home_columns(&name, &board, &layout);
            if home_column_len <= arm_len {
                // The cross keeps its size, and so its corners: only the four diagonal
                // steps from one arm into the next.
                let size = 2 * arm_len + 3;
                assert_eq!((layout.rows, layout.cols), (size, size), "{name}");
                assert_eq!(layout.non_adjacent.len(), 4, "{name}");
                // A home is on the 3 × 3 centre once its column fills the arm's middle lane,
                // and the colours share its middle once the column runs into the centre.
                let centre = arm_len..arm_len + 3;
                for home in &layout.homes {
                    let (row, col) = at(home);
                    assert_eq!(
                        centre.contains(&row) && centre.contains(&col),
                        home_column_len + 1 >= arm_len,
                        "{name}: a home at {:?}",
                        (row, col)
                    );
                    let shared = matches!(home.kind, CellKind::Home { colour: None });
                    assert_eq!(shared, home_column_len >= arm_len, "{name}");
                }
            }
        }
    }
}

#[test]
fn classic_board_renders_as_the_15_by_15_cross() {
    let text = BoardLayout::of_engine(&engine("classic")).render_ascii();
    let expected = [
        "      ...",
        " y  y .Cc y  y",
        "      *C.",
        "      .C.",
        " y  y .C. y  y",
        "      .C.",
        ".b.... H ...*..",
        ".BBBBBH HDDDDD.",
        "..*... H ....d.",
        "      .A.",
        " y  y .A. y  y",
        "      .A.",
        "      .A*",
        " y  y aA. y  y",
        "      ...",
    ];
    assert_eq!(text.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn layout_serialises_cell_kinds_with_a_type_tag() {
    let layout = BoardLayout::of_engine(&engine("classic"));
    let json = serde_json::to_value(layout.track[0]).expect("json");
    assert_eq!(
        json,
        serde_json::json!({"row": 13, "col": 6, "kind": {"type": "start", "colour": 0, "safe": true}})
    );
    let home = serde_json::to_value(layout.homes[1].kind).expect("json");
    assert_eq!(home, serde_json::json!({"type": "home", "colour": 1}));
}
