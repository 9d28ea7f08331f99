import ArgumentParser
import LiveApp
import Fixtures
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif
import Rendering

/// `moments-showcase export --text DIR` and `--html DIR`: every scenario in every variant,
/// as files.
struct ExportCommand: ShowcaseSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every scenario in every variant: as styled text files, or as a static HTML gallery.",
        discussion: """
            --text DIR writes DIR/<id>/<variant>.txt: the frame's text, a letter per cell \
            naming its style, and a legend of colour roles. --html DIR writes DIR/index.html \
            (every scenario's frame in a searchable grid, grouped by view, each linking to \
            its page) and a page per scenario with its variants in dark and light; open it \
            in any browser, offline.
            """)

    @Option(name: .customLong("text"), help: "Write styled text files into this folder.")
    var textFolder: String?

    @Option(name: .customLong("html"), help: "Write the HTML gallery into this folder.")
    var htmlFolder: String?

    func validate() throws {
        guard textFolder != nil || htmlFolder != nil else {
            throw ValidationError("Say where to write: --text DIR, --html DIR, or both.")
        }
    }

    func run(with dependencies: ShowcaseDependencies) async throws {
        let folders = [textFolder, htmlFolder].compactMap { $0 }.map { URL(fileURLWithPath: $0) }
        for folder in folders { try Self.checkWritable(folder) }
        if let textFolder {
            let count = try Self.exportText(to: URL(fileURLWithPath: textFolder))
            dependencies.say("moments-showcase: wrote \(count) text files to \(textFolder)")
        }
        if let htmlFolder {
            let count = try Self.exportHTML(to: URL(fileURLWithPath: htmlFolder))
            dependencies.say("moments-showcase: wrote \(count) pages to \(htmlFolder); open \(htmlFolder)/\(HTMLGallery.indexName)")
        }
    }

    /// Fails before anything is written when `folder` is a file or cannot be made.
    static func checkWritable(_ folder: URL) throws {
        var status = stat()
        if stat(folder.path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw ShowcaseFailure(message: "\(folder.path) is a file, not a folder. Give a folder to export into.")
            }
            guard FileManager.default.isWritableFile(atPath: folder.path) else {
                throw ShowcaseFailure(message: "cannot write into \(folder.path). Choose a folder you can write to.")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ShowcaseFailure(message: "cannot create the folder \(folder.path): \(ErrorReason.of(error))")
        }
    }

    /// Writes `<id>/<variant>.txt` for every scenario and variant; answers how many.
    static func exportText(to folder: URL) throws -> Int {
        var count = 0
        for scenario in Catalog.all {
            let directory = folder.appendingPathComponent(scenario.id, isDirectory: true)
            try create(directory)
            for variant in Variant.all(for: scenario) {
                let text = StyledTextEncoder(palette: variant.scheme.palette, depth: variant.depth)
                    .encode(scenario.frame(variant))
                try write(text + "\n", to: directory.appendingPathComponent(variant.fileName(for: scenario) + ".txt"))
                count += 1
            }
        }
        return count
    }

    /// Writes the index (a tile with its frame per scenario) and a page per scenario;
    /// answers how many files.
    static func exportHTML(to folder: URL) throws -> Int {
        let scenarios = Catalog.all
        try write(HTMLGallery.index(scenarios), to: folder.appendingPathComponent(HTMLGallery.indexName))
        for scenario in scenarios {
            let file = folder.appendingPathComponent(HTMLGallery.pagePath(scenario))
            try create(file.deletingLastPathComponent())
            try write(HTMLGallery.page(for: scenario), to: file)
        }
        return scenarios.count + 1
    }

    private static func create(_ directory: URL) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ShowcaseFailure(message: "cannot create the folder \(directory.path): \(ErrorReason.of(error))")
        }
    }

    private static func write(_ text: String, to file: URL) throws {
        do {
            try Data(text.utf8).write(to: file, options: .atomic)
        } catch {
            throw ShowcaseFailure(message: "cannot write \(file.path): \(ErrorReason.of(error))")
        }
    }
}
