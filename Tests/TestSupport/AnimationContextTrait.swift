// A test trait that runs every test of a suite in its own Core Animation context, so suites
// that change layers, add animations, open transactions or set the media clock run in
// parallel without sharing any of that state.
import LayerKit
import Testing

/// Binds a fresh `CAAnimationContext` (its own engine and transactions, its clock stopped at
/// media time 0) around each test of the suite it is attached to.
public struct FreshAnimationContext: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public init() {}

    public func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil else { return try await function() }
        try await CAAnimationContext(clock: CAMediaClock(manualTime: 0)).run { try await function() }
    }
}

extension Trait where Self == FreshAnimationContext {
    /// Each test in its own animation context.
    public static var freshAnimationContext: Self { FreshAnimationContext() }
}
