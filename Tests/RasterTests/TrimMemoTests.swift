// `Path.trimmed` keeps its recent cuts and measurements in direct-mapped tables (TrimMemo.swift):
// these tests hold every answer the memo gives to the cut worked out afresh (the same path
// rebuilt in storage of its own, which no kept entry can match) bit for bit, over more paths
// and fraction pairs than the tables have slots, so that keys meet in slots and evict one
// another, and with the same path asked twice at fraction pairs that differ in one bit.
import Testing
@testable import Raster

@Suite struct TrimMemoTests {
    /// The elements, printed: Swift prints the shortest decimal that reads back to the same
    /// bits, so equal text is equal bits (−0 included).
    func text(_ p: Path) -> String { "\(p.elements)" }

    /// Random paths from the SplitMix64 generator of GeometryFuzzTests.swift.
    func paths(_ count: Int, _ mix: inout FuzzRNG) -> [Path] {
        (0..<count).map { i in
            var p = Path()
            p.move(to: Point(mix.unit() * 100, mix.unit() * 100))
            for _ in 0..<(1 + i % 3) {
                p.addCurve(to: Point(mix.unit() * 100, mix.unit() * 100),
                           control1: Point(mix.unit() * 100, mix.unit() * 100),
                           control2: Point(mix.unit() * 100, mix.unit() * 100))
                p.addLine(to: Point(mix.unit() * 100, mix.unit() * 100))
            }
            if i % 2 == 0 { p.closeSubpath() }
            return p
        }
    }

    @Test func keptCutsAreTheCutsWorkedOutAfresh() {
        var mix = FuzzRNG(state: 38)
        let all = paths(300, &mix)
        var asked: [(Int, Double, Double)] = []
        for _ in 0..<1500 {
            let a = mix.unit(), b = mix.unit()
            asked.append((Int(mix.unit() * Double(all.count)), min(a, b), max(a, b)))
        }
        // Twice over: the second round's answers come from the memo where the slot kept them.
        for round in 0..<2 {
            for (i, f0, f1) in asked {
                let kept = all[i].trimmed(from: f0, to: f1)
                let fresh = Path(elements: all[i].elements).trimmed(from: f0, to: f1)
                #expect(text(kept) == text(fresh), "round \(round), path \(i), \(f0)…\(f1)")
            }
        }
    }

    @Test func fractionsOneBitApartAreDifferentCuts() {
        var mix = FuzzRNG(state: 5)
        let p = paths(1, &mix)[0]
        let f0 = 0.25, f1 = 0.75
        let up = f1.nextUp, down = f0.nextDown
        for (a, b) in [(f0, f1), (f0, up), (down, f1), (f0, f1), (down, up), (f0, up)] {
            let kept = p.trimmed(from: a, to: b)
            let fresh = Path(elements: p.elements).trimmed(from: a, to: b)
            #expect(text(kept) == text(fresh), "\(a)…\(b)")
        }
        // A path of the same elements but its own storage, and a longer one, are their own.
        var longer = p
        longer.addLine(to: Point(500, 500))
        #expect(text(longer.trimmed(from: f0, to: f1)) == text(Path(elements: longer.elements).trimmed(from: f0, to: f1)))
        #expect(text(longer.trimmed(from: f0, to: f1)) != text(p.trimmed(from: f0, to: f1)))
    }
}
