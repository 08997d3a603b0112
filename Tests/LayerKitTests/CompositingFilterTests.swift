// Tests that a layer's compositingFilter composites it, with its sublayers as one group,
// onto what lies behind it in the filter's blend mode.

import Testing
@testable import LayerKit
import Raster

@Suite(.serialized) struct CompositingFilterTests {
    /// A white 20 × 20 root holding a grey backdrop square and, over its left half, `top`.
    func scene(_ filter: CACompositingFilter?) -> CALayer {
        let root = CALayer(); root.bounds = Rect(0, 0, 20, 20); root.position = Point(10, 10)
        root.backgroundColor = .white
        let backdrop = CALayer(); backdrop.frame = Rect(0, 0, 20, 20); backdrop.backgroundColor = Color(0.5, 0.5, 0.5, 1)
        let top = CALayer(); top.frame = Rect(0, 0, 10, 20); top.backgroundColor = Color(1, 0.5, 0, 1)
        let inner = CALayer(); inner.frame = Rect(0, 10, 10, 10); inner.backgroundColor = Color(0, 0, 1, 1)
        top.addSublayer(inner)
        top.compositingFilter = filter
        root.addSublayer(backdrop)
        root.addSublayer(top)
        return root
    }

    func render(_ root: CALayer) -> Bitmap {
        let b = Bitmap(width: 20, height: 20)
        LayerRenderer(background: .clear).draw(root, into: Canvas(b))
        return b
    }

    @Test func theLayerAndItsSublayersBlendAsOneGroup() {
        CATransaction.setDisableActions(true)
        defer { CATransaction.setDisableActions(false) }
        let list = DisplayListBuilder(scale: 1).build(scene(.multiplyBlendMode), width: 20, height: 20)
        let ops = list.items.map(\.operation)
        let blends = ops.indices.filter { if case .blendGroup(.multiply) = ops[$0] { return true }; return false }
        #expect(blends.count == 1)
        if let i = blends.first, i + 1 < ops.count, case .endGroup = ops[i + 1] {} else { Issue.record("blendGroup must close its group") }
        #expect(DisplayListBuilder(scale: 1).build(scene(nil), width: 20, height: 20).items.allSatisfy {
            if case .blendGroup = $0.operation { return false }
            return true
        })
    }

    @Test func pixelsAreTheBlendOfTheGroupAndTheBackdrop() {
        CATransaction.setDisableActions(true)
        defer { CATransaction.setDisableActions(false) }
        for (filter, orange, blue) in [(CACompositingFilter.multiplyBlendMode, 0xff80_4000 as UInt32, 0xff00_0080 as UInt32),
                                       (.screenBlendMode, 0xffff_c080, 0xff80_80ff),
                                       (.differenceBlendMode, 0xff7f_0080, 0xff80_807f)] {
            let b = render(scene(filter))
            #expect(b[5, 5] == orange, "\(filter) over grey")
            #expect(b[5, 15] == blue, "\(filter): the sublayer blends with the backdrop, not over its superlayer")
            #expect(b[15, 5] == 0xff80_8080, "beside the layer the backdrop stays")
        }
        // Without a filter the layer is drawn source-over.
        #expect(render(scene(nil))[5, 5] == 0xffff_8000)
    }

    /// Core Animation's destination-out filter (`"destOut"`): where the layer (and its
    /// sublayers, as one group) draws, what lies behind is erased by its alpha.
    @Test func destOutErasesWhatLiesBehindTheLayer() {
        CATransaction.setDisableActions(true)
        defer { CATransaction.setDisableActions(false) }
        #expect(CACompositingFilter(rawValue: "destOut") == .destOut)
        let b = render(scene(.destOut))
        #expect(b[5, 5] == 0 && b[5, 15] == 0, "the opaque layer erases the root's white and the grey square")
        #expect(b[15, 5] == 0xff80_8080, "beside the layer the backdrop stays")
        // A half-transparent eraser leaves half.
        let half = scene(.destOut)
        half.sublayers?[1].opacity = 0.5
        #expect(render(half)[5, 5] == 0x7f40_4040)
    }
}
