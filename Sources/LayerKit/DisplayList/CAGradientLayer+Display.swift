// What a gradient layer paints: its shape (the bounds rounded by cornerRadius, maskedCorners
// and cornerCurve) filled with the gradient, over the background and under the sublayers.
// The points are "in the unit coordinate space of the layer" (CAGradientLayer.h: "[0,0] is
// the bottom-left corner of the layer, [1,1] is the top-right corner" in Core Animation's
// y-up space, which is the top-left and bottom-right here as on iOS), mapped to the layer's
// points before the geometry is taken, so a diagonal on a wide layer is a ramp perpendicular
// to the mapped diagonal. Stops: "If nil, the stops are spread uniformly across the range"
// (locations); a locations list of another length than colors is ignored the same way. A
// radial gradient's `focalPoint` (LayerKit's addition) maps the same way to Raster's focus.

extension CAGradientLayer: LayerContentDisplay {
    /// The gradient in the layer's own coordinates; nil when there is nothing to draw.
    public var displayGradient: Gradient? {
        guard !colors.isEmpty, !bounds.isEmpty else { return nil }
        let n = colors.count
        var stops: [GradientStop] = []
        stops.reserveCapacity(n)
        let locs = locations.flatMap { $0.count == n && $0.allSatisfy(\.isFinite) ? $0 : nil }
        for (i, c) in colors.enumerated() {
            let t = locs?[i] ?? (n == 1 ? 0 : Double(i) / Double(n - 1))
            // Locations "must be monotonically increasing": a decreasing one is held at its predecessor.
            stops.append(GradientStop(location: max(t, stops.last?.location ?? -Double.infinity), color: c))
        }
        let b = bounds
        func mapped(_ p: Point) -> Point { Point(b.minX + p.x * b.width, b.minY + p.y * b.height) }
        let kind: Gradient.Kind = switch type {
        case .axial: .axial
        case .radial: .radial
        case .conic: .conic
        }
        guard startPoint.x.isFinite, startPoint.y.isFinite, endPoint.x.isFinite, endPoint.y.isFinite else { return nil }
        // The focal point (LayerKit's addition) only where it is finite and the gradient radial.
        let focus = kind == .radial ? focalPoint.flatMap { $0.x.isFinite && $0.y.isFinite ? mapped($0) : nil } : nil
        return Gradient(kind: kind, stops: stops, start: mapped(startPoint), end: mapped(endPoint), focus: focus)
    }

    func appendContentItems(to sink: DisplayItemSink) {
        guard let g = displayGradient, g.stops.contains(where: { $0.color.a > 0 }) else { return }
        let shape = cornerRadius > 0 ? cornerShape() : Path.rect(bounds)
        sink.append(.gradient, .gradient(shape, transform: sink.transform, gradient: g, rule: .nonZero, opacity: sink.opacity),
                    local: bounds, aliasing: shapeAliasing(device: sink.device))
    }

    var contentPrimitiveCount: Int { colors.isEmpty ? 0 : 1 }

    var hasClippableContent: Bool { false }

    func contentLocalExtent(_ builder: DisplayListBuilder) -> Rect { colors.isEmpty ? .null : bounds }
}
