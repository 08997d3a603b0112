// swift-tools-version:6.1
import PackageDescription

// Module layering (see README "One frame"): Raster knows nothing of layers or SDL;
// LayerKit knows nothing of SDL; Media and Player are the only SDL users; Export encodes
// bitmaps and knows nothing of layers or SDL.
let package = Package(
    name: "LayerKit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "layerplay", targets: ["layerplay"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "LayerKit", targets: ["LayerKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        // `swift package generate-documentation --target Raster` (or LayerKit): the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // `.lottie` archives (ZIP) for the Lottie importer.
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        // The encoders of `layerplay export`: FFmpeg's libraries (H.264, VP9), libwebp's
        // animation encoder, zlib for PNG and APNG. Export links them; nothing else does.
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev", "libavutil-dev"])]
        ),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The JavaScript engine of Lottie's expressions: Duktape compiled from the source Debian's
        // duktape-dev ships (/usr/share/duktape), with its execution timeout check turned on,
        // which Debian's libduktape.so lacks (Sources/CDuktape/include/CDuktape.h says why).
        .target(name: "CDuktape", linkerSettings: [.linkedLibrary("m")]),
        // The pixel kernels Raster inlines from C (SSE2 intrinsics with a portable fallback).
        .target(name: "CRasterSIMD"),
        .target(name: "Raster", dependencies: ["CRasterSIMD"]),
        // PNG in/out and text through SDL2_image / SDL2_ttf (no video subsystem).
        .target(name: "Media", dependencies: ["Raster", "LayerKit", "CSDL2"]),
        .target(name: "LayerKit", dependencies: ["Raster"]),
        // The X server's own geometry of an SDL window (fullscreen without a window manager).
        .target(name: "CWindowSystem", dependencies: ["CSDL2"]),
        .target(
            name: "Player",
            dependencies: [
                "LayerKit", "Media", "CSDL2", "CWindowSystem",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .target(name: "Gallery", dependencies: ["LayerKit", "Player", "Media", "Lottie"]),
        // Lottie files imported as Core Animation layer trees with keyframe animations.
        .target(name: "Lottie", dependencies: ["LayerKit", "Raster", "CDuktape", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // Frames to GIF (own quantizer, dithering and LZW), animated WebP, APNG, PNG folders,
        // MP4 and WebM; knows bitmaps, not layers, and nothing of SDL.
        .target(name: "Export", dependencies: ["Raster", "CFFmpeg", "CWebP", "CDeflate"]),
        // Draws the demos' images with Raster and writes Assets/*.png.
        .executableTarget(name: "make-assets", dependencies: ["Gallery", "Media"]),
        .executableTarget(
            name: "layerplay",
            dependencies: [
                "Raster", "Media", "LayerKit", "Player", "Gallery", "Lottie", "Export",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Release timing harness of the rasterizer on ../shared/scenes.
        .executableTarget(name: "raster-bench", dependencies: ["Raster", "Media"], path: "Benchmarks/RasterBench"),
        // What the test targets share: the golden comparison and its update rule.
        .target(name: "TestSupport", dependencies: ["Raster", "Media", "LayerKit"], path: "Tests/TestSupport"),
        // Random fills and strokes across the target's edges, for the tests and raster-fuzz.
        .target(name: "RasterFuzzing", dependencies: ["Raster"]),
        // A million of them under the address sanitizer (scripts/fuzz/raster-fuzz.sh).
        .executableTarget(name: "raster-fuzz", dependencies: ["Raster", "RasterFuzzing"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "CRasterSIMD", "Media", "TestSupport", "RasterFuzzing"], resources: [.copy("Goldens")]),
        .testTarget(name: "LayerKitTests", dependencies: ["LayerKit", "Media", "TestSupport"], resources: [.copy("Goldens")]),
        .testTarget(name: "PlayerTests", dependencies: ["Player", "TestSupport"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Raster"]),
        .testTarget(name: "LottieTests", dependencies: ["Lottie", "LayerKit", "Raster", "TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "GalleryTests", dependencies: ["Gallery", "Media", "Player", "TestSupport"], resources: [.copy("Goldens")]),
        // One entry per input kind (documents, SVG paths, images, Lottie files) for libFuzzer
        // (scripts/fuzz/fuzz.sh) and for the replay of the seeds under Fuzz/ (FuzzSeedTests).
        .target(name: "InputFuzzing", dependencies: ["LayerKit", "Raster", "Media", "Lottie"]),
        .testTarget(name: "FuzzSeedTests", dependencies: ["InputFuzzing"]),
    ]
)
