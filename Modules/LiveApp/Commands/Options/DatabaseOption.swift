import ArgumentParser

/// `--database-url postgres://USER@HOST:PORT/DB`, else `MOMENTS_DATABASE_URL`: the
/// PostgreSQL database that servers share (`moments serve`) and that keeps their people's
/// keys (`moments keys`). Without either, the data folder's files are used.
struct DatabaseOption: ParsableArguments {
    @Option(
        name: .customLong("database-url"),
        help: ArgumentHelp(
            "The PostgreSQL database servers share; else MOMENTS_DATABASE_URL. Without either, the data folder's files.",
            valueName: "postgres://USER@HOST:PORT/DB"))
    var databaseURL: String?

    /// The database's URL in a run with `environment`, or `nil` for the data folder's files.
    func url(in environment: [String: String]) -> String? {
        let url = databaseURL ?? environment["MOMENTS_DATABASE_URL"]
        return url.flatMap { $0.isEmpty ? nil : $0 }
    }
}
