/// The modifiers every view has, as SwiftUI spells them. Each wraps the view in a plain
/// struct holding an ``AnyView``, which keeps types shallow and compile times low.
extension View {
    /// Space on every edge.
    public func padding(_ cells: Int = 1) -> Padding { Padding(EdgeInsets(all: cells), self) }

    /// Space per edge.
    public func padding(_ insets: EdgeInsets) -> Padding { Padding(insets, self) }

    /// Columns left and right, rows above and below.
    public func padding(horizontal: Int = 0, vertical: Int = 0) -> Padding {
        Padding(EdgeInsets(horizontal: horizontal, vertical: vertical), self)
    }

    /// An exact width, height or both.
    public func frame(width: Int? = nil, height: Int? = nil, alignment: Alignment = .center) -> FixedFrame {
        FixedFrame(width: width, height: height, alignment: alignment, self)
    }

    /// Bounds to grow or shrink between; `.max` fills the offer.
    public func frame(
        minWidth: Int? = nil, maxWidth: Int? = nil, minHeight: Int? = nil, maxHeight: Int? = nil,
        alignment: Alignment = .center
    ) -> FlexibleFrame {
        FlexibleFrame(
            minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight,
            alignment: alignment, self)
    }

    /// A border drawn around the view, with an optional title in its top edge.
    public func border(_ style: BorderStyle = .rounded, title: String? = nil, color: SemanticColor = .border) -> Border {
        Border(style, title: title, color: color, self)
    }

    /// A background of a colour role.
    public func background(_ role: SemanticColor) -> Background { Background(role, self) }

    /// Served before lower priorities in a stack.
    public func layoutPriority(_ priority: Int) -> LayoutPriority { LayoutPriority(priority, self) }

    /// The environment changed for this subtree.
    public func transformEnvironment(_ transform: @escaping @Sendable (inout ViewEnvironment) -> Void) -> EnvironmentTransform {
        EnvironmentTransform(transform, self)
    }

    /// Type-erased, for arrays of children.
    public var erased: AnyView { AnyView(self) }
}
