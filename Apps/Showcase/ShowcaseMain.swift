import ShowcaseComposition

/// `moments-showcase`: everything is assembled in the showcase composition, from fixtures.
@main
enum ShowcaseMain {
    static func main() {
        ShowcaseRoot.main()
    }
}
