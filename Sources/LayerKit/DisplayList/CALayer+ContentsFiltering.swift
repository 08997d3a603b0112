// The display operation of one piece of `contents`: a plain image when both scaling filters
// are linear (the renderer's own bilinear sampling), else an image sampled through the
// layer's magnificationFilter, minificationFilter and minificationFilterBias, with the
// image's mipmaps (built once per image, kept by the builder) when it minifies trilinearly.
// "kCAFilterTrilinear: Trilinear minification filter. Enables mipmap generation."

extension CALayer {
    /// The operation drawing `image` mapped by `t` at `opacity`, sampled by the layer's filters.
    func contentsOperation(_ image: Bitmap, transform t: AffineTransform, opacity: Double,
                           builder: DisplayListBuilder) -> DisplayOperation {
        let mag = magnificationFilter, min = minificationFilter
        guard mag != .linear || min != .linear else { return .image(image, transform: t, opacity: opacity) }
        let mipmaps = min == .trilinear ? builder.mipmaps(of: image) : nil
        return .filteredImage(image, transform: t, opacity: opacity,
                              filtering: ImageFiltering(minification: min, magnification: mag,
                                                        bias: minificationFilterBias, mipmaps: mipmaps))
    }
}

extension DisplayListBuilder {
    /// The mipmap chain of `image`, built on first use and kept while frames draw it.
    func mipmaps(of image: Bitmap) -> MipmapChain {
        let key = ObjectIdentifier(image)
        // The chain holds its image (level 0), so the identifier is not reused while cached.
        if let hit = contentsMipmaps.value(for: key), hit.levels.first === image { return hit }
        let chain = MipmapChain(image)
        contentsMipmaps.insert(chain, for: key)
        return chain
    }
}
