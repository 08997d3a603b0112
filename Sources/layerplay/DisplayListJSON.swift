// `inspect --display-list`: a display list as JSON, one item a line, each naming the layer
// that produced it (name and index path), its slot, its device bounds and its operation's
// parameters (paths as SVG path data, transforms as [a, b, c, d, tx, ty] or the nine
// projective entries row-major, colours as [r, g, b, a], images as [width, height]) and,
// for an item whose shape has sides drawn aliased, those sides ("aliasedEdges": ["minX", …]).
import LayerKit

/// The JSON text of `list`, the producing layers looked up in the model tree under `root`.
func displayListJSON(_ list: DisplayList, root: CALayer, indent: String = "    ") -> String {
    var names: [ObjectIdentifier: (name: String?, path: [Int])] = [:]
    func walk(_ l: CALayer, _ path: [Int]) {
        names[ObjectIdentifier(l)] = (l.name, path)
        for (i, s) in (l.sublayers ?? []).enumerated() { walk(s, path + [i]) }
    }
    walk(root, [])
    func array(_ xs: [Double]) -> String { "[" + xs.map(num).joined(separator: ", ") + "]" }
    func affine(_ t: AffineTransform) -> String { array([t.a, t.b, t.c, t.d, t.tx, t.ty]) }
    func color(_ c: Color) -> String { array([c.r, c.g, c.b, c.a]) }
    func pixelFilters(_ fs: [PixelFilter]) -> String {
        "[" + fs.map { f -> String in
            switch f {
            case .gaussianBlur(let sx, let sy):
                return sx == sy ? "{\"gaussianBlur\": " + num(sx) + "}" : "{\"gaussianBlur\": " + array([sx, sy]) + "}"
            case .clampToExtent: return "{\"clampToExtent\": true}"
            case .alphaStroke(let s):
                let c = array([Double(s.color.x), Double(s.color.y), Double(s.color.z), Double(s.color.w)])
                return "{\"alphaStroke\": {\"width\": " + num(s.width) + ", \"color\": " + c
                    + ", \"position\": " + String(s.position.rawValue) + "}}"
            case .gradientRamp(let r):
                func c(_ v: SIMD4<Float>) -> String { array([Double(v.x), Double(v.y), Double(v.z)]) }
                return "{\"gradientRamp\": {\"start\": " + array([r.start.x, r.start.y]) + ", \"end\": " + array([r.end.x, r.end.y])
                    + ", \"colors\": [" + c(r.startColor) + ", " + c(r.endColor) + "], \"radial\": " + (r.radial ? "true" : "false")
                    + ", \"blend\": " + num(Double(r.blend)) + "}}"
            case .colorMatrix(let m):
                let rows = [m.r, m.g, m.b, m.a, m.bias].map { v in array([Double(v.x), Double(v.y), Double(v.z), Double(v.w)]) }
                return "{\"colorMatrix\": [" + rows.joined(separator: ", ") + "]}"
            case .colorMap(let m):
                let colors = m.colors.map { v in array([Double(v.x), Double(v.y), Double(v.z)]) }
                return "{\"colorMap\": {\"weights\": " + array([Double(m.weights.x), Double(m.weights.y), Double(m.weights.z)])
                    + ", \"colors\": [" + colors.joined(separator: ", ") + "], \"intensity\": " + num(Double(m.intensity)) + "}}"
            }
        }.joined(separator: ", ") + "]"
    }
    func lines(_ l: DisplayList, _ indent: String) -> [String] {
        l.items.map { item in
            var f: [String] = []
            if let n = names[item.key.source] {
                f.append("\"layer\": " + (n.name.map(jsonString) ?? "null"))
                f.append("\"indexPath\": [" + n.path.map(String.init).joined(separator: ", ") + "]")
            }
            let slot = DisplaySlot(rawValue: item.key.slot).map { "\($0)" } ?? String(item.key.slot)
            f.append("\"slot\": " + jsonString(slot))
            let b = item.bounds
            f.append("\"bounds\": " + (b.isNull ? "null" : array([b.origin.x, b.origin.y, b.size.width, b.size.height])))
            switch item.operation {
            case let .fill(path, t, c, rule, o):
                f += ["\"op\": \"fill\"", "\"path\": " + jsonString(path.svgString), "\"transform\": " + affine(t),
                      "\"color\": " + color(c), "\"rule\": " + jsonString(rule.rawValue), "\"opacity\": " + num(o)]
            case let .stroke(path, style, t, c, start, end, o):
                f += ["\"op\": \"stroke\"", "\"path\": " + jsonString(path.svgString), "\"transform\": " + affine(t),
                      "\"color\": " + color(c), "\"lineWidth\": " + num(style.lineWidth),
                      "\"lineCap\": " + jsonString(style.lineCap.rawValue), "\"lineJoin\": " + jsonString(style.lineJoin.rawValue),
                      "\"dashPattern\": " + array(style.dashPattern), "\"strokeStart\": " + num(start),
                      "\"strokeEnd\": " + num(end), "\"opacity\": " + num(o)]
            case let .image(bmp, t, o):
                f += ["\"op\": \"image\"", "\"size\": " + array([Double(bmp.width), Double(bmp.height)]),
                      "\"transform\": " + affine(t), "\"opacity\": " + num(o)]
            case let .filteredImage(bmp, t, o, filtering):
                f += ["\"op\": \"image\"", "\"size\": " + array([Double(bmp.width), Double(bmp.height)]),
                      "\"transform\": " + affine(t), "\"opacity\": " + num(o),
                      "\"minificationFilter\": " + jsonString(filtering.minification.rawValue),
                      "\"magnificationFilter\": " + jsonString(filtering.magnification.rawValue),
                      "\"minificationFilterBias\": " + num(filtering.bias)]
            case .beginClip(let c):
                switch c {
                case .rect(let r):
                    f += ["\"op\": \"beginClip\"", "\"rect\": " + array([r.origin.x, r.origin.y, r.size.width, r.size.height])]
                case .roundedRect(let r, let radius):
                    f += ["\"op\": \"beginClip\"", "\"rect\": " + array([r.origin.x, r.origin.y, r.size.width, r.size.height]),
                          "\"cornerRadius\": " + num(radius)]
                }
            case .endClip: f.append("\"op\": \"endClip\"")
            case let .beginGroup(x, y, w, h, o):
                f += ["\"op\": \"beginGroup\"", "\"rect\": " + array([Double(x), Double(y), Double(w), Double(h)]),
                      "\"opacity\": " + num(o)]
            case let .maskGroup(path, t):
                f += ["\"op\": \"maskGroup\"", "\"path\": " + jsonString(path.svgString), "\"transform\": " + affine(t)]
            case .endGroup: f.append("\"op\": \"endGroup\"")
            case let .beginPlane(w, h, m, o):
                f += ["\"op\": \"beginPlane\"", "\"size\": " + array([Double(w), Double(h)]),
                      "\"transform\": " + array([m.m11, m.m12, m.m13, m.m21, m.m22, m.m23, m.m31, m.m32, m.m33]),
                      "\"opacity\": " + num(o)]
            case .endPlane: f.append("\"op\": \"endPlane\"")
            case .transition(let t):
                let m = t.transform
                var effect = "null"
                if let e = t.effect as? TransitionEffect {
                    effect = jsonString(e.type.rawValue + (e.subtype.map { "/" + $0.rawValue } ?? ""))
                }
                let inner = indent + "    "
                f += ["\"op\": \"transition\"", "\"effect\": " + effect, "\"progress\": " + num(t.progress),
                      "\"transform\": " + array([m.m11, m.m12, m.m13, m.m21, m.m22, m.m23, m.m31, m.m32, m.m33]),
                      "\"opacity\": " + num(t.opacity),
                      "\"from\": {\"size\": " + array([Double(t.from.list.width), Double(t.from.list.height)]) + ", \"items\": [\n"
                        + lines(t.from.list, inner).joined(separator: ",\n") + "]}",
                      "\"to\": {\"size\": " + array([Double(t.to.list.width), Double(t.to.list.height)]) + ", \"items\": [\n"
                        + lines(t.to.list, inner).joined(separator: ",\n") + "]}"]
            case .invalidate: f.append("\"op\": \"invalidate\"")
            case .tintGroup(let c): f += ["\"op\": \"tintGroup\"", "\"color\": " + color(c)]
            case .blendGroup(let m): f += ["\"op\": \"blendGroup\"", "\"mode\": \"\(m)\""]
            case .filterGroup(let fs): f += ["\"op\": \"filterGroup\"", "\"filters\": " + pixelFilters(fs)]
            case .backdrop(let b):
                f += ["\"op\": \"backdrop\"", "\"path\": " + jsonString(b.path.svgString), "\"transform\": " + affine(b.transform),
                      "\"filters\": " + pixelFilters(b.filters), "\"opacity\": " + num(b.opacity)]
            case .sprites(let b):
                f += ["\"op\": \"sprites\"", "\"count\": " + String(b.sprites.count), "\"additive\": " + (b.additive ? "true" : "false")]
            case let .gradient(path, t, g, rule, o):
                f += ["\"op\": \"gradient\"", "\"path\": " + jsonString(path.svgString), "\"transform\": " + affine(t),
                      "\"kind\": " + jsonString(g.kind.rawValue), "\"start\": " + array([g.start.x, g.start.y]),
                      "\"end\": " + array([g.end.x, g.end.y]),
                      "\"focus\": " + (g.focus.map { array([$0.x, $0.y]) } ?? "null"),
                      "\"stops\": [" + g.stops.map { "[" + num($0.location) + ", " + color($0.color) + "]" }.joined(separator: ", ") + "]",
                      "\"rule\": " + jsonString(rule.rawValue), "\"opacity\": " + num(o)]
            case let .shadow(path, t, sh):
                f += ["\"op\": \"shadow\"", "\"path\": " + jsonString(path.svgString), "\"transform\": " + affine(t),
                      "\"color\": " + color(sh.color), "\"sigma\": " + num(sh.sigma),
                      "\"offset\": " + array([sh.offset.x, sh.offset.y])]
            case let .beginShadowedGroup(x, y, w, h, o, sh):
                f += ["\"op\": \"beginShadowedGroup\"", "\"rect\": " + array([Double(x), Double(y), Double(w), Double(h)]),
                      "\"opacity\": " + num(o), "\"color\": " + color(sh.color), "\"sigma\": " + num(sh.sigma),
                      "\"offset\": " + array([sh.offset.x, sh.offset.y])]
            case .beginMask: f.append("\"op\": \"beginMask\"")
            case .endMask: f.append("\"op\": \"endMask\"")
            }
            if let e = item.aliasing {
                let names: [(RectSides, String)] = [(.minX, "minX"), (.maxX, "maxX"), (.minY, "minY"), (.maxY, "maxY")]
                f.append("\"aliasedEdges\": [" + names.filter { e.sides.contains($0.0) }.map { jsonString($0.1) }
                    .joined(separator: ", ") + "]")
            }
            return indent + "{" + f.joined(separator: ", ") + "}"
        }
    }
    return "[\n" + lines(list, indent).joined(separator: ",\n") + "\n" + String(indent.dropLast(4)) + "]"
}
