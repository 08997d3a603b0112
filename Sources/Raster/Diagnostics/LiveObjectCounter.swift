// A process-wide count of live objects of one kind (and the bytes they hold), for finding
// what accumulates: an object counts from its initializer to its deinitializer. Guarded by a
// mutex, so objects made and freed on any thread keep the count exact.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The number of live objects of one kind and the bytes they hold.
public final class LiveObjectCounter: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var objects = 0
    private var heldBytes = 0

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }
    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// One object holding `bytes` bytes came to life.
    public func created(bytes: Int = 0) {
        pthread_mutex_lock(mutex)
        objects += 1
        heldBytes += bytes
        pthread_mutex_unlock(mutex)
    }
    /// One object holding `bytes` bytes was freed.
    public func destroyed(bytes: Int = 0) {
        pthread_mutex_lock(mutex)
        objects -= 1
        heldBytes -= bytes
        pthread_mutex_unlock(mutex)
    }
    /// The objects alive now.
    public var count: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return objects
    }
    /// The bytes they hold now.
    public var bytes: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return heldBytes
    }
}
