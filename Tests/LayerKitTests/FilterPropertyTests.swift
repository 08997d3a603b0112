// The filter properties as Core Animation documents them: key paths into named filters,
// animations of those key paths, document keys and their refusals, the extent a blur adds,
// the backdrop cut to the layer's shape, and damage around blurs and backdrops (incremental
// frames equal full redraws).
import Testing
@testable import LayerKit
import Raster
import TestSupport

@Suite(.serialized, .freshAnimationContext) struct FilterPropertyTests {
    // "It is possible to modify filter parameters after attaching them to the layer but you
    // must use the layer's setValue(_:forKeyPath:) method to do so. In addition, you must
    // assign a name to the filter so that you can identify it in the array." (CALayer, filters)
    @Test func keyPathsAddressNamedFilterInputs() {
        let l = CALayer()
        l.filters = [.colorInvert(name: "invert"), .gaussianBlur(radius: 4, name: "blur")]
        #expect(l.value(forKeyPath: "filters.blur.inputRadius") == .number(4))
        l.setValue(.number(9), forKeyPath: "filters.blur.inputRadius")
        #expect(l.filters?[1].number("inputRadius") == 9)
        #expect(l.value(forKeyPath: "filters.nothing.inputRadius") == nil)
        #expect(l.value(forKeyPath: "filters.blur.inputNothing") == nil)
        #expect(l.isAnimatableKeyPath("filters.blur.inputRadius"))
        l.backgroundFilters = [.colorControls(saturation: 0.5, name: "tone")]
        #expect(l.value(forKeyPath: "backgroundFilters.tone.inputSaturation") == .number(0.5))
    }

    // "Many of the properties in CALayer and CIFilter can be animated … Sub-properties of the
    // filters are animated using the default implied CABasicAnimation object" (Core Animation
    // Programming Guide, Animatable Properties).
    @Test func animationOfAFilterInputReachesThePresentationLayer() {
        let l = CALayer()
        l.bounds = Rect(0, 0, 10, 10)
        l.filters = [.gaussianBlur(radius: 0, name: "blur")]
        let a = CABasicAnimation(keyPath: "filters.blur.inputRadius")
        a.fromValue = .number(0)
        a.toValue = .number(10)
        a.duration = 2
        a.timingFunction = CAMediaTimingFunction(name: .linear)
        a.beginTime = 1
        l.add(a, forKey: "blur")
        let p = l.presentation(at: 2)
        #expect(abs((p.value(forKeyPath: "filters.blur.inputRadius")?.kpNumber ?? -1) - 5) < 1e-9)
        #expect(l.filters?[0].number("inputRadius") == 0)   // the model is untouched
    }

    @Test func documentFiltersLoadAndAnimateByKeyPath() throws {
        let doc = try LayerDocument.parse("""
        {"width": 100, "height": 100, "layers": [
          {"name": "glass", "bounds": [0, 0, 40, 40], "position": [50, 50],
           "backgroundFilters": [{"type": "CIGaussianBlur", "name": "blur", "inputRadius": 4}],
           "filters": [{"type": "CIColorMatrix", "inputBiasVector": [0.1, 0, 0, 0]},
                       {"type": "CIColorMonochrome", "name": "mono", "inputColor": "#ff8000", "inputIntensity": 0.5}],
           "animations": [{"type": "basic", "keyPath": "backgroundFilters.blur.inputRadius", "fromValue": 4,
                           "toValue": 8, "duration": 1, "timingFunction": "linear"}]}
        ]}
        """)
        defer { CAAnimationContext.current.clock.manualTime = nil }
        let glass = try #require(doc.layersByName["glass"])
        #expect(glass.backgroundFilters?.first?.type == .gaussianBlur)
        #expect(glass.filters?.map(\.type) == [.colorMatrix, .colorMonochrome])
        #expect(glass.filters?[0].value(forKey: "inputBiasVector") == .numbers([0.1, 0, 0, 0]))
        #expect(glass.filters?[0].value(forKey: "inputRVector") == .numbers([1, 0, 0, 0]))   // Core Image's default
        #expect(glass.filters?[1].number("inputIntensity") == 0.5)
        DocumentPlayback.prepare(doc)
        DocumentPlayback.setDocumentTime(0.5)
        let tree = doc.root.presentation()!
        #expect(tree.sublayers![0].value(forKeyPath: "backgroundFilters.blur.inputRadius") == .number(6))
    }

    func refusal(_ filters: String) -> String? {
        do {
            _ = try LayerDocument.parse(#"{"width": 10, "height": 10, "layers": [{"filters": "# + filters + "}]}")
            return nil
        } catch { return error.description }
    }

    @Test(arguments: [
        (#"[{"name": "x"}]"#, "layers[0].filters[0]: missing \"type\""),
        (#"[{"type": "CIPinchDistortion"}]"#, "layers[0].filters[0].type: unknown value"),
        (#"[{"type": "CIGaussianBlur", "inputAngle": 1}]"#, "layers[0].filters[0].inputAngle: unknown key"),
        (#"[{"type": "CIGaussianBlur", "inputRadius": "4"}]"#, "layers[0].filters[0].inputRadius: expected a number"),
        (#"[{"type": "CIGaussianBlur", "inputRadius": -1}]"#, "layers[0].filters[0].inputRadius: radius -1 outside 0…1000"),
        (#"[{"type": "CIGaussianBlur", "inputRadius": 1e6}]"#, "layers[0].filters[0].inputRadius: radius 1000000 outside 0…1000"),
        (#"[{"type": "CIColorMatrix", "inputRVector": [1, 0, 0]}]"#, "layers[0].filters[0].inputRVector: expected a vector"),
        (#"[{"type": "CIColorMonochrome", "inputColor": null}]"#, "layers[0].filters[0].inputColor: expected a colour"),
        (#"[{"type": "CIColorInvert", "name": "a.b"}]"#, "layers[0].filters[0].name: a filter name must be non-empty"),
        (#"[{"type": "CIColorInvert", "name": "a"}, {"type": "CISepiaTone", "name": "a"}]"#, "layers[0].filters[1].name: the name"),
        (#"{"type": "CIColorInvert"}"#, "layers[0].filters: expected an array"),
        (#"[3]"#, "layers[0].filters[0]: expected an object"),
    ])
    func malformedFiltersAreRefusedInOneLineNamingThePlace(_ filters: String, _ expected: String) {
        let r = refusal(filters)
        #expect(r?.hasPrefix(expected) == true, "\(r ?? "loaded")")
        #expect(r?.contains("\n") == false)
    }

    @Test func tooManyFiltersAreRefused() {
        let list = "[" + Array(repeating: #"{"type": "CIColorInvert"}"#, count: DocumentLimits.maximumFilters + 1)
            .joined(separator: ",") + "]"
        #expect(refusal(list) == "layers[0].filters: 65 filters exceeds the limit 64")
    }

    // "The filters you add to this property affect the content of the layer, including its
    // border, filled background and sublayers." A blur spreads the layer beyond its bounds:
    // its extent grows by 3σ, and the pixels there are drawn.
    @Test func blurSpreadsTheLayerBeyondItsBounds() {
        let root = CALayer()
        root.bounds = Rect(0, 0, 80, 80); root.position = Point(40, 40)
        let l = CALayer()
        l.frame = Rect(30, 30, 20, 20)
        l.backgroundColor = .black
        l.filters = [.gaussianBlur(radius: 3)]
        root.addSublayer(l)
        #expect(l.paintedLocalExtent(DisplayListBuilder()) == Rect(-10, -10, 40, 40))
        let b = Bitmap(width: 80, height: 80)
        LayerRenderer(background: .white).draw(root, into: Canvas(b))
        #expect(b[27, 40] != Color.white.premultipliedARGB)   // 3 px outside: blurred grey
        #expect(b[20, 40] == Color.white.premultipliedARGB)   // beyond 3σ: untouched
        #expect(b[40, 40] == Color.black.premultipliedARGB)   // over 3σ inside: all its ink
        #expect(b[31, 40] != Color.black.premultipliedARGB)   // the edge fades
    }

    // LKStroke (LayerKit's): a band along the edge of everything the layer draws, its
    // sublayers included, outside and beneath it; its extent grows by the width; its colour
    // animates by key path; a document names it by type.
    @Test func strokeBandsTheLayersAlphaOutside() throws {
        let root = CALayer()
        root.bounds = Rect(0, 0, 80, 80); root.position = Point(40, 40)
        let holder = CALayer()   // empty itself: its extent is its sublayer's, grown by the band
        holder.frame = Rect(0, 0, 0, 0)
        let l = CALayer()
        l.frame = Rect(30, 30, 20, 20)
        l.backgroundColor = .black
        holder.addSublayer(l)
        holder.filters = [.stroke(width: 4, color: Color(1, 0, 0, 1), name: "edge")]
        root.addSublayer(holder)
        let extent = holder.paintedLocalExtent(DisplayListBuilder())
        #expect(extent.minX <= 25 && extent.minY <= 25 && extent.maxX >= 55 && extent.maxY >= 55)
        let b = Bitmap(width: 80, height: 80)
        LayerRenderer(background: .white).draw(root, into: Canvas(b))
        #expect(b[27, 40] == Color(1, 0, 0, 1).premultipliedARGB)   // 3 px outside the sublayer: the band
        #expect(b[24, 40] == Color.white.premultipliedARGB)          // 6 px outside: beyond it
        #expect(b[40, 40] == Color.black.premultipliedARGB)          // the content stays on top
        holder.setValue(.color(Color(0, 0, 1, 1)), forKeyPath: "filters.edge.inputColor")
        #expect(holder.filters?[0].value(forKey: "inputColor") == .color(Color(0, 0, 1, 1)))
        let doc = try LayerDocument.parse("""
        {"width": 10, "height": 10, "layers": [{"name": "s", "bounds": [0, 0, 4, 4],
          "filters": [{"type": "LKStroke", "inputWidth": 2, "inputColor": "#00ff00", "inputPosition": 2}]}]}
        """)
        let f = try #require(doc.layersByName["s"]?.filters?.first)
        #expect(f.type == .stroke && f.number("inputWidth") == 2 && f.number("inputPosition") == 2)
    }

    // backgroundFilters: "affect the content behind the layer that shows through into the
    // layer itself": inside the layer's shape only (its rounded corners too).
    @Test func backdropStaysInsideTheLayersShape() {
        let root = CALayer()
        root.bounds = Rect(0, 0, 80, 80); root.position = Point(40, 40)
        let stripes = CAShapeLayer()
        stripes.frame = root.bounds
        var p = Path()
        for x in stride(from: 0.0, to: 80, by: 4) { p.addRect(Rect(x, 0, 2, 80)) }
        stripes.path = p
        stripes.fillColor = .black
        let glass = CALayer()
        glass.frame = Rect(10, 10, 60, 60)
        glass.cornerRadius = 20
        glass.backgroundFilters = [.gaussianBlur(radius: 3)]
        root.addSublayer(stripes)
        root.addSublayer(glass)
        let b = Bitmap(width: 80, height: 80)
        LayerRenderer(background: .white).draw(root, into: Canvas(b))
        func grey(_ x: Int, _ y: Int) -> Bool { let v = b[x, y] & 0xFF; return v > 60 && v < 200 }
        #expect(grey(40, 40) && grey(42, 40))             // inside: stripes blurred to grey
        #expect(b[40, 5] & 0xFF == 0 || b[40, 5] & 0xFF == 255)   // outside: sharp
        #expect(!grey(12, 12))                            // outside the rounded corner: sharp
    }

    /// Renders `frames` of a changing tree incrementally and in full; every frame must match.
    func expectIncrementalEqualsFull(_ root: CALayer, frames: Int, change: (Int) -> Void) throws {
        let renderer = LayerRenderer(background: .white)
        let incremental = Bitmap(width: 120, height: 80)
        for i in 0..<frames {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            change(i)
            CATransaction.commit()
            let tree = root.presentation(at: Double(i) * 0.1)
            _ = renderer.renderFrame(tree, into: Canvas(incremental))
            let full = Bitmap(width: 120, height: 80)
            LayerRenderer(background: .white).draw(tree, into: Canvas(full))
            #expect(try #require(incremental.difference(from: full)).maxAbsolute == 0, "frame \(i)")
        }
    }

    // A dot moving behind a frosted panel, near it and away: the panel's blur reads up to
    // its reach beyond its bounds, so incremental frames must redraw all it reads.
    @Test func backdropDamageCoversWhatItReads() throws {
        let root = CALayer()
        root.bounds = Rect(0, 0, 120, 80); root.position = Point(60, 40)
        let dot = CALayer()
        dot.bounds = Rect(0, 0, 8, 8); dot.backgroundColor = .red
        let glass = CALayer()
        glass.frame = Rect(40, 20, 40, 40)
        glass.backgroundColor = Color(1, 1, 1, 0.3)
        glass.backgroundFilters = [.gaussianBlur(radius: 4)]
        root.addSublayer(dot); root.addSublayer(glass)
        let xs: [Double] = [10, 34, 44, 60, 86, 100, 84]
        try expectIncrementalEqualsFull(root, frames: xs.count) { dot.position = Point(xs[$0], 40) }
    }

    // A blurred layer whose sublayer moves: the blur spreads every change by its reach.
    @Test func blurDamageCoversTheSpread() throws {
        let root = CALayer()
        root.bounds = Rect(0, 0, 120, 80); root.position = Point(60, 40)
        let blurred = CALayer()
        blurred.frame = Rect(20, 10, 80, 60)
        blurred.backgroundColor = Color(1, 1, 0, 0.5)     // a fixed extent: only the dot changes
        blurred.filters = [.gaussianBlur(radius: 3), .sepiaTone()]
        let dot = CALayer()
        dot.bounds = Rect(0, 0, 10, 10); dot.backgroundColor = .blue
        blurred.addSublayer(dot)
        root.addSublayer(blurred)
        let xs: [Double] = [10, 20, 40, 60, 70, 30]
        try expectIncrementalEqualsFull(root, frames: xs.count) { dot.position = Point(xs[$0], 30) }
    }
}

/// The blur's two methods: the exact kernel up to σ = 24 pixels, three boxes above.
@Suite struct FilterChainBlurTests {
    /// A square of ink in a 300 × 300 plane, blurred at `sigma`.
    func blurredSquare(_ sigma: Double, edge: FilterChain.Edge = .transparent) -> Bitmap {
        let b = Bitmap(width: 300, height: 200)
        for y in 80..<120 { for x in 130..<170 { b[x, y] = 0xFF00_0000 } }
        FilterChain.apply([.gaussianBlur(sigma: sigma)], to: b, edge: edge)
        return b
    }

    // Above the limit the boxes stand in for the Gaussian: at σ just over it, the result
    // stays within 3 % (8 of 255; measured 7) of the exact kernel's at σ just under it.
    @Test func boxesMatchTheExactKernelAtTheSwitch() throws {
        let exact = blurredSquare(PixelFilter.exactSigmaLimit)
        let boxes = blurredSquare(PixelFilter.exactSigmaLimit + 1e-9)
        let d = try #require(boxes.difference(from: exact))
        #expect(d.maxAbsolute <= 8, "\(d.maxAbsolute)")
        // Ink is conserved (no loss at the plane's edges at this size).
        func total(_ b: Bitmap) -> Int { (0..<b.pixelCount).reduce(0) { $0 + Int(b.pixels[$1] >> 24) } }
        #expect(abs(total(boxes) - 1600 * 255) < 1600 * 255 / 50)
    }

    // The largest σ runs on a tall plane (the column pass's line is the longer side) and
    // clamped edges keep an opaque plane opaque.
    @Test func largestSigmaOnATallPlaneKeepsAnOpaquePlaneOpaque() {
        let b = Bitmap(width: 20, height: 900)
        b.clear(Color(0.2, 0.4, 0.6))
        FilterChain.apply([.gaussianBlur(sigma: 1e9)], to: b, edge: .clamp)
        #expect(b[10, 450] >> 24 == 0xFF)
        #expect(b[0, 0] == b[19, 899])
    }
}
