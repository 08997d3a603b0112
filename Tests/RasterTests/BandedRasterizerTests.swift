// Banded drawing (DisplayListRasterizer.threads > 1): the rows split among threads, each band
// drawing the list into its own rows (groups, masks and mattes included), must give the same
// pixels as one thread, byte for byte; lists it cannot split are drawn on one thread.
import Testing
@testable import Raster
import RasterFuzzing

@Suite struct BandedRasterizerTests {
    /// A display list of random fills, strokes (hairlines, wide, dashed, trimmed), gradient
    /// fills and images over a `width × height` target.
    static func randomList(width: Int, height: Int, seed: UInt64) -> DisplayList {
        var rng = SplitMix64(seed: seed)
        let image = Bitmap(width: 23, height: 17)
        for i in 0..<image.pixelCount { image.pixels[i] = UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
        var items: [DisplayItem] = []
        func point() -> Point { Point(rng.unit() * Double(width + 40) - 20, rng.unit() * Double(height + 40) - 20) }
        func color() -> Color { Color(rng.unit(), rng.unit(), rng.unit(), 0.3 + 0.7 * rng.unit()) }
        for n in 0..<160 {
            var p = Path()
            p.move(to: point())
            for _ in 0..<(1 + rng.int(3)) {
                if rng.int(2) == 0 { p.addLine(to: point()) } else { p.addQuadCurve(to: point(), control: point()) }
            }
            let key = DisplayItemKey(source: ObjectIdentifier(image), slot: n)
            let operation: DisplayOperation
            switch n % 5 {
            case 0: operation = .fill(p, transform: .identity, color: color(), rule: .nonZero, opacity: 1)
            case 1:
                var line = Path(); line.move(to: point()); line.addLine(to: point())
                operation = .stroke(line, style: StrokeStyle(lineWidth: rng.unit()), transform: .identity, color: color(),
                                    start: 0, end: 1, opacity: 1)
            case 2:
                operation = .stroke(p, style: StrokeStyle(lineWidth: 1 + 9 * rng.unit(), lineCap: .round,
                                                          dashPattern: n % 2 == 0 ? [] : [7, 3]),
                                    transform: .identity, color: color(), start: 0.1, end: 0.9, opacity: 0.8)
            case 3:
                let g = Gradient(kind: .axial, stops: [GradientStop(location: 0, color: color()), GradientStop(location: 1, color: color())],
                                 start: point(), end: point())
                operation = .gradient(p, transform: .identity, gradient: g, rule: .evenOdd, opacity: 0.9)
            default:
                let o = point()
                operation = .image(image, transform: AffineTransform(a: 2.5, b: 0.4, c: -0.3, d: 1.7, tx: o.x, ty: o.y),
                                   opacity: 0.7)
            }
            items.append(DisplayItem(key: key, operation: operation, bounds: Rect(0, 0, Double(width), Double(height))))
        }
        return DisplayList(width: width, height: height, items: items)
    }

    /// `list` drawn with `threads` threads into a fresh target cleared to grey, clipped to `clip`.
    static func render(_ list: DisplayList, threads: Int, clip: ClipShape?) -> Bitmap {
        let canvas = Canvas(Bitmap(width: list.width, height: list.height))
        canvas.clear(Color(0.5, 0.5, 0.5, 1))
        canvas.clip = clip
        let rasterizer = DisplayListRasterizer()
        rasterizer.threads = threads
        rasterizer.draw(list, into: canvas)
        return canvas.target
    }

    @Test(arguments: [2, 3, 8])
    func bandsPaintWhatOneThreadPaints(threads: Int) {
        for seed in 1...4 as ClosedRange<UInt64> {
            let list = Self.randomList(width: 320, height: 240, seed: seed)
            for clip in [nil, ClipShape.rect(Rect(13, 7, 280, 201))] {
                let one = Self.render(list, threads: 1, clip: clip), many = Self.render(list, threads: threads, clip: clip)
                let differing = (0..<one.pixelCount).filter { one.pixels[$0] != many.pixels[$0] }.count
                #expect(differing == 0, "seed \(seed), clip \(String(describing: clip))")
            }
        }
    }

    /// Whether the banded path is taken: lists of fills, strokes, gradients and images over a
    /// tall enough target with no clip or an integer one; not a list holding a rounded clip or
    /// a mask outside every group, not under a fractional or rounded clip, never with one thread.
    @Test func bandsOnlyWhatTheyCanDrawAlone() {
        let list = Self.randomList(width: 320, height: 240, seed: 9)
        let canvas = Canvas(Bitmap(width: 320, height: 240))
        let r = DisplayListRasterizer()
        #expect(DisplayListRasterizer.coreCount < 2 || r.drawInBands(list, into: canvas, threads: 2))
        #expect(!r.drawInBands(list, into: canvas, threads: 1))
        canvas.clip = .rect(Rect(0.5, 0, 100, 200))
        #expect(!r.drawInBands(list, into: canvas, threads: 2))
        canvas.clip = .roundedRect(Rect(0, 0, 100, 200), cornerRadius: 8)
        #expect(!r.drawInBands(list, into: canvas, threads: 2))
        canvas.clip = nil
        // A rounded clip, which a band's rectangle would cut only approximately.
        var clipped = list.items
        clipped.insert(DisplayItem(key: clipped[0].key, operation: .beginClip(.roundedRect(Rect(0, 0, 50, 50), cornerRadius: 9)),
                                   bounds: clipped[0].bounds), at: 3)
        clipped.insert(DisplayItem(key: clipped[0].key, operation: .endClip, bounds: clipped[0].bounds), at: 9)
        #expect(!r.drawInBands(DisplayList(width: 320, height: 240, items: clipped), into: canvas, threads: 2))
        // A mask shape outside every group would multiply the whole shared target.
        var masked = list.items
        masked.insert(DisplayItem(key: masked[0].key, operation: .maskGroup(.rect(Rect(0, 0, 50, 50)), transform: .identity),
                                  bounds: masked[0].bounds), at: 3)
        #expect(!DisplayListRasterizer.drawsInBands(DisplayList(width: 320, height: 240, items: masked)))
    }

    /// `FrameThreads.automatic` splits a frame only from `bandedPixelsThatPay` pixels to draw
    /// (the clip's box, or the part `within` names); a fixed count splits any frame it can.
    @Test func automaticSplitsOnlyLargeFrames() {
        let r = DisplayListRasterizer()
        r.frameThreads = .automatic
        #expect(r.frameThreads == .automatic && r.threads == 2)
        let small = Self.randomList(width: 320, height: 240, seed: 4)
        #expect(!r.drawInBands(small, into: Canvas(Bitmap(width: 320, height: 240)), threads: r.threads))
        let side = 1440, wide = DisplayListRasterizer.bandedPixelsThatPay / side
        let large = DisplayList(width: wide, height: side, items: small.items)
        let canvas = Canvas(Bitmap(width: wide, height: side))
        #expect(DisplayListRasterizer.coreCount < 2 || r.drawInBands(large, into: canvas, threads: r.threads))
        // Only a corner redrawn, or clipped to: one thread.
        #expect(!r.drawInBands(large, into: canvas, threads: r.threads, within: Rect(0, 0, 400, 300)))
        canvas.clip = .rect(Rect(0, 0, Double(wide), Double(side / 2)))
        #expect(!r.drawInBands(large, into: canvas, threads: r.threads))
        r.frameThreads = .fixed(2)
        #expect(r.frameThreads == .fixed(2))
        #expect(DisplayListRasterizer.coreCount < 2 || r.drawInBands(small, into: Canvas(Bitmap(width: 320, height: 240)), threads: r.threads))
        #expect(FrameThreads(argument: "auto") == .automatic && FrameThreads(argument: "3") == .fixed(3))
        #expect(FrameThreads(argument: "0") == nil && FrameThreads(argument: "257") == nil && FrameThreads(argument: "two") == nil)
    }

    /// `list` drawn by `threads` threads over an opaque background into a fresh target.
    static func bandsAndOneThread(_ list: DisplayList, threads: Int) -> (one: Bitmap, many: Bitmap) {
        (render(list, threads: 1, clip: nil), render(list, threads: threads, clip: nil))
    }

    /// Groups go with the bands (each band its own group bitmaps through its rows): groups with
    /// opacity, nested groups, mask layers (mattes), mask shapes turned a little, masked
    /// gradients drawn row by row, groups drawn as their items — the same pixels as one
    /// thread, byte for byte, and the banded path is taken.
    @Test(arguments: [2, 3, 8])
    func bandsCarryGroupsMasksAndMattes(threads: Int) {
        var lists: [(String, DisplayList)] = []
        for f in 0..<8 {
            lists.append(("mask shapes \(f)", DirectGroupCompositeTests.maskShapeList(frame: f, whole: false)))
            lists.append(("flat groups \(f)", FlatGroupTests.confetti(frame: f, whole: false)))
            for kind in [Gradient.Kind.axial, .radial, .conic] {
                lists.append(("masked \(kind) \(f)", MaskedGradientTests.list(frame: f, kind: kind, general: false)))
            }
            let groups = GroupRegionTests.list(frame: f, whole: false)
            if DisplayListRasterizer.drawsInBands(groups) { lists.append(("groups \(f)", groups)) }
        }
        for (name, list) in lists {
            #expect(DisplayListRasterizer.drawsInBands(list), "\(name) is banded")
            let (one, many) = Self.bandsAndOneThread(list, threads: threads)
            #expect(GroupRegionTests.differing(one, many) == 0, "\(name): \(DirectGroupCompositeTests.firstDifference(one, many))")
        }
    }
}
