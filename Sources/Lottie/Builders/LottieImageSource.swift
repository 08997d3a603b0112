// Where a Lottie image asset's pixels come from: a data URL in the file (base64), decoded
// through the host's image loader by way of a temporary file, or a path relative to the
// file's folder. Failures are reported by the caller as a warning; the layer is skipped.
import Foundation
import LayerKit

final class LottieImageSource {
    let baseDirectory: String
    let loader: ImageLoading?
    private var cache: [String: ImageRef] = [:]

    init(baseDirectory: String, loader: ImageLoading?) { self.baseDirectory = baseDirectory; self.loader = loader }

    func image(for asset: LottieAsset) -> ImageRef? {
        guard let loader, let p = asset.imagePath else { return nil }
        if let cached = cache[asset.id] { return cached }
        var bitmap: Bitmap?
        if p.hasPrefix("data:") {
            guard let comma = p.firstIndex(of: ","), p[..<comma].hasSuffix(";base64"),
                  let data = Data(base64Encoded: String(p[p.index(after: comma)...]), options: .ignoreUnknownCharacters) else { return nil }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-image-\(UUID().uuidString)").path
            guard FileManager.default.createFile(atPath: file, contents: data) else { return nil }
            defer { try? FileManager.default.removeItem(atPath: file) }
            bitmap = try? loader.loadImage(atPath: file)
        } else {
            let path = p.hasPrefix("/") ? p : (baseDirectory as NSString).appendingPathComponent(p)
            bitmap = try? loader.loadImage(atPath: path)
        }
        guard let bitmap else { return nil }
        let ref = ImageRef(bitmap)
        cache[asset.id] = ref
        return ref
    }
}
