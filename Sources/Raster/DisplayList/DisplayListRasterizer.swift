// The last stage of a frame: a display list becomes pixels. Items are performed in order on a
// stack of surfaces: the target canvas, and above it the bitmap of every open group or plane.
// A group whose pixels lie wholly outside the clip is skipped with everything inside it; one
// partly outside draws only its visible whole pixels (an integer clip cuts spans without
// changing the coverage of the pixels it keeps), and of those only the box its items can
// change is drawn, masked and composited (DisplayListRasterizer+GroupRegion.swift).

/// Draws display lists into canvases.
public final class DisplayListRasterizer {
    public init() {}

    /// Threads a large frame may be split over in horizontal bands (BandedRasterizer.swift);
    /// never more than the cores. 1 draws on the calling thread only.
    public var threads = 1
    /// With `threads` above 1: the fewest pixels a frame draws (its clip's box, or the part
    /// of it a redraw is limited to) for it to be split; 0: any frame (`frameThreads`).
    public var minimumBandedPixels = 0
    /// The points the curves of one list's paths flatten to in all (Path/Flatten.swift).
    var curvePointsPerList = maxListFlattenPoints
    /// The bands' canvases, kept from frame to frame for their rasterizer scratch.
    var bandCanvases: BandCanvases?
    /// Stroke outlines kept from list to list (Stroke/StrokeOutlineCache.swift); nil with
    /// `LAYERKIT_STROKE_OUTLINE_CACHE=0` in the environment, so that every frame strokes its
    /// paths as an immediate-mode rasterizer does (the like-for-like peers' benchmark,
    /// scripts/bench/compare.py): the pixels are the same either way.
    let strokeOutlines: StrokeOutlineCache? = StrokeOutlineCache.enabledByEnvironment ? StrokeOutlineCache() : nil

    /// What a bracket saved, to be restored (and composited) at its end.
    /// A group or plane also saves its parent surface's place (`Place`).
    private enum Bracket {
        case clip(ClipShape?)
        case group(parent: Canvas, x: Int, y: Int, opacity: Double, shadow: DisplayShadow?, box: PixelBox?, saved: Place)
        case mask(group: Canvas)
        case plane(parent: Canvas, transform: ProjectiveTransform, opacity: Double, aliasing: EdgeAliasing?, saved: Place)
    }

    /// Where the surface being drawn lies: its pixel (0, 0) in the list's pixels (nil inside a
    /// plane, whose pixels are not the list's), and the box of it its items draw (nil: all).
    private struct Place {
        var origin: (x: Int, y: Int)?
        var box: PixelBox?
    }

    /// Draws `list` over what `canvas` holds, through the canvas's clip.
    public func draw(_ list: DisplayList, into canvas: Canvas) {
        draw(list, into: canvas, within: nil)
    }

    /// Draws `list` over what `canvas` holds, through the canvas's clip, performing only the
    /// drawing items whose bounds meet `within` (device pixels; nil: all). Every item's bounds
    /// hold the device pixels it can change (a shadow-casting group's items claim where their
    /// shadow lands), so an item whose bounds miss `within` leaves its pixels as they are:
    /// through a clip inside `within` the pixels are those of the whole list. Brackets are
    /// always performed, so the list's structure is unchanged.
    public func draw(_ list: DisplayList, into canvas: Canvas, within: Rect?) {
        if threads > 1, drawInBands(list, into: canvas, threads: threads, within: within) { return }
        // The outlines kept for this rasterizer's strokes, lent to the canvas for this list.
        strokeOutlines?.beginDraw()
        let lentOutlines = canvas.strokeOutlines
        canvas.strokeOutlines = strokeOutlines
        defer { canvas.strokeOutlines = lentOutlines }
        drawItems(list, into: canvas, within: within)
    }

    /// Whether an item with device bounds `b` can change a pixel of `within`
    /// (touching edges share no pixel; null bounds are not known to miss).
    @inline(__always) static func reaches(_ b: Rect, _ within: Rect) -> Bool {
        b.isNull || (b.minX < within.maxX && within.minX < b.maxX && b.minY < within.maxY && within.minY < b.maxY)
    }

    /// `draw(_:into:within:)` on one thread (or in one band: it keeps its state in locals).
    func drawItems(_ list: DisplayList, into canvas: Canvas, within: Rect?) {
        // The list's paths share one budget of curve points (Path/Flatten.swift); the groups'
        // canvases draw in the same scratch, so they take from it too.
        let scratch = canvas.rasterScratch
        let outerBudget = scratch.curvePointsLeft
        scratch.curvePointsLeft = curvePointsPerList
        defer { scratch.curvePointsLeft = outerBudget }
        let items = list.items
        var canvas = canvas
        var stack: [Bracket] = []
        var place = Place(origin: (0, 0), box: nil)
        // A mask whose multiply waits for the composite of the group it masks (the next item
        // closes the group): the two are one pass there (DrawImageRegion+Mask.swift).
        var pendingMask: Bitmap? = nil
        // The blend mode the open group composites in, when its `blendGroup` came.
        var pendingBlend: BlendMode? = nil
        // Gradients whose group's mask comes first (DisplayListRasterizer+MaskedGradient.swift),
        // with the depth of the group's bracket on the stack.
        var maskedGradients: [(gradient: Gradient, transform: AffineTransform, opacity: Double, level: Int)] = []
        // The depths of the open groups composited before their end or without a bitmap of
        // their own: through a mask shape (DrawImageRegion+MaskShape.swift), or a masked
        // gradient painted row by row at the composite (DisplayListRasterizer+MaskedGradient
        // .swift), with that gradient once its mask is drawn.
        var directGroups: [Int] = []
        var pendingGradient: (gradient: Gradient, transform: AffineTransform, opacity: Double)? = nil
        var i = 0
        // The fills of the open group drawn straight onto its parent (ascending indices), and
        // the next of them (DisplayListRasterizer+FlatGroup.swift).
        var drawnStraight: [Int] = []
        var drawnStraightNext = 0
        while i < items.count {
            if drawnStraightNext < drawnStraight.count, drawnStraight[drawnStraightNext] == i {
                drawnStraightNext += 1
                i += 1
                continue
            }
            if let within, !Self.reaches(items[i].bounds, within), items[i].operation.isDrawing { i += 1; continue }
            switch items[i].operation {
            case let .fill(path, transform, color, rule, opacity):
                canvas.fill(path, transform: transform, color: color, rule: rule, opacity: opacity,
                            aliasing: items[i].aliasing)
            case let .stroke(path, style, transform, color, start, end, opacity):
                canvas.stroke(path, style: style, transform: transform, color: color,
                              strokeStart: start, strokeEnd: end, opacity: opacity)
            case let .image(bitmap, transform, opacity):
                canvas.draw(bitmap, transform: transform, opacity: opacity, aliasing: items[i].aliasing)
            case let .filteredImage(bitmap, transform, opacity, filtering):
                canvas.draw(bitmap, transform: transform, opacity: opacity, aliasing: items[i].aliasing, filtering: filtering)
            case .beginClip(let shape):
                stack.append(.clip(canvas.clip))
                canvas.clip = shape.intersected(with: canvas.clip)
            case .endClip:
                if case .clip(let saved)? = stack.popLast() { canvas.clip = saved }
            case let .beginShadowedGroup(x, y, w, h, opacity, shadow):
                // The blur reads pixels beyond any damage: the group is drawn whole.
                let reach = shadow.extent
                var visible = Rect(Double(x), Double(y), Double(w), Double(h)).insetBy(dx: -reach, dy: -reach)
                    .intersection(canvas.target.bounds)
                if let c = canvas.clip { visible = visible.intersection(c.boundingRect) }
                guard w > 0, h > 0, !visible.isNull, !visible.isEmpty else { i = Self.end(of: i, in: items); break }
                stack.append(.group(parent: canvas, x: x, y: y, opacity: opacity, shadow: shadow, box: nil, saved: place))
                canvas = Self.surface(width: w, height: h, like: canvas)
                place = Place(origin: place.origin.map { ($0.x + x, $0.y + y) }, box: nil)
            case .beginMask:
                if let box = place.box, pendingBlend == nil, directGroups.last != stack.count,
                   maskedGradients.last?.level != stack.count,
                   let (path, transform) = Self.opaqueMaskFill(i, items, within: within), Self.compositesBoxNext(i + 2, items, stack),
                   case let .group(parent, x, y, opacity, nil, _, _)? = stack.last, Self.compositesPlainly(onto: parent) {
                    // A mask of one opaque fill is a mask shape: the group composites through
                    // the fill's coverage now, without a mask bitmap (DrawImageRegion+MaskShape
                    // .swift); its end composites nothing more.
                    canvas.composite(through: path, transform: transform, aliasing: items[i + 1].aliasing, onto: parent,
                                     box: box, x: x, y: y, opacity: opacity)
                    directGroups.append(stack.count)
                    i += 2
                    break
                }
                stack.append(.mask(group: canvas))
                if let box = place.box {
                    canvas = Self.surface(width: canvas.target.width, height: canvas.target.height, box: box, like: canvas)
                } else {
                    canvas = Self.surface(width: canvas.target.width, height: canvas.target.height, like: canvas)
                }
            case .endMask:
                if case .mask(let group)? = stack.popLast() {
                    if let g = maskedGradients.last, g.level == stack.count, let box = place.box {
                        maskedGradients.removeLast()
                        if directGroups.last == stack.count {
                            pendingGradient = (gradient: g.gradient, transform: g.transform, opacity: g.opacity)
                        } else {
                            group.paintGradient(g.gradient, transform: g.transform, opacity: g.opacity,
                                                where: canvas.target, box: box)
                        }
                    }
                    if place.box != nil, Self.compositesBoxNext(i, items, stack) {
                        pendingMask = canvas.target
                    } else if let box = place.box {
                        group.target.multiply(byAlphaOf: canvas.target, in: box)
                    } else {
                        group.target.multiply(byAlphaOf: canvas.target)
                    }
                    canvas = group
                }
            case let .gradient(path, transform, gradient, rule, opacity):
                if Self.masksGradientWholly(i, items, box: place.box) {
                    maskedGradients.append((gradient: gradient, transform: transform, opacity: opacity, level: stack.count))
                    break
                }
                canvas.fill(path, transform: transform, gradient: gradient, rule: rule, opacity: opacity,
                            aliasing: items[i].aliasing)
            case let .shadow(path, transform, shadow):
                canvas.fillShadow(path, transform: transform, shadow: shadow)
            case let .beginGroup(x, y, w, h, opacity):
                // Only the visible whole pixels need drawing, and of those only the ones the
                // group's items can change; a group that changes none draws nothing.
                guard let region = Self.region(ofGroupAt: i, items, x: x, y: y, width: w, height: h, on: canvas,
                                               origin: place.origin) else { i = Self.end(of: i, in: items); break }
                let shown = region.shown
                var box = region.box
                if let b = box, x == 0, y >= 0, y + h <= canvas.target.height, min(1, opacity) * 255 + 0.5 >= 255,
                   pendingBlend == nil, let o = place.origin,
                   let clipMask = ClipMask(canvas.clip, width: canvas.target.width, height: canvas.target.height), !clipMask.active,
                   let plan = Self.flatGroupPlan(i, items, box: b, origin: (o.x, o.y + y), onto: canvas) {
                    // Solid fills alone in their pixels under a mask shape covering them (or
                    // none): drawn as they are, into the parent's rows of the group, through the
                    // group's box; the group's bitmap keeps the other fills' box, or is not made
                    // (DisplayListRasterizer+FlatGroup.swift).
                    let rows = Canvas(Bitmap(rowsOf: canvas.target, top: y, count: h), drawingAfter: canvas)
                    let shown = b.intersect(PixelBox(x0: clipMask.left, y0: clipMask.top - y, x1: clipMask.right, y1: clipMask.bottom - y))
                    rows.clip = .rect(shown.rect)
                    for k in plan.flat where !shown.isEmpty {
                        guard case let .fill(path, transform, color, rule, fillOpacity) = items[k].operation else { continue }
                        if let within, !Self.reaches(items[k].bounds, within) { continue }
                        rows.fill(path, transform: transform, color: color, rule: rule, opacity: fillOpacity,
                                  aliasing: items[k].aliasing)
                    }
                    guard let rest = plan.rest else { i = plan.end; break }
                    box = rest
                    drawnStraight = plan.flat
                    drawnStraightNext = 0
                }
                if let box, pendingBlend == nil, let o = place.origin,
                   Self.drawMaskedGradientThroughMask(groupAt: i, items, box: box, origin: (o.x + x, o.y + y),
                                                      x: x, y: y, width: w, height: h, opacity: opacity, onto: canvas,
                                                      within: within) {
                    // A masked gradient group alone in a group masked by one opaque fill: drawn
                    // row by row through both masks, with none of the three bitmaps
                    // (DisplayListRasterizer+MaskedGradientThroughMask.swift).
                    i += 10
                    break
                }
                if let box, Self.masksGradientByOneFill(groupAt: i, items),
                   Self.drawsMaskedGradientDirectly(first: i + 1, items, box: box, onto: canvas),
                   case let .gradient(_, gt, gradient, _, gop) = items[i + 1].operation,
                   case let .fill(fp, ft, fc, fr, fo) = items[i + 3].operation {
                    // A gradient masked by one fill: drawn row by row with neither bitmap
                    // (DisplayListRasterizer+MaskedGradient.swift); either item skipped
                    // outside `within` leaves the group drawing nothing.
                    if within.map({ Self.reaches(items[i + 1].bounds, $0) && Self.reaches(items[i + 3].bounds, $0) }) ?? true {
                        canvas.drawGradient(gradient, transform: gt, gradientOpacity: gop,
                                            maskedBy: (path: fp, transform: ft, color: fc, rule: fr, opacity: fo,
                                                       aliasing: items[i + 3].aliasing),
                                            width: w, height: h, box: box, x: x, y: y, opacity: opacity)
                    }
                    i += 5
                    break
                }
                if box == nil, pendingBlend == nil, let plan = Self.reducedBlurPlan(ofGroupAt: i, in: items) {
                    // Fills under a large blur (a group with a filter has no box: it is drawn
                    // whole): drawn at the blur's reduced size and composited enlarged, without
                    // a bitmap of the group's size (+ReducedBlur.swift).
                    drawReducedBlurGroup(plan, start: i, items, x: x, y: y, width: w, height: h, opacity: opacity,
                                         onto: canvas, within: within)
                    i = plan.end
                    break
                }
                stack.append(.group(parent: canvas, x: x, y: y, opacity: opacity, shadow: nil, box: box, saved: place))
                place = Place(origin: place.origin.map { ($0.x + x, $0.y + y) }, box: box)
                if let box, Self.drawsMaskedGradientDirectly(first: i + 1, items, box: box, onto: canvas) {
                    // Nothing is drawn into the group's bitmap: it only lends its size and
                    // scratch to the mask, uncleared.
                    directGroups.append(stack.count)
                    canvas = Self.surface(width: w, height: h, box: box, like: canvas, clearing: false)
                } else if let box {
                    canvas = Self.surface(width: w, height: h, box: box, like: canvas)
                } else {
                    canvas = Self.surface(width: w, height: h, like: canvas)
                    // A clip inside the group would combine with the visible rectangle
                    // differently from a full redraw, so a group with one is drawn whole.
                    if shown.x0 > 0 || shown.y0 > 0 || shown.x1 < w || shown.y1 < h, !Self.hasClip(inGroupAt: i, in: items) {
                        canvas.clip = .rect(shown.rect)
                    }
                }
            case let .maskGroup(path, transform):
                if let box = place.box, pendingBlend == nil, Self.compositesBoxNext(i, items, stack),
                   case let .group(parent, x, y, opacity, nil, _, _)? = stack.last, Self.compositesPlainly(onto: parent) {
                    // The group composites through the shape's coverage now, without a mask
                    // bitmap (DrawImageRegion+MaskShape.swift); its end composites nothing more.
                    canvas.composite(through: path, transform: transform, aliasing: items[i].aliasing, onto: parent,
                                     box: box, x: x, y: y, opacity: opacity)
                    directGroups.append(stack.count)
                } else if let box = place.box {
                    let mask = Self.surface(width: canvas.target.width, height: canvas.target.height, box: box, like: canvas)
                    mask.fill(path, transform: transform, color: .white, aliasing: items[i].aliasing)
                    if Self.compositesBoxNext(i, items, stack) {
                        pendingMask = mask.target
                    } else {
                        canvas.target.multiply(byAlphaOf: mask.target, in: box)
                    }
                } else {
                    let mask = Self.surface(width: canvas.target.width, height: canvas.target.height, like: canvas)
                    mask.fill(path, transform: transform, color: .white, aliasing: items[i].aliasing)
                    canvas.target.multiply(byAlphaOf: mask.target)
                }
            case .endGroup:
                if case let .group(parent, x, y, opacity, shadow, box, saved)? = stack.popLast() {
                    if directGroups.last == stack.count + 1 {
                        // The masked gradient (nothing when its gradient was not drawn); after
                        // a mask shape, nothing: the group composited through it there.
                        directGroups.removeLast()
                        if let g = pendingGradient, let box, let mask = pendingMask {
                            parent.drawGradient(g.gradient, transform: g.transform, gradientOpacity: g.opacity,
                                                maskedBy: mask, box: box, x: x, y: y, opacity: opacity)
                        }
                        pendingGradient = nil
                        pendingMask = nil
                    } else {
                        if var shadow {
                            shadow.color = shadow.color.withAlphaScaled(opacity)
                            parent.drawShadow(of: canvas.target, x: x, y: y, shadow: shadow, occluded: opacity >= 1)
                        }
                        composite(canvas.target, onto: parent, x: x, y: y, opacity: opacity, box: box,
                                  blend: &pendingBlend, mask: &pendingMask)
                    }
                    canvas = parent
                    place = saved
                }
            case let .beginPlane(w, h, transform, opacity):
                guard w > 0, h > 0 else { i = Self.end(of: i, in: items); break }
                stack.append(.plane(parent: canvas, transform: transform, opacity: opacity, aliasing: items[i].aliasing,
                                    saved: place))
                canvas = Self.surface(width: w, height: h, like: canvas)
                place = Place(origin: nil, box: nil)
            case .endPlane:
                if case let .plane(parent, transform, opacity, aliasing, saved)? = stack.popLast() {
                    parent.draw(canvas.target, projective: transform, opacity: opacity, aliasing: aliasing)
                    canvas = parent
                    place = saved
                }
            case .transition(let t):
                drawTransition(t, into: canvas)
            case .invalidate:
                break
            case .blendGroup(let mode):
                pendingBlend = mode
            case .tintGroup(let color):
                if let box = place.box { canvas.target.multiply(by: color, in: box) } else { canvas.target.multiply(by: color) }
            case .sprites(let batch):
                canvas.draw(batch)
            case .filterGroup(let filters):
                FilterChain.apply(filters, to: canvas.target, edge: .transparent)
            case .backdrop(let b):
                canvas.drawBackdrop(b, aliasing: items[i].aliasing)
            }
            i += 1
        }
    }

    /// A group's bitmap composited at its end: in the blend mode of its `blendGroup`, through
    /// the mask waiting for it, over its box, or whole (the pending blend and mask are used up).
    private func composite(_ group: Bitmap, onto parent: Canvas, x: Int, y: Int, opacity: Double, box: PixelBox?,
                           blend pendingBlend: inout BlendMode?, mask pendingMask: inout Bitmap?) {
        if let mode = pendingBlend {
            pendingBlend = nil
            let whole = PixelBox(x0: 0, y0: 0, x1: group.width, y1: group.height)
            parent.draw(group, box: box ?? whole, x: x, y: y, opacity: opacity, blendMode: mode)
        } else if let box, let mask = pendingMask {
            parent.draw(group, box: box, x: x, y: y, opacity: opacity, maskedBy: mask)
            pendingMask = nil
        } else if let box {
            parent.draw(group, box: box, x: x, y: y, opacity: opacity)
        } else {
            parent.draw(group, transform: .translation(Double(x), Double(y)), opacity: opacity)
        }
    }

    /// A cleared bitmap for a group or plane, flattened with the same tolerance, drawn in the
    /// canvas's rasterizer scratch and stroke outlines (it waits while the surface draws); its
    /// memory is recycled through the scratch's surface pool (SurfacePool.swift).
    private static func surface(width: Int, height: Int, like canvas: Canvas) -> Canvas {
        Canvas(Bitmap(width: width, height: height, clearing: nil, pool: canvas.rasterScratch.surfaces), drawingAfter: canvas)
    }

    /// A surface of which only `box` is cleared and drawn (its clip): the pixels outside hold
    /// whatever the memory held and are never read (DisplayListRasterizer+GroupRegion.swift).
    /// With `clearing` false nothing is cleared: a bitmap nothing is drawn into.
    static func surface(width: Int, height: Int, box: PixelBox, like canvas: Canvas, clearing: Bool = true) -> Canvas {
        let c = Canvas(Bitmap(width: width, height: height, clearing: clearing ? box : PixelBox(x0: 0, y0: 0, x1: 0, y1: 0),
                              pool: canvas.rasterScratch.surfaces),
                       drawingAfter: canvas)
        c.clip = .rect(box.rect)
        return c
    }

    /// Whether the item after `i` closes the open group (the top of `stack`) by compositing its
    /// box without a shadow: then a mask at `i` can wait for that composite.
    private static func compositesBoxNext(_ i: Int, _ items: [DisplayItem], _ stack: [Bracket]) -> Bool {
        guard i + 1 < items.count, case .endGroup = items[i + 1].operation,
              case .group(_, _, _, _, nil, _?, _)? = stack.last else { return false }
        return true
    }

    /// The path and transform of the mask section opened at `i` when it is one fill of an opaque
    /// colour at full opacity with the non-zero rule, which `within` (if any) does not skip:
    /// the mask's alpha is then the fill's coverage, as a mask shape's is.
    static func opaqueMaskFill(_ i: Int, _ items: [DisplayItem], within: Rect?) -> (Path, AffineTransform)? {
        guard i + 2 < items.count, case .endMask = items[i + 2].operation,
              case let .fill(path, transform, color, .nonZero, opacity) = items[i + 1].operation,
              opacity >= 1, color.premultipliedARGB >> 24 == 255 else { return nil }
        if let within, !reaches(items[i + 1].bounds, within) { return nil }
        return (path, transform)
    }

    /// Whether `canvas` is clipped by nothing or by an integer rectangle (or wholly), so that a
    /// group's box composites onto it row by row (DrawImageRegion+Mask.swift's one pass).
    static func compositesPlainly(onto canvas: Canvas) -> Bool {
        guard let clip = ClipMask(canvas.clip, width: canvas.target.width, height: canvas.target.height) else { return true }
        return !clip.active
    }

    /// The index of the item closing the group or plane opened at `start`.
    static func end(of start: Int, in items: [DisplayItem]) -> Int {
        var depth = 0
        var i = start
        while i < items.count {
            switch items[i].operation {
            case .beginGroup, .beginShadowedGroup, .beginPlane: depth += 1
            case .endGroup, .endPlane:
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i += 1
        }
        return items.count
    }

    /// Whether the group or plane opened at `start` holds a clip item, or an item that reads
    /// pixels beyond the visible ones (a filter chain, a backdrop): then it is drawn whole.
    private static func hasClip(inGroupAt start: Int, in items: [DisplayItem]) -> Bool {
        let end = end(of: start, in: items)
        var i = start + 1
        while i < end {
            switch items[i].operation {
            case .beginClip, .filterGroup, .backdrop: return true
            default: break
            }
            i += 1
        }
        return false
    }

    /// The snapshot's pixels, drawn on first use: its list over a cleared bitmap clipped to it.
    func pixels(of snapshot: DisplaySnapshot) -> Bitmap {
        if let b = snapshot.bitmap { return b }
        let b = Bitmap(width: max(1, snapshot.list.width), height: max(1, snapshot.list.height))
        let c = Canvas(b)
        c.clip = .rect(b.bounds)
        draw(snapshot.list, into: c)
        snapshot.bitmap = b
        return b
    }

    /// The effect between the two snapshots. When the snapshot lands unscaled, unrotated, at
    /// whole pixels and opaque, the effect draws straight into the canvas (through its clip);
    /// otherwise into a bitmap of the snapshots' size, composited through the transform.
    func drawTransition(_ t: DisplayTransition, into canvas: Canvas) {
        let old = pixels(of: t.from), new = pixels(of: t.to)
        let m = t.transform
        if t.opacity >= 1, m.isAffine, m.m11 == 1, m.m22 == 1, m.m12 == 0, m.m21 == 0,
           m.m13 == m.m13.rounded(), m.m23 == m.m23.rounded() {
            t.effect.render(from: old, to: new, progress: t.progress, into: canvas,
                            rect: Rect(m.m13, m.m23, Double(old.width), Double(old.height)))
            return
        }
        let out = Bitmap(width: old.width, height: old.height)
        t.effect.render(from: old, to: new, progress: t.progress, into: Canvas(out), rect: out.bounds)
        if m.isAffine {
            canvas.draw(out, transform: m.affinePart, opacity: t.opacity)
        } else {
            canvas.draw(out, projective: m, opacity: t.opacity)
        }
    }
}
