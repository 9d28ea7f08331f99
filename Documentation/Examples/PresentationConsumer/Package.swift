// swift-tools-version: 6.1
//
// A package that depends on Little Moments' Domain and Rendering libraries and nothing
// else, and draws a Live Activity presentation for a state it makes: the example of the
// Rendering documentation's article "Drawing a Live Activity from your own package".
// Tests/ArchitectureTests builds and runs it; try it with `swift run` in this folder.
import PackageDescription

let package = Package(
    name: "PresentationConsumer",
    dependencies: [
        // In another project: .package(url: "<this repository>", from: "0.1.0")
        .package(name: "little-moments", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "PresentationConsumer",
            dependencies: [
                .product(name: "Domain", package: "little-moments"),
                .product(name: "Rendering", package: "little-moments"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
