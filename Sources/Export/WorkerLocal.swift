// A value each thread makes for itself on first use (a quantizer's histogram, a mapper's
// lookup table): encoders prepare frames on many threads at once without sharing scratch.
import Foundation

/// One `T` per thread, made by `make` on the thread's first read.
final class WorkerLocal<T>: @unchecked Sendable {
    private let make: () -> T
    private let key = UUID().uuidString
    init(_ make: @escaping () -> T) { self.make = make }

    var value: T {
        let dict = Thread.current.threadDictionary
        if let box = dict[key] as? Box { return box.value }
        let box = Box(make())
        dict[key] = box
        return box.value
    }

    private final class Box { let value: T; init(_ v: T) { value = v } }
}
