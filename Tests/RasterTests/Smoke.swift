// A smoke test that the Raster module builds and loads.

import Testing
@testable import Raster

@Test func rasterModuleLoads() { #expect(Bool(true)) }
