// One fuzzed animation document: parsed and built as `layerplay render` does (the same
// limits, the same refusals), its animations attached at document time 0, and the
// presentation tree at a time inside the animations drawn scaled into a small bitmap. Each
// input runs in an animation context of its own, so nothing carries over to the next.
import LayerKit
import Media
import Raster

enum DocumentFuzzEntry {
    /// The document times drawn: the start and a moment into the animations.
    static let times = [0.0, 0.37]

    static func run(_ bytes: [UInt8]) -> FuzzOutcome {
        TTFTextRenderer.installAsDefault()
        return CAAnimationContext(clock: CAMediaClock(manualTime: 0)).run {
            let doc: LayerDocument
            do {
                doc = try LayerDocument.parse(bytes, baseDirectory: "/fuzz", images: FixedImageLoader())
            } catch {
                return FuzzOutcome.refusal("\(error)")
            }
            // The canvas rule of the commands; an accepted document's own size always passes it.
            if case .failure(let e) = DocumentLimits.canvasPixels(width: doc.width, height: doc.height, scale: 1) {
                return FuzzOutcome.refusal(e.description)
            }
            DocumentPlayback.prepare(doc)
            let (scale, bitmap) = SmallCanvas.fitting(width: doc.width, height: doc.height)
            let renderer = LayerRenderer(scale: scale, background: doc.background)
            for t in times {
                DocumentPlayback.setDocumentTime(t)
                renderer.draw(doc.root.presentation(at: t), into: Canvas(bitmap))
            }
            return .accepted
        }
    }
}
