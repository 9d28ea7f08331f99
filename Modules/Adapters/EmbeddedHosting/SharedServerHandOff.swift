#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp

#if canImport(Glibc)
    import Glibc
#endif

/// How `moments serve --database-url` runs in `moments`, which does not link the
/// PostgreSQL driver (it would bring all of Foundation and ICU into every `moments start`,
/// ADR 0022): the process becomes `moments-server`, the same commands composed with the
/// shared store, found beside `moments` and run with the same arguments, environment and
/// terminal. Nothing has been opened yet when it happens.
public enum SharedServerHandOff {
    /// The program that serves a shared database.
    public static let programName = "moments-server"

    /// Replaces this process with `moments-server` and the same arguments; throws only
    /// when that program is not there or cannot be run.
    public static func exec() throws(ServerSetupError) -> Never {
        let program = programPath()
        var arguments = CommandLine.arguments
        if arguments.isEmpty { arguments = [program] }
        arguments[0] = program
        let pointers = arguments.map { strdup($0) } + [nil]
        execv(program, pointers)
        let reason = String(cString: strerror(errno))
        for pointer in pointers { free(pointer) }
        throw ServerSetupError(
            "--database-url is served by \(programName), which should be beside moments (\(program): \(reason)). "
                + "Build it with `swift build --product \(programName)`, or install both with Scripts/install.")
    }

    /// `moments-server` in the folder of the running `moments`.
    static func programPath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? "." : folder) + "/" + programName
    }
}
