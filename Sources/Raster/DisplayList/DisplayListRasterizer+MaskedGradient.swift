// A group whose only content is a gradient over a shape covering the whole group, masked by
// a mask layer (`beginGroup, gradient, beginMask, …, endMask, endGroup`): a Lottie gradient
// fill or stroke, as lottie-ios's Core Animation engine draws it (a CAGradientLayer masked by
// a CAShapeLayer of the painted shape). The group's pixels where the mask has no alpha are
// multiplied by zero, so the gradient is painted after the mask, only where the mask has
// some (Canvas.paintGradient): a stroked ring's gradient costs the ring, not its bounding box.
// Where it is painted, every pixel is the one the fill paints (the shape covers it wholly, so
// at full coverage over a cleared pixel), the composite is the same, but for one thing: an
// axial gradient's table index is stepped in 16.16 fixed point from a run's first pixel, and
// the runs start where the mask does, not at the box's left, so an index can land one table
// entry away (at most 1/255 on a channel, at a few pixels of a frame).

extension DisplayListRasterizer {
    /// Whether the gradient at `i` is the first and only content of a group drawn over a box
    /// (`box`: the open group's), closed right after a mask that follows it, and its shape (a
    /// rectangle mapped by its transform) covers the box with two pixels to spare.
    static func masksGradientWholly(_ i: Int, _ items: [DisplayItem], box: PixelBox?) -> Bool {
        guard let box, i > 0, i + 2 < items.count, case .beginGroup = items[i - 1].operation,
              case .beginMask = items[i + 1].operation,
              case let .gradient(path, transform, _, _, _) = items[i].operation else { return false }
        // The mask closes, then the group.
        var depth = 0, j = i + 1
        while j < items.count {
            switch items[j].operation {
            case .beginMask: depth += 1
            case .endMask: depth -= 1
            default: break
            }
            if depth == 0 { break }
            j += 1
        }
        guard j + 1 < items.count, case .endGroup = items[j + 1].operation else { return false }
        // A rectangle: move, three lines, close.
        let e = path.elements
        guard e.count == 5, case .move(let p0) = e[0], case .line(let p1) = e[1], case .line(let p2) = e[2],
              case .line(let p3) = e[3], case .close = e[4] else { return false }
        let quad = [p0, p1, p2, p3].map { transform.apply($0) }
        let corners = [Point(Double(box.x0), Double(box.y0)), Point(Double(box.x1), Double(box.y0)),
                       Point(Double(box.x1), Double(box.y1)), Point(Double(box.x0), Double(box.y1))]
        // Every corner of the box at least two pixels inside every side of the convex quad.
        var sign = 0.0
        for k in 0..<4 {
            let a = quad[k], b = quad[(k + 1) % 4]
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len.isFinite, len > 0 else { return false }
            for c in corners {
                let d = (dx * (c.y - a.y) - dy * (c.x - a.x)) / len
                guard d.isFinite, abs(d) >= 2 else { return false }
                if sign == 0 { sign = d > 0 ? 1 : -1 } else if (d > 0 ? 1 : -1) != sign { return false }
            }
        }
        return true
    }
}
