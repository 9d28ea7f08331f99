/// The layout both stacks share, on one axis: how an offered length is divided among
/// children, as SwiftUI's stacks do it.
///
/// 1. Each child is measured at zero and at the whole length: the difference is its
///    flexibility.
/// 2. Children are served by layout priority, highest first. Each priority group may use
///    what is left after reserving the minimum of every lower group.
/// 3. Within a group the least flexible child is offered its fair share first, so text
///    that fits keeps its length and the most flexible children (long text, which
///    truncates) shrink first.
/// 4. Spacers come last and share what nobody else wanted.
enum StackLayout {
    enum Axis {
        case horizontal, vertical
    }

    /// The size each child takes, in order, for `proposal`.
    static func sizes(
        of children: [AnyView], axis: Axis, spacing: Int, proposal: Size, environment: ViewEnvironment
    ) -> [Size] {
        guard !children.isEmpty else { return [] }
        let crossLength = cross(proposal, axis)
        let gaps = max(0, spacing) * (children.count - 1)
        var remaining = max(0, main(proposal, axis) - gaps)

        func offer(_ index: Int, _ length: Int) -> Size {
            let size = children[index].size(for: make(length, crossLength, axis), in: environment)
            return children[index].base is Spacer ? make(main(size, axis), 0, axis) : size
        }

        var minimums = [Int](repeating: 0, count: children.count)
        var flexibility = [Int](repeating: 0, count: children.count)
        var priorities = [Int](repeating: 0, count: children.count)
        for index in children.indices {
            let least = main(offer(index, 0), axis)
            minimums[index] = least
            flexibility[index] = max(0, main(offer(index, remaining), axis) - least)
            priorities[index] = children[index].base is Spacer ? Int.min : children[index].layoutPriority
        }

        var sizes = [Size](repeating: .zero, count: children.count)
        for priority in Set(priorities).sorted(by: >) {
            let group = children.indices.filter { priorities[$0] == priority }
                .sorted { flexibility[$0] < flexibility[$1] }
            let reserved = children.indices.filter { priorities[$0] < priority }.reduce(0) { $0 + minimums[$1] }
            var available = max(0, remaining - reserved)
            var left = group.count
            for index in group {
                let share = (available + left - 1) / left
                let size = offer(index, share)
                sizes[index] = size
                available = max(0, available - main(size, axis))
                remaining = max(0, remaining - main(size, axis))
                left -= 1
            }
        }
        return sizes
    }

    /// The stack's own size for the children's sizes.
    static func total(_ sizes: [Size], axis: Axis, spacing: Int) -> Size {
        guard !sizes.isEmpty else { return .zero }
        let length = sizes.reduce(0) { $0 + main($1, axis) } + max(0, spacing) * (sizes.count - 1)
        let thickness = sizes.reduce(0) { max($0, cross($1, axis)) }
        return make(length, thickness, axis)
    }

    static func main(_ size: Size, _ axis: Axis) -> Int { axis == .horizontal ? size.width : size.height }
    static func cross(_ size: Size, _ axis: Axis) -> Int { axis == .horizontal ? size.height : size.width }
    static func make(_ main: Int, _ cross: Int, _ axis: Axis) -> Size {
        axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
}
