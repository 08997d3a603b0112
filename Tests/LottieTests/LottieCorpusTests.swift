// Tests that the public Lottie samples import, when present, and that mutated copies are
// imported or refused in one line, never crashing or hanging.

import Foundation
import Testing
@testable import LayerKit
@testable import Lottie
import TestSupport

/// The public Lottie samples (../shared/lottie next to the repository, when present) import
/// without error, and mutated copies are either imported or refused with one line: never a
/// crash, a hang or an unbounded allocation.
@Suite(.freshAnimationContext) struct LottieCorpusTests {
    static let samples: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/lottie/samples")

    static var files: [String] {
        guard let e = FileManager.default.enumerator(atPath: samples.path) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func everyPublicSampleImports() throws {
        let files = Self.files
        guard !files.isEmpty else { return }   // the corpus is not part of the repository
        for f in files {
            let s = try LottieScene.load(path: Self.samples.appendingPathComponent(f).path)
            #expect(s.layerCount > 0, "\(f)")
        }
    }

    @Test func mutatedSamplesNeverCrash() throws {
        guard let first = Self.files.first(where: { $0.contains("9squares") }) ?? Self.files.first,
              let data = FileManager.default.contents(atPath: Self.samples.appendingPathComponent(first).path) else { return }
        let bytes = Array(data)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(truncatingIfNeeded: state >> 33) }
        let digits = Array("0123456789-.e".utf8)
        for _ in 0..<60 {
            var m = bytes
            for _ in 0..<4 {
                let i = next() % m.count
                if m[i] >= UInt8(ascii: "0") && m[i] <= UInt8(ascii: "9") { m[i] = digits[next() % digits.count] }
                else if next() % 4 == 0 { m.remove(at: i) }
            }
            if next() % 5 == 0 { m = Array(m.prefix(next() % m.count)) }
            do { _ = try LottieScene.parse(m) } catch {
                #expect(!error.description.contains("\n"))
            }
        }
    }
}
