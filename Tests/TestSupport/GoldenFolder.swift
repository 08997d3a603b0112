// Where a test target's golden PNGs live: in its source tree (where LAYERKIT_UPDATE_GOLDENS=1
// rewrites them) and, copied as resources, in its test bundle (where a run reads them first).
import Foundation

/// The goldens of one test target.
public struct GoldenFolder: Sendable {
    /// The folder in the source tree, e.g. `Tests/RasterTests/Goldens`.
    public var sourceDirectory: URL
    /// The test target's resource bundle (`Bundle.module`), or nil to read the source tree only.
    public var bundle: Bundle?
    /// The folder's path inside the bundle, e.g. `Goldens` or `Goldens/Transitions`.
    public var bundleSubdirectory: String
    /// The prefix of the file a failing comparison leaves in the temporary folder.
    public var failurePrefix: String

    public init(sourceDirectory: URL, bundle: Bundle?, bundleSubdirectory: String, failurePrefix: String) {
        self.sourceDirectory = sourceDirectory
        self.bundle = bundle
        self.bundleSubdirectory = bundleSubdirectory
        self.failurePrefix = failurePrefix
    }

    /// Whether this run rewrites goldens instead of comparing (`LAYERKIT_UPDATE_GOLDENS=1`).
    public static var updating: Bool { ProcessInfo.processInfo.environment["LAYERKIT_UPDATE_GOLDENS"] == "1" }

    /// The source-tree file of golden `name`.
    public func sourceURL(_ name: String) -> URL { sourceDirectory.appendingPathComponent(name + ".png") }

    /// The file a run compares against: the bundle's copy, else the source tree's.
    public func readURL(_ name: String) -> URL {
        bundle?.url(forResource: name, withExtension: "png", subdirectory: bundleSubdirectory) ?? sourceURL(name)
    }

    /// Where a failing comparison writes the rendered image for a look.
    public func actualURL(_ name: String) -> URL {
        URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("\(failurePrefix)-\(name.replacingOccurrences(of: "/", with: "-"))-actual.png")
    }
}
