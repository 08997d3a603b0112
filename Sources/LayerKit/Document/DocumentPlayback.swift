// Adds a loaded document's animations to its layers and sets document time on the clock, for
// the headless commands and for live play.

/// Puts a loaded document's animations on its layers and drives document time.
/// Document time 0 is the instant the animations are added (media time 0 under the manual
/// clock for `render` / `inspect` / `record`; "now" with `resetOrigin` for `play`).
public enum DocumentPlayback {
    /// For the headless commands: the manual clock reads document time 0, the animations are
    /// added as `layer.add(_:forKey:)` would at that instant, and one engine tick commits them
    /// (resolving beginTime 0 to "now", as Core Animation does at commit). Runs once per document.
    public static func prepare(_ doc: LayerDocument) {
        guard !doc.animationsAttached else { return }
        let context = CAAnimationContext.current
        context.clock.manualTime = 0
        attachAnimations(doc)
        context.engine.tick(at: 0)
    }

    /// Sets the current context's clock to a manual time so that `CACurrentMediaTime()` and
    /// `presentation()` read document time `t`.
    public static func setDocumentTime(_ t: Double) { CAAnimationContext.current.clock.manualTime = t }

    /// Adds every animation of the document to its layer, in document order, built by
    /// `AnimationSpec.makeAnimation()`.
    public static func attachAnimations(_ doc: LayerDocument) {
        guard !doc.animationsAttached else { return }
        doc.animationsAttached = true
        for (layer, spec, _) in doc.animationSpecs {
            layer.add(spec.makeAnimation(), forKey: spec.key)
        }
    }
}
