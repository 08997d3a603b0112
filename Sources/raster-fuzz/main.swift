// Runs random fills and strokes across the edges of their targets (RasterFuzzCase) through
// the whole Canvas pipeline, for use under the address sanitizer (scripts/fuzz/raster-fuzz.sh):
// any write or read outside a buffer stops the run with the sanitizer's report, and where
// assertions are on (debug builds, or -assert-config Debug as the script builds it) the
// accumulator's assertion names the first cell index outside its buffer.
//
//   raster-fuzz [--cases N] [--seed S]     (defaults: 1 000 000 cases, seed 1)

import Foundation
import Raster
import RasterFuzzing

var cases = 1_000_000
var seed: UInt64 = 1
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--cases": cases = Int(args.popFirst() ?? "") ?? cases
    case "--seed": seed = UInt64(args.popFirst() ?? "") ?? seed
    default:
        FileHandle.standardError.write("usage: raster-fuzz [--cases N] [--seed S]\n".data(using: .utf8)!)
        exit(64)
    }
}

var rng = SplitMix64(seed: seed)
var canvases: [Int: Canvas] = [:]
let clock = ContinuousClock()
let started = clock.now
for i in 0..<cases {
    let c = RasterFuzzCase.random(&rng)
    let key = c.width << 20 | c.height
    let canvas = canvases[key] ?? Canvas(Bitmap(width: c.width, height: c.height))
    canvases[key] = canvas
    c.draw(on: canvas)
    if (i + 1) % 100_000 == 0 { print("\(i + 1) cases, \(clock.now - started)") }
}
print("raster-fuzz: \(cases) cases (seed \(seed)) in \(clock.now - started), no invalid access")
