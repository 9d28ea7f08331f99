import Rendering
import TerminalIO

extension Size {
    /// A frame's size for a terminal of `size`: the bridge between the terminal layer,
    /// which knows no views, and the views drawn on it.
    public init(_ size: TerminalSize) {
        self.init(width: size.columns, height: size.rows)
    }
}
