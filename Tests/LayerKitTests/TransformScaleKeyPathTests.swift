// Tests of the `transform.scale` key path: the average of the three scale factors, as the
// Core Animation Programming Guide has it.

import Testing
@testable import LayerKit
import TestSupport

/// The `transform.scale` key path.
@Suite(.freshAnimationContext) struct TransformScaleKeyPathTests {
    // "Set to an NSNumber object whose value is the average of all three scale factors."
    // (transform.scale, Core Animation Programming Guide, Key-Value Coding Extensions)
    @Test func transformScaleReadsTheAverageOfAllThreeScaleFactors() {
        let l = CALayer()
        l.transform = .scale(2, 4, 9)
        #expect(abs((l.value(forKeyPath: "transform.scale")?.kpNumber ?? 0) - 5) < 1e-9)
        l.transform = .scale(3, 3)          // sz = 1
        #expect(abs((l.value(forKeyPath: "transform.scale")?.kpNumber ?? 0) - 7.0 / 3) < 1e-9)
        l.setValue(.number(2), forKeyPath: "transform.scale") // writing sets all three
        #expect(abs((l.value(forKeyPath: "transform.scale")?.kpNumber ?? 0) - 2) < 1e-9)
    }
}
