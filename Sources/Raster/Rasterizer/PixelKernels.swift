// The choice between the two implementations of the fill kernels (span compositing, coverage
// ramps): the vector one (SSE2 on x86-64) and the portable scalar one. Both compute the same
// pixels, bit for bit; the portable one exists for targets without SSE2 and for the tests that
// hold the vector one to it.

/// Which implementation of the fill kernels a canvas uses.
public enum PixelKernels: Sendable, CaseIterable {
    /// Vector instructions where the target has them (SSE2 on x86-64), scalar elsewhere.
    case vector
    /// Scalar code everywhere: the reference the vector kernels are tested against.
    case portable
}
