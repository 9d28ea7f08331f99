import ServerComposition

/// `moments-server`: the commands of `moments`, with `serve --database-url` served here, on
/// a PostgreSQL database shared by any number of servers (ADR 0022).
@main
enum MomentsServerMain {
    static func main() {
        ServerRoot.main()
    }
}
