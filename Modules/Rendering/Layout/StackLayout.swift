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
///
/// When every child fits at the size it takes with the whole length offered (the common
/// case on a roomy screen), that is the answer and steps 1 to 3 are skipped: each child
/// is measured once instead of three times, which matters because nested stacks
/// multiply their measurements.
enum StackLayout {
    enum Axis {
        case horizontal, vertical
    }

    /// The size each child takes, in order, for `proposal`.
    static func sizes(
        of children: [AnyView], spacers spacerLengths: [Int?], axis: Axis, spacing: Int, proposal: Size,
        environment: ViewEnvironment
    ) -> [Size] {
        guard !children.isEmpty else { return [] }
        let crossLength = cross(proposal, axis)
        let gaps = max(0, spacing) * (children.count - 1)
        var remaining = max(0, main(proposal, axis) - gaps)

        func offer(_ index: Int, _ length: Int) -> Size {
            let size = children[index].size(for: make(length, crossLength, axis), in: environment)
            return spacerLengths[index] != nil ? make(main(size, axis), 0, axis) : size
        }

        var ideal = [Size](repeating: .zero, count: children.count)
        var spacers: [Int] = []
        var used = 0
        for index in children.indices {
            if let minLength = spacerLengths[index] {
                spacers.append(index)
                used += minLength
            } else {
                ideal[index] = offer(index, remaining)
                used += main(ideal[index], axis)
            }
        }
        if used <= remaining {
            var leftover = remaining - used
            var left = spacers.count
            for index in spacers {
                let share = (leftover + left - 1) / left
                ideal[index] = make((spacerLengths[index] ?? 0) + share, 0, axis)
                leftover -= share
                left -= 1
            }
            return ideal
        }

        var minimums = [Int](repeating: 0, count: children.count)
        var flexibility = [Int](repeating: 0, count: children.count)
        var priorities = [Int](repeating: 0, count: children.count)
        for index in children.indices {
            let least = main(offer(index, 0), axis)
            minimums[index] = least
            let most = spacerLengths[index] != nil ? remaining : main(ideal[index], axis)
            flexibility[index] = max(0, most - least)
            priorities[index] = spacerLengths[index] != nil ? Int.min : children[index].layoutPriority
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

    /// Each child's minimum length if it is a spacer, `nil` otherwise: worked out once
    /// when a stack is made, since stacks are measured many times.
    static func spacerLengths(_ children: [AnyView]) -> [Int?] {
        children.map { ($0.base as? Spacer)?.minLength }
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
