/// A piece of the interface: a value that measures itself for an offered size and draws
/// itself into a region of a frame.
///
/// This is ratatui's `Widget::render(area, buffer)` with SwiftUI's layout by proposals:
/// a parent offers a size, the child answers with the size it will use, and the parent
/// places it. An answer may exceed the offer when a view cannot shrink (big digits);
/// the parent then picks something else (``ViewThatFits``) or the canvas clips it. So
/// nothing is ever drawn outside the offered region.
///
/// Both requirements are pure: the same view, proposal and environment give the same
/// answer and the same cells.
public protocol View: Sendable {
    /// The size this view uses when offered `proposal`. Views that can shrink answer
    /// within the proposal; views that cannot answer their natural size.
    func size(for proposal: Size, in environment: ViewEnvironment) -> Size

    /// Draws into `canvas`, whose ``Canvas/size`` is the region the parent gave.
    func render(into canvas: inout Canvas, environment: ViewEnvironment)

    /// Stacks offer space to higher priorities first (default 0), as SwiftUI's
    /// `layoutPriority` does: the timer's digits before a session's long name.
    var layoutPriority: Int { get }
}

extension View {
    /// Ordinary priority.
    public var layoutPriority: Int { 0 }
}

/// A view made of other views: it builds a body from the environment, and measures and
/// draws as that body does. The app's screens are composites of the toolkit's primitives.
public protocol CompositeView: View {
    /// The views this one is made of.
    func body(in environment: ViewEnvironment) -> AnyView
}

extension CompositeView {
    /// The body's size.
    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        body(in: environment).size(for: proposal, in: environment)
    }

    /// The body's cells.
    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        body(in: environment).render(into: &canvas, environment: environment)
    }
}

/// Any view, behind one type: what stacks and lists hold, so children of different
/// types sit in a plain array (no result builder, cheap to compile).
public struct AnyView: View {
    /// The wrapped view.
    public let base: any View

    /// Wraps a view; an `AnyView` is not wrapped twice.
    public init(_ view: any View) {
        if let any = view as? AnyView {
            self = any
        } else {
            base = view
        }
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        base.size(for: proposal, in: environment)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        base.render(into: &canvas, environment: environment)
    }

    public var layoutPriority: Int { base.layoutPriority }
}

/// Nothing: no size, no cells. Stacks leave it out, spacing included, so conditional
/// content is `condition ? AnyView(view) : AnyView(EmptyView())`.
public struct EmptyView: View {
    /// Nothing.
    public init() {}

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size { .zero }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {}
}
