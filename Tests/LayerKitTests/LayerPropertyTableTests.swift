// Tests of every declared layer property through its table: document name, init(layer:)
// copy, key-value access, and its implicit animation.

import Testing
import Foundation
import TestSupport
@testable import LayerKit

/// Every declared layer property, walked through its table: a document sets it under its
/// document name, `init(layer:)` copies it, key-value access reads and writes it (with its
/// sub key paths), and a model change starts its implicit animation.
@Suite(.freshAnimationContext) struct LayerPropertyTableTests {
    /// The document type name and a fresh layer of each layer class.
    static var classes: [(type: String, make: () -> CALayer)] {
        [("layer", { CALayer() }), ("shape", { CAShapeLayer() }), ("text", { CATextLayer() }),
         ("gradient", { CAGradientLayer() }), ("replicator", { CAReplicatorLayer() }), ("transform", { CATransformLayer() }),
         ("emitter", { CAEmitterLayer() })]
    }

    /// A document value for each value type a property can have, unlike any default.
    static func sampleJSON(_ p: AnyLayerProperty) -> String? {
        switch p.valueType {
        case is Double.Type: return "0.375"
        case is Bool.Type: return (p.defaultValue as! Bool) ? "false" : "true"
        case is Point.Type: return "[3, 4]"
        case is Point?.Type: return "[0.25, 0.75]"
        case is Rect.Type: return "[1, 2, 30, 40]"
        case is CATransform3D.Type: return #"[{"translate": [5, 6]}, {"rotate": 0.25}]"#
        case is Color?.Type: return ##""#11223344""##
        case is Path?.Type: return #""M 0 0 L 5 5 L 0 5 Z""#
        case is ImageRef?.Type: return #""a.png""#
        case is [Double].Type: return "[2, 1]"
        case is String.Type: return #""hello""#
        case is CAMediaTimingFillMode.Type: return #""both""#
        case is CALayerContentsGravity.Type: return #""topLeft""#
        case is FillRule.Type: return #""evenOdd""#
        case is LineCap.Type: return #""round""#
        case is LineJoin.Type: return #""bevel""#
        case is CATextLayerAlignmentMode.Type: return #""center""#
        case is Int.Type: return "3"
        case is Size.Type: return "[7, 8]"
        case is UInt32.Type: return "7"
        case is String?.Type: return #""DejaVu Serif""#
        case is [CAEmitterCell]?.Type: return #"[{"birthRate": 2}]"#
        case is CATextLayerTruncationMode.Type: return #""middle""#
        case is CAEmitterLayerEmitterShape.Type: return #""circle""#
        case is CAEmitterLayerEmitterMode.Type: return #""outline""#
        case is CAEmitterLayerRenderMode.Type: return #""additive""#
        case is CACornerMask.Type: return #"["minXMinY", "maxXMaxY"]"#
        case is CAEdgeAntialiasingMask.Type: return #"["left", "top"]"#
        case is CALayerCornerCurve.Type: return #""continuous""#
        case is CACompositingFilter?.Type: return #""differenceBlendMode""#
        case is [Color].Type: return ##"["#ff0000", "#00ff0080"]"##
        case is [Double]?.Type: return "[0, 0.75]"
        case is CAGradientLayerType.Type: return #""conic""#
        case is CALayerContentsFilter.Type: return #""nearest""#
        case is [CIFilter]?.Type: return #"[{"type": "CIGaussianBlur", "name": "blur", "inputRadius": 4}]"#
        default: return nil
        }
    }

    final class OnePixelLoader: ImageLoading {
        func loadImage(atPath path: String) throws -> Bitmap { Bitmap(width: 2, height: 1) }
    }

    /// A layer of `type` loaded from a document that sets every property to its sample.
    static func loadedWithEveryProperty(_ type: String, _ table: LayerPropertyTable) throws -> CALayer {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lkprops-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data([0]).write(to: dir.appendingPathComponent("a.png"))
        var members = [#""type": "\#(type)""#]
        for p in table.all {
            let name = try #require(p.documentName, "\(p.key) has no document name")
            let sample = try #require(sampleJSON(p), "no sample value for \(p.valueType) (\(p.key))")
            members.append("\"\(name)\": \(sample)")
        }
        let text = #"{"width": 10, "height": 10, "layers": [{"# + members.joined(separator: ", ") + "}]}"
        let doc = try LayerDocument.parse(text, baseDirectory: dir.path, images: OnePixelLoader())
        return try #require(doc.root.sublayers?.first)
    }

    @Test(arguments: classes.map(\.type))
    func documentsSetEveryPropertyUnderItsName(_ type: String) throws {
        let fresh = Self.classes.first { $0.type == type }!.make()
        let table = Swift.type(of: fresh).properties
        let loaded = try Self.loadedWithEveryProperty(type, table)
        #expect(Swift.type(of: loaded) == Swift.type(of: fresh))
        for p in table.all { #expect(!p.hasSameValue(loaded, fresh), "\(p.key) kept its default") }
    }

    @Test(arguments: classes.map(\.type))
    func initWithLayerCopiesEveryProperty(_ type: String) throws {
        let fresh = Self.classes.first { $0.type == type }!.make()
        let table = Swift.type(of: fresh).properties
        let loaded = try Self.loadedWithEveryProperty(type, table)
        let copy = Swift.type(of: loaded).init(layer: loaded)
        #expect(table.changedProperties(from: loaded, to: copy).map(\.key) == [])
        #expect(table.changedProperties(from: fresh, to: copy).count == table.all.count)
        // A copy into a superclass takes the properties they share.
        let plain = CALayer(layer: loaded)
        #expect(CALayer.layerProperties.changedProperties(from: loaded, to: plain).map(\.key) == [])
    }

    @Test(arguments: classes.map(\.type))
    func keyValueAccessRoundTripsEveryAnimatableProperty(_ type: String) throws {
        let fresh = Self.classes.first { $0.type == type }!.make()
        let table = Swift.type(of: fresh).properties
        let loaded = try Self.loadedWithEveryProperty(type, table)
        for p in table.all {
            let v = fresh.value(forKeyPath: p.key)
            guard p.isAnimatable else {
                #expect(v == nil, "\(p.key) does not animate but reads by key path")
                #expect(!fresh.setValue(.number(1), forKeyPath: p.key))
                continue
            }
            let sample = try #require(p.value(of: loaded))
            #expect(v != sample)
            #expect(fresh.setValue(sample, forKeyPath: p.key), "\(p.key)")
            #expect(fresh.value(forKeyPath: p.key) == sample, "\(p.key)")
            #expect(p.hasSameValue(fresh, loaded), "\(p.key): the stored property did not change")
        }
        #expect(table.changedProperties(from: fresh, to: loaded).allSatisfy { !$0.isAnimatable })
    }

    /// The parts of each structured value type, by sub key path.
    static let subKeyPaths: [String: [String]] = [
        "Point": ["x", "y"],
        "Rect": ["origin", "origin.x", "origin.y", "size", "size.width", "size.height"],
        "CATransform3D": CALayer.transformSubKeys.sorted(),
    ]

    @Test func subKeyPathsOfEveryStructuredProperty() {
        var typesSeen: Set<String> = []
        for (_, make) in Self.classes {
            let l = make()
            for p in Swift.type(of: l).properties.animatable {
                let subs = Self.subKeyPaths["\(p.valueType)"] ?? []
                if !subs.isEmpty { typesSeen.insert("\(p.valueType)") }
                for s in subs {
                    let kp = p.key + "." + s
                    let v = l.value(forKeyPath: kp)
                    #expect(v != nil, "\(kp)")
                    #expect(Swift.type(of: l).properties.isAnimatableKeyPath(kp), "\(kp)")
                    if let v { #expect(l.setValue(v, forKeyPath: kp), "\(kp)") }
                    if case .number = v {
                        #expect(l.setValue(.number(0.5), forKeyPath: kp))
                        if case .number(let n) = l.value(forKeyPath: kp) { #expect(abs(n - 0.5) < 1e-9, "\(kp)") }
                        else { Issue.record("\(kp) stopped reading a number") }
                    }
                }
                #expect(l.value(forKeyPath: p.key + ".nope") == nil)
                #expect(!Swift.type(of: l).properties.isAnimatableKeyPath(p.key + ".nope"))
            }
        }
        #expect(typesSeen == Set(Self.subKeyPaths.keys))
    }

    @Test func everyAnimatableModelChangeStartsItsImplicitAnimation() throws {
        for (type, make) in Self.classes {
            let l = make()
            let table = Swift.type(of: l).properties
            let loaded = try Self.loadedWithEveryProperty(type, table)
            let root = CALayer()
            CATransaction.begin(); CATransaction.setDisableActions(true)
            root.addSublayer(l)
            CATransaction.commit()
            CATransaction.begin()
            for p in table.all {
                if p.isAnimatable { l.setValue(p.value(of: loaded)!, forKeyPath: p.key) }
            }
            CATransaction.commit()
            let keys = Set(l.animationKeys() ?? [])
            #expect(keys == Set(table.animatable.map(\.key)), "\(type)")
            l.removeAllAnimations()
            CATransaction.flush()
        }
    }

    /// The key lists `inspect` prints and documents accept, as they were before the tables.
    @Test func tablesKeepTheKeysDocumentsAndInspectUse() {
        #expect(CALayer.layerPropertyKeys == [
            "bounds", "position", "anchorPoint", "zPosition", "transform", "sublayerTransform",
            "opacity", "hidden", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
            "masksToBounds", "contents", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath",
            "contentsRect", "contentsCenter", "contentsScale", "doubleSided", "anchorPointZ",
            "filters", "backgroundFilters",   // issue 33: Core Animation's filters
            "shouldRasterize", "rasterizationScale",   // issue 33: rasterization ("Animatable")
        ])
        #expect(CAShapeLayer.shapePropertyKeys == [
            "path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "strokeStart", "strokeEnd",
            "lineDashPattern",   // issue 28: LayerKit's addition, for Lottie's animated dashes
            "lineDashPhase",
        ])
        #expect(CATextLayer.textPropertyKeys == ["fontSize", "foregroundColor"])
        let layerKeys: Set<String> = [
            "name", "type", "bounds", "position", "anchorPoint", "transform", "sublayerTransform", "zPosition",
            "opacity", "hidden", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds",
            "beginTime", "timeOffset", "speed", "duration", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
            "actions", "sublayers", "animations", "contents", "contentsGravity",
            "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "mask", "contentsRect",
            "contentsCenter", "contentsScale", "maskedCorners", "cornerCurve", "doubleSided", "anchorPointZ",
            "geometryFlipped", "allowsGroupOpacity", "compositingFilter", "allowsEdgeAntialiasing", "edgeAntialiasingMask",
            "magnificationFilter", "minificationFilter", "minificationFilterBias",
            "filters", "backgroundFilters",
            "shouldRasterize", "rasterizationScale", "layoutManager", "constraints",   // issue 33
        ]
        let shapeKeys: Set<String> = [
            "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
            "strokeStart", "strokeEnd", "lineDashPattern", "lineDashPhase",
        ]
        let textKeys: Set<String> = ["string", "fontSize", "foregroundColor", "alignmentMode", "font", "wrapped",
                                     "truncationMode"]
        #expect(DocumentBuilder.allowedKeys(CALayer.layerProperties) == layerKeys)
        #expect(DocumentBuilder.allowedKeys(CAShapeLayer.shapeProperties) == layerKeys.union(shapeKeys))
        #expect(DocumentBuilder.allowedKeys(CATextLayer.textProperties) == layerKeys.union(textKeys))
        #expect(DocumentBuilder.allowedKeys(CAGradientLayer.gradientProperties)
                == layerKeys.union(["colors", "locations", "startPoint", "endPoint", "focalPoint", "gradientType"]))
    }

    @Test func effectsSayWhatAChangeAlters() {
        let t = CAShapeLayer.shapeProperties
        #expect(t.property(forKey: "position")?.affects == .geometry)
        #expect(t.property(forKey: "path")?.affects == .geometry)
        #expect(t.property(forKey: "fillColor")?.affects == .pixels)
        #expect(t.property(forKey: "speed")?.affects == .timing)
        #expect(t.property(forDocumentName: "hidden")?.key == "hidden")
    }
}
