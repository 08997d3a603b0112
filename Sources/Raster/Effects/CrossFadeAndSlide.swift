// The row effects: a cross-fade (per pixel, a rounded blend of the old and the new image by
// the progress) and the three slides (moveIn, push, reveal: whole images offset by whole
// pixels, each drawn as a row composite). No resampling, so every pixel stays sharp.

extension TransitionFrame {
    /// The per-pixel blend old → new at the progress, source-over into the target.
    func crossFade() {
        let t = lkLerpWeight(p)
        let b = box
        guard !b.isEmpty else { return }
        let tw = target.width
        for y in b.y0..<b.y1 {
            let d = target.pixels + y * tw
            let f = from.pixels + (y - oy) * width - ox
            let g = to.pixels + (y - oy) * width - ox
            for x in b.x0..<b.x1 { d[x] = lkSourceOver(lkLerp(f[x], g[x], t), d[x]) }
        }
    }

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
