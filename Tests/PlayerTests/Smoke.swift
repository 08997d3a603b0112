import Testing
@testable import Player

@Test func playerModuleLoads() { #expect(Bool(true)) }
