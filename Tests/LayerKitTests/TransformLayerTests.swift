// Tests of CATransformLayer: a six-faced cube keeps its 3D shape, draws back to front and
// hides the backs of single-sided faces.

import Testing
import Foundation
@testable import LayerKit
import TestSupport

/// CATransformLayer: a cube of six faces keeps its 3D shape, draws its faces back to front
/// and hides the backs of faces that are not double-sided.
@Suite(.serialized, .freshAnimationContext) struct TransformLayerTests {
    static let names = ["front", "back", "right", "left", "top", "bottom"]

    /// A 100-point cube centred in a 200 × 200 container seen from 600 points; `turn` about y.
    func cube(turn: Double, tilt: Double = 0, doubleSided: Bool = false) -> (root: CALayer, faces: [CALayer]) {
        let root = MoreLayersGoldens.root(200, 200)
        let stage = CALayer()
        stage.bounds = Rect(0, 0, 200, 200); stage.position = Point(100, 100)
        stage.sublayerTransform = .perspective(600)
        root.addSublayer(stage)
        let cube = CATransformLayer()
        cube.bounds = Rect(0, 0, 100, 100); cube.position = Point(100, 100)
        cube.transform = CATransform3D.rotation(turn, 0, 1, 0).concatenating(.rotation(tilt, 1, 0, 0))
        stage.addSublayer(cube)
        let h = 50.0
        let placements: [CATransform3D] = [
            .translation(0, 0, h),
            CATransform3D.rotation(.pi, 0, 1, 0).concatenating(.translation(0, 0, -h)),
            CATransform3D.rotation(.pi / 2, 0, 1, 0).concatenating(.translation(h, 0, 0)),
            CATransform3D.rotation(-.pi / 2, 0, 1, 0).concatenating(.translation(-h, 0, 0)),
            CATransform3D.rotation(.pi / 2, 1, 0, 0).concatenating(.translation(0, -h, 0)),
            CATransform3D.rotation(-.pi / 2, 1, 0, 0).concatenating(.translation(0, h, 0)),
        ]
        let colors = [Color(0.9, 0.2, 0.2), Color(0.2, 0.8, 0.3), Color(0.2, 0.4, 0.9),
                      Color(0.95, 0.8, 0.1), Color(0.6, 0.3, 0.7), Color(0.9, 0.5, 0.1)]
        var faces: [CALayer] = []
        for (i, t) in placements.enumerated() {
            let f = CALayer()
            f.name = Self.names[i]
            f.bounds = Rect(0, 0, 100, 100); f.position = Point(h, h)
            f.transform = t; f.backgroundColor = colors[i]; f.isDoubleSided = doubleSided
            cube.addSublayer(f)
            faces.append(f)
        }
        return (root, faces)
    }

    /// The faces in the order the display list draws their backgrounds.
    func drawnFaces(_ root: CALayer, _ faces: [CALayer]) -> [String] {
        let list = LayerRenderer().displayList(root, width: 200, height: 200)
        return list.items.compactMap { item in
            guard item.key.slot == DisplaySlot.background.rawValue else { return nil }
            return faces.first { ObjectIdentifier($0) == item.key.source }?.name
        }
    }

    /// Turned 0.3 rad about y (the left face comes toward the viewer, as CATransform3DRotate
    /// turns +x away): only the left and front faces face the eye, the left one farther
    /// (its centre at z = 50·sin 0.3 ≈ 14.8, the front's at 50·cos 0.3 ≈ 47.8), so drawn first.
    @Test func cubeShowsItsFrontFacesBackToFront() {
        let (root, faces) = cube(turn: 0.3)
        #expect(drawnFaces(root, faces) == ["left", "front"])
    }

    /// Double-sided faces are all drawn, sorted by the depth of their centres.
    @Test func doubleSidedFacesAreAllDrawnFarthestFirst() {
        let (root, faces) = cube(turn: 0.3, doubleSided: true)
        let order = drawnFaces(root, faces)
        #expect(order.count == 6)
        #expect(order.first == "back" && order.last == "front")
        // The right face (z ≈ −14.8) before top and bottom (z = 0) before the left (z ≈ 14.8).
        let at = { (n: String) in order.firstIndex(of: n)! }
        #expect(at("right") < at("top") && at("top") < at("left") && at("bottom") < at("left"))
    }

    /// A quarter turn brings the right face to the front and sends the front to the left side.
    @Test func quarterTurnsShowTheNextFace() {
        let (root, faces) = cube(turn: -.pi / 2 + 0.2, tilt: 0)
        #expect(drawnFaces(root, faces) == ["front", "right"])
    }

    @Test func cubeGolden() throws {
        let (root, _) = cube(turn: 0.6, tilt: -0.4)
        let b = MoreLayersGoldens.render(root, 200, 200)
        // The centre of the image is covered by a face; the corners are background.
        #expect(MoreLayersGoldens.rgba(b, 100, 100).3 == 255 && MoreLayersGoldens.rgba(b, 100, 100) != (255, 255, 255, 255))
        #expect(MoreLayersGoldens.rgba(b, 2, 2) == (255, 255, 255, 255))
        try expectGolden(b, "transform_cube", in: MoreLayersGoldens.folder, tolerance: MoreLayersGoldens.tolerance)
    }

    @Test func documentsMakeTransformLayersAndDoubleSided() throws {
        let doc = try LayerDocument.parse("""
        {"width": 100, "height": 100, "layers": [
          {"type": "transform", "name": "t", "sublayers": [{"name": "f", "doubleSided": false}]}]}
        """)
        #expect(doc.layersByName["t"] is CATransformLayer)
        #expect(doc.layersByName["f"]?.isDoubleSided == false)
    }
}
