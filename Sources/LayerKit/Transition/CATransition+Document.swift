// Documents' `"type": "transition"` animations (docs/document-format.md): the loader has
// checked the fields; this builds the CATransition, whose `to` values the layer takes when
// the transition is added.

extension CATransition {
    /// The transition a checked document animation describes (timing fields are applied by
    /// the caller, as for every animation kind).
    public convenience init(spec: AnimationSpec) {
        self.init()
        type = spec.transitionType.flatMap(TransitionType.init(rawValue:)) ?? .fade
        subtype = spec.subtype.flatMap(TransitionSubtype.init(rawValue:))
        startProgress = spec.startProgress
        endProgress = spec.endProgress
        toValues = spec.to
    }
}
