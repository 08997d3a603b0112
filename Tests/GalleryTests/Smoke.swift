import Testing
@testable import Gallery

@Test func galleryModuleLoads() { #expect(Bool(true)) }
