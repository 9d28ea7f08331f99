import CompositionRoot

/// `moments-showcase`: everything is assembled in CompositionRoot from fixtures.
@main
enum ShowcaseMain {
    static func main() async {
        await Apps.runShowcase()
    }
}
