import LudoKit
import SwiftUI

/// The die's faces, ones first.
let diceFaces = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"]

/// The move the expert suggests: one colour in light and dark mode, the same as on Android, and
/// none of the players'.
private let hintColour = Color(red: 1.0, green: 0.427, blue: 0.0)

/// The game: whose turn, the board, the die, undo, a hint while choosing, the dice's
/// fingerprint (and once over, their check and the game to share), and the last events.
struct BoardView: View {
    let store: GameStore
    let board: BoardLayout
    let view: GameView
    @State private var showsDice = false

    var body: some View {
        VStack(spacing: 12) {
            Text(status).font(.headline)
            if view.phase == .over {
                // The final places; seats that tie share their place (the core's `ranks`).
                ForEach(Array(view.places.enumerated()), id: \.offset) { i, seat in
                    let rank = i < view.ranks.count ? Int(view.ranks[i]) : i + 1
                    Text(L("status.place", rank, seatName(seat, view)))
                }
            }
            BoardCanvas(board: board, view: view, hint: store.hint) { store.choose($0) }
            HStack {
                Button(rollLabel) { store.roll() }
                    .buttonStyle(.borderedProminent)
                    .disabled(view.phase != .roll || view.botToMove)
                Button(L("ui.undo")) { store.undo() }
                    .disabled(!view.canUndo)
                Button(L("ui.leave")) { store.leave() }
            }
            HStack {
                if view.phase == .choose && !view.botToMove {
                    if store.hintAsked {
                        ProgressView()
                        Text(L("status.hint_thinking")).font(.subheadline)
                    } else if store.hint == nil {
                        Button(L("ui.hint")) { store.askHint() }
                    } else {
                        Text(L("status.hint")).font(.subheadline).foregroundStyle(hintColour)
                    }
                }
                Button(L("ui.dice")) { showsDice = true }
            }
            ForEach(Array(store.log.reversed().enumerated()), id: \.offset) { _, event in
                Text(eventText(event, view)).font(.caption)
            }
            Spacer()
        }
        .padding()
        .messageAlert(store, shown: !showsDice)
        .sheet(isPresented: $showsDice) { DiceSheet(store: store, view: view) }
    }

    private var rollLabel: String {
        let face = view.dice.flatMap { $0 >= 1 && $0 <= 6 ? diceFaces[Int($0) - 1] : nil }
        return [face, L("ui.roll")].compactMap { $0 }.joined(separator: " ")
    }

    private var status: String {
        func name(_ seat: UInt32?) -> String {
            guard let seat, Int(seat) < view.seats.count else { return "" }
            return seatName(seat, view)
        }
        let mover = name(view.turn)
        if view.phase == .over { return L("status.winner", name(view.places.first)) }
        if view.botToMove { return L("status.thinking", mover) }
        switch (view.phase, view.choosingFor) {
        case let (.choose, .roll(value)?): return L("status.choose", mover, Int(value))
        case let (.choose, .bonus(count)?): return L("status.choose_bonus", mover, Int(count))
        default: return L("status.to_roll", mover)
        }
    }
}

/// A grid position: cells are compared by where they are drawn.
private struct Spot: Hashable {
    let row: Int
    let col: Int

    init(row: Int, col: Int) {
        self.row = row
        self.col = col
    }

    init(_ cell: Cell) { self.init(row: Int(cell.row), col: Int(cell.col)) }
}

/// The board drawn from the core's layout: every cell in its grid place, coloured by its kind,
/// the pieces on the cells the view gives, and for the person to move the options: a ring on
/// each piece that can move and a tint on where it would stop, the option of a hint (`hint`)
/// drawn over them in a colour of its own. A tap on a piece plays its move (when it has one
/// destination); a tap on a tinted cell plays the move that stops there. Each piece carries its
/// number, as a screen reader names it. A screen reader finds the board as one element: its
/// value says where every seat's pieces stand (`boardText`), and it offers each option as an
/// action, in words (`moveText`).
struct BoardCanvas: View {
    let board: BoardLayout
    let view: GameView
    let hint: UInt32?
    let onChoose: (MoveOption) -> Void

    private var options: [MoveOption] { view.botToMove ? [] : view.options }

    private func origin(_ option: MoveOption) -> Spot? {
        guard Int(view.turn) < view.seats.count else { return nil }
        let pieces = view.seats[Int(view.turn)].pieces
        return Int(option.piece) < pieces.count ? Spot(pieces[Int(option.piece)].cell) : nil
    }

    private func destination(_ option: MoveOption) -> Spot? { option.path.last.map { Spot($0) } }

    var body: some View {
        let cols = CGFloat(board.cols), rows = CGFloat(board.rows)
        GeometryReader { geometry in
            let side = geometry.size.width / cols
            Canvas { context, _ in draw(in: &context, side: side) }
                .contentShape(Rectangle())
                .onTapGesture { point in
                    let at = Spot(row: Int(point.y / side), col: Int(point.x / side))
                    // A tap on the marked piece or square plays the hinted move, even where
                    // another move starts or stops there too.
                    let hinted = options.first { $0.id == hint && (origin($0) == at || destination($0) == at) }
                    let fromHere = options.filter { origin($0) == at }
                    let single = Set(fromHere.map(destination)).count == 1 ? fromHere.first : nil
                    if let pick = hinted ?? single ?? options.first(where: { destination($0) == at }) {
                        onChoose(pick)
                    }
                }
        }
        .aspectRatio(cols / rows, contentMode: .fit)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(L("ui.board"))
        .accessibilityValue(boardText(view))
        .accessibilityActions {
            ForEach(options, id: \.id) { option in
                Button(moveText(option, hinted: option.id == hint)) { onChoose(option) }
            }
        }
    }

    private func draw(in context: inout GraphicsContext, side: CGFloat) {
        func square(_ s: Spot) -> CGRect {
            CGRect(x: CGFloat(s.col) * side, y: CGFloat(s.row) * side, width: side, height: side)
        }
        func circle(_ s: Spot, _ scale: CGFloat, shift: CGPoint = .zero) -> Path {
            let r = side * scale
            let centre = CGPoint(x: (CGFloat(s.col) + 0.5) * side + shift.x, y: (CGFloat(s.row) + 0.5) * side + shift.y)
            return Path(ellipseIn: CGRect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r))
        }
        let colours = board.colours.map { $0.paint }
        func colour(_ index: UInt32) -> Color { Int(index) < colours.count ? colours[Int(index)] : .gray }

        for cell in board.cells {
            let at = Spot(cell)
            switch cell.kind {
            case let .yard(index):
                context.fill(circle(at, 0.42), with: .color(colour(index).opacity(0.3)))
                continue
            case .track: context.fill(Path(square(at)), with: .color(.white))
            case .safe: context.fill(Path(square(at)), with: .color(.white))
            case let .start(index, _): context.fill(Path(square(at)), with: .color(colour(index).opacity(0.7)))
            case let .homeColumn(index): context.fill(Path(square(at)), with: .color(colour(index).opacity(0.4)))
            case let .home(index): context.fill(Path(square(at)), with: .color(index.map(colour) ?? .gray.opacity(0.25)))
            }
            context.stroke(Path(square(at)), with: .color(.gray), lineWidth: 1)
            // A safe square's mark, a ring round a dot, on a start square too where the rules
            // make it safe. Not a grey fill: the gray player's tint looks like one.
            switch cell.kind {
            case .safe, .start(_, true):
                context.stroke(circle(at, 0.3), with: .color(.gray), lineWidth: side * 0.05)
                context.fill(circle(at, 0.1), with: .color(.gray))
            default: break
            }
        }

        for option in options {
            if let from = origin(option) {
                context.stroke(circle(from, 0.47), with: .color(.accentColor), lineWidth: side * 0.08)
            }
            if let to = destination(option) {
                context.fill(Path(square(to)), with: .color(.accentColor.opacity(0.35)))
            }
        }
        if let option = options.first(where: { $0.id == hint }) {
            if let from = origin(option) {
                context.stroke(circle(from, 0.47), with: .color(hintColour), lineWidth: side * 0.14)
            }
            if let to = destination(option) {
                context.fill(Path(square(to)), with: .color(hintColour.opacity(0.5)))
                context.stroke(Path(square(to)), with: .color(hintColour), lineWidth: side * 0.1)
            }
        }

        // Pieces sharing a cell are drawn smaller, side by side in rows of as many as the
        // cell's square grid needs (two by two for up to four; a Ludo stack or the shared
        // centre of Petits chevaux can hold sixteen), each with its number (from 1, as
        // `moveText` and `boardText` say it).
        let pieces = view.seats.flatMap { seat in seat.pieces.map { (seat.colour, Spot($0.cell), Int($0.piece) + 1) } }
        for (at, here) in Dictionary(grouping: pieces, by: { $0.1 }) {
            let across = Int(Double(here.count).squareRoot().rounded(.up))
            let step = side * 0.9 / CGFloat(across)
            for (i, piece) in here.enumerated() {
                let shift = CGPoint(
                    x: (CGFloat(i % across) + 0.5) * step - side * 0.45,
                    y: (CGFloat(i / across) + 0.5) * step - side * 0.45
                )
                let scale: CGFloat = across == 1 ? 0.36 : 0.44 / CGFloat(across)
                let path = circle(at, scale, shift: shift)
                context.fill(path, with: .color(piece.0.paint))
                context.stroke(path, with: .color(.black.opacity(0.6)), lineWidth: side * 0.05)
                let centre = CGPoint(x: (CGFloat(at.col) + 0.5) * side + shift.x, y: (CGFloat(at.row) + 0.5) * side + shift.y)
                let number = Text(verbatim: "\(piece.2)")
                    .font(.system(size: side * scale * 1.1, weight: .bold))
                    .foregroundStyle(piece.0.ink)
                context.draw(number, at: centre)
            }
        }
    }
}

extension Colour {
    /// How each player colour is painted: pieces, start squares, home columns and yards.
    var paint: Color {
        switch self {
        case .red: Color(red: 0.83, green: 0.18, blue: 0.18)
        case .green: Color(red: 0.22, green: 0.56, blue: 0.24)
        case .yellow: Color(red: 0.98, green: 0.75, blue: 0.18)
        case .blue: Color(red: 0.10, green: 0.46, blue: 0.82)
        case .gray: Color(red: 0.46, green: 0.46, blue: 0.46)
        case .fuchsia: Color(red: 0.76, green: 0.09, blue: 0.36)
        }
    }

    /// The colour of a piece's number on its paint: dark on yellow, white on the others.
    var ink: Color {
        switch self {
        case .yellow: .black
        case .red, .green, .blue, .gray, .fuchsia: .white
        }
    }
}
