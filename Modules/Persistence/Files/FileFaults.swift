/// The test seam of the file layer: a test arms a fault so that the Nth time a named step
/// runs on a matching path, it fails with the errno the test chose, and checks that every
/// store answers the truth about it (ADR 0028). Nothing is armed in a running program, and
/// then each step costs one uncontended lock.
///
/// Faults match by a part of the path (a test's own folder, or `journal` / `snapshot`),
/// so tests running side by side in one process never fail each other's files.
public enum FileFaults {
    /// A step of the file layer that can be made to fail.
    public enum Step: String, Sendable, CaseIterable, CustomStringConvertible {
        /// Opening a file (to read, to append, or a new temporary file).
        case open
        /// Writing bytes. A failing write first writes half of its bytes, as a disk that
        /// fills up in the middle of a write does.
        case write
        /// `fsync` or `fdatasync` of a file.
        case sync
        /// Cutting a file back (how a failed append is taken back).
        case truncate
        /// Renaming a temporary file over its target.
        case rename
        /// `fsync` of a folder, after a rename or a new file in it.
        case folderSync

        /// The step's name, as a test's arguments show it.
        public var description: String { rawValue }
    }

    /// An armed fault, to disarm with ``disarm(_:)``.
    public struct Handle: Sendable, Hashable {
        let id: Int
    }

    private struct Fault {
        let id: Int
        let step: Step
        let pathPart: String
        let code: Int32
        /// The matching call that fails first, counted from 1.
        let firstFailing: Int
        /// How many calls fail from there (`Int.max`: every later one).
        let failures: Int
        var calls = 0
        /// How many calls it failed.
        var failed = 0
    }

    private static let faults = Guarded<(next: Int, armed: [Fault])>((0, []))

    /// Arms a fault: from the `call`th time (counting from 1) `step` runs on a path that
    /// contains `pathPart`, `times` calls in a row fail with `code` (`Int.max`: every one
    /// after, as on a disk that stays full).
    @discardableResult
    public static func arm(
        _ step: Step, onCall call: Int = 1, times: Int = 1, pathContaining pathPart: String, errno code: Int32
    ) -> Handle {
        faults.withLock { state in
            state.next += 1
            state.armed.append(
                Fault(id: state.next, step: step, pathPart: pathPart, code: code, firstFailing: call, failures: times))
            return Handle(id: state.next)
        }
    }

    /// How many calls the fault has seen on matching paths so far (failed or not).
    public static func calls(_ handle: Handle) -> Int {
        faults.withLock { state in state.armed.first { $0.id == handle.id }?.calls ?? 0 }
    }

    /// How many calls the fault made fail.
    public static func failures(_ handle: Handle) -> Int {
        faults.withLock { state in state.armed.first { $0.id == handle.id }?.failed ?? 0 }
    }

    /// Disarms a fault.
    public static func disarm(_ handle: Handle) {
        faults.withLock { state in state.armed.removeAll { $0.id == handle.id } }
    }

    /// The errno this call of `step` on `path` must fail with, if a fault says so.
    static func failure(of step: Step, path: String) -> Int32? {
        faults.withLock { state in
            guard !state.armed.isEmpty else { return nil }
            var code: Int32?
            for index in state.armed.indices where state.armed[index].step == step {
                guard path.contains(state.armed[index].pathPart) else { continue }
                state.armed[index].calls += 1
                let fault = state.armed[index]
                let sinceFirst = fault.calls - fault.firstFailing
                if code == nil, sinceFirst >= 0, sinceFirst < fault.failures {
                    state.armed[index].failed += 1
                    code = fault.code
                }
            }
            return code
        }
    }
}
