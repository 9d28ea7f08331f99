import Foundation
import TestSupport

/// Debian's `chromium`, headless: loads a page, lets its scripts run, and answers the DOM
/// as it then stands. `.ci/run` installs it; the README says how to get it elsewhere.
enum HeadlessChromium {
    /// Why a page could not be loaded.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The browser, or `nil` when it is not installed.
    static var executable: URL? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].map(URL.init(fileURLWithPath:))
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The DOM of `url` after its scripts ran, with a profile of its own in `profile`, so
    /// nothing of the machine's user is read or written. `readsFiles` lets a page read
    /// other `file:` pages (an iframe's document), which a probe page needs to measure
    /// what another page shows; pages under test are loaded without it.
    static func dumpDOM(_ url: URL, profile: URL, readsFiles: Bool = false) throws -> String {
        guard let executable else {
            throw Failure(description: "chromium is not installed: run Scripts/prepare-tests (it runs `apt-get install chromium`), as the README says")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(profile.path)", "--virtual-time-budget=2000", "--dump-dom", url.absoluteString,
        ]
        if readsFiles { process.arguments?.insert("--allow-file-access-from-files", at: 0) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = profile.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // By hand, as ProcessRunner reads: Foundation's reader traps on EINTR.
        let reader = DescriptorReader(output.fileHandleForReading.fileDescriptor)
        reader.read(timeout: .seconds(600)) { _ in false }
        let data = Data(reader.bytes)
        process.waitUntilExit()
        guard process.terminationStatus == 0, !data.isEmpty else {
            throw Failure(description: "chromium exited \(process.terminationStatus) loading \(url.absoluteString)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
