// A stand-in for the part of Apple's SwiftUI that the iOS app's views (ios/LudoApp) call, so
// that swiftc on Linux can type-check them against the real LudoKit module and the generated
// bindings. Each declaration follows the SwiftUI API it stands for, as Apple documents it for
// iOS 17 and later: its name, argument labels, parameter types, generic constraints, and its
// isolation (views and their protocols on the main actor, initialisers and modifiers
// `nonisolated`). What it returns is simplified (`some View` for every modifier), and nothing
// is drawn.
//
// The check this serves (scripts/test-swift.sh) catches what a compiler catches in the views:
// a core API renamed or retyped, an enum case left out of a switch, a missing label, an
// optional not unwrapped, a builder that does not type-check. It cannot tell whether Apple's
// SwiftUI has an API that is declared here; a view that calls one missing here fails with
// "no member", and the fix is to add it here with Apple's signature.
//
// Module `SwiftUI`, compiled only for that check; never linked into anything.

@_exported import Foundation
import Observation

// MARK: - Views and their builder

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

/// The body of a primitive view: type-checking never asks for it.
public extension View where Body == Never {
    var body: Never { fatalError("SwiftUI type-check stand-in: nothing is drawn") }
}

extension Never: View, Scene, ToolbarContent {
    public typealias Body = Never
    // `return` keeps the three protocols' builders out of it.
    nonisolated public var body: Never { return fatalError("SwiftUI type-check stand-in: nothing is drawn") }
}

@resultBuilder
public enum ViewBuilder {
    nonisolated public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    nonisolated public static func buildBlock() -> EmptyView { EmptyView() }
    nonisolated public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    nonisolated public static func buildBlock<each Content: View>(
        _ content: repeat each Content
    ) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    nonisolated public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    nonisolated public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    nonisolated public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    nonisolated public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

public struct EmptyView: View {
    public typealias Body = Never
    nonisolated public init() {}
}

public struct TupleView<T>: View {
    public typealias Body = Never
    nonisolated public init(_ value: T) {}
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public typealias Body = Never
    nonisolated init() {}
}

public struct AnyView: View {
    public typealias Body = Never
    nonisolated public init<V: View>(_ view: V) {}
}

// MARK: - App and scenes

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

public extension App {
    static func main() {}
}

@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}

public extension Scene where Body == Never {
    var body: Never { fatalError("SwiftUI type-check stand-in: nothing is drawn") }
}

@resultBuilder
public enum SceneBuilder {
    nonisolated public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
    nonisolated public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View>: Scene {
    public typealias Body = Never
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

// MARK: - State and bindings

public protocol DynamicProperty {}

/// Where the stand-ins keep a value (SwiftUI keeps it in the view graph).
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

@propertyWrapper
public struct State<Value>: DynamicProperty {
    let box: Box<Value>
    nonisolated public init(wrappedValue value: Value) { box = Box(value) }
    nonisolated public init(initialValue value: Value) { box = Box(value) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        Binding(get: { box.value }, set: { box.value = $0 })
    }
}

/// Apple's `State` is a frozen struct, and so is sendable when its value is.
extension State: @unchecked Sendable where Value: Sendable {}

public extension State where Value: ExpressibleByNilLiteral {
    init() { self.init(wrappedValue: nil) }
}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value>: DynamicProperty {
    let get: () -> Value
    let set: (Value) -> Void

    nonisolated public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// What lets a closure take a binding as `$name` (`ForEach($items) { $item in … }`).
    nonisolated public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { wrappedValue[keyPath: keyPath] }, set: { wrappedValue[keyPath: keyPath] = $0 })
    }
}

/// `$array[i]`: a binding to a mutable collection is a collection of bindings to its elements.
extension Binding: Sequence where Value: MutableCollection {
    public typealias Element = Binding<Value.Element>
    public typealias Iterator = IndexingIterator<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection {
    public typealias Index = Value.Index
    public typealias Indices = Value.Indices
    public var startIndex: Index { wrappedValue.startIndex }
    public var endIndex: Index { wrappedValue.endIndex }
    public var indices: Indices { wrappedValue.indices }
    nonisolated public func index(after i: Index) -> Index { wrappedValue.index(after: i) }
    public subscript(position: Index) -> Binding<Value.Element> {
        Binding<Value.Element>(get: { wrappedValue[position] }, set: { wrappedValue[position] = $0 })
    }
}

@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value>: DynamicProperty {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }

    nonisolated public init(wrappedValue: Value) where Value: AnyObject, Value: Observable {
        self.wrappedValue = wrappedValue
    }

    public subscript<Subject>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
    ) -> Binding<Subject> where Value: AnyObject {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

/// A value kept with the scene's state, which the system restores with the scene (and drops
/// when the player removes the app from the switcher).
@propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    let box: Box<Value>
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        Binding(get: { box.value }, set: { box.value = $0 })
    }
}

public extension SceneStorage {
    nonisolated init(wrappedValue: Value, _ key: String) where Value == Bool { box = Box(wrappedValue) }
    nonisolated init(wrappedValue: Value, _ key: String) where Value == Int { box = Box(wrappedValue) }
    nonisolated init(wrappedValue: Value, _ key: String) where Value == String { box = Box(wrappedValue) }
}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    nonisolated public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

public struct EnvironmentValues {
    init() {}
    public var dismiss: DismissAction { DismissAction() }
}

public struct DismissAction {
    @MainActor public func callAsFunction() {}
}

// MARK: - Text, images, shapes, colours, fonts

public struct Text: View, Equatable {
    public typealias Body = Never
    nonisolated public init<S: StringProtocol>(_ content: S) {}
    nonisolated public init(verbatim content: String) {}

    // Text's own modifiers return a Text (so that it can be drawn in a `GraphicsContext`).
    nonisolated public func font(_ font: Font?) -> Text { self }
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
}

public struct Image: View {
    public typealias Body = Never
    nonisolated public init(systemName: String) {}
}

public struct Label<Title: View, Icon: View>: View {
    public typealias Body = Never
    nonisolated public init<S: StringProtocol>(_ title: S, systemImage name: String) where Title == Text, Icon == Image {}
}

public protocol ShapeStyle: Sendable {}

public struct Color: View, ShapeStyle, Hashable, Sendable {
    public typealias Body = Never
    let red, green, blue, alpha: Double

    nonisolated public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        alpha = opacity
    }

    nonisolated public func opacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, opacity: alpha * opacity)
    }

    nonisolated public static let black = Color(red: 0, green: 0, blue: 0)
    nonisolated public static let white = Color(red: 1, green: 1, blue: 1)
    nonisolated public static let gray = Color(red: 0.56, green: 0.56, blue: 0.58)
    nonisolated public static let red = Color(red: 1, green: 0.23, blue: 0.19)
    nonisolated public static let green = Color(red: 0.2, green: 0.78, blue: 0.35)
    nonisolated public static let blue = Color(red: 0, green: 0.48, blue: 1)
    nonisolated public static let accentColor = Color(red: 0, green: 0.48, blue: 1)
}

public extension ShapeStyle where Self == Color {
    static var black: Color { Color.black }
    static var white: Color { Color.white }
    static var gray: Color { Color.gray }
    static var red: Color { Color.red }
    static var green: Color { Color.green }
    static var blue: Color { Color.blue }
}

public struct Font: Hashable, Sendable {
    public enum TextStyle: Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    public struct Weight: Hashable, Sendable {
        nonisolated public static let regular = Weight(value: 0)
        nonisolated public static let bold = Weight(value: 1)
        let value: Int
    }

    let style: TextStyle

    nonisolated public static let largeTitle = Font(style: .largeTitle)
    nonisolated public static let title = Font(style: .title)
    nonisolated public static let headline = Font(style: .headline)
    nonisolated public static let subheadline = Font(style: .subheadline)
    nonisolated public static let body = Font(style: .body)
    nonisolated public static let callout = Font(style: .callout)
    nonisolated public static let footnote = Font(style: .footnote)
    nonisolated public static let caption = Font(style: .caption)

    nonisolated public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(style: style)
    }

    nonisolated public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(style: .body)
    }
}

public protocol Shape: View, Sendable {
    func path(in rect: CGRect) -> Path
}

public struct Rectangle: Shape {
    public typealias Body = Never
    nonisolated public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path(rect) }
}

public struct Path: Shape {
    public typealias Body = Never
    nonisolated public init() {}
    nonisolated public init(_ rect: CGRect) {}
    nonisolated public init(ellipseIn rect: CGRect) {}
    nonisolated public func path(in rect: CGRect) -> Path { self }
}

public struct FillStyle: Equatable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    nonisolated public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

public enum ColorRenderingMode: Hashable, Sendable {
    case nonLinear, linear, extendedLinear
}

public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    nonisolated public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    nonisolated public static let center = UnitPoint(x: 0.5, y: 0.5)
    nonisolated public static let topLeading = UnitPoint(x: 0, y: 0)
}

public struct GraphicsContext {
    public struct Shading: Sendable {
        nonisolated public static func color(_ color: Color) -> Shading { Shading() }
    }

    nonisolated public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {}
    nonisolated public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {}
    nonisolated public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {}
}

public struct Canvas<Symbols: View>: View {
    public typealias Body = Never
    nonisolated public init(
        opaque: Bool = false,
        colorMode: ColorRenderingMode = .nonLinear,
        rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) where Symbols == EmptyView {}
}

// MARK: - Layout and containers

public enum HorizontalAlignment: Sendable { case leading, center, trailing }
public enum VerticalAlignment: Sendable { case top, center, bottom }
public enum HorizontalEdge: Sendable { case leading, trailing }
public enum Axis: Sendable { case horizontal, vertical }
public enum ContentMode: Sendable { case fit, fill }
public enum Visibility: Sendable { case automatic, visible, hidden }

public enum Edge: Sendable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        nonisolated public init(rawValue: Int8) { self.rawValue = rawValue }
        nonisolated public static let top = Set(rawValue: 1)
        nonisolated public static let leading = Set(rawValue: 2)
        nonisolated public static let bottom = Set(rawValue: 4)
        nonisolated public static let trailing = Set(rawValue: 8)
        nonisolated public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

public struct VStack<Content: View>: View {
    public typealias Body = Never
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct HStack<Content: View>: View {
    public typealias Body = Never
    nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct Spacer: View {
    public typealias Body = Never
    nonisolated public init(minLength: CGFloat? = nil) {}
}

public struct GeometryProxy {
    public var size: CGSize { .zero }
}

public struct GeometryReader<Content: View>: View {
    public typealias Body = Never
    nonisolated public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
        where Content: View {}
}

extension ForEach: View where Content: View {
    public typealias Body = Never
}

extension ForEach where Content: View {
    /// `ForEach($items) { $item in … }`: a row per element, identified by its `id`, each given a
    /// binding to its element.
    nonisolated public init<C>(_ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content)
        where Data == LazyMapSequence<C.Indices, (C.Index, ID)>, ID == C.Element.ID, C: MutableCollection,
        C: RandomAccessCollection, C.Element: Identifiable, C.Index: Hashable {}
}

public struct NavigationStack<Root: View>: View {
    public typealias Body = Never
    nonisolated public init(@ViewBuilder root: () -> Root) {}
}

public struct Form<Content: View>: View {
    public typealias Body = Never
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

public struct Section<Parent: View, Content: View, Footer: View>: View {
    public typealias Body = Never

    nonisolated public init(@ViewBuilder content: () -> Content) where Parent == EmptyView, Footer == EmptyView {}

    nonisolated public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content)
        where Parent == Text, Footer == EmptyView {}

    nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) where Parent == EmptyView {}
}

public struct DisclosureGroup<Label: View, Content: View>: View {
    public typealias Body = Never
    nonisolated public init<S: StringProtocol>(_ label: S, @ViewBuilder content: @escaping () -> Content) where Label == Text {}
}

// MARK: - Controls

public struct ButtonRole: Equatable, Sendable {
    let name: String
    nonisolated public static let destructive = ButtonRole(name: "destructive")
    nonisolated public static let cancel = ButtonRole(name: "cancel")
}

public struct Button<Label: View>: View {
    public typealias Body = Never
    nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) where Label == Text {}
    nonisolated public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void)
        where Label == Text {}
}

public protocol PrimitiveButtonStyle {}
public struct BorderlessButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {} }

public extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

public extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

public extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    public typealias Body = Never
    nonisolated public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content)
        where Label == Text {}
}

public protocol PickerStyle {}
public struct InlinePickerStyle: PickerStyle { public init() {} }
public struct MenuPickerStyle: PickerStyle { public init() {} }

public extension PickerStyle where Self == InlinePickerStyle {
    static var inline: InlinePickerStyle { InlinePickerStyle() }
}

public extension PickerStyle where Self == MenuPickerStyle {
    static var menu: MenuPickerStyle { MenuPickerStyle() }
}

public struct TextField<Label: View>: View {
    public typealias Body = Never
    nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>) where Label == Text {}
    nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) where Label == Text {}
}

public struct TextInputAutocapitalization: Sendable {
    let name: String
    nonisolated public static let never = TextInputAutocapitalization(name: "never")
    nonisolated public static let words = TextInputAutocapitalization(name: "words")
    nonisolated public static let sentences = TextInputAutocapitalization(name: "sentences")
    nonisolated public static let characters = TextInputAutocapitalization(name: "characters")
}

public protocol TextSelectability {}
public struct EnabledTextSelectability: TextSelectability {}
public struct DisabledTextSelectability: TextSelectability {}

public extension TextSelectability where Self == EnabledTextSelectability {
    static var enabled: EnabledTextSelectability { EnabledTextSelectability() }
}

public extension TextSelectability where Self == DisabledTextSelectability {
    static var disabled: DisabledTextSelectability { DisabledTextSelectability() }
}

public struct ProgressView: View {
    public typealias Body = Never
    nonisolated public init() {}
}

public struct ShareLink<Label: View>: View {
    public typealias Body = Never
    nonisolated public init(item: String, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) {}
}

// MARK: - Toolbars

@MainActor @preconcurrency
public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder var body: Body { get }
}

public extension ToolbarContent where Body == Never {
    var body: Never { fatalError("SwiftUI type-check stand-in: nothing is drawn") }
}

@resultBuilder
public enum ToolbarContentBuilder {
    nonisolated public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content { content }
    nonisolated public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
}

public struct ToolbarItemPlacement: Sendable {
    let name: String
    nonisolated public static let automatic = ToolbarItemPlacement(name: "automatic")
    nonisolated public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction")
    nonisolated public static let cancellationAction = ToolbarItemPlacement(name: "cancellationAction")
    nonisolated public static let primaryAction = ToolbarItemPlacement(name: "primaryAction")
}

public struct ToolbarItem<ID, Content: View>: ToolbarContent {
    public typealias Body = Never
    nonisolated public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == () {}
}

// MARK: - Gestures' coordinate spaces

public protocol CoordinateSpaceProtocol {}
public struct LocalCoordinateSpace: CoordinateSpaceProtocol { public init() {} }

public extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    static var local: LocalCoordinateSpace { LocalCoordinateSpace() }
}

// MARK: - Accessibility

public struct AccessibilityChildBehavior: Hashable, Sendable {
    let name: String
    /// The children are hidden: the element is the view alone, with its label and value.
    nonisolated public static let ignore = AccessibilityChildBehavior(name: "ignore")
    nonisolated public static let contain = AccessibilityChildBehavior(name: "contain")
    nonisolated public static let combine = AccessibilityChildBehavior(name: "combine")
}

// MARK: - Modifiers

public extension View {
    nonisolated func font(_ font: Font?) -> some View { self }
    nonisolated func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }
    nonisolated func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }
    nonisolated func padding(_ length: CGFloat) -> some View { self }
    nonisolated func opacity(_ opacity: Double) -> some View { self }
    nonisolated func disabled(_ disabled: Bool) -> some View { self }
    nonisolated func tag<V: Hashable>(_ tag: V) -> some View { self }
    nonisolated func labelsHidden() -> some View { self }
    nonisolated func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { self }
    nonisolated func pickerStyle<S: PickerStyle>(_ style: S) -> some View { self }
    nonisolated func textSelection<S: TextSelectability>(_ selectability: S) -> some View { self }
    nonisolated func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }
    nonisolated func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }
    nonisolated func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { self }
    nonisolated func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }

    nonisolated func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }

    nonisolated func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View { self }

    nonisolated func sheet<Content: View>(
        isPresented: Binding<Bool>,
        onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View { self }

    nonisolated func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>,
        onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { self }

    nonisolated func alert<S: StringProtocol, A: View>(
        _ title: S,
        isPresented: Binding<Bool>,
        @ViewBuilder actions: () -> A
    ) -> some View { self }

    nonisolated func confirmationDialog<S: StringProtocol, A: View>(
        _ title: S,
        isPresented: Binding<Bool>,
        titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View { self }

    nonisolated func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing,
        allowsFullSwipe: Bool = true,
        @ViewBuilder content: () -> T
    ) -> some View { self }

    nonisolated func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        self
    }

    nonisolated func onChange<V: Equatable>(
        of value: V,
        initial: Bool = false,
        _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View { self }

    nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }

    nonisolated func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { self }
    nonisolated func onTapGesture(
        count: Int = 1,
        coordinateSpace: some CoordinateSpaceProtocol = .local,
        perform action: @escaping (CGPoint) -> Void
    ) -> some View { self }

    nonisolated func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    nonisolated func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { self }
    nonisolated func accessibilityValue<S: StringProtocol>(_ valueDescription: S) -> some View { self }
    nonisolated func accessibilityActions<Content: View>(@ViewBuilder _ content: () -> Content) -> some View { self }
}

// MARK: - Apple's Foundation, where Linux's lacks it

#if !canImport(Darwin)
public extension URL {
    /// The app's Application Support folder (iOS 16 and later); here only its type matters.
    static var applicationSupportDirectory: URL { URL(fileURLWithPath: NSTemporaryDirectory()) }
}
#endif
