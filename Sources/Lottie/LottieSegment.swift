// A stretch of a Lottie animation's timeline that a program plays instead of the whole:
// a marker's (`markers`: `cm` name, `tm` start frame, `dr` duration in frames — the Lottie
// spec's marker object; lottie-ios's `play(marker:)` plays from `tm` to `tm + dr`), held
// inside the animation's in and out points. Times are the scene's Core Animation time,
// (frame − ip) / fr.
import LayerKit

public struct LottieSegment: Sendable, Equatable {
    /// The marker's name.
    public var name: String
    /// Core Animation time of the segment's first frame.
    public var startTime: Double
    /// Seconds it lasts (0: one still frame).
    public var duration: Double
}

extension LottieScene {
    /// The segment of the marker named `name` (the first of that name), within ip…op; a name
    /// the file has no marker for, or a marker wholly outside ip…op, is refused naming it.
    public func segment(marker name: String) throws(DocumentError) -> LottieSegment {
        guard let m = model.markers.first(where: { $0.name == name }) else {
            let names = model.markers.prefix(8).map { "\"\($0.name)\"" }.joined(separator: ", ") + (model.markers.count > 8 ? ", …" : "")
            throw DocumentError("markers", model.markers.isEmpty ? "no marker \"\(name)\" (the file has no markers)"
                                                                 : "no marker \"\(name)\" (the file has \(names))")
        }
        let start = max(m.frame, model.inPoint), end = min(m.frame + max(m.durationFrames, 0), model.outPoint)
        guard start <= end else {
            throw DocumentError("markers", "marker \"\(name)\" (frames \(DocumentText.number(m.frame)) to \(DocumentText.number(m.frame + m.durationFrames))) lies outside the animation's frames \(DocumentText.number(model.inPoint)) to \(DocumentText.number(model.outPoint))")
        }
        return LottieSegment(name: name, startTime: time(forFrame: start), duration: (end - start) / model.frameRate)
    }
}

extension LottieScene {
    /// The segment from frame `from` to frame `to` (the file's own frame numbers, lottie-ios's
    /// `play(fromFrame:toFrame:)`; nil: ip and op), within ip…op; an empty or reversed range is
    /// refused.
    public func segment(fromFrame from: Double?, toFrame to: Double?) throws(DocumentError) -> LottieSegment {
        let start = max(from ?? model.inPoint, model.inPoint), end = min(to ?? model.outPoint, model.outPoint)
        guard start.isFinite, end.isFinite, start < end else {
            throw DocumentError("", "frames \(DocumentText.number(from ?? model.inPoint)) to \(DocumentText.number(to ?? model.outPoint)) hold no frame of the animation's \(DocumentText.number(model.inPoint)) to \(DocumentText.number(model.outPoint))")
        }
        return LottieSegment(name: "", startTime: time(forFrame: start), duration: (end - start) / model.frameRate)
    }

    /// The frame at `progress` (0…1 from ip to op), lottie-ios's `play(fromProgress:toProgress:)`.
    public func frame(forProgress progress: Double) -> Double { model.inPoint + (model.outPoint - model.inPoint) * progress }
}
