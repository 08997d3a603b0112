// PCG32, the seedable pseudo-random generator a dotLottie state machine's `SetRandom` action
// draws from: M. E. O'Neill's PCG (pcg-random.org), 64-bit LCG state with the XSH-RR output,
// seeded as PCG's reference seeds it (step, add the seed, step), with dotlottie-rs's default
// seed and stream so a machine draws the same numbers as there. A draw in [0, 1) is an
// output's top 24 bits over 2^24 (1 is never drawn).
/// PCG32 (M. E. O'Neill, pcg-random.org), the generator dotlottie-rs's `SetRandom` draws from:
/// 64-bit state, XSH-RR output; a draw in [0, 1) is the output's top 24 bits over 2^24.
struct PCG32 {
    static let defaultSeed: UInt64 = 0x853c_49e6_748f_ea9b
    private var state: UInt64 = 0
    private let increment: UInt64 = (0xda3e_39cb_94b9_5bdb << 1) | 1

    init(seed: UInt64) {
        _ = next()
        state &+= seed
        _ = next()
    }

    mutating func next() -> UInt32 {
        let old = state
        state = old &* 6_364_136_223_846_793_005 &+ increment
        let shifted = UInt32(truncatingIfNeeded: ((old >> 18) ^ old) >> 27)
        let rotation = UInt32(truncatingIfNeeded: old >> 59)
        return shifted >> rotation | shifted << ((~rotation &+ 1) & 31)
    }

    mutating func nextUnit() -> Double { Double(next() >> 8) / Double(1 << 24) }
}
