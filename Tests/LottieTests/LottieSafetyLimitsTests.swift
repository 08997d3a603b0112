// The crash, hang and memory classes a mutation fuzzer found in Lottie files from anywhere
// (issue 34), each as a small input made here: a `.lottie` entry whose deflate stream lies,
// mask levels deep enough to overflow the stack, repeater copies and time-remapped layers
// that sample past any budget, and paths whose vertices add up past the per-file limit. Each
// must be refused in one line naming the limit, before the work it would cost.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import TestSupport

@Suite(.freshAnimationContext) struct LottieSafetyLimitsTests {
    /// The refusal of `bytes`, nil when they import.
    static func refusal(_ bytes: [UInt8], reading: LottieReading = .afterEffects) -> String? {
        do { _ = try LottieScene.parse(bytes, reading: reading); return nil } catch { return error.description }
    }
    static func refusal(_ json: String, reading: LottieReading = .afterEffects) -> String? { refusal(Array(json.utf8), reading: reading) }

    /// A Lottie file of `layers` (JSON text each) and `assets`, `op` frames long.
    static func lottie(layers: [String], assets: [String] = [], op: Int = 60) -> String {
        #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": \#(op), "w": 100, "h": 100, "assets": [\#(assets.joined(separator: ","))], "layers": [\#(layers.joined(separator: ","))]}"#
    }
    static func shapeLayer(_ shapes: [String], extra: String = "", op: Int = 60) -> String {
        #"{"ty": 4, "nm": "s", "ip": 0, "op": \#(op), "st": 0, "ks": {}\#(extra), "shapes": [\#(shapes.joined(separator: ","))]}"#
    }
    static let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
    static func polygon(_ n: Int) -> String {
        let v = (0..<n).map { "[\($0 % 100),\(($0 * 7) % 100)]" }.joined(separator: ",")
        return #"{"c": true, "v": [\#(v)]}"#
    }

    // MARK: 1. Archives

    /// One ZIP entry, written field by field so that each can lie (APPNOTE 4.3.7, 4.3.12, 4.3.16).
    static func zip(_ entries: [(name: String, method: UInt16, stored: [UInt8], size: UInt32, crc: UInt32)]) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { u16(UInt16(v & 0xffff)) + u16(UInt16(v >> 16)) }
        var local: [UInt8] = [], central: [UInt8] = []
        for e in entries {
            let name = Array(e.name.utf8)
            let offset = UInt32(local.count)
            local += u32(0x0403_4b50) + u16(20) + u16(0) + u16(e.method) + u16(0) + u16(0) + u32(e.crc)
                + u32(UInt32(e.stored.count)) + u32(e.size) + u16(UInt16(name.count)) + u16(0) + name + e.stored
            central += u32(0x0201_4b50) + u16(20) + u16(20) + u16(0) + u16(e.method) + u16(0) + u16(0) + u32(e.crc)
                + u32(UInt32(e.stored.count)) + u32(e.size) + u16(UInt16(name.count)) + u16(0) + u16(0) + u16(0) + u16(0)
                + u32(0) + u32(offset) + name
        }
        return local + central + u32(0x0605_4b50) + u16(0) + u16(0) + u16(UInt16(entries.count)) + u16(UInt16(entries.count))
            + u32(UInt32(central.count)) + u32(UInt32(local.count)) + u16(0)
    }
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xffff_ffff
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xedb8_8320 : c >> 1 }
        }
        return ~c
    }

    /// A deflate stored block (RFC 1951 3.2.4) that claims 65,535 bytes and holds none: the
    /// 5 bytes of its header are all there is. ZIPFoundation's inflation told zlib its whole
    /// 16 KiB buffer was input and zlib read past the 5 bytes (a SIGSEGV in `inflate`).
    @Test func aStoredBlockClaimingAbsentBytesIsRefusedAsTruncated() throws {
        let manifest = Array(#"{"animations": [{"id": "a"}]}"#.utf8)
        let archive = Self.zip([(name: "manifest.json", method: 8, stored: [0x01, 0xff, 0xff, 0x00, 0x00],
                                 size: UInt32(manifest.count), crc: Self.crc32(manifest))])
        #expect(Self.refusal(archive) == "manifest.json: compressed data ends before its deflate stream does")
    }

    /// An entry that inflates to more than it declares stops at the declared size.
    @Test func anEntryInflatingPastItsDeclaredSizeIsRefused() throws {
        let manifest = Array(#"{"animations": [{"id": "a"}]}"#.utf8)
        // A stored deflate block holding the manifest whole: 5 header bytes, then the bytes.
        let n = UInt16(manifest.count)
        let stream: [UInt8] = [0x01, UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8(~n >> 8)] + manifest
        let archive = Self.zip([(name: "manifest.json", method: 8, stored: stream, size: 10, crc: Self.crc32(manifest))])
        #expect(Self.refusal(archive) == "manifest.json: inflates to more than the 10 bytes its directory entry declares")
        let honest = Self.zip([(name: "manifest.json", method: 8, stored: stream, size: UInt32(manifest.count), crc: Self.crc32(manifest))])
        #expect(Self.refusal(honest) == "animations/a.json: missing from the archive")
    }

    // MARK: 2. Depth

    /// 1,200 intersect masks in lottie-ios's reading: each level wraps the content in one more
    /// layer (about 1,150 of them overflowed the stack of the renderer's recursive walks). After
    /// Effects' reading draws them all in one mask layer.
    @Test func maskLevelsCountAgainstTheNestingLimit() {
        let mask = #"{"mode": "i", "pt": {"a": 0, "k": \#(Self.polygon(3))}, "o": {"a": 0, "k": 100}}"#
        let layer = Self.shapeLayer([#"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}}"#, Self.fill],
                                    extra: #", "hasMask": true, "masksProperties": [\#(Array(repeating: mask, count: 1_200).joined(separator: ","))]"#)
        let why = Self.refusal(Self.lottie(layers: [layer]), reading: .iOS)
        #expect(why?.contains("1200 mask levels") == true && why?.contains("maximumNesting") == true, "\(why ?? "imported")")
    }

    /// Precompositions nested 60 deep, each layer with 6 mask levels (lottie-ios's reading; After
    /// Effects' draws a layer's masks in one mask layer): every count is within its own limit,
    /// the tree they make is not.
    @Test func theGeneratedTreeDepthIsLimited() {
        let mask = #"{"mode": "s", "pt": {"a": 0, "k": \#(Self.polygon(3))}, "o": {"a": 0, "k": 100}}"#
        let masks = #", "hasMask": true, "masksProperties": [\#(Array(repeating: mask, count: 6).joined(separator: ","))]"#
        var assets: [String] = []
        for d in 0..<60 {
            let inner = d == 59 ? Self.shapeLayer([#"{"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}}"#, Self.fill])
                : #"{"ty": 0, "refId": "p\#(d + 1)", "w": 100, "h": 100, "ip": 0, "op": 60, "st": 0, "ks": {}\#(masks)}"#
            assets.append(#"{"id": "p\#(d)", "layers": [\#(inner)]}"#)
        }
        let top = #"{"ty": 0, "refId": "p0", "w": 100, "h": 100, "ip": 0, "op": 60, "st": 0, "ks": {}\#(masks)}"#
        let why = Self.refusal(Self.lottie(layers: [top], assets: assets), reading: .iOS)
        #expect(why?.contains("maximumTreeDepth") == true, "\(why ?? "imported")")
        // The tree depth is measured without recursion, however deep.
        var deep = CALayer()
        let root = deep
        for _ in 0..<1_000 { let s = CALayer(); deep.addSublayer(s); deep = s }
        #expect(LottieScene.treeDepth(root) == LottieLimits.maximumTreeDepth + 1)
    }

    // MARK: 4, 5. Sampling budget

    /// A rectangle whose position and size both move is sampled at every frame; 300 repeater
    /// copies of it over 4,000 frames sampled 4,000 paths each (the cap was per property).
    @Test func sampledPathsAreBudgetedPerFile() {
        let rect = #"{"ty": "rc", "p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 4000, "s": [50, 50]}]}, "s": {"a": 1, "k": [{"t": 0, "s": [10, 10]}, {"t": 2000, "s": [50, 90]}]}, "r": {"a": 0, "k": 0}}"#
        let repeater = #"{"ty": "rp", "c": {"a": 0, "k": 300}, "o": {"a": 0, "k": 0}, "tr": {"p": {"a": 0, "k": [1, 0]}}}"#
        let why = Self.refusal(Self.lottie(layers: [Self.shapeLayer([rect, Self.fill, repeater], op: 3999)], op: 3999))
        #expect(why?.contains("maximumSampledValues") == true, "\(why ?? "imported")")
        // The same shape once is well within the budget.
        #expect(Self.refusal(Self.lottie(layers: [Self.shapeLayer([rect, Self.fill], op: 3999)], op: 3999)) == nil)
    }

    /// Time remapping samples each layer's visibility at every frame: 300 layers of a
    /// remapped precomposition over 4,000 frames are more samples than the file's budget.
    @Test func timeRemappingSamplesFromTheSameBudget() {
        let inner = (0..<300).map { i in
            Self.shapeLayer([#"{"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [10, 10]}}"#, Self.fill], op: 10 + i)
        }
        let remapped = #"{"ty": 0, "refId": "r", "w": 100, "h": 100, "ip": 0, "op": 3999, "st": 0, "ks": {}, "tm": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 3999, "s": [100]}]}}"#
        let why = Self.refusal(Self.lottie(layers: [remapped], assets: [#"{"id": "r", "layers": [\#(inner.joined(separator: ","))]}"#], op: 3999))
        #expect(why?.contains("maximumSampledValues") == true, "\(why ?? "imported")")
    }

    // MARK: 6. Vertices in all

    /// 1,000 repeater copies of a 1,001-vertex path: each path is within the per-path limit,
    /// all of them are past the per-file one.
    @Test func verticesAreLimitedInAllRepeaterCopiesCounted() {
        let path = #"{"ty": "sh", "ks": {"a": 0, "k": \#(Self.polygon(1_001))}}"#
        let repeater = #"{"ty": "rp", "c": {"a": 0, "k": 1000}, "o": {"a": 0, "k": 0}, "tr": {"p": {"a": 0, "k": [1, 0]}}}"#
        let why = Self.refusal(Self.lottie(layers: [Self.shapeLayer([path, Self.fill, repeater])]))
        #expect(why?.contains("maximumVerticesInAll") == true, "\(why ?? "imported")")
    }

    /// Repeaters listed one after another each copy the copies before them: three of 1,000
    /// copies would hold a billion shape items before a layer is built (a fuzzed file ran out
    /// of memory there). Refused in After Effects' reading, before the copies are made.
    @Test func repeatersCopyingRepeatersAreLimitedInAll() {
        let repeater = #"{"ty": "rp", "c": {"a": 0, "k": 1000}, "o": {"a": 0, "k": 0}, "tr": {"p": {"a": 0, "k": [1, 0]}}}"#
        let square = #"{"ty": "rc", "p": {"a": 0, "k": [5, 5]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}}"#
        let why = Self.refusal(Self.lottie(layers: [Self.shapeLayer([square, Self.fill, repeater, repeater, repeater])]))
        #expect(why?.contains("maximumRepeatedItems") == true, "\(why ?? "imported")")
    }

    /// Eleven instances of a precomposition whose layer has a 99,999-vertex mask.
    @Test func maskVerticesCountInAllPrecompositionInstancesCounted() {
        let mask = #"{"mode": "a", "pt": {"a": 0, "k": \#(Self.polygon(99_999))}, "o": {"a": 0, "k": 100}}"#
        let inner = Self.shapeLayer([#"{"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [10, 10]}}"#, Self.fill],
                                    extra: #", "hasMask": true, "masksProperties": [\#(mask)]"#)
        let uses = (0..<11).map { _ in #"{"ty": 0, "refId": "m", "w": 100, "h": 100, "ip": 0, "op": 60, "st": 0, "ks": {}}"# }
        let why = Self.refusal(Self.lottie(layers: uses, assets: [#"{"id": "m", "layers": [\#(inner)]}"#]))
        #expect(why?.contains("maximumVerticesInAll") == true, "\(why ?? "imported")")
    }

    // MARK: 8. The JSON reader's number fast path

    /// Numbers read by the fast path are the standard library's, bit for bit.
    @Test func numbersReadAsTheStandardLibraryReadsThem() throws {
        let texts = ["0", "-0", "1", "-1", "0.1", "0.30000000000000004", "123456789012345", "1234567890123456",
                     "12345678901234567890", "1e22", "1e23", "1e-22", "1e-23", "4.35", "-2.5e-3", "9007199254740993",
                     "0.000001234", "1.7976931348623157e308", "5e-324", "2.2250738585072014E-308", "100E+2", "0e999",
                     "3.14159265358979", "0.1e1", "1234567.890123e-10"]
        for t in texts {
            guard case .number(let v) = try JSONReader.parse(t) else { Issue.record("\(t) is not a number"); continue }
            #expect(v.bitPattern == Double(t)!.bitPattern, "\(t): \(v) instead of \(Double(t)!)")
        }
        #expect(try JSONReader.parse(#"{"a": "x\"y", "b": "é", "c": [1, [2, {}], []]}"#)
                == .object([("a", .string("x\"y")), ("b", .string("é")), ("c", .array([.number(1), .array([.number(2), .object([])]), .array([])]))]))
        let many = "{" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k39\": 0}"
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(many) }
    }
}
