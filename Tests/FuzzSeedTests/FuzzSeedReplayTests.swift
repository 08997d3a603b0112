// Replays every input kept under Fuzz/<target>/ (the fuzzer's seeds and each input that once
// crashed it or broke the one-line promise) through the same entry the fuzzer calls, without
// the sanitizer, so that what the fuzzer found stays fixed in every test run.
import Foundation
import InputFuzzing
import Testing

@Suite struct FuzzSeedReplayTests {
    /// The repository's Fuzz folder (this file is Tests/FuzzSeedTests/…).
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// The files of one target's folder, sorted by name.
    static func seeds(_ target: FuzzTarget) -> [URL] {
        let folder = fuzzFolder.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func seedsReplayWithoutBreakingThePromise(_ target: FuzzTarget) throws {
        let files = Self.seeds(target)
        #expect(files.count >= 5, "Fuzz/\(target.rawValue) holds \(files.count) seeds")
        var accepted = 0
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let outcome = target.run(bytes)
            if case .broken(let why) = outcome {
                Issue.record("Fuzz/\(target.rawValue)/\(file.lastPathComponent): \(why)")
            }
            if outcome == .accepted { accepted += 1 }
        }
        // The seeds are the tests' inputs, valid ones and refused ones (limits, bad values):
        // a good share of them load and draw.
        #expect(accepted * 4 >= files.count, "Fuzz/\(target.rawValue): only \(accepted) of \(files.count) seeds accepted")
    }

    @Test func aRefusalOfSeveralLinesIsBroken() {
        #expect(FuzzOutcome.problem(with: "layers[0].path: bad\nsecond line") != nil)
        #expect(FuzzOutcome.problem(with: "a \u{1b}[31m red") != nil)
        #expect(FuzzOutcome.problem(with: String(repeating: "x", count: FuzzOutcome.longestMessage + 1)) != nil)
        #expect(FuzzOutcome.problem(with: "layers[0].width: 1e400 is not a finite number") == nil)
    }
}
