// One fuzzed image file through Media's reader, the one documents' `contents` images and the
// Lottie importer's assets go through: the header's size checked against the limits before
// anything is decoded, SDL_image's decoder (its messages captured), the premultiplication,
// then one scaled draw of the result. The reader takes a path, so each input is written to a
// file of its own first (inputs may run in parallel, as the seed-replay tests run them).
import Foundation
import Media
import Raster

enum PNGFuzzEntry {
    static func run(_ bytes: [UInt8]) -> FuzzOutcome {
        let scratchPath = NSTemporaryDirectory() + "/layerkit-fuzz-\(UUID().uuidString).png"
        guard FileManager.default.createFile(atPath: scratchPath, contents: Data(bytes)) else {
            fatalError("png: cannot write the scratch file \(scratchPath)")
        }
        defer { try? FileManager.default.removeItem(atPath: scratchPath) }
        let image: Bitmap
        do {
            image = try Bitmap.readPNG(scratchPath)
        } catch let e as MediaError {
            return FuzzOutcome.refusal(e.message)
        } catch {
            return FuzzOutcome.refusal("\(error)")
        }
        let bitmap = Bitmap(width: SmallCanvas.side, height: SmallCanvas.side)
        let s = Double(SmallCanvas.side) / Double(max(image.width, image.height, 1))
        Canvas(bitmap).draw(image, transform: AffineTransform(a: s, b: 0.1 * s, c: 0, d: s, tx: 1.5, ty: 0.5), opacity: 0.9)
        return .accepted
    }
}
