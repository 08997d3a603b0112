import Testing
@testable import LayerKit

@Test func layerkitModuleLoads() { #expect(Bool(true)) }
