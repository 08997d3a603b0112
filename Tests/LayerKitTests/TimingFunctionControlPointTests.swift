// Tests of CAMediaTimingFunction's control points as getControlPoint(at:values:) hands them
// out.

import Testing
@testable import LayerKit

/// CAMediaTimingFunction's control points as Core Animation hands them out.
struct TimingFunctionControlPointTests {
    // "Returns the control point for the specified index." … "The value of `index` must be
    // between 0 and 3." (CAMediaTimingFunction getControlPoint(at:values:))
    @Test func getControlPointWritesTheFourBezierPoints() {
        let f = CAMediaTimingFunction(name: .easeInEaseOut)
        var xy: [Float] = [-1, -1]
        var got: [[Float]] = []
        for i in 0...3 {
            xy.withUnsafeMutableBufferPointer { f.getControlPoint(at: i, values: $0.baseAddress!) }
            got.append(xy)
        }
        #expect(got == [[0, 0], [0.42, 0], [0.58, 1], [1, 1]])
        xy = [7, 7]
        xy.withUnsafeMutableBufferPointer { f.getControlPoint(at: 4, values: $0.baseAddress!) }
        xy.withUnsafeMutableBufferPointer { f.getControlPoint(at: -1, values: $0.baseAddress!) }
        #expect(xy == [7, 7], "an index outside 0…3 writes nothing")
        let d = CAMediaTimingFunction(name: .default)
        d.getControlPoint(at: 1, values: &xy)
        #expect(xy == [0.25, 0.1])
    }
}
