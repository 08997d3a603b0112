import Testing
@testable import Raster

@Test func rasterModuleLoads() { #expect(Bool(true)) }
