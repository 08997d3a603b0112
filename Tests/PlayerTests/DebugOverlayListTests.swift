// Tests of the debug overlays as passes over display items, on small hand-built lists.

import Testing
import LayerKit
import Raster
@testable import Player

/// The overlays are passes over display items: what each makes of a small hand-built list.
@Suite struct DebugOverlayListTests {
    final class Source {}
    let a = Source(), b = Source(), c = Source()

    func item(_ s: Source, _ slot: Int, _ op: DisplayOperation, _ bounds: Rect) -> DisplayItem {
        DisplayItem(key: DisplayItemKey(source: ObjectIdentifier(s), slot: slot), operation: op, bounds: bounds)
    }

    func fill(_ color: Color, opacity: Double = 1) -> DisplayOperation {
        .fill(.rect(Rect(0, 0, 10, 10)), transform: .identity, color: color, rule: .nonZero, opacity: opacity)
    }

    var list: DisplayList {
        DisplayList(width: 100, height: 100, items: [
            item(a, 0, fill(.white), Rect(0, 0, 10, 10)),                       // opaque
            item(b, 0, fill(Color(1, 0, 0, 0.5)), Rect(20, 0, 10, 10)),         // translucent colour
            item(b, 1, fill(.white, opacity: 0.5), Rect(20, 0, 10, 10)),        // translucent layer
            item(c, 0, .beginGroup(x: 40, y: 40, width: 20, height: 20, opacity: 0.5), Rect(40, 40, 20, 20)),
            item(a, 1, fill(.white), Rect(40, 40, 10, 10)),                     // opaque, in a translucent group
            item(c, 1, .endGroup, Rect(40, 40, 20, 20)),
            item(c, 2, .invalidate, Rect(0, 0, 100, 100)),
        ])
    }

    @Test func blendedTintsAreGreenOnlyForOpaqueDrawing() {
        let tints = BlendedLayersOverlay.tints(for: list).items
        func color(_ i: Int) -> Color? {
            if case let .fill(_, _, c, _, _) = tints[i].operation { return c } else { return nil }
        }
        #expect(tints.count == 6)   // the invalidate item draws nothing
        #expect(color(0) == BlendedLayersOverlay.opaqueTint)
        #expect(color(1) == BlendedLayersOverlay.blendedTint)
        #expect(color(2) == BlendedLayersOverlay.blendedTint)
        #expect(color(4) == BlendedLayersOverlay.blendedTint)
        // The group stays, composited at full opacity so its tints show as drawn.
        if case let .beginGroup(_, _, _, _, opacity) = tints[3].operation { #expect(opacity == 1) } else { Issue.record("group lost") }
    }

    @Test func offscreenTintCoversEachOffscreenPass() {
        let tints = OffscreenRenderedOverlay.tints(for: list).items
        #expect(tints.count == 1)
        #expect(tints.first?.bounds == Rect(40, 40, 20, 20))
        #expect(OffscreenRenderedOverlay.passCount(in: list) == 1)
    }

    @Test func outlinesUniteEachSourcesItemsInDrawingOrder() {
        let outlines = LayerOutlines.outlines(in: list)
        #expect(outlines.map(\.source) == [ObjectIdentifier(a), ObjectIdentifier(b), ObjectIdentifier(c)])
        #expect(outlines[0].bounds == Rect(0, 0, 50, 50))
        #expect(outlines[1].bounds == Rect(20, 0, 10, 10))
        #expect(outlines[2].bounds == Rect(40, 40, 20, 20))
    }

    @Test func statisticsCountTheList() {
        let s = SceneStatistics.of(list, animations: 3)
        #expect(s.layersDrawn == 3 && s.displayItems == 7 && s.animations == 3 && s.offscreenBitmaps == 1)
        var m = SceneStatistics()
        m.animations = 9
        #expect(s.maxima(m).animations == 9 && s.maxima(m).layersDrawn == 3)
        // The live model layers include three made here (alive while `held` is).
        let held = [CALayer(), CALayer(), CALayer()]
        let t = SceneStatistics.of(list, animations: 3)
        #expect(held.count == 3 && t.live.layers >= 3 && t.text.contains("live layers \(t.live.layers)"))
        m.live.layers = s.live.layers + 5
        #expect(s.maxima(m).live.layers == s.live.layers + 5)
    }
}
