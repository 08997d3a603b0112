// The slides (moveIn, push, reveal): whole images offset by whole pixels, each drawn as a row
// composite. No resampling, so every pixel stays sharp.

extension TransitionFrame {
    /// The integer offset of a full slide by `fraction` of the size in the edge's motion.
    func slide(_ edge: ImageTransition.Edge, _ fraction: Double) -> (Int, Int) {
        let m = edge.motion
        return (Int((Double(m.x * width) * fraction).rounded()), Int((Double(m.y * height) * fraction).rounded()))
    }

    /// The new image slides in over the old.
    func moveIn(_ edge: ImageTransition.Edge) {
        let b = box
        Self.composite(from, dx: ox, dy: oy, into: target, box: b)
        let (dx, dy) = slide(edge, p - 1)
        Self.composite(to, dx: ox + dx, dy: oy + dy, into: target, box: b)
    }

    /// The new image pushes the old out.
    func push(_ edge: ImageTransition.Edge) {
        let b = box
        let (ax, ay) = slide(edge, p)
        let (bx, by) = slide(edge, p - 1)
        Self.composite(from, dx: ox + ax, dy: oy + ay, into: target, box: b)
        Self.composite(to, dx: ox + bx, dy: oy + by, into: target, box: b)
    }

    /// The old image slides away uncovering the new.
    func reveal(_ edge: ImageTransition.Edge) {
        let b = box
        Self.composite(to, dx: ox, dy: oy, into: target, box: b)
        let (dx, dy) = slide(edge, p)
        Self.composite(from, dx: ox + dx, dy: oy + dy, into: target, box: b)
    }
}
