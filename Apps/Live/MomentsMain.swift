import LiveComposition

/// `moments`: everything is assembled in the live composition.
@main
enum MomentsMain {
    static func main() {
        LiveRoot.main()
    }
}
