// What a text layer's animators (`LottieTextAnimator`) do to each character at one frame: its
// matrix, opacity, fill and stroke colour and stroke width, as After Effects' range selectors
// and animator properties compose them. The rules, as lottie-web implements them
// (TextSelectorProperty `getMult`, TextProperty `completeTextData`, TextAnimatorProperty
// `getMeasures`) and the Lottie specification names them ("Text Range Selector"):
//
// * Units (TextProperty): each selector numbers the characters by what it is based on —
//   characters (spaces included, line breaks not), characters excluding spaces, words (the
//   number goes up after each space or line break), lines (after each line break) — and the
//   count is the range's whole. Start, end and offset are percents of that count, or indices
//   when `r` is 2; s = start + offset, e = end + offset, swapped when s > e.
// * Shape (getMult), for a character of number i: square — the share of [i, i + 1] the
//   range [s, e] covers; ramp up — clamp(0.5 / (e − s) + (i − s) / (e − s), 0, 1); ramp
//   down — 1 − that; triangle — that folded at ½ (2x, then 2 − 2x); round — √(1 − x²/a²)
//   with a = (e − s)/2 and x = clamp(i + ½ − s, 0, e − s) − a; smooth — (1 + cos(π + 2π ·
//   clamp(i + ½ − s, 0, e − s) / (e − s))) / 2. The share is then eased by the curve
//   (x1, y1, x2, y2) = (ease low > 0 ? low/100 : 0, low < 0 ? −low/100 : 0,
//   ease high > 0 ? 1 − high/100 : 1, high < 0 ? 1 + high/100 : 1), and scaled by the amount.
// * Properties (getMeasures), with m the character's selection: anchor −A·m, scale
//   1 + (S − 1)·m, skew (−sk·m along sa·m), rotation r·m, position +P·m, applied about the
//   character's centre on its baseline moved by the grouping alignment (`t.m.a`, percent of
//   the advance and of 1.2 × 0.714 × size): every animator's anchor first, then every
//   scale, then each one's skew and rotation, then every position. Fill and stroke colours
//   move from the document's toward the animator's by m, stroke width adds sw·m, tracking
//   adds t·m before the character (not before a line's first character of left-justified
//   text; a centred or right-justified line moves back by half or all of what it gained).
//   Opacity moves from 100 % toward the animator's by m — the selection is the weight with
//   which the animator's value replaces the neutral one (Skottie's TextAnimator: "coverage
//   … modulate[s] how the new property value is applied to a given fragment (interpolation
//   weight)"); lottie-web's own formula there squares the weight.
// * Randomize order (`rn`): the units' numbers shuffled once, as lottie-web's TextProperty
//   does, but by a seeded generator, not Math.random (no two players agree on the order; ours
//   is the same at every import). Fill hue, saturation and brightness (`fh`, `fs`, `fb`)
//   turn and move the fill colour in HSV after the animator's fill colour (`adjusted`).
import Foundation
import LayerKit

/// One character of a laid-out document: what it is and where it stands.
struct LottieTextLetter {
    var character: Character
    /// A line break: it draws nothing and only counts for words and lines.
    var isLineBreak: Bool
    var line: Int
    /// Its left end on its baseline, justification included, before any animator.
    var origin: Point
    /// Its advance `l` (the glyph's width at the document's size, without tracking).
    var advance: Double
}

/// Each letter's state at one frame.
struct LottieTextLetterState: Equatable {
    var matrix = CATransform3D.identity
    var opacity = 1.0
    var fill: [Double]?
    var stroke: [Double]?
    var strokeWidth = 0.0
}

struct LottieTextAnimators {
    let animators: [LottieTextAnimator]
    let alignment: LottieProperty<[Double]>
    let document: LottieTextDocument
    let letters: [LottieTextLetter]
    /// Per animator, each letter's number in its selector's units, and the units' count.
    let numbers: [[Int]]
    let counts: [Int]
    /// The path the text follows, if any (`LottieTextPath`).
    var path: LottieTextPath?

    init(_ animators: [LottieTextAnimator], alignment: LottieProperty<[Double]>, document: LottieTextDocument, letters: [LottieTextLetter]) {
        self.animators = animators
        self.alignment = alignment
        self.document = document
        self.letters = letters
        var numbers: [[Int]] = [], counts: [Int] = []
        for a in animators {
            var n = 0, list: [Int] = []
            list.reserveCapacity(letters.count)
            for (i, l) in letters.enumerated() {
                list.append(n)
                let last = i == letters.count - 1
                switch a.selector.basedOn {
                case 2: if !l.isLineBreak && l.character != " " { n += 1 }
                case 3: if l.isLineBreak || l.character == " " || last { n += 1 }
                case 4: if l.isLineBreak || last { n += 1 }
                default: if !l.isLineBreak { n += 1 }
                }
            }
            if a.selector.randomized { Self.randomize(&list, count: n, seed: UInt64(numbers.count)) }
            numbers.append(list)
            counts.append(n)
        }
        self.numbers = numbers
        self.counts = counts
    }

    /// Randomize order (`rn`): each unit's number replaced by one drawn, without putting it
    /// back, from the units' numbers in a random order — lottie-web's TextProperty draws
    /// `indexes.splice(floor(random × count), 1)` for each unit in turn — with a generator
    /// seeded by the animator's place (SplitMix64) instead of Math.random, so that every
    /// import and every frame draws the same order. Numbers past the count (a trailing
    /// line break's) stay.
    static func randomize(_ list: inout [Int], count: Int, seed: UInt64) {
        guard count > 1 else { return }
        var state = 0x9E37_79B9_7F4A_7C15 &* (seed &+ 1)
        func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        var remaining = Array(0..<count)
        var drawn = [Int](repeating: 0, count: count)
        for unit in 0..<count {
            let k = min(Int(next() * Double(remaining.count)), remaining.count - 1)
            drawn[unit] = remaining.remove(at: k)
        }
        for i in list.indices where list[i] < count { list[i] = drawn[list[i]] }
    }

    /// Whether any value the animators read changes over time.
    var changesOverTime: Bool {
        if let path, path.shape.changesOverTime || [path.options.firstMargin, path.options.reversed, path.options.perpendicular,
                                                     path.options.forceAlignment].contains(where: { $0.changesOverTime }) { return true }
        return alignment.changesOverTime || animators.contains { a in
            let s = a.selector
            return [s.start, s.end, s.offset, s.amount, s.easeHigh, s.easeLow].contains { $0.changesOverTime }
                || [a.position, a.anchor, a.scale, a.rotation, a.skew, a.skewAxis, a.opacity, a.fillColor, a.strokeColor,
                    a.strokeWidth, a.tracking, a.fillHue, a.fillSaturation, a.fillBrightness].contains { $0?.changesOverTime ?? false }
        }
    }

    /// A selector's values at one frame: its range [s, e] in units, easing curve and amount.
    struct Range {
        var shape: Int
        var s: Double, e: Double
        var x1: Double, y1: Double, x2: Double, y2: Double
        var amount: Double

        init(_ selector: LottieTextSelector, count: Int, frame f: Double) {
            shape = selector.shape
            let divisor = selector.inIndices ? 1 : 100 / Double(max(count, 1))
            let o = (selector.offset.value(at: f).first ?? 0) / divisor
            s = (selector.start.value(at: f).first ?? 0) / divisor + o
            e = (selector.end.value(at: f).first ?? 100) / divisor + o
            if s > e { swap(&s, &e) }
            let low = selector.easeLow.value(at: f).first ?? 0, high = selector.easeHigh.value(at: f).first ?? 0
            x1 = low > 0 ? low / 100 : 0; y1 = low < 0 ? -low / 100 : 0
            x2 = high > 0 ? 1 - high / 100 : 1; y2 = high < 0 ? 1 + high / 100 : 1
            amount = (selector.amount.value(at: f).first ?? 100) / 100
        }

        /// The selection (0…1, times the amount) of the character numbered `i`.
        func selection(_ i: Double) -> Double {
            var m: Double
            let ramp = e == s ? 0 : min(max(0.5 / (e - s) + (i - s) / (e - s), 0), 1)
            switch shape {
            case 2: m = e == s ? (i >= e ? 1 : 0) : ramp
            case 3: m = e == s ? (i >= e ? 0 : 1) : 1 - ramp
            case 4: m = e == s ? 0 : (ramp < 0.5 ? ramp * 2 : 1 - 2 * (ramp - 0.5))
            case 5:
                if e == s { m = 0 } else {
                    let a = (e - s) / 2, x = min(max(0, i + 0.5 - s), e - s) - a
                    m = (max(0, 1 - x * x / (a * a))).squareRoot()
                }
            case 6:
                m = e == s ? 0 : (1 + cos(Double.pi + 2 * Double.pi * min(max(0, i + 0.5 - s), e - s) / (e - s))) / 2
            default:
                // The share of the character's unit [i, i + 1] inside [s, e].
                m = max(0, min(e, i + 1) - max(s, i))
            }
            if x1 != 0 || y1 != 0 || x2 != 1 || y2 != 1 { m = LottieEasingCurve.evaluate(min(max(m, 0), 1), x1, y1, x2, y2) }
            return m * amount
        }
    }

    /// The selection (0…1, times the amount) of a character numbered `i` by `selector` at frame `f`.
    static func selection(_ selector: LottieTextSelector, number i: Double, count: Int, frame f: Double) -> Double {
        Range(selector, count: count, frame: f).selection(i)
    }

    /// `rgb` (0…1) with its HSV hue turned by `hue` degrees (wrapping), then its saturation
    /// and value moved by `saturation` and `brightness` (0…1 units, held within 0…1) — lottie-
    /// web's addHueToRGB, addSaturationToRGB and addBrightnessToRGB, applied in that order
    /// after the animator's fill colour (TextAnimatorProperty `getMeasures`; `fh` in degrees,
    /// `fs` and `fb` in percent, TextAnimatorDataProperty).
    static func adjusted(_ rgb: [Double], hue: Double, saturation: Double, brightness: Double) -> [Double] {
        guard rgb.count >= 3 else { return rgb }
        let r = rgb[0], g = rgb[1], b = rgb[2]
        let mx = max(r, g, b), mn = min(r, g, b), d = mx - mn
        var h = 0.0
        if d > 0 {
            if mx == r { h = (g - b) / d + (g < b ? 6 : 0) } else if mx == g { h = (b - r) / d + 2 } else { h = (r - g) / d + 4 }
            h /= 6
        }
        var s = mx == 0 ? 0 : d / mx, v = mx
        h += hue / 360
        h -= h.rounded(.down)
        s = min(max(s + saturation, 0), 1)
        v = min(max(v + brightness, 0), 1)
        let i = Int((h * 6).rounded(.down)) % 6, fr = h * 6 - (h * 6).rounded(.down)
        let p = v * (1 - s), q = v * (1 - fr * s), t = v * (1 - (1 - fr) * s)
        switch i {
        case 0: return [v, t, p]
        case 1: return [q, v, p]
        case 2: return [p, v, t]
        case 3: return [p, q, v]
        case 4: return [t, p, v]
        default: return [v, p, q]
        }
    }

    /// Every letter's state at layer frame `f`.
    func states(at f: Double) -> [LottieTextLetterState] {
        let size = document.size
        let yOff = size * 1.2 * 0.714
        let al = alignment.value(at: f)
        let alx = al.first ?? 0, aly = al.count > 1 ? al[1] : 0
        let values = animators.map { a in
            (p: a.position?.value(at: f), an: a.anchor?.value(at: f), s: a.scale?.value(at: f), r: a.rotation?.value(at: f).first,
             sk: a.skew?.value(at: f).first, sa: a.skewAxis?.value(at: f).first ?? 0, o: a.opacity?.value(at: f).first,
             fc: a.fillColor?.value(at: f), sc: a.strokeColor?.value(at: f), sw: a.strokeWidth?.value(at: f).first,
             t: a.tracking?.value(at: f).first, fh: a.fillHue?.value(at: f).first,
             fs: a.fillSaturation?.value(at: f).first, fb: a.fillBrightness?.value(at: f).first)
        }
        // Each letter's selection by each animator.
        let ranges = animators.indices.map { Range(animators[$0].selector, count: counts[$0], frame: f) }
        let weights: [[Double]] = letters.indices.map { i in
            animators.indices.map { j in ranges[j].selection(Double(numbers[j][i])) }
        }
        // Tracking added before each letter, and each line's justification shift.
        var shift = [Double](repeating: 0, count: letters.count)
        var lineGain: [Int: Double] = [:]
        var gained = 0.0, line = -1
        for (i, l) in letters.enumerated() where !l.isLineBreak {
            let first = l.line != line
            if first { gained = 0; line = l.line }
            if !first || document.justification != 0 {
                for j in animators.indices { if let t = values[j].t { gained += t * weights[i][j] } }
            }
            shift[i] = gained
            lineGain[l.line] = gained
        }
        let justify = document.justification == 1 ? -1.0 : document.justification == 2 ? -0.5 : 0
        let fill0 = document.fillColor.map { Array(LottieColor.unit(Array($0.prefix(3)))) }
        let stroke0 = document.strokeColor.map { Array(LottieColor.unit(Array($0.prefix(3)))) }
        // Text on a path (`LottieTextPath`): the distance along it, from the first margin.
        let measured = path.map { LottieTextPath.Measured($0.shape.value(at: f), reversed: ($0.options.reversed.value(at: f).first ?? 0) != 0) }
        let firstMargin = path?.options.firstMargin.value(at: f).first ?? 0
        let forced = (path?.options.forceAlignment.value(at: f).first ?? 0) != 0
        let perpendicular = (path?.options.perpendicular.value(at: f).first ?? 1) != 0
        let tracking = document.tracking * 0.001 * size
        var lineWidths: [Int: Double] = [:]
        if path != nil {
            for l in letters where !l.isLineBreak { lineWidths[l.line, default: -tracking] += l.advance + tracking }
        }
        let drawn = letters.filter { !$0.isLineBreak }
        var distance = firstMargin, currentLine = -1, drawnIndex = -1
        var out: [LottieTextLetterState] = []
        out.reserveCapacity(letters.count)
        for (i, l) in letters.enumerated() {
            var state = LottieTextLetterState(fill: fill0, stroke: stroke0, strokeWidth: document.strokeWidth)
            guard !l.isLineBreak else { out.append(state); continue }
            drawnIndex += 1
            let w = weights[i]
            let centre = Point(l.advance / 2 + alx * l.advance * 0.005, aly * yOff * 0.01)
            var m = CATransform3D.translation(-centre.x, -centre.y)
            for j in animators.indices { if let a = values[j].an { m = m.concatenating(.translation(-(a.first ?? 0) * w[j], -(a.count > 1 ? a[1] : 0) * w[j])) } }
            for j in animators.indices {
                if let s = values[j].s {
                    let sx = (s.first ?? 100) / 100, sy = (s.count > 1 ? s[1] : s.first ?? 100) / 100
                    m = m.concatenating(.scale(1 + (sx - 1) * w[j], 1 + (sy - 1) * w[j]))
                }
            }
            for j in animators.indices {
                let v = values[j]
                if let sk = v.sk { m = m.concatenating(LottieTransformLayers.skewMatrix(sk * w[j], axis: v.sa * w[j])) }
                if let r = v.r { m = m.concatenating(.rotation(r * w[j] * .pi / 180)) }
                if let o = v.o { state.opacity *= 1 + (o / 100 - 1) * w[j] }
                if let fc = v.fc, fc.count >= 3, var c = state.fill {
                    let target = LottieColor.unit(Array(fc.prefix(3)))
                    for k in 0..<3 { c[k] += (target[k] - c[k]) * w[j] }
                    state.fill = c
                }
                if var c = state.fill, v.fh != nil || v.fs != nil || v.fb != nil {
                    c = Self.adjusted(c, hue: (v.fh ?? 0) * w[j], saturation: (v.fs ?? 0) / 100 * w[j],
                                      brightness: (v.fb ?? 0) / 100 * w[j])
                    state.fill = c
                }
                if let sc = v.sc, sc.count >= 3 {
                    var c = state.stroke ?? [0, 0, 0]
                    let target = LottieColor.unit(Array(sc.prefix(3)))
                    for k in 0..<3 { c[k] += (target[k] - c[k]) * w[j] }
                    state.stroke = c
                }
                if let sw = v.sw { state.strokeWidth += sw * w[j] }
            }
            if let measured, measured.length > 0 {
                // Along the path: position x and anchor x move the character along it.
                if l.line != currentLine {
                    let width = lineWidths[l.line] ?? 0
                    if document.justification == 1 { distance += measured.length - width }
                    if document.justification == 2 { distance += (measured.length - width) / 2 }
                    currentLine = l.line
                }
                distance += l.advance / 2 + alx * l.advance * 0.005
                if forced, drawn.count > 1, let a0 = drawn.first?.advance, let an = drawn.last?.advance {
                    let k = Double(drawnIndex)
                    distance = a0 / 2 + (measured.length - firstMargin - a0 / 2 - an / 2) * k / Double(drawn.count - 1) + firstMargin
                }
                var along = 0.0
                for j in animators.indices {
                    if let p = values[j].p { along += (p.first ?? 0) * w[j]; m = m.concatenating(.translation(0, (p.count > 1 ? p[1] : 0) * w[j])) }
                    if let a = values[j].an { along += (a.first ?? 0) * w[j] }
                }
                let place = measured.place(at: distance + along) ?? (Point(0, 0), 0)
                m = m.concatenating(.translation(0, centre.y + l.origin.y))
                if perpendicular { m = m.concatenating(.rotation(place.angle)) }
                state.matrix = m.concatenating(.translation(place.point.x, place.point.y))
                distance -= alx * l.advance * 0.005
                if document.justification != 0 {
                    for j in animators.indices { if let t = values[j].t { distance += t * w[j] } }
                }
                distance += l.advance / 2 + tracking
            } else {
                for j in animators.indices { if let p = values[j].p { m = m.concatenating(.translation((p.first ?? 0) * w[j], (p.count > 1 ? p[1] : 0) * w[j])) } }
                let x = l.origin.x + shift[i] + justify * (lineGain[l.line] ?? 0)
                state.matrix = m.concatenating(.translation(x + centre.x, l.origin.y + centre.y))
            }
            state.opacity = min(max(state.opacity, 0), 1)
            state.strokeWidth = max(state.strokeWidth, 0)
            out.append(state)
        }
        return out
    }
}
