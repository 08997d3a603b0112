// swift-tools-version:6.1
import PackageDescription

// An app that uses LayerKit as a library: it depends on the package two folders up by path,
// as an app in the same repository would (a versioned dependency names a URL instead).
let package = Package(
    name: "DrawLayers",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LayerKit", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "draw-layers",
            dependencies: [
                .product(name: "LayerKit", package: "LayerKit"),
                .product(name: "Raster", package: "LayerKit"),
            ]
        ),
    ]
)
