#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every fuzz target shares: the replay of its committed corpus in a plain build, and
/// the check that stops a run at the first broken property.
///
/// Built with `-D FUZZING` and `-sanitize=fuzzer,address` (Scripts/fuzz), a target is a
/// libFuzzer binary and libFuzzer owns `main`; built plainly, its `main` calls
/// ``replay(_:corpus:check:)``, so every seed and every input that ever crashed runs again
/// in the normal build and in `FuzzCorpusTests`.
public enum FuzzCorpus {
    /// Runs `check` over every file of the target's corpus folder (or the folders and
    /// files given as arguments), prints how many it ran, and exits: 0, or 1 when it found none or could not read one.
    ///
    /// - Parameters:
    ///   - target: the fuzz target's name, as the script and the report print it.
    ///   - corpus: the committed corpus folder, found beside the target's source.
    ///   - check: the target's properties; it traps on the first one that fails.
    public static func replay(_ target: String, corpus: String, check: ([UInt8]) -> Void) -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let roots = arguments.isEmpty ? [corpus] : arguments
        var count = 0
        for root in roots {
            for path in files(under: root) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    print("\(target): cannot read \(path); check its permissions")
                    exit(1)
                }
                check(Array(data))
                count += 1
            }
        }
        print("\(target): \(count) inputs replayed, every property held")
        exit(count == 0 ? 1 : 0)
    }

    /// The corpus folder beside a target's source file.
    public static func folder(beside sourceFile: String) -> String {
        var parts = sourceFile.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/Corpus"
    }

    /// The regular files at `path` (itself, or those inside it), sorted.
    private static func files(under path: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return FileManager.default.fileExists(atPath: path) ? [path] : []
        }
        return names.sorted().flatMap { files(under: path + "/" + $0) }
    }
}

/// A property of a fuzz target: true, or the run stops here with `message`, and libFuzzer
/// keeps the input that broke it.
public func fuzzRequire(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("property broken: \(message())") }
}

/// The bytes libFuzzer hands a target, copied into an array.
public func fuzzBytes(_ start: UnsafeRawPointer?, _ count: Int) -> [UInt8] {
    guard let start, count > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: start, count: count))
}

#if FUZZING
/// libFuzzer's driver, called from a `main` of our own. SwiftPM links every executable
/// with `main` aliased to `<Target>_main`, the `@main` of the target, so libFuzzer's own
/// `main` is never linked in; each target's `@main` hands its input function to this.
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments (`-max_total_time=`, corpus folders…) on
/// `testOneInput`, and exits with its status.
public func fuzzMain(_ testOneInput: @convention(c) (UnsafeRawPointer?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(llvmFuzzerRunDriver(&argc, &argv, testOneInput))
}
#endif
