import CompositionRoot

/// `moments`: everything is assembled in CompositionRoot.
@main
enum MomentsMain {
    static func main() async {
        await Apps.runLive()
    }
}
