// swift-tools-version: 6.1
//
// A package that depends on the Domain library of Little Moments and nothing else: the
// proof that Domain can be used on its own, building nothing from a third party.
// Tests/ArchitectureTests builds and runs it; try it with `swift run` in this folder.
import PackageDescription

let package = Package(
    name: "DomainConsumer",
    dependencies: [
        // In another project: .package(url: "<this repository>", from: "0.1.0")
        .package(name: "little-moments", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "DomainConsumer",
            dependencies: [.product(name: "Domain", package: "little-moments")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
