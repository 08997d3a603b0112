// Nested clips as one ClipShape: the canvas holds a single rectangle or rounded rectangle, so
// a clip inside a clip keeps whichever shape contains the other, else the tighter rectangle.

extension ClipShape {
    /// `self` intersected with the clip already in force (`current`, nil for none). When
    /// neither shape contains the other the result is the intersection of their rectangles
    /// (an approximation only when both cut the same rounded corner); an empty intersection
    /// is an empty rectangle.
    public func intersected(with current: ClipShape?) -> ClipShape {
        guard let cur = current else { return self }
        switch (cur, self) {
        case (.rect(let r), .rect(let q)):
            let i = r.intersection(q)
            return i.isNull ? .rect(Rect(0, 0, 0, 0)) : .rect(i)
        case (.rect(let r), .roundedRect(let q, let rad)):
            if r.intersection(q) == q { return .roundedRect(q, cornerRadius: rad) }
            let i = r.intersection(q)
            return i.isNull ? .rect(Rect(0, 0, 0, 0)) : .rect(i)
        case (.roundedRect(let r, _), .rect(let q)):
            if q.intersection(r) == r { return cur }
            let i = r.intersection(q)
            return i.isNull ? .rect(Rect(0, 0, 0, 0)) : (q.intersection(r) == q ? self : .rect(i))
        case (.roundedRect(let r, _), .roundedRect(let q, _)):
            if r.intersection(q) == q { return self }
            if q.intersection(r) == r { return cur }
            let i = r.intersection(q)
            return i.isNull ? .rect(Rect(0, 0, 0, 0)) : .rect(i)
        }
    }

    /// The clip's bounding box.
    public var boundingRect: Rect {
        switch self { case .rect(let r): return r; case .roundedRect(let r, _): return r }
    }
}

extension ProjectiveTransform {
    /// The affine part of a transform whose bottom row is (0, 0, 1).
    public var affinePart: AffineTransform {
        AffineTransform(a: m11, b: m21, c: m12, d: m22, tx: m13, ty: m23)
    }
}
